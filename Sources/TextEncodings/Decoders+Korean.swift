/// https://encoding.spec.whatwg.org/#euc-kr-decoder (the shared steps, and steps 5-6, are LeadingByteDecoder's).
struct EUCKRDecoder: LeadingByteDecoder {
  let index = Indexes.eucKR
  var leading: UInt8 = 0

  /// Step 3.
  mutating func pair(_ leading: UInt8, _ byte: UInt8) -> DecoderStep? {
    guard (0x41...0xFE).contains(byte) else { return nil }
    return Indexes.codePoint((Int(leading) - 0x81) * 190 + Int(byte) - 0x41, in: index).map { .scalar($0) }
  }
}
