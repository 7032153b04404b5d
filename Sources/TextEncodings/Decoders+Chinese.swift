/// https://encoding.spec.whatwg.org/#gb18030-decoder (GBK's decoder too).
struct GB18030Decoder: ByteDecoder {
  let index = Indexes.gb18030
  var first: UInt8 = 0
  var second: UInt8 = 0
  var third: UInt8 = 0

  var passesASCIIThrough: Bool { first == 0 }

  mutating func handleEnd(restoring restored: inout RestoredBytes) -> DecoderStep {
    // Steps 1-2.
    guard first != 0 || second != 0 || third != 0 else { return .finished }
    (first, second, third) = (0, 0, 0)
    return .error
  }

  mutating func handle(_ byte: UInt8, restoring restored: inout RestoredBytes) -> DecoderStep {
    // Step 3.
    if third != 0 {
      guard (0x30...0x39).contains(byte) else {
        restored.restore(second, third, byte)
        (first, second, third) = (0, 0, 0)
        return .error
      }
      let pointer =
        (UInt32(first) - 0x81) * (10 * 126 * 10) + (UInt32(second) - 0x30) * (10 * 126)
        + (UInt32(third) - 0x81) * 10 + UInt32(byte) - 0x30
      (first, second, third) = (0, 0, 0)
      guard let codePoint = Indexes.gb18030RangesCodePoint(pointer) else { return .error }
      return .scalar(codePoint)
    }
    // Step 4.
    if second != 0 {
      if (0x81...0xFE).contains(byte) {
        third = byte
        return .continue
      }
      restored.restore(second, byte)
      first = 0
      second = 0
      return .error
    }
    // Step 5.
    if first != 0 {
      if (0x30...0x39).contains(byte) {
        second = byte
        return .continue
      }
      let leading = first
      first = 0
      let offset: UInt8 = byte < 0x7F ? 0x40 : 0x41
      if (0x40...0x7E).contains(byte) || (0x80...0xFE).contains(byte),
        let codePoint = Indexes.codePoint((Int(leading) - 0x81) * 190 + Int(byte - offset), in: index)
      {
        return .scalar(codePoint)
      }
      if byte < 0x80 { restored.restore(byte) }
      return .error
    }
    // Steps 6-9.
    switch byte {
    case 0x00...0x7F: return .scalar(UInt32(byte))
    case 0x80: return .scalar(0x20AC)
    case 0x81...0xFE:
      first = byte
      return .continue
    default: return .error
    }
  }
}

/// https://encoding.spec.whatwg.org/#big5-decoder (the shared steps, and steps 5-6, are LeadingByteDecoder's).
struct Big5Decoder: LeadingByteDecoder {
  let index = Indexes.big5
  var leading: UInt8 = 0

  /// Step 3.
  mutating func pair(_ leading: UInt8, _ byte: UInt8) -> DecoderStep? {
    guard (0x40...0x7E).contains(byte) || (0xA1...0xFE).contains(byte) else { return nil }
    let pointer = (Int(leading) - 0x81) * 157 + Int(byte) - (byte < 0x7F ? 0x40 : 0x62)
    switch pointer {
    case 1133: return .pair(0x00CA, 0x0304)
    case 1135: return .pair(0x00CA, 0x030C)
    case 1164: return .pair(0x00EA, 0x0304)
    case 1166: return .pair(0x00EA, 0x030C)
    default: return pointer < index.count && index[pointer] != 0 ? .scalar(index[pointer]) : nil
    }
  }
}
