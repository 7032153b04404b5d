/// The shape four decoders share (Big5, EUC-JP, Shift_JIS, EUC-KR): a leading byte, then a trailing byte that
/// together make a pointer.
///
/// The shared steps: end-of-queue after a leading byte is an error; with a leading byte, the pair decodes or is an
/// error that gives an ASCII trailing byte back; without one, ASCII is itself and other bytes go to `first`.
protocol LeadingByteDecoder: ByteDecoder {
  var leading: UInt8 { get set }
  /// A non-ASCII byte with no leading byte: sets `leading` and returns continue, or returns a code point or error
  /// (by default 0x81 to 0xFE lead, as in Big5 and EUC-KR).
  mutating func first(_ byte: UInt8) -> DecoderStep
  /// The code point(s) for `leading` then `byte` (`leading` is already 0 again), or nil when there are none.
  mutating func pair(_ leading: UInt8, _ byte: UInt8) -> DecoderStep?
}

extension LeadingByteDecoder {
  var passesASCIIThrough: Bool { leading == 0 }

  mutating func first(_ byte: UInt8) -> DecoderStep {
    guard (0x81...0xFE).contains(byte) else { return .error }
    leading = byte
    return .continue
  }

  mutating func handleEnd(restoring restored: inout RestoredBytes) -> DecoderStep {
    guard leading != 0 else { return .finished }
    leading = 0
    return .error
  }

  @inline(__always)
  mutating func handle(_ byte: UInt8, restoring restored: inout RestoredBytes) -> DecoderStep {
    if leading != 0 {
      let lead = leading
      leading = 0
      if let step = pair(lead, byte) { return step }
      if byte < 0x80 { restored.restore(byte) }
      return .error
    }
    return byte < 0x80 ? .scalar(UInt32(byte)) : first(byte)
  }
}
