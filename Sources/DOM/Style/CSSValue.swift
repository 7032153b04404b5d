/// Grammar checks for the values of ``StyleProperty`` and ``StyleShorthand`` (all take lowercased text).
enum CSSValue {
  /// The keyword when it is one of `allowed`.
  static func keyword(_ value: String, in allowed: Set<String>) -> String? {
    allowed.contains(value) ? value : nil
  }

  /// Splits at whitespace outside parentheses and quotes (no empty parts).
  static func components(_ text: String) -> [String] {
    CSSStyleDeclaration.splitTopLevel(text) { $0.isCSSWhiteSpace }.filter { !$0.isEmpty }.map(String.init)
  }

  // MARK: display

  private static let singleDisplay: Set<String> = [
    "none", "contents", "block", "inline", "inline-block", "flow-root", "list-item", "table", "inline-table",
    "table-row-group", "table-header-group", "table-footer-group", "table-row", "table-cell", "table-column-group",
    "table-column", "table-caption", "flex", "inline-flex", "grid", "inline-grid", "ruby", "ruby-text", "math",
    "-webkit-box", "-webkit-inline-box",
  ]

  /// The two-keyword forms (https://drafts.csswg.org/css-display-3/#display-value-summary), by their keywords
  /// sorted, mapped to the short form browsers serialize.
  private static let multiDisplay: [String: String] = [
    "block flow": "block", "flow inline": "inline", "flow-root inline": "inline-block", "block flow-root": "flow-root",
    "block table": "table", "inline table": "inline-table", "block flex": "flex", "flex inline": "inline-flex",
    "block grid": "grid", "grid inline": "inline-grid", "inline ruby": "ruby", "block ruby": "block ruby",
    "inline math": "math", "block math": "block math", "block list-item": "list-item", "flow list-item": "list-item",
    "block flow list-item": "list-item", "inline list-item": "inline list-item",
    "flow inline list-item": "inline list-item",
  ]

  static func display(_ value: String) -> String? {
    if singleDisplay.contains(value) { return value }
    let words = components(value)
    guard words.count > 1 else { return nil }
    return multiDisplay[words.sorted().joined(separator: " ")]
  }

  // MARK: Fonts

  static func fontStyle(_ value: String) -> String? {
    if value == "normal" || value == "italic" || value == "oblique" { return value }
    let words = components(value)
    guard words.count == 2, words[0] == "oblique", isAngle(words[1]) else { return nil }
    return value
  }

  private static func isAngle(_ token: String) -> Bool {
    for unit in ["deg", "grad", "rad", "turn"] where token.hasSuffix(unit) {
      return Double(token.dropLast(unit.count)) != nil
    }
    return false
  }

  static func fontWeight(_ value: String) -> String? {
    if ["normal", "bold", "bolder", "lighter"].contains(value) { return value }
    guard let number = Double(value), number >= 1, number <= 1000 else { return nil }
    return formatNumber(number)
  }

  /// A number as WebKit writes a CSS number: at most six significant digits, no trailing zeros (13.28, 18.72; 400, not 400.0).
  static func formatNumber(_ number: Double) -> String {
    guard number != 0 else { return "0" }
    // Decimals for six significant digits: 5 for 1 ≤ |n| < 10, one fewer per digit before the point, one more
    // per zero after it.
    var decimals = 5
    var magnitude = abs(number)
    while magnitude >= 10, decimals > 0 {
      magnitude /= 10
      decimals -= 1
    }
    while magnitude < 1, decimals < 15 {
      magnitude *= 10
      decimals += 1
    }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let rounded = (number * scale).rounded() / scale
    if rounded == rounded.rounded() { return String(Int(rounded)) }
    var text = String(rounded)
    if text.contains("e") { return text }  // Below 1e-4 or past 2^53: Swift writes an exponent.
    while text.hasSuffix("0") { text.removeLast() }
    return text
  }

  /// `font`'s style, weight, size and family (the other longhands are not computed here); nil when `value` is not
  /// a `font`. A system font sets the size WebKit gives form controls (13px) and the `system-ui` family.
  ///
  /// https://drafts.csswg.org/css-fonts-4/#font-prop: `[style || variant || weight || stretch]? size[/line-height]
  /// family`, or a system font keyword (which sets both to normal).
  static func font(_ value: String) -> [String]? {
    let systemFonts: Set<String> = [
      "caption", "icon", "menu", "message-box", "small-caption", "status-bar", "-webkit-small-control",
      "-webkit-mini-control", "-webkit-control",
    ]
    if systemFonts.contains(value) { return ["normal", "400", "13px", "system-ui"] }
    var words = components(value)
    var style = "normal", weight = "normal"
    let stretches: Set<String> = [
      "ultra-condensed", "extra-condensed", "condensed", "semi-condensed", "semi-expanded", "expanded",
      "extra-expanded", "ultra-expanded",
    ]
    var index = 0
    while index < words.count, index < 4 {
      let word = words[index]
      if word == "normal" || word == "small-caps" || stretches.contains(word) {
      } else if word == "italic" || word == "oblique" {
        style = word
        if word == "oblique", index + 1 < words.count, isAngle(words[index + 1]) {
          style = "oblique \(words[index + 1])"
          words.remove(at: index + 1)
        }
      } else if let w = fontWeight(word), w != "normal" {
        weight = w
      } else {
        break
      }
      index += 1
    }
    // A size (with an optional /line-height), then at least one family.
    guard index < words.count else { return nil }
    var size = words[index]
    index += 1
    if let slash = size.firstIndex(of: "/") {
      if size.index(after: slash) == size.endIndex { index += 1 }  // `12px/ 1.5`
      size = String(size[..<slash])
    } else if index < words.count, words[index].hasPrefix("/") {
      index += words[index] == "/" ? 2 : 1  // `12px / 1.5`, `12px /1.5`
    }
    guard isFontSize(size), index < words.count, let family = fontFamily(words[index...].joined(separator: " "))
    else { return nil }
    // A size this engine does not compute (`calc()`) is taken as medium.
    return [style, weight, CSSLength.fontSize(size) ?? "medium", family]
  }

  /// The generic families (https://drafts.csswg.org/css-fonts-4/#generic-font-families).
  private static let genericFamilies: Set<String> = [
    "serif", "sans-serif", "monospace", "cursive", "fantasy", "system-ui", "ui-serif", "ui-sans-serif",
    "ui-monospace", "ui-rounded", "math", "emoji", "fangsong", "-webkit-body", "-webkit-pictograph",
  ]

  /// A `font-family` list, each family trimmed and generic names lowercased (`Menlo, monospace`); nil when empty.
  static func fontFamily(_ text: String) -> String? {
    var families: [String] = []
    for part in CSSStyleDeclaration.splitTopLevel(text, where: { $0 == "," }) {
      let family = String(part).trimmingCSSWhitespace()
      guard !family.isEmpty else { return nil }
      let lowered = family.asciiLowercased
      families.append(genericFamilies.contains(lowered) ? lowered : family)
    }
    return families.isEmpty ? nil : families.joined(separator: ", ")
  }

  // MARK: Lists and backgrounds

  /// A `list-style-type`: a counter style name (lowercased when it is one of CSS's predefined styles' ASCII
  /// names), a string, or `none`.
  static func listStyleType(_ text: String) -> String? {
    let trimmed = text.trimmingCSSWhitespace()
    guard !trimmed.isEmpty, components(trimmed).count == 1 else { return nil }
    if trimmed.hasPrefix("\"") || trimmed.hasPrefix("'") { return trimmed }
    guard trimmed.first.map({ $0.isLetter || $0 == "-" || $0 == "_" }) == true else { return nil }
    return trimmed.asciiLowercased
  }

  /// `list-style`'s type (https://drafts.csswg.org/css-lists-3/#list-style-property): the one word that is not a
  /// position or an image; `none` when that is the only one besides them; disc when none is given.
  static func listStyle(_ value: String) -> String? {
    var type: String?
    var nones = 0
    for word in components(value) {
      if word == "inside" || word == "outside" { continue }
      if word == "none" {
        nones += 1
        continue
      }
      if word.contains("(") { continue }  // An image: url(), a gradient, image().
      guard type == nil, let parsed = listStyleType(word) else { return nil }
      type = parsed
    }
    if let type { return type }
    return nones > 0 ? "none" : "disc"
  }

  /// `background`'s color (https://drafts.csswg.org/css-backgrounds-3/#background): the color of the last layer,
  /// transparent when it gives none.
  static func background(_ value: String) -> String? {
    guard let word = backgroundColorWord(value) else { return nil }
    if word == "currentcolor" { return word }
    return word.isEmpty ? "rgba(0, 0, 0, 0)" : CSSColor.parse(word)?.serialized
  }

  /// The color of a `background` shorthand as written (its last layer's color word), "" when it gives none, nil
  /// when the value is empty.
  static func backgroundColorWord(_ value: String) -> String? {
    let layers = CSSStyleDeclaration.splitTopLevel(value, where: { $0 == "," })
    guard let last = layers.last else { return nil }
    return components(String(last)).first { $0.asciiLowercased == "currentcolor" || CSSColor.parse($0.asciiLowercased) != nil } ?? ""
  }

  private static func isFontSize(_ token: String) -> Bool {
    let keywords: Set<String> = [
      "xx-small", "x-small", "small", "medium", "large", "x-large", "xx-large", "xxx-large", "larger", "smaller",
    ]
    if keywords.contains(token) || token.hasPrefix("calc(") || token.hasPrefix("var(") || token.hasPrefix("clamp(")
      || token.hasPrefix("min(") || token.hasPrefix("max(")
    {
      return true
    }
    if token == "0" { return true }
    let number = token.prefix { $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-" || $0 == "+") }
    guard !number.isEmpty, Double(number) != nil else { return false }
    let unit = token.dropFirst(number.count)
    return !unit.isEmpty && unit.allSatisfy { $0.isLetter || $0 == "%" }
  }

  // MARK: Text

  static func textTransform(_ value: String) -> String? {
    if value == "none" { return value }
    let words = components(value)
    let cases: Set<String> = ["capitalize", "uppercase", "lowercase"]
    guard !words.isEmpty, words.count <= 3, Set(words).count == words.count,
      words.filter({ cases.contains($0) }).count <= 1,
      words.allSatisfy({ cases.contains($0) || $0 == "full-width" || $0 == "full-size-kana" })
    else { return nil }
    return words.joined(separator: " ")
  }

  /// `white-space` as `[white-space-collapse, text-wrap-mode]` (https://drafts.csswg.org/css-text-4/#white-space-property).
  static func whiteSpace(_ value: String) -> [String]? {
    switch value {
    case "normal": return ["collapse", "wrap"]
    case "pre": return ["preserve", "nowrap"]
    case "nowrap": return ["collapse", "nowrap"]
    case "pre-wrap": return ["preserve", "wrap"]
    case "pre-line": return ["preserve-breaks", "wrap"]
    case "break-spaces": return ["break-spaces", "wrap"]
    default: break
    }
    return longhands(value, .whiteSpaceCollapse, .textWrapMode)
  }

  /// The `white-space` keyword for a collapse and wrap mode, or the two longhand values.
  static func serializeWhiteSpace(collapse: String, wrap: String) -> String {
    switch (collapse, wrap) {
    case ("collapse", "wrap"): return "normal"
    case ("preserve", "nowrap"): return "pre"
    case ("collapse", "nowrap"): return "nowrap"
    case ("preserve", "wrap"): return "pre-wrap"
    case ("preserve-breaks", "wrap"): return "pre-line"
    case ("break-spaces", "wrap"): return "break-spaces"
    default: return "\(collapse) \(wrap)"
    }
  }

  /// `text-wrap` as `[text-wrap-mode, text-wrap-style]`.
  static func textWrap(_ value: String) -> [String]? {
    longhands(value, .textWrapMode, .textWrapStyle)
  }

  /// A shorthand of two longhands written in any order, each at most once (`nowrap preserve`): their values in
  /// the order given, a missing one initial; nil when a word fits neither or neither is there.
  private static func longhands(_ value: String, _ first: StyleProperty, _ second: StyleProperty) -> [String]? {
    var values: [String?] = [nil, nil]
    for word in components(value) {
      if values[0] == nil, let parsed = first.parse(word) {
        values[0] = parsed
      } else if values[1] == nil, let parsed = second.parse(word) {
        values[1] = parsed
      } else {
        return nil
      }
    }
    guard values[0] != nil || values[1] != nil else { return nil }
    return [values[0] ?? first.initialValue, values[1] ?? second.initialValue]
  }

  /// Color functions this engine does not convert to sRGB (they are kept as written).
  static func isUnresolvableColorFunction(_ value: String) -> Bool {
    let functions = ["lab(", "lch(", "oklab(", "oklch(", "color(", "color-mix(", "device-cmyk("]
    return value.hasSuffix(")") && functions.contains { value.hasPrefix($0) }
  }
}
