import DOM
import JSBridge

// HTML element interfaces, grouped as web-platform-tests' html/dom/elements-misc.js groups them. The members
// follow ../shared/wpt/interfaces/html.idl; each reflected attribute has the type that file checks.

extension DOMInterfaces {
  /// https://html.spec.whatwg.org/multipage/interactive-elements.html#htmldetailselement
  static let htmlDetailsElement = Interface<Element>("HTMLDetailsElement", inherits: htmlElement) { b in
    b.reflectBool("open")
  }

  /// https://html.spec.whatwg.org/multipage/interactive-elements.html#htmldialogelement
  static let htmlDialogElement = Interface<Element>("HTMLDialogElement", inherits: htmlElement) { b in
    b.reflectBool("open")
  }

  /// https://html.spec.whatwg.org/multipage/semantics.html#htmlhtmlelement
  static let htmlHtmlElement = Interface<Element>("HTMLHtmlElement", inherits: htmlElement) { b in
    b.reflect("version")
  }

  /// https://html.spec.whatwg.org/multipage/grouping-content.html#htmlmenuelement
  static let htmlMenuElement = Interface<Element>("HTMLMenuElement", inherits: htmlElement) { b in
    b.reflectBool("compact")
  }

  /// https://html.spec.whatwg.org/multipage/edits.html#htmlmodelement
  static let htmlModElement = Interface<Element>("HTMLModElement", inherits: htmlElement) { b in
    b.reflectURL("cite")
    b.reflect("dateTime")
  }

  /// https://html.spec.whatwg.org/multipage/scripting.html#htmlscriptelement
  static let htmlScriptElement = Interface<Element>("HTMLScriptElement", inherits: htmlElement) { b in
    b.reflectURL("src")
    b.reflect("type")
    b.reflectBool("noModule")
    b.reflect("charset")
    b.reflectBool("defer")
    b.reflectCrossOrigin()
    b.reflect("integrity")
    b.reflect("event")
    b.reflect("htmlFor", attribute: "for")
    // https://html.spec.whatwg.org/multipage/scripting.html#dom-script-text: the child text content.
    b.stringAccessor("text", get: { $0.childTextContent }, set: { script, text in script.textContent = text })
  }

  /// https://html.spec.whatwg.org/multipage/scripting.html#htmlslotelement
  static let htmlSlotElement = Interface<Element>("HTMLSlotElement", inherits: htmlElement) { b in
    b.reflect("name")
  }

  /// https://html.spec.whatwg.org/multipage/scripting.html#htmltemplateelement
  static let htmlTemplateElement = Interface<Element>("HTMLTemplateElement", inherits: htmlElement) { b in
    b.getter("content") { $0.templateContent }
  }

  /// https://html.spec.whatwg.org/multipage/dom.html#htmlunknownelement
  static let htmlUnknownElement = Interface<Element>("HTMLUnknownElement", inherits: htmlElement) { _ in }
}
