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

  /// Whether the extension would be offered for an input of `webPages` web pages and `webURLs` URLs (a webaction
  /// run on one saved page passes `webPages: 1, webURLs: 0`).
  ///
  /// Dictionary rules follow Apple's documentation: a missing key means the kind is not supported, and every kind
  /// present in the input must be supported within its maximum count. Predicate strings are evaluated over one
  /// extension item whose attachments are the web pages (`com.apple.property-list`, the type Safari registers the
  /// preprocessing results with) and the URLs (`public.url`): `ActivationInput(webPages:webURLs:)`.
  public func accepts(webPages: Int, webURLs: Int) -> Bool {
    guard webPages > 0 || webURLs > 0 else { return false }
    switch self {
    case .truePredicate: return true
    case .falsePredicate: return false
    case .dictionary(let rule):
      if let max = rule.attachmentsMaxCount, webPages + webURLs > max { return false }
      if webPages > 0 && webPages > (rule.webPageMaxCount ?? 0) { return false }
      if webURLs > 0 && webURLs > (rule.webURLMaxCount ?? 0) { return false }
      return true
    case .predicate(let predicate):
      return predicate.evaluate(ActivationInput(webPages: webPages, webURLs: webURLs))
    }
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
