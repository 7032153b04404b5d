import DOM
import JSBridge

// HTML element interfaces, grouped as web-platform-tests' html/dom/elements-grouping.js groups them. The members
// follow ../shared/wpt/interfaces/html.idl; each reflected attribute has the type that file checks.

extension DOMInterfaces {
  /// https://html.spec.whatwg.org/multipage/grouping-content.html#htmldlistelement
  static let htmlDListElement = Interface<Element>("HTMLDListElement", inherits: htmlElement) { b in
    b.reflectBool("compact")
  }

  /// https://html.spec.whatwg.org/multipage/grouping-content.html#htmldivelement
  static let htmlDivElement = Interface<Element>("HTMLDivElement", inherits: htmlElement) { b in
    b.reflect("align")
  }

  /// https://html.spec.whatwg.org/multipage/grouping-content.html#htmlhrelement
  static let htmlHRElement = Interface<Element>("HTMLHRElement", inherits: htmlElement) { b in
    b.reflect("align")
    b.reflect("color")
    b.reflectBool("noShade")
    b.reflect("size")
    b.reflect("width")
  }

  /// https://html.spec.whatwg.org/multipage/grouping-content.html#htmllielement
  static let htmlLIElement = Interface<Element>("HTMLLIElement", inherits: htmlElement) { b in
    b.reflectInteger("value", .long(default: 0))
    b.reflect("type")
  }

  /// https://html.spec.whatwg.org/multipage/grouping-content.html#htmlolistelement
  static let htmlOListElement = Interface<Element>("HTMLOListElement", inherits: htmlElement) { b in
    b.reflectBool("reversed")
    b.reflectInteger("start", .long(default: 1))
    b.reflect("type")
    b.reflectBool("compact")
  }

  /// https://html.spec.whatwg.org/multipage/grouping-content.html#htmlparagraphelement
  static let htmlParagraphElement = Interface<Element>("HTMLParagraphElement", inherits: htmlElement) { b in
    b.reflect("align")
  }

  /// https://html.spec.whatwg.org/multipage/grouping-content.html#htmlpreelement
  static let htmlPreElement = Interface<Element>("HTMLPreElement", inherits: htmlElement) { b in
    b.reflectInteger("width", .long(default: 0))
  }

  /// https://html.spec.whatwg.org/multipage/grouping-content.html#htmlquoteelement
  static let htmlQuoteElement = Interface<Element>("HTMLQuoteElement", inherits: htmlElement) { b in
    b.reflectURL("cite")
  }

  /// https://html.spec.whatwg.org/multipage/grouping-content.html#htmlulistelement
  static let htmlUListElement = Interface<Element>("HTMLUListElement", inherits: htmlElement) { b in
    b.reflectBool("compact")
    b.reflect("type")
  }
}
