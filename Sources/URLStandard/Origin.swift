/// A URL's origin: a (scheme, host, port) tuple, or an opaque origin.
///
/// https://html.spec.whatwg.org/multipage/browsers.html#concept-origin
public enum Origin: Equatable, Hashable, Sendable {
  case tuple(scheme: String, host: Host, port: Int?)
  /// An opaque origin. Two opaque origins are never the same origin; this value does not track identity.
  case opaque

  /// https://html.spec.whatwg.org/multipage/browsers.html#ascii-serialisation-of-an-origin
  public var serialized: String {
    guard case .tuple(let scheme, let host, let port) = self else { return "null" }
    return scheme + "://" + host.serialized + (port.map { ":" + String($0) } ?? "")
  }

  /// https://html.spec.whatwg.org/multipage/browsers.html#same-origin (opaque origins are never the same here).
  public func isSameOrigin(_ other: Origin) -> Bool {
    guard case .tuple = self else { return false }
    return self == other
  }
}

extension URLRecord {
  /// https://url.spec.whatwg.org/#concept-url-origin (blob URLs without a blob URL entry; `file:` is opaque).
  public var origin: Origin {
    switch scheme {
    case "blob":
      guard let pathURL = URLRecord(pathSerialized), pathURL.scheme == "http" || pathURL.scheme == "https" else {
        return .opaque
      }
      return pathURL.origin
    case "ftp", "http", "https", "ws", "wss":
      return .tuple(scheme: scheme, host: host ?? .empty, port: port)
    default:
      return .opaque
    }
  }
}

extension URLRecord {
  /// Whether a document at this URL is a secure context: https://w3c.github.io/webappsec-secure-contexts/#is-url-trustworthy
  /// and #is-origin-trustworthy. `about:blank` and `about:srcdoc`, `data:` and `file:` URLs are trustworthy, as
  /// are `https`/`wss` and loopback hosts (`localhost`, `*.localhost`, 127.0.0.0/8, `::1`); other opaque origins
  /// are not. (A frame's `about:` document takes its creator's answer; the caller decides that.)
  public var isPotentiallyTrustworthy: Bool {
    switch scheme {
    case "about": return pathSerialized == "blank" || pathSerialized == "srcdoc"
    case "data", "file": return true
    default: break
    }
    guard case .tuple(let scheme, let host, _) = origin else { return false }
    if scheme == "https" || scheme == "wss" { return true }
    switch host {
    case .ipv4(let address): return address >> 24 == 127
    case .ipv6(let pieces): return pieces == [0, 0, 0, 0, 0, 0, 0, 1]
    case .domain(let name): return name == "localhost" || name.hasSuffix(".localhost")
    case .opaque, .empty: return false
    }
  }
}
