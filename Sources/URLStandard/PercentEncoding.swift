/// Percent-encoding and -decoding, and the percent-encode sets.
///
/// https://url.spec.whatwg.org/#percent-encoded-bytes
public enum PercentEncoding {
  /// A percent-encode set: the code points written as `%XX` (every code point above U+007E is in every set).
  ///
  /// https://url.spec.whatwg.org/#c0-control-percent-encode-set and the sets after it.
  public struct EncodeSet: Sendable {
    /// Bit n set: ASCII byte n is encoded.
    let low: UInt64, high: UInt64

    init(low: UInt64, high: UInt64) {
      self.low = low
      self.high = high
    }

    /// This set plus `characters`.
    func adding(_ characters: String) -> EncodeSet {
      var low = self.low, high = self.high
      for byte in characters.utf8 {
        if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
      }
      return EncodeSet(low: low, high: high)
    }

    @inline(__always)
    func contains(_ value: UInt32) -> Bool {
      if value < 64 { return low & (1 << UInt64(value)) != 0 }
      if value < 128 { return high & (1 << UInt64(value - 64)) != 0 }
      return true
    }

    /// https://url.spec.whatwg.org/#c0-control-percent-encode-set: C0 controls and everything above `~`.
    public static let c0Control = EncodeSet(low: 0xFFFF_FFFF, high: 1 << 63)
    /// https://url.spec.whatwg.org/#fragment-percent-encode-set
    public static let fragment = c0Control.adding(" \"<>`")
    /// https://url.spec.whatwg.org/#query-percent-encode-set
    public static let query = c0Control.adding(" \"#<>")
    /// https://url.spec.whatwg.org/#special-query-percent-encode-set
    public static let specialQuery = query.adding("'")
    /// https://url.spec.whatwg.org/#path-percent-encode-set
    public static let path = query.adding("?`{}")
    /// https://url.spec.whatwg.org/#userinfo-percent-encode-set
    public static let userinfo = path.adding("/:;=@[\\]^|")
    /// https://url.spec.whatwg.org/#component-percent-encode-set
    public static let component = userinfo.adding("$%&+,")
    /// https://url.spec.whatwg.org/#application-x-www-form-urlencoded-percent-encode-set
    public static let formURLEncoded = component.adding("!'()~")
  }

  static let hexDigits: [Character] = Array("0123456789ABCDEF")

  /// Appends `%XX` for `byte`.
  @inline(__always)
  static func appendEncoded(_ byte: UInt8, to output: inout String) {
    output.append("%")
    output.append(hexDigits[Int(byte >> 4)])
    output.append(hexDigits[Int(byte & 0xF)])
  }

  /// UTF-8 percent-encodes `c` using `set` onto `output`.
  ///
  /// https://url.spec.whatwg.org/#utf-8-percent-encode
  @inline(__always)
  static func append(_ c: Unicode.Scalar, to output: inout String, set: EncodeSet) {
    guard set.contains(c.value) else {
      output.unicodeScalars.append(c)
      return
    }
    for byte in UTF8.encode(c)! { appendEncoded(byte, to: &output) }
  }

  /// UTF-8 percent-encodes every code point of `input` in `set` (`spaceAsPlus`: U+0020 becomes `+`).
  ///
  /// https://url.spec.whatwg.org/#string-percent-encode-after-encoding (UTF-8 only)
  public static func encode(_ input: String, set: EncodeSet, spaceAsPlus: Bool = false) -> String {
    var output = ""
    output.reserveCapacity(input.utf8.count)
    for c in input.unicodeScalars {
      if spaceAsPlus, c == " " {
        output.append("+")
      } else {
        append(c, to: &output, set: set)
      }
    }
    return output
  }

  /// Percent-decodes bytes: `%XX` with two hex digits becomes the byte, anything else stays.
  ///
  /// https://url.spec.whatwg.org/#percent-decode
  public static func decode(_ input: some Collection<UInt8>) -> [UInt8] {
    let bytes = Array(input)
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "%"), index + 2 < bytes.count, let high = hex(bytes[index + 1]), let low = hex(bytes[index + 2]) {
        output.append(high << 4 | low)
        index += 3
      } else {
        output.append(byte)
        index += 1
      }
    }
    return output
  }

  /// Percent-decodes `input`'s UTF-8 and decodes the result as UTF-8 (invalid sequences become U+FFFD).
  public static func decode(_ input: String) -> String {
    String(decoding: decode(input.utf8), as: UTF8.self)
  }

  static func hex(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
  }
}
