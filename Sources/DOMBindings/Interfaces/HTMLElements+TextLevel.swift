import DOM
import JSBridge

// HTML element interfaces, grouped as web-platform-tests' html/dom/elements-text.js groups them. The members
// follow ../shared/wpt/interfaces/html.idl; each reflected attribute has the type that file checks.

extension DOMInterfaces {
  /// https://html.spec.whatwg.org/multipage/text-level-semantics.html#htmlanchorelement
  static let htmlAnchorElement = Interface<Element>("HTMLAnchorElement", inherits: htmlElement) { b in
    b.reflect("target")
    b.reflect("download")
    b.reflect("ping")
    b.reflect("rel")
    b.reflectTokenList("relList", attribute: "rel", supportedTokens: hyperlinkRelTokens)
    b.reflect("hreflang")
    b.reflect("type")
    b.reflectEnum("referrerPolicy", keywords: referrerPolicyKeywords)
    b.reflectURL("href")
    b.reflect("coords")
    b.reflect("charset")
    b.reflect("name")
    b.reflect("rev")
    b.reflect("shape")
    b.reflect("text", get: { $0.textContent }, set: { $0.textContent = $1 })
    addHyperlinkUtils(b)
  }

  /// https://html.spec.whatwg.org/multipage/text-level-semantics.html#htmlbrelement
  static let htmlBRElement = Interface<Element>("HTMLBRElement", inherits: htmlElement) { b in
    b.reflect("clear")
  }

  /// https://html.spec.whatwg.org/multipage/text-level-semantics.html#htmldataelement
  static let htmlDataElement = Interface<Element>("HTMLDataElement", inherits: htmlElement) { b in
    b.reflect("value")
  }

  /// https://html.spec.whatwg.org/multipage/text-level-semantics.html#htmlspanelement
  static let htmlSpanElement = Interface<Element>("HTMLSpanElement", inherits: htmlElement) { _ in }

  /// https://html.spec.whatwg.org/multipage/text-level-semantics.html#htmltimeelement
  static let htmlTimeElement = Interface<Element>("HTMLTimeElement", inherits: htmlElement) { b in
    b.reflect("dateTime")
  }
}
