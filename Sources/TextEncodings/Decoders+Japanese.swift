/// https://encoding.spec.whatwg.org/#euc-jp-decoder (the shared steps are LeadingByteDecoder's).
struct EUCJPDecoder: LeadingByteDecoder {
  let jis0208Index = Indexes.jis0208
  let jis0212Index = Indexes.jis0212
  var jis0212 = false
  var leading: UInt8 = 0

  /// Steps 7-8.
  mutating func first(_ byte: UInt8) -> DecoderStep {
    guard byte == 0x8E || byte == 0x8F || (0xA1...0xFE).contains(byte) else { return .error }
    leading = byte
    return .continue
  }

  /// Steps 3-5.
  mutating func pair(_ leading: UInt8, _ byte: UInt8) -> DecoderStep? {
    // Step 3.
    if leading == 0x8E && (0xA1...0xDF).contains(byte) { return .scalar(0xFF61 - 0xA1 + UInt32(byte)) }
    // Step 4.
    if leading == 0x8F && (0xA1...0xFE).contains(byte) {
      jis0212 = true
      self.leading = byte
      return .continue
    }
    // Step 5.
    defer { jis0212 = false }
    guard (0xA1...0xFE).contains(leading) && (0xA1...0xFE).contains(byte) else { return nil }
    let pointer = (Int(leading) - 0xA1) * 94 + Int(byte) - 0xA1
    return Indexes.codePoint(pointer, in: jis0212 ? jis0212Index : jis0208Index).map { .scalar($0) }
  }
}

/// https://encoding.spec.whatwg.org/#shift_jis-decoder (the shared steps are LeadingByteDecoder's).
struct ShiftJISDecoder: LeadingByteDecoder {
  let index = Indexes.jis0208
  var leading: UInt8 = 0

  /// Steps 4-7.
  mutating func first(_ byte: UInt8) -> DecoderStep {
    switch byte {
    case 0x80: return .scalar(0x80)
    case 0xA1...0xDF: return .scalar(0xFF61 - 0xA1 + UInt32(byte))
    case 0x81...0x9F, 0xE0...0xFC:
      leading = byte
      return .continue
    default: return .error
    }
  }

  /// Step 3.
  mutating func pair(_ leading: UInt8, _ byte: UInt8) -> DecoderStep? {
    guard (0x40...0x7E).contains(byte) || (0x80...0xFC).contains(byte) else { return nil }
    let pointer = (Int(leading) - (leading < 0xA0 ? 0x81 : 0xC1)) * 188 + Int(byte) - (byte < 0x7F ? 0x40 : 0x41)
    // EUDC: the Private Use Area, a Windows legacy.
    if (8836...10715).contains(pointer) { return .scalar(0xE000 - 8836 + UInt32(pointer)) }
    return Indexes.codePoint(pointer, in: index).map { .scalar($0) }
  }
}

/// https://encoding.spec.whatwg.org/#iso-2022-jp-decoder
struct ISO2022JPDecoder: ByteDecoder {
  enum State { case ascii, roman, katakana, leadingByte, trailingByte, escapeStart, escape }

  let index = Indexes.jis0208
  var state = State.ascii
  var outputState = State.ascii
  var leading: UInt8 = 0
  var output = false

  var passesASCIIThrough: Bool { state == .ascii && !output }

  mutating func handleEnd(restoring restored: inout RestoredBytes) -> DecoderStep {
    switch state {
    case .ascii, .roman, .katakana, .leadingByte: return .finished
    case .trailingByte:
      state = .leadingByte
      return .error
    case .escapeStart:
      output = false
      state = outputState
      return .error
    case .escape:
      restored.restore(leading)
      leading = 0
      output = false
      state = outputState
      return .error
    }
  }

  mutating func handle(_ byte: UInt8, restoring restored: inout RestoredBytes) -> DecoderStep {
    switch state {
    case .ascii, .roman, .katakana, .leadingByte:
      if byte == 0x1B {
        state = .escapeStart
        return .continue
      }
      output = false
      switch (state, byte) {
      case (.ascii, 0x00...0x7F) where byte != 0x0E && byte != 0x0F: return .scalar(UInt32(byte))
      case (.roman, 0x5C): return .scalar(0xA5)
      case (.roman, 0x7E): return .scalar(0x203E)
      case (.roman, 0x00...0x7F) where byte != 0x0E && byte != 0x0F: return .scalar(UInt32(byte))
      case (.katakana, 0x21...0x5F): return .scalar(0xFF61 - 0x21 + UInt32(byte))
      case (.leadingByte, 0x21...0x7E):
        leading = byte
        state = .trailingByte
        return .continue
      default: return .error
      }
    case .trailingByte:
      if byte == 0x1B {
        state = .escapeStart
        return .error
      }
      state = .leadingByte
      guard (0x21...0x7E).contains(byte) else { return .error }
      let pointer = (Int(leading) - 0x21) * 94 + Int(byte) - 0x21
      guard let codePoint = Indexes.codePoint(pointer, in: index) else { return .error }
      return .scalar(codePoint)
    case .escapeStart:
      // Step 1.
      if byte == 0x24 || byte == 0x28 {
        leading = byte
        state = .escape
        return .continue
      }
      // Steps 2-3.
      restored.restore(byte)
      output = false
      state = outputState
      return .error
    case .escape:
      // Steps 1-6.
      let lead = leading
      leading = 0
      var next: State?
      switch (lead, byte) {
      case (0x28, 0x42): next = .ascii
      case (0x28, 0x4A): next = .roman
      case (0x28, 0x49): next = .katakana
      case (0x24, 0x40), (0x24, 0x42): next = .leadingByte
      default: break
      }
      // Step 7.
      if let next {
        state = next
        outputState = next
        let hadOutput = output
        output = true
        return hadOutput ? .error : .continue
      }
      // Steps 8-9.
      restored.restore(lead, byte)
      output = false
      state = outputState
      return .error
    }
  }
}
