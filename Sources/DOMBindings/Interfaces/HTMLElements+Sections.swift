import DOM
import JSBridge

// Element interfaces of the HTML spec's sections section; the reflected attributes follow
// the IDL in ../shared/wpt/interfaces/html.idl and the types web-platform-tests check (html/dom/elements-sections.js).

extension DOMInterfaces {
  /// https://html.spec.whatwg.org/multipage/sections.html#htmlbodyelement
  static let htmlBodyElement = Interface<Element>("HTMLBodyElement", inherits: htmlElement) { b in
    b.reflect("text", nullAsEmpty: true)
    b.reflect("link", nullAsEmpty: true)
    b.reflect("vLink", nullAsEmpty: true)
    b.reflect("aLink", nullAsEmpty: true)
    b.reflect("bgColor", nullAsEmpty: true)
    b.reflect("background")
    observeWrites(b)
  }

  /// https://html.spec.whatwg.org/multipage/sections.html#htmlheadingelement
  static let htmlHeadingElement = Interface<Element>("HTMLHeadingElement", inherits: htmlElement) { b in
    b.reflect("align")
    observeWrites(b)
  }
}
