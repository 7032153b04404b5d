import JSBridge

/// The HTML spec's element index as data: interface → tag names.
///
/// https://html.spec.whatwg.org/multipage/indices.html#elements-3 (and, for obsolete elements,
/// https://html.spec.whatwg.org/multipage/obsolete.html#requirements-for-implementations). A tag not listed gets
/// `HTMLUnknownElement`, or `HTMLElement` when it is a valid custom element name.
extension DOMInterfaces {
  /// The HTML element interfaces, parents before children, with the tags of each (the registry's part for HTML).
  static let htmlElementRegistrations: [Registration] = [
    Registration(htmlElement, .htmlTags([
      "abbr", "acronym", "address", "article", "aside", "b", "basefont", "bdi", "bdo", "big", "center", "cite",
      "code", "dd", "dfn", "dt", "em", "figcaption", "figure", "footer", "header", "hgroup", "i", "kbd", "main",
      "mark", "nav", "nobr", "noembed", "noframes", "noscript", "plaintext", "rb", "rp", "rt", "rtc", "ruby", "s",
      "samp", "search", "section", "small", "strike", "strong", "sub", "summary", "sup", "tt", "u", "var", "wbr",
    ])),
    Registration(htmlMediaElement, .unselected),
    Registration(htmlAnchorElement, .htmlTags(["a"])),
    Registration(htmlAreaElement, .htmlTags(["area"])),
    Registration(htmlAudioElement, .htmlTags(["audio"])),
    Registration(htmlBRElement, .htmlTags(["br"])),
    Registration(htmlBaseElement, .htmlTags(["base"])),
    Registration(htmlBodyElement, .htmlTags(["body"])),
    Registration(htmlButtonElement, .htmlTags(["button"])),
    Registration(htmlCanvasElement, .htmlTags(["canvas"])),
    Registration(htmlDListElement, .htmlTags(["dl"])),
    Registration(htmlDataElement, .htmlTags(["data"])),
    Registration(htmlDataListElement, .htmlTags(["datalist"])),
    Registration(htmlDetailsElement, .htmlTags(["details"])),
    Registration(htmlDialogElement, .htmlTags(["dialog"])),
    Registration(htmlDirectoryElement, .htmlTags(["dir"])),
    Registration(htmlDivElement, .htmlTags(["div"])),
    Registration(htmlEmbedElement, .htmlTags(["embed"])),
    Registration(htmlFieldSetElement, .htmlTags(["fieldset"])),
    Registration(htmlFontElement, .htmlTags(["font"])),
    Registration(htmlFormElement, .htmlTags(["form"])),
    Registration(htmlFrameElement, .htmlTags(["frame"])),
    Registration(htmlFrameSetElement, .htmlTags(["frameset"])),
    Registration(htmlHRElement, .htmlTags(["hr"])),
    Registration(htmlHeadElement, .htmlTags(["head"])),
    Registration(htmlHeadingElement, .htmlTags(["h1", "h2", "h3", "h4", "h5", "h6"])),
    Registration(htmlHtmlElement, .htmlTags(["html"])),
    Registration(htmlIFrameElement, .htmlTags(["iframe"])),
    Registration(htmlImageElement, .htmlTags(["img"])),
    Registration(htmlInputElement, .htmlTags(["input"])),
    Registration(htmlLIElement, .htmlTags(["li"])),
    Registration(htmlLabelElement, .htmlTags(["label"])),
    Registration(htmlLegendElement, .htmlTags(["legend"])),
    Registration(htmlLinkElement, .htmlTags(["link"])),
    Registration(htmlMapElement, .htmlTags(["map"])),
    Registration(htmlMarqueeElement, .htmlTags(["marquee"])),
    Registration(htmlMenuElement, .htmlTags(["menu"])),
    Registration(htmlMetaElement, .htmlTags(["meta"])),
    Registration(htmlMeterElement, .htmlTags(["meter"])),
    Registration(htmlModElement, .htmlTags(["del", "ins"])),
    Registration(htmlOListElement, .htmlTags(["ol"])),
    Registration(htmlObjectElement, .htmlTags(["object"])),
    Registration(htmlOptGroupElement, .htmlTags(["optgroup"])),
    Registration(htmlOptionElement, .htmlTags(["option"])),
    Registration(htmlOutputElement, .htmlTags(["output"])),
    Registration(htmlParagraphElement, .htmlTags(["p"])),
    Registration(htmlParamElement, .htmlTags(["param"])),
    Registration(htmlPictureElement, .htmlTags(["picture"])),
    Registration(htmlPreElement, .htmlTags(["listing", "pre", "xmp"])),
    Registration(htmlProgressElement, .htmlTags(["progress"])),
    Registration(htmlQuoteElement, .htmlTags(["blockquote", "q"])),
    Registration(htmlScriptElement, .htmlTags(["script"])),
    Registration(htmlSelectElement, .htmlTags(["select"])),
    Registration(htmlSlotElement, .htmlTags(["slot"])),
    Registration(htmlSourceElement, .htmlTags(["source"])),
    Registration(htmlSpanElement, .htmlTags(["span"])),
    Registration(htmlStyleElement, .htmlTags(["style"])),
    Registration(htmlTableCaptionElement, .htmlTags(["caption"])),
    Registration(htmlTableCellElement, .htmlTags(["td", "th"])),
    Registration(htmlTableColElement, .htmlTags(["col", "colgroup"])),
    Registration(htmlTableElement, .htmlTags(["table"])),
    Registration(htmlTableRowElement, .htmlTags(["tr"])),
    Registration(htmlTableSectionElement, .htmlTags(["tbody", "tfoot", "thead"])),
    Registration(htmlTemplateElement, .htmlTags(["template"])),
    Registration(htmlTextAreaElement, .htmlTags(["textarea"])),
    Registration(htmlTimeElement, .htmlTags(["time"])),
    Registration(htmlTitleElement, .htmlTags(["title"])),
    Registration(htmlTrackElement, .htmlTags(["track"])),
    Registration(htmlUListElement, .htmlTags(["ul"])),
    Registration(htmlUnknownElement, .htmlTags([
      "applet", "bgsound", "blink", "isindex", "keygen", "multicol", "nextid", "spacer",
    ])),
    Registration(htmlVideoElement, .htmlTags(["video"])),
  ]
}

extension DOMInterfaces {
  /// The interface of an HTML element with local name `tag`: the index entry, else `HTMLElement` for a valid
  /// custom element name, else `HTMLUnknownElement`.
  static func htmlInterface(forTag tag: String) -> AnyInterface {
    if let interface = htmlElementIndex[tag] { return interface }
    return isValidCustomElementName(tag) ? htmlElement.erased : htmlUnknownElement.erased
  }

  /// https://html.spec.whatwg.org/multipage/custom-elements.html#valid-custom-element-name
  static func isValidCustomElementName(_ name: String) -> Bool {
    let scalars = name.unicodeScalars
    // Step 1. An ASCII lower alpha first, then PCENChars, with at least one hyphen.
    guard let first = scalars.first, first.value >= 0x61, first.value <= 0x7A, scalars.contains("-"),
      scalars.allSatisfy(isPCENChar)
    else { return false }
    // Step 2. Not one of the reserved names.
    return !reservedCustomElementNames.contains(name)
  }

  private static let reservedCustomElementNames: Set<String> = [
    "annotation-xml", "color-profile", "font-face", "font-face-src", "font-face-uri", "font-face-format",
    "font-face-name", "missing-glyph",
  ]

  /// https://html.spec.whatwg.org/multipage/custom-elements.html#prod-pcenchar
  private static func isPCENChar(_ s: Unicode.Scalar) -> Bool {
    switch s.value {
    case 0x2D, 0x2E, 0x30...0x39, 0x5F, 0x61...0x7A, 0xB7, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x37D, 0x37F...0x1FFF,
      0x200C...0x200D, 0x203F...0x2040, 0x2070...0x218F, 0x2C00...0x2FEF, 0x3001...0xD7FF, 0xF900...0xFDCF,
      0xFDF0...0xFFFD, 0x10000...0xEFFFF:
      return true
    default:
      return false
    }
  }
}
