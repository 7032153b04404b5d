import DOM
import FoundationEssentials
import JSBridge

/// `window.location`: the document's URL, read-only (there is no navigation; writes log a warning).
///
/// https://html.spec.whatwg.org/multipage/nav-history-apis.html#the-location-interface
final class Location: ScriptExposed {
  weak var window: Window?

  static var scriptInterface: AnyInterface { DOMInterfaces.location.erased }

  var url: URL { window?.document.url ?? URL(string: "about:blank")! }

  var href: String { url.absoluteString }
  var `protocol`: String { (url.scheme ?? "").lowercased() + ":" }
  var hostname: String { url.host ?? "" }
  var port: String { url.port.map(String.init) ?? "" }
  var host: String { port.isEmpty ? hostname : "\(hostname):\(port)" }
  var pathname: String {
    let path = url.path
    if path.isEmpty { return ["http", "https", "ftp", "file", "ws", "wss"].contains(url.scheme ?? "") ? "/" : "" }
    return path
  }
  var search: String { url.query.map { $0.isEmpty ? "" : "?" + $0 } ?? "" }
  var hash: String { url.fragment.map { $0.isEmpty ? "" : "#" + $0 } ?? "" }
  var origin: String {
    guard let scheme = url.scheme?.lowercased(), ["http", "https", "ftp", "ws", "wss"].contains(scheme) else {
      return "null"
    }
    return "\(scheme)://\(host)"
  }

  /// Logs that a script tried to navigate; the page stays where it is.
  func refuseNavigation(to target: String, via member: String = "location") {
    window?.emit(.warn, "\(member) = \"\(target)\" ignored: webaction does not navigate (the page stays at \(href))")
  }
}

extension DOMInterfaces {
  static let location = Interface<Location>("Location") { b in
    func part(_ name: String, _ get: @escaping @Sendable (Location) -> String) {
      b.stringAccessor(name, get: get, set: { location, value in
        location.refuseNavigation(to: value, via: "location.\(name)")
      })
    }
    part("href") { $0.href }
    part("protocol") { $0.protocol }
    part("host") { $0.host }
    part("hostname") { $0.hostname }
    part("port") { $0.port }
    part("pathname") { $0.pathname }
    part("search") { $0.search }
    part("hash") { $0.hash }
    b.getter("origin") { $0.origin }
    b.method("toString") { location, _ in location.href }
    for name in ["assign", "replace"] {
      b.method(name, length: 1) { location, args in location.refuseNavigation(to: try args.string(0), via: "location.\(name)()") }
    }
    b.method("reload") { location, _ in location.refuseNavigation(to: location.href, via: "location.reload()") }
  }
}
