/// The kinds of reflected integer attributes, with their getting and setting rules.
///
/// https://html.spec.whatwg.org/multipage/common-dom-interfaces.html#reflecting-content-attributes-in-idl-attributes
public enum ReflectedInteger: Sendable {
  /// `long`: any 32-bit value.
  case long(default: Int)
  /// `long` limited to non-negative numbers: setting a negative value throws IndexSizeError.
  case limitedLong(default: Int)
  /// `unsigned long`: 0 to 2147483647.
  case unsignedLong(default: Int)
  /// `unsigned long` limited to numbers greater than zero: setting 0 throws IndexSizeError.
  case limitedUnsignedLong(default: Int)
  /// `unsigned long` limited to numbers greater than zero with fallback: 0 stores the default.
  case limitedUnsignedLongWithFallback(default: Int)
  /// `unsigned long` clamped to `min...max` on getting.
  case clampedUnsignedLong(default: Int, min: Int, max: Int)

  static let maxLong = 2_147_483_647

  /// The IDL value for a content attribute value (nil when absent).
  func read(_ content: String?) -> Int {
    let parsed = content.flatMap(Self.parseInteger)
    switch self {
    case .long(let d):
      guard let v = parsed, v >= -Self.maxLong - 1, v <= Self.maxLong else { return d }
      return v
    case .limitedLong(let d), .unsignedLong(let d):
      guard let v = parsed, v >= 0, v <= Self.maxLong else { return d }
      return v
    case .limitedUnsignedLong(let d), .limitedUnsignedLongWithFallback(let d):
      guard let v = parsed, v >= 1, v <= Self.maxLong else { return d }
      return v
    case .clampedUnsignedLong(let d, let low, let high):
      guard let v = parsed, v >= 0 else { return d }
      return Swift.min(Swift.max(v, low), high)
    }
  }

  /// The content attribute value for an assigned number (after ToNumber), or nil when the kind throws IndexSizeError.
  func write(_ number: Double) -> Int? {
    switch self {
    case .long:
      return Self.int32(number)
    case .limitedLong:
      let v = Self.int32(number)
      return v < 0 ? nil : v
    case .unsignedLong(let d), .clampedUnsignedLong(let d, _, _):
      let v = Self.uint32(number)
      return v > Self.maxLong ? d : v
    case .limitedUnsignedLong(let d):
      let v = Self.uint32(number)
      if v == 0 { return nil }
      return v > Self.maxLong ? d : v
    case .limitedUnsignedLongWithFallback(let d):
      let v = Self.uint32(number)
      return v == 0 || v > Self.maxLong ? d : v
    }
  }

  /// WebIDL ToInt32.
  static func int32(_ d: Double) -> Int { Int(Int32(bitPattern: UInt32(uint32(d)))) }

  /// WebIDL ToUint32.
  public static func uint32(_ d: Double) -> Int {
    guard d.isFinite else { return 0 }
    let m = d.rounded(.towardZero).truncatingRemainder(dividingBy: 4_294_967_296)
    return Int(m < 0 ? m + 4_294_967_296 : m)
  }

  static func isASCIIWhitespace(_ s: Unicode.Scalar) -> Bool {
    s == " " || s == "\t" || s == "\n" || s == "\r" || s == "\u{0C}"
  }

  /// https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#rules-for-parsing-integers
  public static func parseInteger(_ text: String) -> Int? {
    var scalars = Substring(text).unicodeScalars.drop(while: isASCIIWhitespace)
    var sign = 1
    if scalars.first == "-" {
      sign = -1
      scalars = scalars.dropFirst()
    } else if scalars.first == "+" {
      scalars = scalars.dropFirst()
    }
    let digits = scalars.prefix { $0.value >= 0x30 && $0.value <= 0x39 }
    guard !digits.isEmpty else { return nil }
    // More digits than fit: out of every reflected range.
    guard let value = Int(String(String.UnicodeScalarView(digits.prefix(18)))) else { return nil }
    return digits.count > 18 ? sign * Int(Int32.max) * 4 : sign * value
  }

  /// https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#rules-for-parsing-floating-point-number-values
  static func parseDouble(_ text: String) -> Double? {
    let scalars = Array(Substring(text).unicodeScalars.drop(while: isASCIIWhitespace))
    var i = 0
    var literal = ""
    func digits() -> String {
      var out = ""
      while i < scalars.count, scalars[i].value >= 0x30, scalars[i].value <= 0x39 {
        out.unicodeScalars.append(scalars[i])
        i += 1
      }
      return out
    }
    if i < scalars.count, scalars[i] == "-" || scalars[i] == "+" {
      if scalars[i] == "-" { literal = "-" }
      i += 1
    }
    let whole = digits()
    var fraction = ""
    if i < scalars.count, scalars[i] == ".", i + 1 < scalars.count, scalars[i + 1].value >= 0x30, scalars[i + 1].value <= 0x39 {
      i += 1
      fraction = digits()
    }
    guard !whole.isEmpty || !fraction.isEmpty else { return nil }
    literal += (whole.isEmpty ? "0" : whole) + (fraction.isEmpty ? "" : "." + fraction)
    if i < scalars.count, scalars[i] == "e" || scalars[i] == "E" {
      var j = i + 1
      var exponent = "e"
      if j < scalars.count, scalars[j] == "-" || scalars[j] == "+" {
        exponent.unicodeScalars.append(scalars[j])
        j += 1
      }
      i = j
      let e = digits()
      if !e.isEmpty { literal += exponent + e }
    }
    guard let value = Double(literal), value.isFinite else { return nil }
    return value == 0 ? 0 : value
  }

  /// ASCII lowercase only (enumerated attributes match keywords ASCII case-insensitively; `K` U+212A stays).
  static func asciiLowercased(_ text: String) -> String {
    guard text.utf8.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) else { return text }
    return String(decoding: text.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }, as: UTF8.self)
  }
}
