import FoundationEssentials

/// An sRGB color as CSS computes `color`: channels 0–255, alpha 0–1.
///
/// https://drafts.csswg.org/css-color-4/ — hex notations, `rgb()`/`rgba()` (legacy and modern syntax),
/// `hsl()`/`hsla()`, `hwb()`, named and system colors, `transparent`. Serialized as Chromium does:
/// `rgb(0, 0, 238)`, or `rgba(0, 0, 0, 0.5)` when not opaque.
struct CSSColor: Equatable, Sendable {
  var red: Double
  var green: Double
  var blue: Double
  var alpha: Double

  init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  init(packed: UInt32) {
    self.init(
      red: Double(packed >> 24), green: Double((packed >> 16) & 0xFF), blue: Double((packed >> 8) & 0xFF),
      alpha: Double(packed & 0xFF) / 255)
  }

  /// `rgb(r, g, b)` or `rgba(r, g, b, a)`.
  var serialized: String {
    func channel(_ value: Double) -> Int { Int(min(255, max(0, value)).rounded()) }
    let rgb = "\(channel(red)), \(channel(green)), \(channel(blue))"
    if alpha >= 1 { return "rgb(\(rgb))" }
    return "rgba(\(rgb), \(CSSColor.format(max(0, alpha))))"
  }

  /// An alpha as CSSOM serializes it (https://drafts.csswg.org/cssom/#serializing-css-values): the shortest of two
  /// or three decimals that gives back the same 8-bit alpha (`0.5` for 128/255, `0.533` for 136/255), no trailing zeros.
  static func format(_ value: Double) -> String {
    let byte = (value * 255).rounded()
    let hundredths = (value * 100).rounded()
    if (hundredths / 100 * 255).rounded() == byte { return decimals(Int(hundredths) * 10) }
    return decimals(Int((value * 1000).rounded()))
  }

  /// `thousandths` / 1000 without trailing zeros.
  private static func decimals(_ thousandths: Int) -> String {
    if thousandths % 1000 == 0 { return String(thousandths / 1000) }
    var text = String(thousandths)
    while text.count < 3 { text = "0" + text }
    var fraction = String(text.suffix(3))
    while fraction.hasSuffix("0") { fraction.removeLast() }
    return "0." + fraction
  }

  /// Parses a color value; nil when it is not one (`currentcolor` is handled by the caller).
  static func parse(_ text: String) -> CSSColor? {
    let value = text.trimmingCSSWhitespace().asciiLowercased
    if value.hasPrefix("#") { return parseHex(value.dropFirst()) }
    if value == "transparent" { return CSSColor(red: 0, green: 0, blue: 0, alpha: 0) }
    if let packed = named[value] ?? system[value] { return CSSColor(packed: packed) }
    guard let open = value.firstIndex(of: "("), value.hasSuffix(")") else { return nil }
    let name = String(value[..<open])
    let inner = String(value[value.index(after: open)..<value.index(before: value.endIndex)])
    switch name {
    case "rgb", "rgba": return parseRGB(inner)
    case "hsl", "hsla": return parseHSL(inner)
    case "hwb": return parseHWB(inner)
    case "light-dark":
      // The page's color scheme is light: the first color.
      return splitTopLevelCommas(inner).first.flatMap { parse($0) }
    default: return nil
    }
  }

  private static func parseHex(_ digits: Substring) -> CSSColor? {
    let values = digits.compactMap { $0.hexDigitValue }
    guard values.count == digits.count else { return nil }
    switch values.count {
    case 3, 4:
      let c = values.map { Double($0 * 17) }
      return CSSColor(red: c[0], green: c[1], blue: c[2], alpha: values.count == 4 ? c[3] / 255 : 1)
    case 6, 8:
      let c = stride(from: 0, to: values.count, by: 2).map { Double(values[$0] * 16 + values[$0 + 1]) }
      return CSSColor(red: c[0], green: c[1], blue: c[2], alpha: values.count == 8 ? c[3] / 255 : 1)
    default:
      return nil
    }
  }

  /// The arguments of a color function: the legacy comma form (`1, 2, 3, 0.5`) or the modern space form
  /// (`1 2 3 / 50%`); three channels and an optional alpha.
  private static func arguments(_ inner: String) -> (channels: [String], alpha: String?)? {
    let commas = splitTopLevelCommas(inner)
    if commas.count > 1 {
      guard commas.count == 3 || commas.count == 4 else { return nil }
      return (Array(commas.prefix(3)), commas.count == 4 ? commas[3] : nil)
    }
    let halves = inner.split(separator: "/", omittingEmptySubsequences: false)
    guard halves.count <= 2 else { return nil }
    let channels = halves[0].split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).map(String.init)
    guard channels.count == 3 else { return nil }
    let alpha = halves.count == 2 ? String(halves[1]).trimmingCSSWhitespace() : nil
    return (channels, alpha)
  }

  /// A number or percentage; `none` is zero. `percentScale` is what 100% means.
  private static func number(_ text: String, percentScale: Double) -> Double? {
    let token = text.trimmingCSSWhitespace()
    if token == "none" { return 0 }
    if token.hasSuffix("%") { return Double(token.dropLast()).map { $0 / 100 * percentScale } }
    return Double(token)
  }

  private static func alphaValue(_ text: String?) -> Double? {
    guard let text else { return 1 }
    return number(text, percentScale: 1).map { min(1, max(0, $0)) }
  }

  private static func parseRGB(_ inner: String) -> CSSColor? {
    guard let (channels, alphaText) = arguments(inner), let alpha = alphaValue(alphaText) else { return nil }
    let values = channels.compactMap { number($0, percentScale: 255) }
    guard values.count == 3 else { return nil }
    return CSSColor(red: values[0], green: values[1], blue: values[2], alpha: alpha)
  }

  /// A hue in degrees (`120`, `120deg`, `0.5turn`, `1rad`, `100grad`).
  private static func hue(_ text: String) -> Double? {
    let token = text.trimmingCSSWhitespace()
    if token == "none" { return 0 }
    for (unit, scale) in [("deg", 1.0), ("grad", 0.9), ("rad", 180 / Double.pi), ("turn", 360.0)] where token.hasSuffix(unit) {
      return Double(token.dropLast(unit.count)).map { $0 * scale }
    }
    return Double(token)
  }

  private static func parseHSL(_ inner: String) -> CSSColor? {
    guard let (channels, alphaText) = arguments(inner), let alpha = alphaValue(alphaText),
      let h = hue(channels[0]), let s = number(channels[1], percentScale: 100),
      let l = number(channels[2], percentScale: 100)
    else { return nil }
    // https://drafts.csswg.org/css-color-4/#hsl-to-rgb
    let saturation = min(1, max(0, s / 100)), lightness = min(1, max(0, l / 100))
    func f(_ n: Double) -> Double {
      let k = (n + h / 30).truncatingRemainder(dividingBy: 12)
      let a = saturation * min(lightness, 1 - lightness)
      return (lightness - a * max(-1, min(k - 3, 9 - k, 1))) * 255
    }
    return CSSColor(red: f(0), green: f(8), blue: f(4), alpha: alpha)
  }

  private static func parseHWB(_ inner: String) -> CSSColor? {
    guard let (channels, alphaText) = arguments(inner), commaFree(inner), let alpha = alphaValue(alphaText),
      let h = hue(channels[0]), let w = number(channels[1], percentScale: 100),
      let b = number(channels[2], percentScale: 100)
    else { return nil }
    // https://drafts.csswg.org/css-color-4/#hwb-to-rgb
    var white = w / 100, black = b / 100
    if white + black >= 1 {
      let gray = white / (white + black) * 255
      return CSSColor(red: gray, green: gray, blue: gray, alpha: alpha)
    }
    white = max(0, white)
    black = max(0, black)
    guard let pure = parseHSL("\(h) 100% 50%") else { return nil }
    func mix(_ c: Double) -> Double { (c / 255 * (1 - white - black) + white) * 255 }
    return CSSColor(red: mix(pure.red), green: mix(pure.green), blue: mix(pure.blue), alpha: alpha)
  }

  private static func commaFree(_ text: String) -> Bool { !text.contains(",") }
}

/// Splits at commas outside parentheses and quotes; each part trimmed.
func splitTopLevelCommas(_ text: String) -> [String] {
  CSSStyleDeclaration.splitTopLevel(text) { $0 == "," }.map { $0.trimmingCSSWhitespace() }
}
