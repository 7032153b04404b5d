import DOM
import JSBridge

// HTML element interfaces, grouped as web-platform-tests' html/dom/elements-obsolete.js groups them. The members
// follow ../shared/wpt/interfaces/html.idl; each reflected attribute has the type that file checks.

extension DOMInterfaces {
  /// https://html.spec.whatwg.org/multipage/obsolete.html#htmldirectoryelement
  static let htmlDirectoryElement = Interface<Element>("HTMLDirectoryElement", inherits: htmlElement) { b in
    b.reflectBool("compact")
  }

  /// https://html.spec.whatwg.org/multipage/obsolete.html#htmlfontelement
  static let htmlFontElement = Interface<Element>("HTMLFontElement", inherits: htmlElement) { b in
    b.reflect("color", nullAsEmpty: true)
    b.reflect("face")
    b.reflect("size")
  }

  /// https://html.spec.whatwg.org/multipage/obsolete.html#htmlframeelement
  static let htmlFrameElement = Interface<Element>("HTMLFrameElement", inherits: htmlElement) { b in
    b.reflect("name")
    b.reflect("scrolling")
    b.reflectURL("src")
    b.reflect("frameBorder")
    b.reflectURL("longDesc")
    b.reflectBool("noResize")
    b.reflect("marginHeight", nullAsEmpty: true)
    b.reflect("marginWidth", nullAsEmpty: true)
  }

  /// https://html.spec.whatwg.org/multipage/obsolete.html#htmlframesetelement
  static let htmlFrameSetElement = Interface<Element>("HTMLFrameSetElement", inherits: htmlElement) { b in
    b.reflect("cols")
    b.reflect("rows")
    addEventHandlers(b, windowEventHandlers)
  }

  /// https://html.spec.whatwg.org/multipage/obsolete.html#htmlmarqueeelement
  static let htmlMarqueeElement = Interface<Element>("HTMLMarqueeElement", inherits: htmlElement) { b in
    b.reflectEnum("behavior", keywords: ["scroll", "slide", "alternate"], missing: "scroll")
    b.reflect("bgColor")
    b.reflectEnum("direction", keywords: ["up", "right", "down", "left"], missing: "left")
    b.reflect("height")
    b.reflectInteger("hspace", .unsignedLong(default: 0))
    b.reflectInteger("scrollAmount", .unsignedLong(default: 6))
    b.reflectInteger("scrollDelay", .unsignedLong(default: 85))
    b.reflectBool("trueSpeed")
    b.reflectInteger("vspace", .unsignedLong(default: 0))
    b.reflect("width")
  }
}
