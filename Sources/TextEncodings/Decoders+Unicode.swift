/// https://encoding.spec.whatwg.org/#utf-8-decoder
struct UTF8Decoder: ByteDecoder {
  var codePoint: UInt32 = 0
  var bytesSeen = 0
  var bytesNeeded = 0
  var lowerBoundary: UInt8 = 0x80
  var upperBoundary: UInt8 = 0xBF

  var passesASCIIThrough: Bool { bytesNeeded == 0 }

  mutating func handleEnd(restoring restored: inout RestoredBytes) -> DecoderStep {
    // Steps 1-2.
    guard bytesNeeded != 0 else { return .finished }
    bytesNeeded = 0
    return .error
  }

  mutating func handle(_ byte: UInt8, restoring restored: inout RestoredBytes) -> DecoderStep {
    // Step 3.
    if bytesNeeded == 0 {
      switch byte {
      case 0x00...0x7F: return .scalar(UInt32(byte))
      case 0xC2...0xDF:
        bytesNeeded = 1
        codePoint = UInt32(byte & 0x1F)
      case 0xE0...0xEF:
        if byte == 0xE0 { lowerBoundary = 0xA0 }
        if byte == 0xED { upperBoundary = 0x9F }
        bytesNeeded = 2
        codePoint = UInt32(byte & 0xF)
      case 0xF0...0xF4:
        if byte == 0xF0 { lowerBoundary = 0x90 }
        if byte == 0xF4 { upperBoundary = 0x8F }
        bytesNeeded = 3
        codePoint = UInt32(byte & 0x7)
      default: return .error
      }
      return .continue
    }
    // Step 4.
    guard byte >= lowerBoundary && byte <= upperBoundary else {
      self = UTF8Decoder()
      restored.restore(byte)
      return .error
    }
    // Steps 5-12.
    lowerBoundary = 0x80
    upperBoundary = 0xBF
    codePoint = codePoint << 6 | UInt32(byte & 0x3F)
    bytesSeen += 1
    guard bytesSeen == bytesNeeded else { return .continue }
    let result = codePoint
    self = UTF8Decoder()
    return .scalar(result)
  }
}

/// https://encoding.spec.whatwg.org/#shared-utf-16-decoder
struct UTF16Decoder: ByteDecoder {
  let bigEndian: Bool
  var leadingByte: UInt8?
  var leadingSurrogate: UInt16?

  init(bigEndian: Bool) { self.bigEndian = bigEndian }

  var passesASCIIThrough: Bool { false }

  mutating func handleEnd(restoring restored: inout RestoredBytes) -> DecoderStep {
    // Steps 1-2.
    guard leadingByte != nil || leadingSurrogate != nil else { return .finished }
    leadingByte = nil
    leadingSurrogate = nil
    return .error
  }

  mutating func handle(_ byte: UInt8, restoring restored: inout RestoredBytes) -> DecoderStep {
    // Step 3.
    guard let lead = leadingByte else {
      leadingByte = byte
      return .continue
    }
    // Steps 4-5.
    let codeUnit = bigEndian ? UInt16(lead) << 8 | UInt16(byte) : UInt16(byte) << 8 | UInt16(lead)
    leadingByte = nil
    // Step 6.
    if let leading = leadingSurrogate {
      leadingSurrogate = nil
      if (0xDC00...0xDFFF).contains(codeUnit) {
        return .scalar(0x1_0000 + (UInt32(leading) - 0xD800) << 10 + (UInt32(codeUnit) - 0xDC00))
      }
      let high = UInt8(codeUnit >> 8), low = UInt8(codeUnit & 0xFF)
      if bigEndian { restored.restore(high, low) } else { restored.restore(low, high) }
      return .error
    }
    // Steps 7-9.
    switch codeUnit {
    case 0xD800...0xDBFF:
      leadingSurrogate = codeUnit
      return .continue
    case 0xDC00...0xDFFF: return .error
    default: return .scalar(UInt32(codeUnit))
    }
  }
}

/// https://encoding.spec.whatwg.org/#replacement-decoder
struct ReplacementDecoder: ByteDecoder {
  var errorReturned = false

  var passesASCIIThrough: Bool { false }

  mutating func handleEnd(restoring restored: inout RestoredBytes) -> DecoderStep { .finished }

  mutating func handle(_ byte: UInt8, restoring restored: inout RestoredBytes) -> DecoderStep {
    guard !errorReturned else { return .finished }
    errorReturned = true
    return .error
  }
}

/// https://encoding.spec.whatwg.org/#single-byte-decoder, and x-user-defined's (a table made by a formula).
struct SingleByteDecoder: ByteDecoder {
  /// Code points for bytes 0x80 to 0xFF; 0 where the index has none.
  let table: [UInt16]

  /// https://encoding.spec.whatwg.org/#x-user-defined-decoder: 0x80–0xFF become U+F780–U+F7FF.
  static let xUserDefined: [UInt16] = (0..<128).map { 0xF780 + $0 }

  var passesASCIIThrough: Bool { true }

  mutating func handleEnd(restoring restored: inout RestoredBytes) -> DecoderStep { .finished }

  @inline(__always)
  mutating func handle(_ byte: UInt8, restoring restored: inout RestoredBytes) -> DecoderStep {
    if byte < 0x80 { return .scalar(UInt32(byte)) }
    let codePoint = table[Int(byte &- 0x80)]
    return codePoint == 0 ? .error : .scalar(UInt32(codePoint))
  }
}
