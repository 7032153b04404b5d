/// The "in body" rules by tag name: one dictionary lookup per tag instead of a chain of string compares.
extension HTMLTreeBuilder {
  /// The start tag entries of https://html.spec.whatwg.org/#parsing-main-inbody (nil: "any other start tag").
  enum BodyStartRule {
    case html, headContent, body, frameset, closesParagraph, heading, preListing, form, listItem, plaintext, button
    case anchor, formatting, nobr, appletMarqueeObject, table, voidElement, input, paramSourceTrack, hr, image
    case textarea, xmp, iframe, noembed, noscript, select, option, optgroup, rbRtc, rpRt, math, svg, ignored
  }

  static let bodyStartRules = TagTable<BodyStartRule>([
    "html": .html, "base": .headContent, "basefont": .headContent, "bgsound": .headContent, "link": .headContent,
    "meta": .headContent, "noframes": .headContent, "script": .headContent, "style": .headContent,
    "template": .headContent, "title": .headContent, "body": .body, "frameset": .frameset,
    "address": .closesParagraph, "article": .closesParagraph, "aside": .closesParagraph,
    "blockquote": .closesParagraph, "center": .closesParagraph, "details": .closesParagraph,
    "dialog": .closesParagraph, "dir": .closesParagraph, "div": .closesParagraph, "dl": .closesParagraph,
    "fieldset": .closesParagraph, "figcaption": .closesParagraph, "figure": .closesParagraph,
    "footer": .closesParagraph, "header": .closesParagraph, "hgroup": .closesParagraph, "main": .closesParagraph,
    "menu": .closesParagraph, "nav": .closesParagraph, "ol": .closesParagraph, "p": .closesParagraph,
    "search": .closesParagraph, "section": .closesParagraph, "summary": .closesParagraph, "ul": .closesParagraph,
    "h1": .heading, "h2": .heading, "h3": .heading, "h4": .heading, "h5": .heading, "h6": .heading,
    "pre": .preListing, "listing": .preListing, "form": .form, "li": .listItem, "dd": .listItem, "dt": .listItem,
    "plaintext": .plaintext, "button": .button, "a": .anchor, "b": .formatting, "big": .formatting,
    "code": .formatting, "em": .formatting, "font": .formatting, "i": .formatting, "s": .formatting,
    "small": .formatting, "strike": .formatting, "strong": .formatting, "tt": .formatting, "u": .formatting,
    "nobr": .nobr, "applet": .appletMarqueeObject, "marquee": .appletMarqueeObject, "object": .appletMarqueeObject,
    "table": .table, "area": .voidElement, "br": .voidElement, "embed": .voidElement, "img": .voidElement,
    "keygen": .voidElement, "wbr": .voidElement, "input": .input, "param": .paramSourceTrack,
    "source": .paramSourceTrack, "track": .paramSourceTrack, "hr": .hr, "image": .image, "textarea": .textarea,
    "xmp": .xmp, "iframe": .iframe, "noembed": .noembed, "noscript": .noscript, "select": .select, "option": .option,
    "optgroup": .optgroup, "rb": .rbRtc, "rtc": .rbRtc, "rp": .rpRt, "rt": .rpRt, "math": .math, "svg": .svg,
    "caption": .ignored, "col": .ignored, "colgroup": .ignored, "frame": .ignored, "head": .ignored,
    "tbody": .ignored, "td": .ignored, "tfoot": .ignored, "th": .ignored, "thead": .ignored, "tr": .ignored,
  ])

  /// The end tag entries of https://html.spec.whatwg.org/#parsing-main-inbody (nil: "any other end tag").
  enum BodyEndRule {
    case template, bodyOrHTML, block, select, form, paragraph, listItem, ddDt, heading, formatting
    case appletMarqueeObject, br
  }

  static let bodyEndRules = TagTable<BodyEndRule>([
    "template": .template, "body": .bodyOrHTML, "html": .bodyOrHTML, "address": .block, "article": .block,
    "aside": .block, "blockquote": .block, "button": .block, "center": .block, "details": .block, "dialog": .block,
    "dir": .block, "div": .block, "dl": .block, "fieldset": .block, "figcaption": .block, "figure": .block,
    "footer": .block, "header": .block, "hgroup": .block, "listing": .block, "main": .block, "menu": .block,
    "nav": .block, "ol": .block, "pre": .block, "search": .block, "section": .block, "summary": .block, "ul": .block,
    "select": .select, "form": .form, "p": .paragraph, "li": .listItem, "dd": .ddDt, "dt": .ddDt, "h1": .heading,
    "h2": .heading, "h3": .heading, "h4": .heading, "h5": .heading, "h6": .heading, "a": .formatting,
    "b": .formatting, "big": .formatting, "code": .formatting, "em": .formatting, "font": .formatting,
    "i": .formatting, "nobr": .formatting, "s": .formatting, "small": .formatting, "strike": .formatting,
    "strong": .formatting, "tt": .formatting, "u": .formatting, "applet": .appletMarqueeObject,
    "marquee": .appletMarqueeObject, "object": .appletMarqueeObject, "br": .br,
  ])
}
