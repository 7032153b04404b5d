import DOM
import JSBridge

// HTML element interfaces, grouped as web-platform-tests' html/dom/elements-embedded.js groups them. The members
// follow ../shared/wpt/interfaces/html.idl; each reflected attribute has the type that file checks.

extension DOMInterfaces {
  /// https://html.spec.whatwg.org/multipage/media.html#htmlmediaelement
  static let htmlMediaElement = Interface<Element>("HTMLMediaElement", inherits: htmlElement) { b in
    b.reflectURL("src")
    b.reflectCrossOrigin()
    b.reflectEnum("preload", keywords: ["none", "metadata", "auto"], aliases: ["": "auto"])
    b.reflectBool("autoplay")
    b.reflectBool("loop")
    b.reflectBool("controls")
    b.reflectBool("defaultMuted", attribute: "muted")
  }

  /// https://html.spec.whatwg.org/multipage/image-maps.html#htmlareaelement
  static let htmlAreaElement = Interface<Element>("HTMLAreaElement", inherits: htmlElement) { b in
    b.reflect("alt")
    b.reflect("coords")
    b.reflect("shape")
    b.reflect("target")
    b.reflect("download")
    b.reflect("ping")
    b.reflect("rel")
    b.reflectTokenList("relList", attribute: "rel", supportedTokens: hyperlinkRelTokens)
    b.reflectEnum("referrerPolicy", keywords: referrerPolicyKeywords)
    b.reflectURL("href")
    b.reflectBool("noHref")
    addHyperlinkUtils(b)
  }

  /// https://html.spec.whatwg.org/multipage/media.html#htmlaudioelement
  static let htmlAudioElement = Interface<Element>("HTMLAudioElement", inherits: htmlMediaElement) { _ in }

  /// https://html.spec.whatwg.org/multipage/canvas.html#htmlcanvaselement
  static let htmlCanvasElement = Interface<Element>("HTMLCanvasElement", inherits: htmlElement) { b in
    b.reflectInteger("width", .unsignedLong(default: 300))
    b.reflectInteger("height", .unsignedLong(default: 150))
  }

  /// https://html.spec.whatwg.org/multipage/iframe-embed-object.html#htmlembedelement
  static let htmlEmbedElement = Interface<Element>("HTMLEmbedElement", inherits: htmlElement) { b in
    b.reflectURL("src")
    b.reflect("type")
    b.reflect("width")
    b.reflect("height")
    b.reflect("align")
    b.reflect("name")
  }

  /// https://html.spec.whatwg.org/multipage/iframe-embed-object.html#htmliframeelement
  static let htmlIFrameElement = Interface<Element>("HTMLIFrameElement", inherits: htmlElement) { b in
    b.reflectURL("src")
    b.reflect("srcdoc")
    b.reflect("name")
    b.reflectTokenList("sandbox", supportedTokens: sandboxTokens)
    b.reflectBool("allowFullscreen")
    b.reflect("width")
    b.reflect("height")
    b.reflectEnum("referrerPolicy", keywords: referrerPolicyKeywords)
    b.reflect("align")
    b.reflect("scrolling")
    b.reflect("frameBorder")
    b.reflectURL("longDesc")
    b.reflect("marginHeight", nullAsEmpty: true)
    b.reflect("marginWidth", nullAsEmpty: true)
    // The nested browsing context (Window+Frames.swift); frames are always same-origin here.
    b.getter("contentWindow") { iframe in (iframe.document.defaultView as? Window)?.frame(for: iframe)?.context.global }
    b.getter("contentDocument") { iframe in (iframe.document.defaultView as? Window)?.frame(for: iframe)?.document }
  }

  /// https://html.spec.whatwg.org/multipage/embedded-content.html#htmlimageelement
  static let htmlImageElement = Interface<Element>("HTMLImageElement", inherits: htmlElement) { b in
    b.reflect("alt")
    b.reflectURL("src")
    b.reflect("srcset")
    b.reflectCrossOrigin()
    b.reflect("useMap")
    b.reflectBool("isMap")
    addImageRequest(b)
    b.reflectEnum("referrerPolicy", keywords: referrerPolicyKeywords)
    b.reflectEnum("decoding", keywords: ["async", "sync", "auto"], missing: "auto")
    b.reflect("name")
    b.reflectURL("lowsrc")
    b.reflect("align")
    b.reflectInteger("hspace", .unsignedLong(default: 0))
    b.reflectInteger("vspace", .unsignedLong(default: 0))
    b.reflectURL("longDesc")
    b.reflect("border", nullAsEmpty: true)
    b.reflect("sizes")
    b.reflectEnum("loading", keywords: ["lazy", "eager"], missing: "eager", invalid: "eager")
  }

  /// https://html.spec.whatwg.org/multipage/image-maps.html#htmlmapelement
  static let htmlMapElement = Interface<Element>("HTMLMapElement", inherits: htmlElement) { b in
    b.reflect("name")
    b.sameObject("areas") { map, context in
      HTMLCollectionObject(.elements(under: map) { $0.isHTML(named: "area") })
    }
  }

  /// https://html.spec.whatwg.org/multipage/iframe-embed-object.html#htmlobjectelement
  static let htmlObjectElement = Interface<Element>("HTMLObjectElement", inherits: htmlElement) { b in
    b.reflectURL("data")
    b.reflect("type")
    b.reflect("name")
    b.reflect("useMap")
    b.reflect("width")
    b.reflect("height")
    b.reflect("align")
    b.reflect("archive")
    b.reflect("code")
    b.reflectBool("declare")
    b.reflectInteger("hspace", .unsignedLong(default: 0))
    b.reflect("standby")
    b.reflectInteger("vspace", .unsignedLong(default: 0))
    b.reflectURL("codeBase")
    b.reflect("codeType")
    b.reflect("border", nullAsEmpty: true)
  }

  /// https://html.spec.whatwg.org/multipage/obsolete.html#htmlparamelement
  static let htmlParamElement = Interface<Element>("HTMLParamElement", inherits: htmlElement) { b in
    b.reflect("name")
    b.reflect("value")
    b.reflect("type")
    b.reflect("valueType")
  }

  /// https://html.spec.whatwg.org/multipage/embedded-content.html#htmlpictureelement
  static let htmlPictureElement = Interface<Element>("HTMLPictureElement", inherits: htmlElement) { _ in }

  /// https://html.spec.whatwg.org/multipage/embedded-content.html#htmlsourceelement
  static let htmlSourceElement = Interface<Element>("HTMLSourceElement", inherits: htmlElement) { b in
    b.reflectURL("src")
    b.reflect("type")
    b.reflect("srcset")
    b.reflect("sizes")
    b.reflect("media")
  }

  /// https://html.spec.whatwg.org/multipage/media.html#htmltrackelement
  static let htmlTrackElement = Interface<Element>("HTMLTrackElement", inherits: htmlElement) { b in
    b.reflectEnum(
      "kind",
      keywords: [
        "subtitles", "captions", "descriptions", "chapters", "metadata",
      ], missing: "subtitles", invalid: "metadata")
    b.reflectURL("src")
    b.reflect("srclang")
    b.reflect("label")
    b.reflectBool("default")
  }

  /// https://html.spec.whatwg.org/multipage/media.html#htmlvideoelement
  static let htmlVideoElement = Interface<Element>("HTMLVideoElement", inherits: htmlMediaElement) { b in
    b.reflectInteger("width", .unsignedLong(default: 0))
    b.reflectInteger("height", .unsignedLong(default: 0))
    b.reflectURL("poster")
    b.reflectBool("playsInline")
  }
}
