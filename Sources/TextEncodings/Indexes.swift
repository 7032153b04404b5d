/// The WHATWG indexes as lookup tables, each decoded from `IndexData` the first time it is used.
///
/// https://encoding.spec.whatwg.org/#indexes. Decoder tables map a pointer to a code point (0 = none); encoder
/// tables map a code point back to its pointer, as each encoder's "index pointer" step defines it.
enum Indexes {
  // MARK: Decoder tables

  static let gb18030: [UInt16] = uint16s(IndexData.gb18030)
  static let jis0208: [UInt16] = uint16s(IndexData.jis0208)
  static let jis0212: [UInt16] = uint16s(IndexData.jis0212)
  static let eucKR: [UInt16] = uint16s(IndexData.eucKR)

  /// index Big5 with its plane-2 code points restored.
  static let big5: [UInt32] = {
    let low = uint16s(IndexData.big5)
    let plane2 = bytes(IndexData.big5Plane2)
    return low.enumerated().map { pointer, value in
      plane2[pointer >> 3] & (1 << (pointer & 7)) != 0 ? 0x2_0000 | UInt32(value) : UInt32(value)
    }
  }()

  /// The single-byte indexes by encoding (pointer = byte − 0x80).
  static let singleByte: [TextEncoding: [UInt16]] = {
    var tables: [TextEncoding: [UInt16]] = [:]
    for (name, data) in IndexData.singleByte {
      guard let encoding = TextEncoding(rawValue: name) else { preconditionFailure("no encoding named \(name)") }
      tables[encoding] = uint16s(data)
    }
    // ISO-8859-8-I shares ISO-8859-8's index.
    tables[.iso8859_8I] = tables[.iso8859_8]
    return tables
  }()

  /// The code point for `pointer` in `table`, or nil when the index has none.
  @inline(__always)
  static func codePoint(_ pointer: Int, in table: [UInt16]) -> UInt32? {
    guard pointer < table.count else { return nil }
    let value = table[pointer]
    return value == 0 ? nil : UInt32(value)
  }

  /// https://encoding.spec.whatwg.org/#index-gb18030-ranges-code-point
  static func gb18030RangesCodePoint(_ pointer: UInt32) -> UInt32? {
    // Step 1.
    if (pointer > 39419 && pointer < 189000) || pointer > 1_237_575 { return nil }
    // Step 2.
    if pointer == 7457 { return 0xE7C7 }
    // Steps 3-4.
    let ranges = IndexData.gb18030Ranges
    let i = lastIndex(in: ranges.count) { ranges[$0].pointer <= pointer }
    return ranges[i].codePoint + pointer - ranges[i].pointer
  }

  /// https://encoding.spec.whatwg.org/#index-gb18030-ranges-pointer
  static func gb18030RangesPointer(_ codePoint: UInt32) -> UInt32 {
    // Step 1.
    if codePoint == 0xE7C7 { return 7457 }
    // Steps 2-3.
    let ranges = IndexData.gb18030Ranges
    let i = lastIndex(in: ranges.count) { ranges[$0].codePoint <= codePoint }
    return ranges[i].pointer + codePoint - ranges[i].codePoint
  }

  /// The last index below `count` for which `isAtOrBefore` holds, `isAtOrBefore` being true for a prefix (and at 0).
  private static func lastIndex(in count: Int, where isAtOrBefore: (Int) -> Bool) -> Int {
    var low = 0, high = count - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if isAtOrBefore(mid) { low = mid } else { high = mid - 1 }
    }
    return low
  }

  // MARK: Encoder tables

  /// https://encoding.spec.whatwg.org/#index-pointer in index gb18030 (the first pointer of a code point).
  static let gb18030Pointers: [UInt32: UInt16] = firstPointers(gb18030.lazy.map(UInt32.init))
  /// The index pointer in index jis0208 (EUC-JP and ISO-2022-JP).
  static let jis0208Pointers: [UInt32: UInt16] = firstPointers(jis0208.lazy.map(UInt32.init))
  /// https://encoding.spec.whatwg.org/#index-shift_jis-pointer: index jis0208 without pointers 8272 to 8835.
  static let shiftJISPointers: [UInt32: UInt16] = firstPointers(
    jis0208.enumerated().lazy.map { pointer, value in (8272...8835).contains(pointer) ? 0 : UInt32(value) })
  /// The index pointer in index EUC-KR.
  static let eucKRPointers: [UInt32: UInt16] = firstPointers(eucKR.lazy.map(UInt32.init))

  /// https://encoding.spec.whatwg.org/#index-big5-pointer: pointers below (0xA1 − 0x81) × 157 left out, the last
  /// pointer for six code points and the first for the others.
  static let big5Pointers: [UInt32: UInt16] = {
    let start = (0xA1 - 0x81) * 157
    var table = firstPointers(big5.enumerated().lazy.map { pointer, value in pointer < start ? 0 : value })
    for codePoint: UInt32 in [0x2550, 0x255E, 0x2561, 0x256A, 0x5341, 0x5345] {
      if let last = big5.lastIndex(of: codePoint), last >= start { table[codePoint] = UInt16(last) }
    }
    return table
  }()

  /// The single-byte encoders' tables: code point → byte.
  static let singleByteBytes: [TextEncoding: [UInt32: UInt8]] = singleByte.mapValues { table in
    var bytes: [UInt32: UInt8] = [:]
    for (pointer, value) in table.enumerated() where value != 0 && bytes[UInt32(value)] == nil {
      bytes[UInt32(value)] = UInt8(0x80 + pointer)
    }
    return bytes
  }

  private static func firstPointers(_ codePoints: some Sequence<UInt32>) -> [UInt32: UInt16] {
    var table: [UInt32: UInt16] = [:]
    for (pointer, codePoint) in codePoints.enumerated() where codePoint != 0 && table[codePoint] == nil {
      table[codePoint] = UInt16(pointer)
    }
    return table
  }

  // MARK: Decoding the generated data

  /// The little-endian UInt16s in a base64 string.
  static func uint16s(_ base64: String) -> [UInt16] {
    let raw = bytes(base64)
    return (0..<raw.count / 2).map { UInt16(raw[2 * $0]) | UInt16(raw[2 * $0 + 1]) << 8 }
  }

  /// The bytes of a base64 string; characters outside the alphabet (line breaks) are skipped.
  static func bytes(_ base64: String) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(base64.utf8.count * 3 / 4)
    var accumulator: UInt32 = 0, bits = 0
    for character in base64.utf8 {
      let value: UInt32
      switch character {
      case 0x41...0x5A: value = UInt32(character - 0x41)
      case 0x61...0x7A: value = UInt32(character - 0x61 + 26)
      case 0x30...0x39: value = UInt32(character - 0x30 + 52)
      case 0x2B: value = 62
      case 0x2F: value = 63
      default: continue  // "=" padding, line breaks
      }
      accumulator = accumulator << 6 | value
      bits += 6
      if bits >= 8 {
        bits -= 8
        output.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
      }
    }
    return output
  }
}
