/// Lengths and percentages (https://drafts.csswg.org/css-values-4/#lengths) for `font-size` and the margins:
/// their grammar, and their computation to pixels where no layout is needed.
///
/// Font-relative units other than `em` and `rem` are approximated without font metrics (`ex` and `ch` as half
/// an `em`, `cap` as 0.7 `em`, `ic` as one `em`, `lh` as 1.2 `em`); `calc()` and the other math functions are not
/// evaluated (a declaration using one is dropped, as a browser drops an invalid one).
enum CSSLength {
  /// A number and its unit (lowercase; "" for a bare number).
  struct Dimension: Equatable {
    var value: Double
    var unit: String
  }

  static let absoluteUnits: [String: Double] = [
    "px": 1, "pt": 4.0 / 3, "pc": 16, "in": 96, "cm": 96 / 2.54, "mm": 96 / 25.4, "q": 96 / 101.6,
  ]
  static let relativeUnits: Set<String> = [
    "em", "rem", "ex", "rex", "ch", "rch", "cap", "rcap", "ic", "ric", "lh", "rlh", "vw", "vh", "vmin", "vmax",
    "svw", "svh", "lvw", "lvh", "dvw", "dvh", "vi", "vb",
  ]

  /// `12.5px`, `-1em`, `50%`, `0`: the number and unit, or nil when `token` is not a dimension, percentage or number.
  static func dimension(_ token: String) -> Dimension? {
    // Read as bytes: this runs for every length of every element's style when a page is laid out.
    token.utf8.withContiguousStorageIfAvailable(dimension) ?? Array(token.utf8).withUnsafeBufferPointer(dimension)
  }

  private static func dimension(_ bytes: UnsafeBufferPointer<UInt8>) -> Dimension? {
    guard let end = numberEnd(bytes) else { return nil }
    let value: Double
    if let exact = end.exact {
      value = exact
    } else {
      guard let parsed = Double(String(decoding: bytes[..<end.count], as: UTF8.self)), parsed.isFinite else { return nil }
      value = parsed
    }
    let unit = String(decoding: bytes[end.count...], as: UTF8.self)
    guard unit.isEmpty || unit == "px" || unit == "%" || absoluteUnits[unit] != nil || relativeUnits.contains(unit)
    else { return nil }
    return Dimension(value: value, unit: unit)
  }

  /// Where the number at the start of `bytes` ends (a sign, digits and a point, an exponent only when digits
  /// follow), nil when it has no digit; `exact` is its value when it has at most 15 digits and no exponent, which
  /// `digits / 10^fraction` gives correctly rounded (both are exact doubles), else nil (parse the text).
  private static func numberEnd(_ bytes: UnsafeBufferPointer<UInt8>) -> (count: Int, exact: Double?)? {
    var index = 0
    var negative = false
    if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
      negative = bytes[index] == UInt8(ascii: "-")
      index += 1
    }
    var digits: UInt64 = 0, digitCount = 0, fractionDigits = 0, points = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
        if digitCount < 19 { digits = digits &* 10 &+ UInt64(byte - UInt8(ascii: "0")) }
        digitCount += 1
        if points > 0 { fractionDigits += 1 }
      } else if byte == UInt8(ascii: ".") {
        points += 1
      } else {
        break
      }
      index += 1
    }
    guard digitCount > 0 else { return nil }
    var exponent = false
    if index < bytes.count, bytes[index] == UInt8(ascii: "e") {
      var next = index + 1
      if next < bytes.count, bytes[next] == UInt8(ascii: "+") || bytes[next] == UInt8(ascii: "-") { next += 1 }
      if next < bytes.count, bytes[next] >= UInt8(ascii: "0"), bytes[next] <= UInt8(ascii: "9") {
        exponent = true
        index = next
        while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
      }
    }
    guard !exponent, points <= 1, digitCount <= 15, fractionDigits < powersOfTen.count else { return (index, nil) }
    let magnitude = Double(digits) / powersOfTen[fractionDigits]
    return (index, negative ? -magnitude : magnitude)
  }

  private static let powersOfTen: [Double] = (0...22).map { exponent in
    (0..<exponent).reduce(1.0) { value, _ in value * 10 }
  }

  // MARK: Grammar (values are lowercased)

  /// The keywords of `font-size` (https://drafts.csswg.org/css-fonts-4/#absolute-size-value), smallest first.
  static let fontSizeKeywords = ["xx-small", "x-small", "small", "medium", "large", "x-large", "xx-large", "xxx-large"]

  /// A `font-size`: an absolute or relative size keyword, or a non-negative length or percentage.
  static func fontSize(_ value: String) -> String? {
    if fontSizeKeywords.contains(value) || value == "larger" || value == "smaller" { return value }
    guard let dimension = dimension(value), dimension.value >= 0, !dimension.unit.isEmpty || dimension.value == 0
    else { return nil }
    return value
  }

  /// A margin: `auto`, or a length or percentage (negative ones too).
  static func margin(_ value: String) -> String? {
    if value == "auto" { return value }
    guard let dimension = dimension(value), !dimension.unit.isEmpty || dimension.value == 0 else { return nil }
    return value
  }

  /// A box shorthand's sides from 1 to `count` values: `count` 4 as top, right, bottom, left (`margin: 1em 2em`
  /// is 1em 2em 1em 2em); `count` 2 as start, end; `count` 1 as the value.
  static func boxSides(_ value: String, count: Int) -> [String]? {
    let words = CSSValue.components(value)
    guard !words.isEmpty, words.count <= count else { return nil }
    var sides: [String] = []
    for word in words {
      guard let side = margin(word) else { return nil }
      sides.append(side)
    }
    switch (count, sides.count) {
    case (4, 1): return [sides[0], sides[0], sides[0], sides[0]]
    case (4, 2): return [sides[0], sides[1], sides[0], sides[1]]
    case (4, 3): return [sides[0], sides[1], sides[2], sides[1]]
    case (2, 1): return [sides[0], sides[0]]
    default: return sides
    }
  }

  /// The shortest form of computed sides (the inverse of ``boxSides(_:count:)``).
  static func serializeBoxSides(_ sides: [String]) -> String {
    var kept = sides
    if kept.count == 4 {
      if kept[3] == kept[1] { kept.removeLast() }
      if kept.count == 3, kept[2] == kept[0] { kept.removeLast() }
      if kept.count == 2, kept[1] == kept[0] { kept.removeLast() }
    } else if kept.count == 2, kept[0] == kept[1] {
      kept.removeLast()
    }
    return kept.joined(separator: " ")
  }

  // MARK: Computation

  /// What relative lengths are relative to.
  struct Basis {
    /// The font size `em` means (the element's own; its parent's for `font-size` itself).
    var fontSize: Double
    /// The root element's font size (`rem`).
    var rootFontSize: Double
    var viewport: MediaEnvironment
  }

  /// `dimension` in pixels; nil for a percentage (its basis is a box this engine does not lay out).
  static func pixels(_ dimension: Dimension, _ basis: Basis) -> Double? {
    if let factor = absoluteUnits[dimension.unit] { return dimension.value * factor }
    let em = basis.fontSize, rem = basis.rootFontSize
    let width = basis.viewport.width, height = basis.viewport.height
    switch dimension.unit {
    case "": return dimension.value == 0 ? 0 : nil
    case "em": return dimension.value * em
    case "rem": return dimension.value * rem
    case "ex", "ch": return dimension.value * em / 2
    case "rex", "rch": return dimension.value * rem / 2
    case "cap": return dimension.value * em * 0.7
    case "rcap": return dimension.value * rem * 0.7
    case "ic": return dimension.value * em
    case "ric": return dimension.value * rem
    case "lh": return dimension.value * em * 1.2
    case "rlh": return dimension.value * rem * 1.2
    case "vw", "svw", "lvw", "dvw", "vi": return dimension.value * width / 100
    case "vh", "svh", "lvh", "dvh", "vb": return dimension.value * height / 100
    case "vmin": return dimension.value * min(width, height) / 100
    case "vmax": return dimension.value * max(width, height) / 100
    default: return nil
    }
  }

  /// A computed margin as `getComputedStyle` reports it: pixels in WebKit's layout units (1/64 px, truncated:
  /// 0.67em of 32px is 21.4375px); a percentage as written (its basis needs layout); `auto` as 0px.
  static func computedMargin(_ value: String, _ basis: Basis) -> String {
    if value == "auto" { return "0px" }
    guard let dimension = dimension(value) else { return "0px" }
    if dimension.unit == "%" { return CSSValue.formatNumber(dimension.value) + "%" }
    guard let px = pixels(dimension, basis) else { return "0px" }
    return CSSValue.formatNumber((px * 64).rounded(.towardZero) / 64) + "px"
  }
}
