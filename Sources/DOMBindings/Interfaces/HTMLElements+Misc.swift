import DOM
import JSBridge

// Element interfaces of the HTML spec's misc section; the reflected attributes follow
// the IDL in ../shared/wpt/interfaces/html.idl and the types web-platform-tests check (html/dom/elements-misc.js).

extension DOMInterfaces {
  /// https://html.spec.whatwg.org/multipage/interactive-elements.html#htmldetailselement
  static let htmlDetailsElement = Interface<Element>("HTMLDetailsElement", inherits: htmlElement) { b in
    b.reflectBool("open")
    observeWrites(b)
  }

  /// https://html.spec.whatwg.org/multipage/interactive-elements.html#htmldialogelement
  static let htmlDialogElement = Interface<Element>("HTMLDialogElement", inherits: htmlElement) { b in
    b.reflectBool("open")
    observeWrites(b)
  }

  /// https://html.spec.whatwg.org/multipage/interactive-elements.html#htmlhtmlelement
  static let htmlHtmlElement = Interface<Element>("HTMLHtmlElement", inherits: htmlElement) { b in
    b.reflect("version")
    observeWrites(b)
  }

  /// https://html.spec.whatwg.org/multipage/interactive-elements.html#htmlmenuelement
  static let htmlMenuElement = Interface<Element>("HTMLMenuElement", inherits: htmlElement) { b in
    b.reflectBool("compact")
    observeWrites(b)
  }

  /// https://html.spec.whatwg.org/multipage/interactive-elements.html#htmlmodelement
  static let htmlModElement = Interface<Element>("HTMLModElement", inherits: htmlElement) { b in
    b.reflectURL("cite")
    b.reflect("dateTime")
    observeWrites(b)
  }

  /// https://html.spec.whatwg.org/multipage/interactive-elements.html#htmlscriptelement
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
    observeWrites(b)
  }

  /// https://html.spec.whatwg.org/multipage/interactive-elements.html#htmlslotelement
  static let htmlSlotElement = Interface<Element>("HTMLSlotElement", inherits: htmlElement) { b in
    b.reflect("name")
    observeWrites(b)
  }

  /// https://html.spec.whatwg.org/multipage/interactive-elements.html#htmltemplateelement
  static let htmlTemplateElement = Interface<Element>("HTMLTemplateElement", inherits: htmlElement) { b in
    b.getter("content") { $0.templateContent }
    observeWrites(b)
  }

  /// https://html.spec.whatwg.org/multipage/interactive-elements.html#htmlunknownelement
  static let htmlUnknownElement = Interface<Element>("HTMLUnknownElement", inherits: htmlElement) { _ in }
}
