import DOM
import JSBridge

// HTML element interfaces, grouped as web-platform-tests' html/dom/elements-metadata.js groups them. The members
// follow ../shared/wpt/interfaces/html.idl; each reflected attribute has the type that file checks.

extension DOMInterfaces {
  /// https://html.spec.whatwg.org/multipage/semantics.html#htmlbaseelement
  static let htmlBaseElement = Interface<Element>("HTMLBaseElement", inherits: htmlElement) { b in
    b.reflectURL("href")
    b.reflect("target")
  }

  /// https://html.spec.whatwg.org/multipage/semantics.html#htmlheadelement
  static let htmlHeadElement = Interface<Element>("HTMLHeadElement", inherits: htmlElement) { _ in }

  /// https://html.spec.whatwg.org/multipage/semantics.html#htmllinkelement
  static let htmlLinkElement = Interface<Element>("HTMLLinkElement", inherits: htmlElement) { b in
    b.reflectURL("href")
    b.reflectCrossOrigin()
    b.reflect("rel")
    b.reflectEnum(
      "as",
      keywords: [
        "fetch", "audio", "document", "embed", "font", "image", "manifest", "object", "report", "script",
        "sharedworker", "style", "track", "video", "worker", "xslt",
      ])
    b.reflectTokenList("relList", attribute: "rel", supportedTokens: linkRelTokens)
    b.contextGetter("sheet") { element, context in try CSSStyleSheetObject.of(element, in: context) }
    b.reflect("media")
    b.reflect("integrity")
    b.reflect("hreflang")
    b.reflect("type")
    b.reflectTokenList("sizes")
    b.reflectEnum("referrerPolicy", keywords: referrerPolicyKeywords)
    b.reflect("charset")
    b.reflect("rev")
    b.reflect("target")
  }

  /// https://html.spec.whatwg.org/multipage/semantics.html#htmlmetaelement
  static let htmlMetaElement = Interface<Element>("HTMLMetaElement", inherits: htmlElement) { b in
    b.reflect("name")
    b.reflect("httpEquiv", attribute: "http-equiv")
    b.reflect("content")
    b.reflect("scheme")
    b.reflect("media")
  }

  /// https://html.spec.whatwg.org/multipage/semantics.html#htmlstyleelement
  static let htmlStyleElement = Interface<Element>("HTMLStyleElement", inherits: htmlElement) { b in
    b.reflect("media")
    b.reflect("type")
    b.contextGetter("sheet") { element, context in try CSSStyleSheetObject.of(element, in: context) }
  }

  /// https://html.spec.whatwg.org/multipage/semantics.html#htmltitleelement
  static let htmlTitleElement = Interface<Element>("HTMLTitleElement", inherits: htmlElement) { _ in }
}
