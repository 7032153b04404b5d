import DOM
import JSBridge
import URLStandard

/// `window.location`: the document's URL. Setting a part parses the new URL as a browser does (a bad one throws);
/// a change of fragment only is followed (the document URL changes and `hashchange` fires), any other navigation is
/// refused with a warning: the page stays where it is.
///
/// https://html.spec.whatwg.org/multipage/nav-history-apis.html#the-location-interface
final class Location: ScriptExposed {
  weak var window: Window?

  static var scriptInterface: AnyInterface { DOMInterfaces.location.erased }

  var url: URLRecord { window?.document.url ?? .aboutBlank }

  /// Goes to `target` when only its fragment differs; otherwise logs that a script tried to navigate.
  ///
  /// https://html.spec.whatwg.org/multipage/nav-history-apis.html#location-object-navigate
  func navigate(to target: URLRecord, via member: String = "location") {
    if let document = window?.document, document.navigateToFragment(target) { return }
    refuseNavigation(to: target.href, via: member)
  }

  /// Reports a navigation a script asked for to the host (``WindowOptions/onNavigation``) and logs it; the page
  /// stays where it is.
  func refuseNavigation(to target: String, via member: String = "location") {
    guard let window else { return }
    if let record = window.options.onNavigation {
      record(target, member)
      window.emit(.info, "\(member) asked to go to \"\(target)\": recorded (Safari would open it); webaction does not navigate, the page stays at \(url.href)")
    } else {
      window.emit(.warn, "\(member) = \"\(target)\" ignored: webaction does not navigate (the page stays at \(url.href))")
    }
  }

  /// Parses `value` against the document's base URL, or throws the TypeError the href setter and assign() throw.
  func parse(_ value: String, via member: String) throws(ScriptError) -> URLRecord {
    guard let parsed = window?.document.resolveURL(value) else {
      throw .typeError("\(member): '\(value)' is not a valid URL")
    }
    return parsed
  }
}

extension DOMInterfaces {
  static let location = Interface<Location>("Location") { b in
    /// A URL part: `set` changes a copy of the URL (returning false to leave it), then the copy is navigated to.
    /// https://html.spec.whatwg.org/multipage/nav-history-apis.html#dom-location-protocol and the setters after it.
    func part(_ name: String, _ get: @escaping @Sendable (URLRecord) -> String,
              set: @escaping @Sendable (inout URLRecord, String) throws -> Bool) {
      b.stringAccessor(name, get: { get($0.url) }, set: { location, value in
        var copy = location.url
        guard try set(&copy, value) else { return }
        location.navigate(to: copy, via: "location.\(name)")
      })
    }
    b.stringAccessor("href", get: { $0.url.href }, set: { location, value in
      location.navigate(to: try location.parse(value, via: "location.href"), via: "location.href")
    })
    part("protocol", { $0.protocol }) { url, value in
      guard URLParser.parse(value + ":", into: &url, stateOverride: .schemeStart) else {
        throw DOMException(.syntaxError, "location.protocol: '\(value)' is not a valid scheme")
      }
      return url.scheme == "http" || url.scheme == "https"
    }
    part("host", { $0.hostAndPort }) { url, value in
      guard !url.hasOpaquePath else { return false }
      return URLParser.parse(value, into: &url, stateOverride: .host)
    }
    part("hostname", { $0.hostname }) { url, value in
      guard !url.hasOpaquePath else { return false }
      return URLParser.parse(value, into: &url, stateOverride: .hostname)
    }
    part("port", { $0.portString }) { url, value in
      guard !url.cannotHaveUsernamePasswordPort else { return false }
      if value.isEmpty { url.port = nil } else { URLParser.parse(value, into: &url, stateOverride: .port) }
      return true
    }
    part("pathname", { $0.pathname }) { url, value in
      guard !url.hasOpaquePath else { return false }
      url.setPathname(value)
      return true
    }
    part("search", { $0.search }) { url, value in
      url.setSearch(value)
      return true
    }
    part("hash", { $0.hash }) { url, value in
      let before = url.fragment
      url.fragment = ""
      URLParser.parse(value.hasPrefix("#") ? String(value.dropFirst()) : value, into: &url, stateOverride: .fragment)
      return url.fragment != before
    }
    b.getter("origin") { $0.url.origin.serialized }
    b.method("toString") { location, _ in location.url.href }
    for name in ["assign", "replace"] {
      b.method(name, length: 1) { location, args in
        location.navigate(to: try location.parse(try args.string(0), via: "location.\(name)()"), via: "location.\(name)()")
      }
    }
    b.method("reload") { location, _ in location.refuseNavigation(to: location.url.href, via: "location.reload()") }
  }
}
