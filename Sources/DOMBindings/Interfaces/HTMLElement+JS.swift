import DOM
import Foundation
import JSBridge
import URLStandard

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
    b.method("focus") { element, _ in element.focus() }
    b.method("blur") { element, _ in element.blur() }
    b.method("click") { element, _ in element.click() }
    addHTMLElementGeometry(b)
    addEventHandlers(b, globalEventHandlers + documentAndElementEventHandlers)
  }

  /// The keywords of a `referrerPolicy` attribute (https://w3c.github.io/webappsec-referrer-policy/#referrer-policies).
  static let referrerPolicyKeywords = [
    "", "no-referrer", "no-referrer-when-downgrade", "same-origin", "origin", "strict-origin", "origin-when-cross-origin",
    "strict-origin-when-cross-origin", "unsafe-url",
  ]

  /// The supported tokens of `a`, `area` and `form` `relList`: the link types allowed there that change processing
  /// (https://html.spec.whatwg.org/multipage/links.html#dom-a-rellist).
  static let hyperlinkRelTokens: Set<String> = ["noreferrer", "noopener", "opener"]

  /// The supported tokens of `link.relList`: the link types a browser processes on `link`
  /// (https://html.spec.whatwg.org/multipage/semantics.html#dom-link-rellist).
  static let linkRelTokens: Set<String> = [
    "alternate", "dns-prefetch", "expect", "icon", "manifest", "modulepreload", "next", "pingback", "preconnect",
    "prefetch", "preload", "search", "stylesheet",
  ]

  /// The supported tokens of `iframe.sandbox`: the sandboxing keywords
  /// (https://html.spec.whatwg.org/multipage/iframe-embed-object.html#attr-iframe-sandbox).
  static let sandboxTokens: Set<String> = [
    "allow-downloads", "allow-forms", "allow-modals", "allow-orientation-lock", "allow-pointer-lock", "allow-popups",
    "allow-popups-to-escape-sandbox", "allow-presentation", "allow-same-origin", "allow-scripts",
    "allow-top-navigation", "allow-top-navigation-by-user-activation", "allow-top-navigation-to-custom-protocols",
  ]

  /// https://html.spec.whatwg.org/multipage/links.html#htmlhyperlinkelementutils: the parts of `href` (parsed
  /// against the document base URL with the WHATWG URL parser), their setters, and the stringifier.
  ///
  /// A setter changes the parsed URL and writes it back to `href` ("update href"); with no `href`, or one that
  /// does not parse, setters do nothing and getters read "" (`protocol` reads ":").
  static func addHyperlinkUtils(_ b: InterfaceBuilder<Element>) {
    @Sendable func url(_ element: Element) -> URLRecord? {
      element.getAttribute("href").flatMap { element.document.resolveURL($0) }
    }
    b.getter("origin") { element in url(element)?.origin.serialized ?? "" }
    for part in URLPart.all {
      let empty = part.name == "protocol" ? ":" : ""
      b.stringAccessor(part.name, get: { element in url(element).map(part.get) ?? empty }, set: { element, value in
        guard var parsed = url(element) else { return }
        part.set(&parsed, value)
        try element.setAttribute("href", parsed.href)
      })
    }
    b.method("toString") { element, _ in
      element.getAttribute("href").map { element.document.resolveURL($0)?.href ?? $0 } ?? ""
    }
  }
}
