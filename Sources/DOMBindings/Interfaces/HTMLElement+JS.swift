import DOM
import Foundation
import JSBridge

extension DOMInterfaces {
  /// https://html.spec.whatwg.org/multipage/dom.html#htmlelement (with the HTMLOrSVGElement mixin's reflected members)
  static let htmlElement = Interface<Element>("HTMLElement", inherits: element) { b in
    b.reflect("title")
    b.reflect("lang")
    b.reflectEnum("dir", keywords: ["ltr", "rtl", "auto"])
    b.reflectBool("hidden")
    b.reflectBool("inert")
    b.reflect("accessKey", attribute: "accesskey")
    b.reflectBool("autofocus")
    b.reflectInt("tabIndex", attribute: "tabindex", defaultValue: -1)
    b.reflect("nonce")
    b.sameObject("dataset") { element, _ in DOMStringMapObject(element: element) }
    b.reflectEnum(
      "enterKeyHint", attribute: "enterkeyhint",
      keywords: [
        "enter", "done", "go", "next", "previous", "search", "send",
      ])
    b.reflectEnum(
      "inputMode", attribute: "inputmode",
      keywords: [
        "none", "text", "tel", "url", "email", "numeric", "decimal", "search",
      ])
    b.accessor("translate", get: { element in
      // Enumerated attribute: "no" turns translation off; an inherited value otherwise (true by default).
      var cursor: Element? = element
      while let current = cursor {
        if let value = current.getAttribute("translate")?.lowercased() {
          if value == "no" { return false }
          if value == "yes" || value.isEmpty { return true }
        }
        cursor = current.parentElement
      }
      return true
    }, set: { element, value in try element.setAttribute("translate", value.toBool() ? "yes" : "no") })
    b.accessor("style", get: { $0.style }, set: { element, value in element.style.cssText = try value.toString() })
    b.accessor("innerText", get: { $0.innerText }, set: { element, value in element.innerText = try value.stringNullAsEmpty() })
    b.accessor("outerText", get: { $0.outerText }, set: { element, value in try element.setOuterText(try value.stringNullAsEmpty()) })
    b.method("focus") { _, _ in }
    b.method("blur") { _, _ in }
    b.method("click") { element, _ in element.click() }
    addEventHandlers(b, globalEventHandlers + documentAndElementEventHandlers)
  }

  /// The keywords of a `referrerPolicy` attribute (https://w3c.github.io/webappsec-referrer-policy/#referrer-policies).
  static let referrerPolicyKeywords = [
    "", "no-referrer", "no-referrer-when-downgrade", "same-origin", "origin", "strict-origin", "origin-when-cross-origin",
    "strict-origin-when-cross-origin", "unsafe-url",
  ]

  /// https://html.spec.whatwg.org/multipage/links.html#htmlhyperlinkelementutils: the URL parts of `href`
  /// (read-only here: a saved page never navigates), and the stringifier.
  static func addHyperlinkUtils(_ b: InterfaceBuilder<Element>) {
    @Sendable func parts(_ element: Element) -> URLComponents? {
      guard let href = element.getAttribute("href"), let url = element.document.resolveURL(href) else { return nil }
      return URLComponents(url: url, resolvingAgainstBaseURL: true)
    }
    b.getter("origin") { element -> String in
      guard let c = parts(element), let scheme = c.scheme, let host = c.percentEncodedHost, !host.isEmpty else { return "null" }
      return "\(scheme)://\(host)" + (c.port.map { ":\($0)" } ?? "")
    }
    b.getter("protocol") { element in parts(element)?.scheme.map { "\($0):" } ?? ":" }
    b.getter("username") { parts($0)?.percentEncodedUser ?? "" }
    b.getter("password") { parts($0)?.percentEncodedPassword ?? "" }
    b.getter("host") { element -> String in
      guard let c = parts(element) else { return "" }
      return (c.percentEncodedHost ?? "") + (c.port.map { ":\($0)" } ?? "")
    }
    b.getter("hostname") { parts($0)?.percentEncodedHost ?? "" }
    b.getter("port") { parts($0)?.port.map(String.init) ?? "" }
    b.getter("pathname") { parts($0)?.percentEncodedPath ?? "" }
    b.getter("search") { element -> String in
      guard let query = parts(element)?.percentEncodedQuery, !query.isEmpty else { return "" }
      return "?" + query
    }
    b.getter("hash") { element -> String in
      guard let fragment = parts(element)?.percentEncodedFragment, !fragment.isEmpty else { return "" }
      return "#" + fragment
    }
    b.method("toString") { element, _ in
      element.getAttribute("href").map { element.document.resolveURL($0)?.absoluteString ?? $0 } ?? ""
    }
  }
}
