/// The presentational hints of HTML attributes (https://html.spec.whatwg.org/multipage/rendering.html#presentational-hints):
/// author-level declarations with specificity zero, before every author rule. Those that set a property computed
/// here, mapped as Chromium maps them (`<div align=center>` is `text-align: -webkit-center`).
extension DeclarationBlock {
  static func presentationalHints(of element: Element) -> DeclarationBlock? {
    guard element.isHTML, element.hasAttributes() else { return nil }
    var block = DeclarationBlock()
    if let hidden = element.getAttribute("hidden") {
      if hidden.asciiLowercased == "until-found" {
        block.add(name: "content-visibility", value: "hidden", important: false)
      } else if element.localName != "embed" {
        block.add(name: "display", value: "none", important: false)
      }
    }
    let align = element.getAttribute("align")?.trimmingCSSWhitespace().asciiLowercased
    switch element.localName {
    case "div", "p", "td", "th", "tr", "thead", "tbody", "tfoot":
      let mapped: [String: String] = [
        "center": "-webkit-center", "middle": "-webkit-center", "left": "-webkit-left", "right": "-webkit-right",
        "justify": "justify",
      ]
      if let align, let value = mapped[align] { block.add(name: "text-align", value: value, important: false) }
      if element.localName == "td" || element.localName == "th", element.hasAttribute("nowrap") {
        block.add(name: "white-space", value: "nowrap", important: false)
      }
    case "h1", "h2", "h3", "h4", "h5", "h6":
      if let align, ["left", "right", "center", "justify"].contains(align) {
        block.add(name: "text-align", value: align, important: false)
      }
    case "table", "img", "object", "embed", "iframe", "input":
      if element.localName == "input", element.getAttribute("type")?.asciiLowercased != "image" { break }
      if let align, align == "left" || align == "right" { block.add(name: "float", value: align, important: false) }
    case "font":
      if let color = element.getAttribute("color").flatMap(legacyColor) { block.add(name: "color", value: color, important: false) }
      if let size = element.getAttribute("size").flatMap(legacyFontSize) { block.add(name: "font-size", value: size, important: false) }
    case "body":
      if let color = element.getAttribute("text").flatMap(legacyColor) { block.add(name: "color", value: color, important: false) }
    case "ol", "ul", "li":
      // https://html.spec.whatwg.org/multipage/rendering.html#lists (type is case-sensitive for a, A, i, I).
      let types = [
        "1": "decimal", "a": "lower-alpha", "A": "upper-alpha", "i": "lower-roman", "I": "upper-roman",
        "none": "none", "disc": "disc", "circle": "circle", "square": "square",
      ]
      if let type = element.getAttribute("type"), let value = types[type] ?? types[type.asciiLowercased] {
        block.add(name: "list-style-type", value: value, important: false)
      }
    case "pre":
      if element.hasAttribute("wrap") { block.add(name: "white-space", value: "pre-wrap", important: false) }
    case "textarea":
      if element.getAttribute("wrap")?.asciiLowercased == "off" {
        block.add(name: "white-space", value: "pre", important: false)
      }
    default:
      break
    }
    addDimensionHints(of: element, to: &block)
    // https://html.spec.whatwg.org/multipage/rendering.html#tables-2 and #the-page: bgcolor.
    if ["body", "table", "thead", "tbody", "tfoot", "tr", "td", "th"].contains(element.localName),
      let color = element.getAttribute("bgcolor").flatMap(legacyColor)
    {
      block.add(name: "background-color", value: color, important: false)
    }
    return block.isEmpty ? nil : block
  }

  /// Width, height, spacing and borders from attributes (https://html.spec.whatwg.org/multipage/rendering.html
  /// #dimRendering, #tables-2, #embedded-content-rendering-rules, #the-hr-element-2).
  private static func addDimensionHints(of element: Element, to block: inout DeclarationBlock) {
    func dimension(_ name: String, as property: String, zeroAllowed: Bool = true) {
      guard let value = element.getAttribute(name).flatMap(dimensionValue), zeroAllowed || value != "0px" else { return }
      block.add(name: property, value: value, important: false)
    }
    let name = element.localName
    switch name {
    case "img", "iframe", "embed", "object", "video", "canvas":
      dimension("width", as: "width")
      dimension("height", as: "height")
      if name == "img" || name == "object" {
        // hspace and vspace: margins.
        if let value = element.getAttribute("hspace").flatMap(dimensionValue) { block.add(name: "margin-inline", value: value, important: false) }
        if let value = element.getAttribute("vspace").flatMap(dimensionValue) { block.add(name: "margin-block", value: value, important: false) }
      }
      if name == "iframe", let frameborder = element.getAttribute("frameborder"), frameborder == "0" || frameborder.asciiLowercased == "no" {
        block.add(name: "border", value: "none", important: false)
      }
    case "input":
      if element.getAttribute("type")?.asciiLowercased == "image" {
        dimension("width", as: "width")
        dimension("height", as: "height")
      }
    case "table":
      dimension("width", as: "width", zeroAllowed: false)
      dimension("height", as: "height")
      if let spacing = element.getAttribute("cellspacing").flatMap(dimensionValue) {
        block.add(name: "border-spacing", value: spacing, important: false)
      }
      if let border = element.getAttribute("border") {
        let width = Int(border.trimmingCSSWhitespace().prefix { $0.isASCII && $0.isNumber }) ?? 1
        if width > 0 { block.add(name: "border", value: "\(width)px outset", important: false) }
      }
    case "td", "th":
      dimension("width", as: "width", zeroAllowed: false)
      dimension("height", as: "height", zeroAllowed: false)
      var table = element.parentElement
      while let current = table, !current.isHTML(named: "table") { table = current.parentElement }
      if let table {
        if let padding = table.getAttribute("cellpadding").flatMap(dimensionValue) {
          block.add(name: "padding", value: padding, important: false)
        }
        if let border = table.getAttribute("border"), (Int(border.trimmingCSSWhitespace().prefix { $0.isASCII && $0.isNumber }) ?? 1) > 0 {
          block.add(name: "border", value: "1px inset", important: false)
        }
      }
    case "col", "colgroup":
      dimension("width", as: "width")
    case "tr":
      dimension("height", as: "height")
    case "hr":
      dimension("width", as: "width")
      if let size = element.getAttribute("size").flatMap({ Int($0.trimmingCSSWhitespace()) }), size > 0 {
        block.add(name: "height", value: "\(max(size - 2, 0))px", important: false)
      }
    default:
      break
    }
  }

  /// https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#rules-for-parsing-dimension-values: `100`
  /// as `100px`, `50%`, nil when no digits lead.
  static func dimensionValue(_ text: String) -> String? {
    let trimmed = text.trimmingCSSWhitespace()
    var digits = ""
    var rest = Substring(trimmed)
    while let c = rest.first, c.isASCII, c.isNumber || c == "." {
      digits.append(c)
      rest = rest.dropFirst()
    }
    guard let number = Double(digits) else { return nil }
    return CSSValue.formatNumber(number) + (rest.first == "%" ? "%" : "px")
  }

  /// `<font size>` (https://html.spec.whatwg.org/multipage/rendering.html#phrasing-content-3): 1 to 7, or relative
  /// to 3 with + or -, as a size keyword.
  private static func legacyFontSize(_ value: String) -> String? {
    let trimmed = value.trimmingCSSWhitespace()
    var digits = Substring(trimmed)
    var mode: Character?
    if let first = digits.first, first == "+" || first == "-" {
      mode = first
      digits = digits.dropFirst()
    }
    let number = digits.prefix { $0.isASCII && $0.isNumber }
    guard let parsed = Int(number.prefix(9)) else { return nil }
    var size = mode == "+" ? 3 + parsed : mode == "-" ? 3 - parsed : parsed
    size = min(max(size, 1), 7)
    return ["x-small", "small", "medium", "large", "x-large", "xx-large", "xxx-large"][size - 1]
  }

  /// A color attribute (`red`, `#f00`, `ff0000`), as a CSS color; nil when it is not one.
  /// (A reduced form of https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#rules-for-parsing-a-legacy-colour-value.)
  private static func legacyColor(_ value: String) -> String? {
    let trimmed = value.trimmingCSSWhitespace()
    guard !trimmed.isEmpty, trimmed.asciiLowercased != "transparent" else { return nil }
    if let color = CSSColor.parse(trimmed) { return color.serialized }
    if trimmed.count == 3 || trimmed.count == 6, let color = CSSColor.parse("#" + trimmed) { return color.serialized }
    return nil
  }
}
