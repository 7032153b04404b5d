/// When an extension offers itself (`NSExtension → NSExtensionAttributes → NSExtensionActivationRule`).
public enum ActivationRule: Sendable, Hashable {
  /// `TRUEPREDICATE`: always (allowed during development, rejected by the App Store).
  case truePredicate
  /// `FALSEPREDICATE`: never.
  case falsePredicate
  /// The documented dictionary of supported kinds and maximum counts.
  case dictionary(ActivationDictionary)
  /// Any other predicate string, kept verbatim; see `accepts(webPages:webURLs:)` for how it is read.
  case predicate(String)

  /// Reads the rule from its Info.plist value (a string or a dictionary); nil for any other kind of value.
  public init?(plistValue: PropertyList) {
    switch plistValue {
    case .string(let s):
      switch s.trimmingCharacters(in: .whitespacesAndNewlines) {
      case "TRUEPREDICATE": self = .truePredicate
      case "FALSEPREDICATE": self = .falsePredicate
      default: self = .predicate(s)
      }
    case .dictionary(let entries): self = .dictionary(ActivationDictionary(entries))
    default: return nil
    }
  }

  /// Whether the extension would be offered for an input of `webPages` web pages and `webURLs` URLs (a webaction
  /// run on one saved page passes `webPages: 1, webURLs: 0`).
  ///
  /// Dictionary rules follow Apple's documentation: a missing key means the kind is not supported, and every kind
  /// present in the input must be supported within its maximum count. Predicate strings are not evaluated: they
  /// accept web pages when they mention `com.apple.property-list` or `public.property-list` (the type Safari uses
  /// for preprocessing results) and URLs when they mention `public.url`.
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
    case .predicate(let text):
      let pages = text.contains("property-list")
      let urls = text.contains("public.url")
      return (webPages == 0 || pages) && (webURLs == 0 || urls)
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
    switch entries["NSExtensionActivationSupportsText"] {
    case .boolean(let b)?: supportsText = b
    case .string(let s)?: supportsText = ["yes", "true", "1"].contains(s.lowercased())
    case .integer(let i)?: supportsText = i != 0
    default: supportsText = false
    }
  }
}
