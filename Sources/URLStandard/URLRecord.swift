/// A URL as the WHATWG URL Standard defines it: a URL record, the result of the basic URL parser.
///
/// https://url.spec.whatwg.org/#concept-url
/// Parse with ``init(_:base:)`` (or ``URLParser``), read the parts scripts see through the getters in
/// `URLRecord+API.swift`, change them with the setters there, and serialize with ``href``.
public struct URLRecord: Equatable, Hashable, Sendable {
  /// An ASCII string, lowercased: `https`, `file`, `mailto`...
  public var scheme = ""
  /// Percent-encoded (userinfo set).
  public var username = ""
  /// Percent-encoded (userinfo set).
  public var password = ""
  /// Nil for URLs without an authority (`mailto:x`), `.empty` for `file:///x`.
  public var host: Host?
  /// Nil when absent or when it is the scheme's default port.
  public var port: Int?
  public var path: Path = .list([])
  /// Percent-encoded, without its `?`; nil when absent.
  public var query: String?
  /// Percent-encoded, without its `#`; nil when absent.
  public var fragment: String?

  /// A URL's path: a list of percent-encoded segments, or one opaque string (`mailto:`, `data:`, `javascript:`).
  ///
  /// https://url.spec.whatwg.org/#concept-url-path
  public enum Path: Equatable, Hashable, Sendable {
    case list([String])
    case opaque(String)

    /// The segments of a list path (empty for an opaque one).
    public var segments: [String] {
      if case .list(let segments) = self { return segments }
      return []
    }
  }

  public init() {}

  /// Parses `input` against `base` with the basic URL parser; nil when it is not a valid URL.
  ///
  /// https://url.spec.whatwg.org/#concept-url-parser (without blob URL entries)
  public init?(_ input: String, base: URLRecord? = nil) {
    guard let url = URLParser.parse(input, base: base) else { return nil }
    self = url
  }

  /// https://url.spec.whatwg.org/#has-an-opaque-path
  public var hasOpaquePath: Bool {
    if case .opaque = path { return true }
    return false
  }

  /// https://url.spec.whatwg.org/#is-special
  public var isSpecial: Bool { URLRecord.specialSchemes[scheme] != nil }

  /// https://url.spec.whatwg.org/#include-credentials
  public var includesCredentials: Bool { !username.isEmpty || !password.isEmpty }

  /// https://url.spec.whatwg.org/#cannot-have-a-username-password-port
  public var cannotHaveUsernamePasswordPort: Bool { host == nil || host == .empty || scheme == "file" }

  /// The special schemes and their default ports (nil for `file`).
  ///
  /// https://url.spec.whatwg.org/#special-scheme
  static let specialSchemes: [String: Int?] = [
    "ftp": 21, "file": nil, "http": 80, "https": 443, "ws": 80, "wss": 443,
  ]

  /// https://url.spec.whatwg.org/#default-port
  static func defaultPort(_ scheme: String) -> Int? { specialSchemes[scheme] ?? nil }

  /// https://url.spec.whatwg.org/#shorten-a-urls-path
  mutating func shortenPath() {
    guard case .list(var segments) = path else { return }
    // Step 2.
    if scheme == "file", segments.count == 1, URLParser.isNormalizedWindowsDriveLetter(segments[0]) { return }
    // Step 3.
    if !segments.isEmpty { segments.removeLast() }
    path = .list(segments)
  }

  /// Takes `base`'s username, password, host and port (the relative states).
  mutating func copyAuthority(from base: URLRecord) {
    username = base.username
    password = base.password
    host = base.host
    port = base.port
  }

  /// Appends a segment to a list path.
  mutating func appendSegment(_ segment: String) {
    guard case .list(var segments) = path else { return }
    segments.append(segment)
    path = .list(segments)
  }

  /// The URL serializer.
  ///
  /// https://url.spec.whatwg.org/#concept-url-serializer
  public func serialized(excludingFragment: Bool = false) -> String {
    // Step 1.
    var output = scheme + ":"
    // Step 2.
    if let host {
      output += "//"
      if includesCredentials {
        output += username
        if !password.isEmpty { output += ":" + password }
        output += "@"
      }
      output += host.serialized
      if let port { output += ":" + String(port) }
    }
    // Step 3.
    if host == nil, case .list(let segments) = path, segments.count > 1, segments[0].isEmpty { output += "/." }
    // Step 4.
    output += pathSerialized
    // Steps 5-6.
    if let query { output += "?" + query }
    if !excludingFragment, let fragment { output += "#" + fragment }
    return output
  }

  /// https://url.spec.whatwg.org/#url-path-serializer
  public var pathSerialized: String {
    switch path {
    case .opaque(let string): return string
    case .list(let segments): return segments.reduce(into: "") { $0 += "/" + $1 }
    }
  }
}

extension URLRecord: CustomStringConvertible {
  public var description: String { serialized() }
}

extension URLRecord {
  /// `about:blank`, the URL of a document nobody gave one.
  public static let aboutBlank = URLRecord("about:blank")!
}
