/// The properties layout reads (the box model, positioning, overflow, line height, flex and grid containers,
/// opacity), described by one table: their names, inheritance, initial values and grammar.
///
/// Lengths compute to pixels where no layout is needed (`em`, `rem`, `vw`...), in WebKit's layout units as the
/// margins do; percentages, `auto` and keywords stay as written (layout resolves them against the containing block).
/// `getComputedStyle` reports those whose resolved value is their computed value (keywords, numbers, border widths,
/// padding); the sizes and offsets (`width`, `top`...) resolve to layout's used values, which it does not report yet.
extension StyleProperty {
  /// How a box property's value is written.
  enum BoxGrammar {
    /// A length or percentage, or one of the keywords (`auto`, `none`); negative ones only when `signed`.
    case length(signed: Bool, keywords: Set<String>)
    /// One of the keywords.
    case keyword(Set<String>)
    /// A number (non-negative unless `signed`).
    case number(signed: Bool)
    /// `thin`, `medium`, `thick` or a non-negative length.
    case borderWidth
    /// `normal`, a non-negative number, length or percentage.
    case lineHeight
    /// `auto` or an integer.
    case integer
    /// `none` or a list of track sizes (kept as written; layout reads it).
    case tracks
  }

  struct BoxInfo {
    var name: String
    var inherited = false
    var initial: String
    var grammar: BoxGrammar
    var reported = true
  }

  static let lengthKeywords: Set<String> = ["auto"]
  private static let sizeKeywords: Set<String> = ["auto", "min-content", "max-content", "fit-content"]
  private static let maxSizeKeywords: Set<String> = ["none", "min-content", "max-content", "fit-content"]
  private static let borderStyles: Set<String> = [
    "none", "hidden", "dotted", "dashed", "solid", "double", "groove", "ridge", "inset", "outset",
  ]
  private static let overflows: Set<String> = ["visible", "hidden", "clip", "scroll", "auto", "overlay"]
  private static let alignments: Set<String> = [
    "normal", "stretch", "start", "end", "flex-start", "flex-end", "center", "baseline", "left", "right",
    "space-between", "space-around", "space-evenly", "self-start", "self-end", "first baseline", "last baseline",
  ]

  /// The table, for the cases from ``paddingTop`` on.
  static let boxInfo: [StyleProperty: BoxInfo] = {
    var table: [StyleProperty: BoxInfo] = [:]
    let padding = BoxGrammar.length(signed: false, keywords: [])
    for (property, side) in [(paddingTop, "top"), (paddingRight, "right"), (paddingBottom, "bottom"), (paddingLeft, "left")] {
      table[property] = BoxInfo(name: "padding-\(side)", initial: "0px", grammar: padding)
    }
    for (property, side) in [
      (borderTopWidth, "top"), (borderRightWidth, "right"), (borderBottomWidth, "bottom"), (borderLeftWidth, "left"),
    ] {
      table[property] = BoxInfo(name: "border-\(side)-width", initial: "medium", grammar: .borderWidth)
    }
    for (property, side) in [
      (borderTopStyle, "top"), (borderRightStyle, "right"), (borderBottomStyle, "bottom"), (borderLeftStyle, "left"),
    ] {
      table[property] = BoxInfo(name: "border-\(side)-style", initial: "none", grammar: .keyword(borderStyles))
    }
    let size = BoxGrammar.length(signed: false, keywords: sizeKeywords)
    table[width] = BoxInfo(name: "width", initial: "auto", grammar: size, reported: false)
    table[height] = BoxInfo(name: "height", initial: "auto", grammar: size, reported: false)
    table[minWidth] = BoxInfo(name: "min-width", initial: "auto", grammar: size, reported: false)
    table[minHeight] = BoxInfo(name: "min-height", initial: "auto", grammar: size, reported: false)
    let maxSize = BoxGrammar.length(signed: false, keywords: maxSizeKeywords)
    table[maxWidth] = BoxInfo(name: "max-width", initial: "none", grammar: maxSize, reported: false)
    table[maxHeight] = BoxInfo(name: "max-height", initial: "none", grammar: maxSize, reported: false)
    table[boxSizing] = BoxInfo(name: "box-sizing", initial: "content-box", grammar: .keyword(["content-box", "border-box"]))
    let offset = BoxGrammar.length(signed: true, keywords: lengthKeywords)
    for (property, name) in [(top, "top"), (right, "right"), (bottom, "bottom"), (left, "left")] {
      table[property] = BoxInfo(name: name, initial: "auto", grammar: offset, reported: false)
    }
    table[overflowX] = BoxInfo(name: "overflow-x", initial: "visible", grammar: .keyword(overflows))
    table[overflowY] = BoxInfo(name: "overflow-y", initial: "visible", grammar: .keyword(overflows))
    table[lineHeight] = BoxInfo(name: "line-height", inherited: true, initial: "normal", grammar: .lineHeight, reported: false)
    table[verticalAlign] = BoxInfo(
      name: "vertical-align", initial: "baseline",
      grammar: .length(signed: true, keywords: ["baseline", "sub", "super", "text-top", "text-bottom", "middle", "top", "bottom"]))
    table[opacity] = BoxInfo(name: "opacity", initial: "1", grammar: .number(signed: true))
    table[clear] = BoxInfo(
      name: "clear", initial: "none", grammar: .keyword(["none", "left", "right", "both", "inline-start", "inline-end"]))
    table[zIndex] = BoxInfo(name: "z-index", initial: "auto", grammar: .integer)
    table[flexDirection] = BoxInfo(
      name: "flex-direction", initial: "row", grammar: .keyword(["row", "row-reverse", "column", "column-reverse"]))
    table[flexWrap] = BoxInfo(name: "flex-wrap", initial: "nowrap", grammar: .keyword(["nowrap", "wrap", "wrap-reverse"]))
    table[flexGrow] = BoxInfo(name: "flex-grow", initial: "0", grammar: .number(signed: false))
    table[flexShrink] = BoxInfo(name: "flex-shrink", initial: "1", grammar: .number(signed: false))
    table[flexBasis] = BoxInfo(
      name: "flex-basis", initial: "auto", grammar: .length(signed: false, keywords: sizeKeywords.union(["content"])),
      reported: false)
    table[justifyContent] = BoxInfo(name: "justify-content", initial: "normal", grammar: .keyword(alignments))
    table[alignItems] = BoxInfo(name: "align-items", initial: "normal", grammar: .keyword(alignments))
    table[alignSelf] = BoxInfo(name: "align-self", initial: "auto", grammar: .keyword(alignments.union(["auto"])))
    let gap = BoxGrammar.length(signed: false, keywords: ["normal"])
    table[rowGap] = BoxInfo(name: "row-gap", initial: "normal", grammar: gap)
    table[columnGap] = BoxInfo(name: "column-gap", initial: "normal", grammar: gap)
    table[gridTemplateColumns] = BoxInfo(name: "grid-template-columns", initial: "none", grammar: .tracks, reported: false)
    table[gridTemplateRows] = BoxInfo(name: "grid-template-rows", initial: "none", grammar: .tracks, reported: false)
    table[borderSpacing] = BoxInfo(
      name: "border-spacing", inherited: true, initial: "0px", grammar: .length(signed: false, keywords: []), reported: false)
    table[content] = BoxInfo(name: "content", initial: "normal", grammar: .tracks, reported: false)
    return table
  }()

  /// The row of ``boxInfo`` for a box property (nil for the others).
  var box: BoxInfo? { Self.boxRows[rawValue] }

  /// ``boxInfo`` by raw value (a dictionary lookup hashed for every property of every element's style).
  private static let boxRows: [BoxInfo?] = allCases.map { $0.rawValue >= paddingTop.rawValue ? boxInfo[$0] : nil }

  /// A box property's specified value, or nil when invalid.
  static func parseBox(_ value: String, _ grammar: BoxGrammar) -> String? {
    switch grammar {
    case .length(let signed, let keywords):
      if keywords.contains(value) { return value }
      guard let dimension = CSSLength.dimension(value), !dimension.unit.isEmpty || dimension.value == 0,
        signed || dimension.value >= 0
      else { return nil }
      return value
    case .keyword(let allowed):
      return allowed.contains(value) ? value : nil
    case .number(let signed):
      guard let number = Double(value), number.isFinite, signed || number >= 0 else { return nil }
      return CSSValue.formatNumber(number)
    case .borderWidth:
      if ["thin", "medium", "thick"].contains(value) { return value }
      return parseBox(value, .length(signed: false, keywords: [])).flatMap { $0.hasSuffix("%") ? nil : $0 }
    case .lineHeight:
      if value == "normal" { return value }
      if let number = Double(value), number >= 0 { return CSSValue.formatNumber(number) }
      return parseBox(value, .length(signed: false, keywords: []))
    case .integer:
      if value == "auto" { return value }
      return Int(value).map(String.init)
    case .tracks:
      return value.isEmpty ? nil : value
    }
  }
}

extension ComputedStyle {
  /// A border width in pixels for its keyword (WebKit's: thin 1, medium 3, thick 5).
  static func borderWidthPixels(_ value: String, _ basis: CSSLength.Basis) -> Double {
    switch value {
    case "thin": return 1
    case "medium": return 3
    case "thick": return 5
    default:
      guard let dimension = CSSLength.dimension(value), let px = CSSLength.pixels(dimension, basis) else { return 0 }
      // https://drafts.csswg.org/css-backgrounds-3/#border-width: a width between 0 and 1px is 1px (device pixels).
      return px > 0 && px < 1 ? 1 : px.rounded(.down)
    }
  }

  /// A length's computed value: pixels for absolute and font- or viewport-relative lengths (in WebKit's layout
  /// units), the rest as written.
  static func computedLength(_ value: String, _ basis: CSSLength.Basis) -> String {
    guard let dimension = CSSLength.dimension(value), dimension.unit != "%", let px = CSSLength.pixels(dimension, basis)
    else { return value }
    return CSSValue.formatNumber((px * 64).rounded(.towardZero) / 64) + "px"
  }
}

extension StyleShorthand {
  /// The box shorthands' longhands (nil for the others).
  var boxLonghands: [StyleProperty]? {
    switch self {
    case .padding: [.paddingTop, .paddingRight, .paddingBottom, .paddingLeft]
    case .borderWidth: [.borderTopWidth, .borderRightWidth, .borderBottomWidth, .borderLeftWidth]
    case .borderStyle: [.borderTopStyle, .borderRightStyle, .borderBottomStyle, .borderLeftStyle]
    case .border:
      [.borderTopWidth, .borderRightWidth, .borderBottomWidth, .borderLeftWidth, .borderTopStyle, .borderRightStyle,
       .borderBottomStyle, .borderLeftStyle]
    case .borderTop: [.borderTopWidth, .borderTopStyle]
    case .borderRight: [.borderRightWidth, .borderRightStyle]
    case .borderBottom: [.borderBottomWidth, .borderBottomStyle]
    case .borderLeft: [.borderLeftWidth, .borderLeftStyle]
    case .overflow: [.overflowX, .overflowY]
    case .inset: [.top, .right, .bottom, .left]
    case .gap: [.rowGap, .columnGap]
    case .flex: [.flexGrow, .flexShrink, .flexBasis]
    case .flexFlow: [.flexDirection, .flexWrap]
    default: nil
    }
  }

  /// A box shorthand's longhand values for `value` (lowercased), nil when invalid.
  func expandBox(_ value: String) -> [String]? {
    let words = CSSValue.components(value)
    /// 1 to 4 values as top, right, bottom, left, each valid for `grammar`.
    func sides(_ grammar: StyleProperty.BoxGrammar, count: Int = 4) -> [String]? {
      guard !words.isEmpty, words.count <= count else { return nil }
      var parsed: [String] = []
      for word in words {
        guard let side = StyleProperty.parseBox(word, grammar) else { return nil }
        parsed.append(side)
      }
      if count == 2 { return parsed.count == 1 ? [parsed[0], parsed[0]] : parsed }
      switch parsed.count {
      case 1: return [parsed[0], parsed[0], parsed[0], parsed[0]]
      case 2: return [parsed[0], parsed[1], parsed[0], parsed[1]]
      case 3: return [parsed[0], parsed[1], parsed[2], parsed[1]]
      default: return parsed
      }
    }
    switch self {
    case .padding: return sides(.length(signed: false, keywords: []))
    case .borderWidth: return sides(.borderWidth)
    case .borderStyle: return sides(StyleProperty.boxInfo[.borderTopStyle]!.grammar)
    case .inset: return sides(.length(signed: true, keywords: StyleProperty.lengthKeywords))
    case .overflow: return sides(StyleProperty.boxInfo[.overflowX]!.grammar, count: 2)
    case .gap: return sides(.length(signed: false, keywords: ["normal"]), count: 2)
    case .border, .borderTop, .borderRight, .borderBottom, .borderLeft:
      // https://drafts.csswg.org/css-backgrounds-3/#propdef-border: a width, a style and a color, in any order.
      var width = "medium", style = "none"
      for word in words {
        if let parsed = StyleProperty.parseBox(word, StyleProperty.boxInfo[.borderTopStyle]!.grammar) {
          style = parsed
        } else if let parsed = StyleProperty.parseBox(word, .borderWidth) {
          width = parsed
        } else if CSSColor.parse(word) == nil, word != "currentcolor", !CSSValue.isUnresolvableColorFunction(word) {
          return nil
        }
      }
      guard !words.isEmpty else { return nil }
      let count = self == .border ? 4 : 1
      return Array(repeating: width, count: count) + Array(repeating: style, count: count)
    case .flex:
      // https://drafts.csswg.org/css-flexbox-1/#flex-property
      switch words {
      case ["none"]: return ["0", "0", "auto"]
      case ["auto"]: return ["1", "1", "auto"]
      case ["initial"]: return ["0", "1", "auto"]
      default: break
      }
      var numbers: [String] = []
      var basis: String?
      for word in words {
        if let number = StyleProperty.parseBox(word, .number(signed: false)), basis == nil || numbers.isEmpty,
          numbers.count < 2, CSSLength.dimension(word)?.unit ?? "" == ""
        {
          numbers.append(number)
        } else if basis == nil, let parsed = StyleProperty.parseBox(word, StyleProperty.boxInfo[.flexBasis]!.grammar) {
          basis = parsed
        } else {
          return nil
        }
      }
      guard !words.isEmpty else { return nil }
      // A flex shorthand with numbers and no basis sets the basis to 0.
      return [numbers.first ?? "1", numbers.count > 1 ? numbers[1] : "1", basis ?? "0%"]
    case .flexFlow:
      var direction = "row", wrap = "nowrap"
      for word in words {
        if let parsed = StyleProperty.parseBox(word, StyleProperty.boxInfo[.flexDirection]!.grammar) {
          direction = parsed
        } else if let parsed = StyleProperty.parseBox(word, StyleProperty.boxInfo[.flexWrap]!.grammar) {
          wrap = parsed
        } else {
          return nil
        }
      }
      return words.isEmpty ? nil : [direction, wrap]
    default:
      return nil
    }
  }
}
