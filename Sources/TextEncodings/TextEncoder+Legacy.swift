/// The legacy multi-byte encoders' handlers, for a non-ASCII code point (ASCII is written before these run,
/// except for ISO-2022-JP). Each returns nil when it wrote the bytes, or the code point to report as an error.
extension TextEncoder {
  /// https://encoding.spec.whatwg.org/#gb18030-encoder (GBK's with `isGBK`).
  static func encodeGB18030(_ codePoint: UInt32, isGBK: Bool, into output: inout [UInt8]) -> UInt32? {
    // Step 3.
    if codePoint == 0xE5E5 { return codePoint }
    // Step 4.
    if isGBK && codePoint == 0x20AC {
      output.append(0x80)
      return nil
    }
    // Step 5.
    if let bytes = gb18030PrivateUse[codePoint] {
      output.append(contentsOf: [UInt8(bytes >> 8), UInt8(bytes & 0xFF)])
      return nil
    }
    // Steps 6-7.
    if let pointer = Indexes.gb18030Pointers[codePoint].map(Int.init) {
      let trailing = pointer % 190
      output.append(contentsOf: [UInt8(pointer / 190 + 0x81), UInt8(trailing + (trailing < 0x3F ? 0x40 : 0x41))])
      return nil
    }
    // Step 8.
    if isGBK { return codePoint }
    // Steps 9-16.
    var pointer = Indexes.gb18030RangesPointer(codePoint)
    let byte1 = pointer / (10 * 126 * 10)
    pointer %= 10 * 126 * 10
    let byte2 = pointer / (10 * 126)
    pointer %= 10 * 126
    let byte3 = pointer / 10, byte4 = pointer % 10
    output.append(contentsOf: [UInt8(byte1 + 0x81), UInt8(byte2 + 0x30), UInt8(byte3 + 0x81), UInt8(byte4 + 0x30)])
    return nil
  }

  /// The gb18030 encoder's step-5 table: Private Use code points kept on their GB18030-2005 bytes.
  static let gb18030PrivateUse: [UInt32: UInt16] = [
    0xE78D: 0xA6D9, 0xE78E: 0xA6DA, 0xE78F: 0xA6DB, 0xE790: 0xA6DC, 0xE791: 0xA6DD, 0xE792: 0xA6DE,
    0xE793: 0xA6DF, 0xE794: 0xA6EC, 0xE795: 0xA6ED, 0xE796: 0xA6F3, 0xE81E: 0xFE59, 0xE826: 0xFE61,
    0xE82B: 0xFE66, 0xE82C: 0xFE67, 0xE832: 0xFE6D, 0xE843: 0xFE7E, 0xE854: 0xFE90, 0xE864: 0xFEA0,
  ]

  /// https://encoding.spec.whatwg.org/#big5-encoder
  static func encodeBig5(_ codePoint: UInt32, into output: inout [UInt8]) -> UInt32? {
    guard let pointer = Indexes.big5Pointers[codePoint].map(Int.init) else { return codePoint }
    let trailing = pointer % 157
    output.append(contentsOf: [UInt8(pointer / 157 + 0x81), UInt8(trailing + (trailing < 0x3F ? 0x40 : 0x62))])
    return nil
  }

  /// https://encoding.spec.whatwg.org/#euc-jp-encoder
  static func encodeEUCJP(_ codePoint: UInt32, into output: inout [UInt8]) -> UInt32? {
    switch codePoint {
    case 0xA5: output.append(0x5C)
    case 0x203E: output.append(0x7E)
    case 0xFF61...0xFF9F: output.append(contentsOf: [0x8E, UInt8(codePoint - 0xFF61 + 0xA1)])
    default:
      let mapped = codePoint == 0x2212 ? 0xFF0D : codePoint
      guard let pointer = Indexes.jis0208Pointers[mapped].map(Int.init) else { return codePoint }
      output.append(contentsOf: [UInt8(pointer / 94 + 0xA1), UInt8(pointer % 94 + 0xA1)])
    }
    return nil
  }

  /// https://encoding.spec.whatwg.org/#shift_jis-encoder
  static func encodeShiftJIS(_ codePoint: UInt32, into output: inout [UInt8]) -> UInt32? {
    switch codePoint {
    case 0x80: output.append(0x80)
    case 0xA5: output.append(0x5C)
    case 0x203E: output.append(0x7E)
    case 0xFF61...0xFF9F: output.append(UInt8(codePoint - 0xFF61 + 0xA1))
    default:
      let mapped = codePoint == 0x2212 ? 0xFF0D : codePoint
      guard let pointer = Indexes.shiftJISPointers[mapped].map(Int.init) else { return codePoint }
      let leading = pointer / 188, trailing = pointer % 188
      output.append(contentsOf: [
        UInt8(leading + (leading < 0x1F ? 0x81 : 0xC1)), UInt8(trailing + (trailing < 0x3F ? 0x40 : 0x41)),
      ])
    }
    return nil
  }

  /// https://encoding.spec.whatwg.org/#euc-kr-encoder
  static func encodeEUCKR(_ codePoint: UInt32, into output: inout [UInt8]) -> UInt32? {
    guard let pointer = Indexes.eucKRPointers[codePoint].map(Int.init) else { return codePoint }
    output.append(contentsOf: [UInt8(pointer / 190 + 0x81), UInt8(pointer % 190 + 0x41)])
    return nil
  }

  enum ISO2022JPState { case ascii, roman, jis0208 }

  /// https://encoding.spec.whatwg.org/#iso-2022-jp-encoder, for one code point (end-of-queue is `finish`).
  /// "Restore code point" after an escape sequence is the loop going round again.
  mutating func encodeISO2022JP(_ original: UInt32, into output: inout [UInt8]) -> UInt32? {
    var codePoint = original
    while true {
      let isASCII = codePoint < 0x80
      // Step 3.
      if iso2022JPState != .jis0208 && (codePoint == 0x0E || codePoint == 0x0F || codePoint == 0x1B) { return 0xFFFD }
      // Step 4.
      if iso2022JPState == .ascii && isASCII {
        output.append(UInt8(codePoint))
        return nil
      }
      // Step 5.
      if iso2022JPState == .roman {
        if isASCII && codePoint != 0x5C && codePoint != 0x7E {
          output.append(UInt8(codePoint))
          return nil
        }
        if codePoint == 0xA5 || codePoint == 0x203E {
          output.append(codePoint == 0xA5 ? 0x5C : 0x7E)
          return nil
        }
      }
      // Step 6.
      if isASCII {
        iso2022JPState = .ascii
        output.append(contentsOf: [0x1B, 0x28, 0x42])
        continue
      }
      // Step 7.
      if codePoint == 0xA5 || codePoint == 0x203E {
        iso2022JPState = .roman
        output.append(contentsOf: [0x1B, 0x28, 0x4A])
        continue
      }
      // Steps 8-9.
      if codePoint == 0x2212 { codePoint = 0xFF0D }
      if (0xFF61...0xFF9F).contains(codePoint) {
        codePoint = UInt32(IndexData.iso2022JPKatakana[Int(codePoint - 0xFF61)])
      }
      // Steps 10-11.
      guard let pointer = Indexes.jis0208Pointers[codePoint].map(Int.init) else {
        if iso2022JPState == .jis0208 {
          iso2022JPState = .ascii
          output.append(contentsOf: [0x1B, 0x28, 0x42])
          continue
        }
        return codePoint
      }
      // Step 12.
      if iso2022JPState != .jis0208 {
        iso2022JPState = .jis0208
        output.append(contentsOf: [0x1B, 0x24, 0x42])
        continue
      }
      // Steps 13-15.
      output.append(contentsOf: [UInt8(pointer / 94 + 0x21), UInt8(pointer % 94 + 0x21)])
      return nil
    }
  }
}
