import DOM
import JSBridge

extension DOMInterfaces {
  /// https://html.spec.whatwg.org/multipage/dom.html#htmlelement
  static let htmlElement = Interface<Element>("HTMLElement", inherits: element) { b in
    b.reflect("title")
    b.reflect("lang")
    b.reflect("dir")
    b.reflectBool("hidden")
    b.reflect("accessKey", attribute: "accesskey")
    b.reflectBool("inert")
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
    for name in ["innerText", "outerText"] {
      b.accessor(name, get: { $0.textContent ?? "" }, set: { element, value in element.textContent = try value.stringNullAsEmpty() })
    }
    b.method("focus") { _, _ in }
    b.method("blur") { _, _ in }
    b.method("click") { element, _ in element.click() }
    addEventHandlers(b, globalEventHandlers + documentAndElementEventHandlers)
    observeWrites(b)
  }

  /// https://html.spec.whatwg.org/multipage/text-level-semantics.html#htmlanchorelement
  static let htmlAnchorElement = Interface<Element>("HTMLAnchorElement", inherits: htmlElement) { b in
    b.reflectURL("href")
    for name in ["target", "download", "rel", "hreflang", "type", "ping"] { b.reflect(name) }
    b.reflect("referrerPolicy", attribute: "referrerpolicy")
    b.accessor("text", get: { $0.textContent ?? "" }, set: { element, value in element.textContent = try value.toString() })
    b.method("toString") { element, _ in
      element.getAttribute("href").map { element.document.resolveURL($0)?.absoluteString ?? $0 } ?? ""
    }
    observeWrites(b)
  }

  /// https://html.spec.whatwg.org/multipage/embedded-content.html#htmlimageelement
  static let htmlImageElement = Interface<Element>("HTMLImageElement", inherits: htmlElement) { b in
    b.reflectURL("src")
    b.reflect("alt")
    b.reflect("srcset")
    b.reflect("sizes")
    b.reflect("loading")
    b.reflect("crossOrigin", attribute: "crossorigin")
    b.reflectInt("width")
    b.reflectInt("height")
    observeWrites(b)
  }

  /// https://html.spec.whatwg.org/multipage/input.html#htmlinputelement (attribute-backed: no dirty value).
  static let htmlInputElement = Interface<Element>("HTMLInputElement", inherits: htmlElement) { b in
    b.reflect("value")
    b.accessor("type", get: { ($0.getAttribute("type") ?? "text").lowercased() }, set: { element, value in
      try element.setAttribute("type", value.toString())
    })
    b.reflect("placeholder")
    b.reflect("name")
    b.reflect("defaultValue", attribute: "value")
    b.reflectBool("defaultChecked", attribute: "checked")
    b.accessor("checked", get: { $0.checkedness }, set: { element, value in element.checkedness = value.toBool() })
    b.reflectBool("disabled")
    b.reflectBool("required")
    b.reflectBool("readOnly", attribute: "readonly")
    observeWrites(b)
  }

  /// https://html.spec.whatwg.org/multipage/semantics.html#htmlmetaelement
  static let htmlMetaElement = Interface<Element>("HTMLMetaElement", inherits: htmlElement) { b in
    b.reflect("name")
    b.reflect("content")
    b.reflect("httpEquiv", attribute: "http-equiv")
    b.reflect("media")
    observeWrites(b)
  }

  /// https://html.spec.whatwg.org/multipage/semantics.html#htmllinkelement
  static let htmlLinkElement = Interface<Element>("HTMLLinkElement", inherits: htmlElement) { b in
    b.reflectURL("href")
    for name in ["rel", "media", "hreflang", "type", "sizes", "as"] { b.reflect(name) }
    observeWrites(b)
  }

  /// https://html.spec.whatwg.org/multipage/scripting.html#htmltemplateelement
  static let htmlTemplateElement = Interface<Element>("HTMLTemplateElement", inherits: htmlElement) { b in
    b.getter("content") { $0.templateContent }
    observeWrites(b)
  }
}
