/// The parts of a URL as the `URL` interface (and `<a>`, `location`) show them, and their setters.
///
/// https://url.spec.whatwg.org/#api
extension URLRecord {
  /// https://url.spec.whatwg.org/#dom-url-href
  public var href: String { serialized() }

  /// https://url.spec.whatwg.org/#dom-url-protocol
  public var `protocol`: String { scheme + ":" }

  /// https://url.spec.whatwg.org/#dom-url-host
  public var hostAndPort: String {
    guard let host else { return "" }
    guard let port else { return host.serialized }
    return host.serialized + ":" + String(port)
  }

  /// https://url.spec.whatwg.org/#dom-url-hostname
  public var hostname: String { host?.serialized ?? "" }

  /// https://url.spec.whatwg.org/#dom-url-port
  public var portString: String { port.map { String($0) } ?? "" }

  /// https://url.spec.whatwg.org/#dom-url-pathname
  public var pathname: String { pathSerialized }

  /// https://url.spec.whatwg.org/#dom-url-search
  public var search: String {
    guard let query, !query.isEmpty else { return "" }
    return "?" + query
  }

  /// https://url.spec.whatwg.org/#dom-url-hash
  public var hash: String {
    guard let fragment, !fragment.isEmpty else { return "" }
    return "#" + fragment
  }

  /// Sets the scheme (`value` up to its first `:`); ignored when it would change the kind of URL.
  ///
  /// https://url.spec.whatwg.org/#dom-url-protocol
  public mutating func setProtocol(_ value: String) {
    URLParser.parse(value + ":", into: &self, stateOverride: .schemeStart)
  }

  /// https://url.spec.whatwg.org/#dom-url-username
  public mutating func setUsername(_ value: String) {
    if cannotHaveUsernamePasswordPort { return }
    username = PercentEncoding.encode(value, set: .userinfo)
  }

  /// https://url.spec.whatwg.org/#dom-url-password
  public mutating func setPassword(_ value: String) {
    if cannotHaveUsernamePasswordPort { return }
    password = PercentEncoding.encode(value, set: .userinfo)
  }

  /// https://url.spec.whatwg.org/#dom-url-host
  public mutating func setHost(_ value: String) {
    if hasOpaquePath { return }
    URLParser.parse(value, into: &self, stateOverride: .host)
  }

  /// https://url.spec.whatwg.org/#dom-url-hostname
  public mutating func setHostname(_ value: String) {
    if hasOpaquePath { return }
    URLParser.parse(value, into: &self, stateOverride: .hostname)
  }

  /// https://url.spec.whatwg.org/#dom-url-port
  public mutating func setPort(_ value: String) {
    if cannotHaveUsernamePasswordPort { return }
    if value.isEmpty {
      port = nil
    } else {
      URLParser.parse(value, into: &self, stateOverride: .port)
    }
  }

  /// https://url.spec.whatwg.org/#dom-url-pathname
  public mutating func setPathname(_ value: String) {
    if hasOpaquePath { return }
    path = .list([])
    URLParser.parse(value, into: &self, stateOverride: .pathStart)
  }

  /// Sets the query from `value` (a leading `?` is dropped; "" removes the query).
  ///
  /// https://url.spec.whatwg.org/#dom-url-search
  public mutating func setSearch(_ value: String) {
    if value.isEmpty {
      query = nil
      return
    }
    query = ""
    URLParser.parse(value.hasPrefix("?") ? String(value.dropFirst()) : value, into: &self, stateOverride: .query)
  }

  /// Sets the fragment from `value` (a leading `#` is dropped; "" removes the fragment).
  ///
  /// https://url.spec.whatwg.org/#dom-url-hash
  public mutating func setHash(_ value: String) {
    if value.isEmpty {
      fragment = nil
      return
    }
    fragment = ""
    URLParser.parse(value.hasPrefix("#") ? String(value.dropFirst()) : value, into: &self, stateOverride: .fragment)
  }
}

/// One read-write part of the URL API besides `href` (`protocol`, `host`...): its name, getter and setter, for
/// bindings that expose them all the same way (`URL`, `<a>` and `<area>`).
public struct URLPart: Sendable {
  public let name: String
  public let get: @Sendable (URLRecord) -> String
  public let set: @Sendable (inout URLRecord, String) -> Void

  /// The parts in the URL interface's order (https://url.spec.whatwg.org/#url-class).
  public static let all: [URLPart] = [
    URLPart(name: "protocol", get: { $0.protocol }, set: { $0.setProtocol($1) }),
    URLPart(name: "username", get: { $0.username }, set: { $0.setUsername($1) }),
    URLPart(name: "password", get: { $0.password }, set: { $0.setPassword($1) }),
    URLPart(name: "host", get: { $0.hostAndPort }, set: { $0.setHost($1) }),
    URLPart(name: "hostname", get: { $0.hostname }, set: { $0.setHostname($1) }),
    URLPart(name: "port", get: { $0.portString }, set: { $0.setPort($1) }),
    URLPart(name: "pathname", get: { $0.pathname }, set: { $0.setPathname($1) }),
    URLPart(name: "search", get: { $0.search }, set: { $0.setSearch($1) }),
    URLPart(name: "hash", get: { $0.hash }, set: { $0.setHash($1) }),
  ]
}
