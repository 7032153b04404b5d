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
