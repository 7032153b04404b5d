/// When an extension offers itself (`NSExtension → NSExtensionAttributes → NSExtensionActivationRule`).
public enum ActivationRule: Sendable, Hashable {
  /// `TRUEPREDICATE`: always (allowed during development, rejected by the App Store).
  case truePredicate
  /// `FALSEPREDICATE`: never.
  case falsePredicate
  /// The documented dictionary of supported kinds and maximum counts.
  case dictionary(ActivationDictionary)
  /// Any other predicate string (`ActivationPredicate`: Apple's documented NSPredicate subset).
  case predicate(ActivationPredicate)

  /// Reads the rule from its Info.plist value (a string or a dictionary); nil for any other kind of value. A
  /// predicate string outside the supported subset throws, with where it goes wrong.
  public init?(plistValue: PropertyList) throws(ActivationPredicateError) {
    switch plistValue {
    case .string(let s):
      let predicate = try ActivationPredicate(s)
      switch predicate.root {
      case .constant(true): self = .truePredicate
      case .constant(false): self = .falsePredicate
      default: self = .predicate(predicate)
      }
    case .dictionary(let entries): self = .dictionary(ActivationDictionary(entries))
    default: return nil
    }
  }

  /// Whether the extension would be offered for an input of `webPages` web pages and `webURLs` URLs, in one item
  /// (`ActivationInput(webPages:webURLs:)`).
  public func accepts(webPages: Int, webURLs: Int) -> Bool {
    accepts(ActivationInput(webPages: webPages, webURLs: webURLs))
  }

  /// Whether the extension would be offered for `input` (a page run offers `ActivationInput.safariPage`).
  ///
  /// Dictionary rules follow Apple's documented keys (`ActivationDictionary.accepts`); predicate strings are
  /// evaluated over the input's items (`ActivationPredicate`).
  public func accepts(_ input: ActivationInput) -> Bool {
    guard input.items.contains(where: { !$0.isEmpty }) else { return false }
    switch self {
    case .truePredicate: return true
    case .falsePredicate: return false
    case .dictionary(let rule): return rule.accepts(input)
    case .predicate(let predicate): return predicate.evaluate(input)
    }
  }
}

extension ActivationDictionary {
  /// The kinds the documented keys count, each with the type an attachment conforms to.
  enum Kind: CaseIterable {
    case webPage, webURL, file, image, movie, text

    func includes(_ types: [String]) -> Bool {
      let conforms = { (parent: UTType) in types.contains { UTType($0).conforms(to: parent) } }
      switch self {
      case .webPage: return conforms(.propertyList)
      case .webURL: return conforms(.url) && !conforms(.fileURL)
      case .file: return conforms(.fileURL)
      case .image: return conforms(.image)
      case .movie: return conforms(.movie)
      case .text: return conforms(.text)
      }
    }
  }

  /// The most attachments of `kind` the rule accepts; nil when it does not support the kind (text, a yes/no key,
  /// is unlimited when supported).
  func limit(_ kind: Kind) -> Int? {
    switch kind {
    case .webPage: return webPageMaxCount.flatMap { $0 > 0 ? $0 : nil }
    case .webURL: return webURLMaxCount.flatMap { $0 > 0 ? $0 : nil }
    case .file: return fileMaxCount.flatMap { $0 > 0 ? $0 : nil }
    case .image: return imageMaxCount.flatMap { $0 > 0 ? $0 : nil }
    case .movie: return movieMaxCount.flatMap { $0 > 0 ? $0 : nil }
    case .text: return supportsText ? Int.max : nil
    }
  }

  /// Whether the rule accepts `input`: no supported kind past its maximum count, the attachments within
  /// `…AttachmentsWithMaxCount`/`MinCount`, and at least one attachment of a supported kind; with
  /// `NSExtensionActivationUsesStrictMatching`, every attachment of a supported kind.
  public func accepts(_ input: ActivationInput) -> Bool {
    let attachments = input.items.flatMap { $0 }.map(\.registeredTypeIdentifiers)
    if let max = attachmentsMaxCount, attachments.count > max { return false }
    if let min = attachmentsMinCount, attachments.count < min { return false }
    var supported = 0
    for types in attachments {
      let kinds = Kind.allCases.filter { $0.includes(types) && limit($0) != nil }
      if kinds.isEmpty, usesStrictMatching { return false }
      if !kinds.isEmpty { supported += 1 }
    }
    for kind in Kind.allCases {
      guard let limit = limit(kind) else { continue }
      if attachments.filter({ kind.includes($0) }).count > limit { return false }
    }
    return supported > 0
  }
}

/// The documented keys of an activation-rule dictionary (`NSExtensionActivationSupports…`).
public struct ActivationDictionary: Sendable, Hashable {
  /// `NSExtensionActivationSupportsWebPageWithMaxCount`.
  public var webPageMaxCount: Int?
  /// `NSExtensionActivationSupportsWebURLWithMaxCount`.
  public var webURLMaxCount: Int?
  /// `NSExtensionActivationSupportsText`.
  public var supportsText: Bool
  /// `NSExtensionActivationSupportsImageWithMaxCount`.
  public var imageMaxCount: Int?
  /// `NSExtensionActivationSupportsMovieWithMaxCount`.
  public var movieMaxCount: Int?
  /// `NSExtensionActivationSupportsFileWithMaxCount`.
  public var fileMaxCount: Int?
  /// `NSExtensionActivationSupportsAttachmentsWithMaxCount`.
  public var attachmentsMaxCount: Int?
  /// `NSExtensionActivationSupportsAttachmentsWithMinCount`.
  public var attachmentsMinCount: Int?
  /// `NSExtensionActivationDictionaryVersion` (2: file URLs count by the type of the file they name).
  public var dictionaryVersion: Int?
  /// `NSExtensionActivationUsesStrictMatching`.
  public var usesStrictMatching: Bool
  /// Every entry as written, including keys not listed above.
  public var entries: [String: PropertyList]

  /// Reads the documented keys; counts may be integers or numeric strings, booleans may be strings ("YES").
  public init(_ entries: [String: PropertyList]) {
    func count(_ key: String) -> Int? {
      switch entries[key] {
      case .integer(let i)?: i
      case .real(let d)?: Int(exactly: d)
      case .string(let s)?: Int(s.trimmingCharacters(in: .whitespaces))
      case .boolean(let b)?: b ? 1 : 0
      default: nil
      }
    }
    self.entries = entries
    webPageMaxCount = count("NSExtensionActivationSupportsWebPageWithMaxCount")
    webURLMaxCount = count("NSExtensionActivationSupportsWebURLWithMaxCount")
    imageMaxCount = count("NSExtensionActivationSupportsImageWithMaxCount")
    movieMaxCount = count("NSExtensionActivationSupportsMovieWithMaxCount")
    fileMaxCount = count("NSExtensionActivationSupportsFileWithMaxCount")
    attachmentsMaxCount = count("NSExtensionActivationSupportsAttachmentsWithMaxCount")
    attachmentsMinCount = count("NSExtensionActivationSupportsAttachmentsWithMinCount")
    dictionaryVersion = count("NSExtensionActivationDictionaryVersion")
    func flag(_ key: String) -> Bool {
      switch entries[key] {
      case .boolean(let b)?: b
      case .string(let s)?: ["yes", "true", "1"].contains(s.lowercased())
      case .integer(let i)?: i != 0
      default: false
      }
    }
    supportsText = flag("NSExtensionActivationSupportsText")
    usesStrictMatching = flag("NSExtensionActivationUsesStrictMatching")
  }
}
