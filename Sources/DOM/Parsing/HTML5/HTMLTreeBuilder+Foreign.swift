/// The rules for parsing tokens in foreign content (SVG and MathML), with the name adjustments.
///
/// https://html.spec.whatwg.org/#parsing-main-inforeign
extension HTMLTreeBuilder {
  static let breakoutTags: Set<String> = [
    "b", "big", "blockquote", "body", "br", "center", "code", "dd", "div", "dl", "dt", "em", "embed", "h1", "h2",
    "h3", "h4", "h5", "h6", "head", "hr", "i", "img", "li", "listing", "menu", "meta", "nobr", "ol", "p", "pre",
    "ruby", "s", "small", "span", "strong", "strike", "sub", "sup", "table", "tt", "u", "ul", "var",
  ]

  mutating func processForeign(_ token: HTMLToken) {
    switch token {
    case .characters(let s):
      var text = Substring(s)
      if text.utf8.contains(0) {
        text = Substring(String(decoding: text.utf8.flatMap { $0 == 0 ? [0xEF, 0xBF, 0xBD] : [$0] }, as: UTF8.self))
      }
      insertCharacters(text)
      if framesetOK, s.utf8.contains(where: { !isHTMLSpace($0) && $0 != 0 }) { framesetOK = false }
    case .comment(let data): insertComment(data)
    case .doctype: return
    case .startTag(let tag):
      let breaksOut = Self.breakoutTags.contains(tag.name)
        || (tag.name == "font" && tag.attributes.contains { ["color", "face", "size"].contains($0.name) })
      if breaksOut { return breakOut(token) }
      // Any other start tag.
      let ns = adjustedCurrentNode!.ns
      var adjusted = tag
      if ns == .mathml { adjusted = adjustMathMLAttributes(tag) }
      if ns == .svg {
        adjusted.name = Self.svgTagNames[tag.name] ?? tag.name
        adjusted = adjustSVGAttributes(adjusted)
      }
      insertForeign(adjusted, ns: ns)
    case .endTag(let tag):
      if tag.name == "br" || tag.name == "p" { return breakOut(token) }
      if tag.name == "script", let current = currentNode, current.ns == .svg, current.name == "script" {
        return pop()
      }
      // Any other end tag. Step 1–6: walking down from the current node, a foreign element with the token's name
      // is found first when it is above every HTML element (the bottom one is HTML).
      guard stack.count > 1 else { return }
      if let index = stack.foreignEndTagTarget(tag.name) { return popUntil(node: stack[index].node) }
      // Step 7.
      processInMode(token)
    case .endOfFile: processInMode(token)
    }
  }

  /// Pops out of foreign content, then processes the token in HTML content.
  private mutating func breakOut(_ token: HTMLToken) {
    while let current = currentNode, current.ns != .html, !isMathMLTextIntegrationPoint(current),
          !current.isHTMLIntegrationPoint
    {
      pop()
    }
    processInMode(token)
  }

  /// https://html.spec.whatwg.org/#adjust-mathml-attributes
  func adjustMathMLAttributes(_ tag: HTMLTag) -> HTMLTag {
    var tag = tag
    for i in tag.attributes.indices where tag.attributes[i].name == "definitionurl" {
      tag.attributes[i].name = "definitionURL"
    }
    return tag
  }

  /// https://html.spec.whatwg.org/#adjust-svg-attributes
  func adjustSVGAttributes(_ tag: HTMLTag) -> HTMLTag {
    var tag = tag
    for i in tag.attributes.indices {
      if let adjusted = Self.svgAttributes[tag.attributes[i].name] { tag.attributes[i].name = adjusted }
    }
    return tag
  }

  static let svgTagNames: [String: String] = Dictionary(uniqueKeysWithValues: [
    "altGlyph", "altGlyphDef", "altGlyphItem", "animateColor", "animateMotion", "animateTransform", "clipPath",
    "feBlend", "feColorMatrix", "feComponentTransfer", "feComposite", "feConvolveMatrix", "feDiffuseLighting",
    "feDisplacementMap", "feDistantLight", "feDropShadow", "feFlood", "feFuncA", "feFuncB", "feFuncG", "feFuncR",
    "feGaussianBlur", "feImage", "feMerge", "feMergeNode", "feMorphology", "feOffset", "fePointLight",
    "feSpecularLighting", "feSpotLight", "feTile", "feTurbulence", "foreignObject", "glyphRef", "linearGradient",
    "radialGradient", "textPath",
  ].map { (asciiLowercased($0), $0) })

  static let svgAttributes: [String: String] = Dictionary(uniqueKeysWithValues: [
    "attributeName", "attributeType", "baseFrequency", "baseProfile", "calcMode", "clipPathUnits",
    "diffuseConstant", "edgeMode", "filterUnits", "glyphRef", "gradientTransform", "gradientUnits", "kernelMatrix",
    "kernelUnitLength", "keyPoints", "keySplines", "keyTimes", "lengthAdjust", "limitingConeAngle", "markerHeight",
    "markerUnits", "markerWidth", "maskContentUnits", "maskUnits", "numOctaves", "pathLength",
    "patternContentUnits", "patternTransform", "patternUnits", "pointsAtX", "pointsAtY", "pointsAtZ",
    "preserveAlpha", "preserveAspectRatio", "primitiveUnits", "refX", "refY", "repeatCount", "repeatDur",
    "requiredExtensions", "requiredFeatures", "specularConstant", "specularExponent", "spreadMethod",
    "startOffset", "stdDeviation", "stitchTiles", "surfaceScale", "systemLanguage", "tableValues", "targetX",
    "targetY", "textLength", "viewBox", "viewTarget", "xChannelSelector", "yChannelSelector", "zoomAndPan",
  ].map { (asciiLowercased($0), $0) })
}
