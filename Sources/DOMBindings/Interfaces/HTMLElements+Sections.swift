import DOM
import JSBridge

// HTML element interfaces, grouped as web-platform-tests' html/dom/elements-sections.js groups them. The members
// follow ../shared/wpt/interfaces/html.idl; each reflected attribute has the type that file checks.

extension DOMInterfaces {
  /// https://html.spec.whatwg.org/multipage/sections.html#htmlbodyelement
  static let htmlBodyElement = Interface<Element>("HTMLBodyElement", inherits: htmlElement) { b in
    // WindowEventHandlers: a body's onload, onhashchange... are the window's (EventHandlers forwards them).
    addEventHandlers(b, windowEventHandlers)
    b.reflect("text", nullAsEmpty: true)
    b.reflect("link", nullAsEmpty: true)
    b.reflect("vLink", nullAsEmpty: true)
    b.reflect("aLink", nullAsEmpty: true)
    b.reflect("bgColor", nullAsEmpty: true)
    b.reflect("background")
  }

  /// https://html.spec.whatwg.org/multipage/sections.html#htmlheadingelement
  static let htmlHeadingElement = Interface<Element>("HTMLHeadingElement", inherits: htmlElement) { b in
    b.reflect("align")
  }
}
