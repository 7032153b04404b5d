/// https://encoding.spec.whatwg.org/#euc-kr-decoder
struct EUCKRDecoder: ByteDecoder {
  let index = Indexes.eucKR
  var leading: UInt8 = 0

  var passesASCIIThrough: Bool { leading == 0 }

  mutating func handleEnd(restoring restored: inout RestoredBytes) -> DecoderStep {
    // Steps 1-2.
    guard leading != 0 else { return .finished }
    leading = 0
    return .error
  }

  mutating func handle(_ byte: UInt8, restoring restored: inout RestoredBytes) -> DecoderStep {
    // Step 3.
    if leading != 0 {
      let lead = Int(leading)
      leading = 0
      if (0x41...0xFE).contains(byte),
        let codePoint = Indexes.codePoint((lead - 0x81) * 190 + Int(byte) - 0x41, in: index)
      {
        return .scalar(codePoint)
      }
      if byte < 0x80 { restored.restore(byte) }
      return .error
    }
    // Steps 4-6.
    switch byte {
    case 0x00...0x7F: return .scalar(UInt32(byte))
    case 0x81...0xFE:
      leading = byte
      return .continue
    default: return .error
    }
  }
}
