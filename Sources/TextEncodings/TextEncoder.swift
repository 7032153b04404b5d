/// An encoder for one encoding, with its state (only ISO-2022-JP's has any).
///
/// https://encoding.spec.whatwg.org/#encoder. Use ``encode(_:)`` for the "html" error mode (HTML forms),
/// ``encode(_:into:unmappable:)`` to write something else for what the encoding lacks (URL percent-encoding, or
/// throwing for "fatal"), or ``encode(_:into:)`` one scalar at a time ("encode or fail").
public struct TextEncoder {
  public let encoding: TextEncoding
  var iso2022JPState = ISO2022JPState.ascii

  /// The encoder for `encoding`, or nil for the three encodings without one (replacement, UTF-16BE, UTF-16LE).
  ///
  /// https://encoding.spec.whatwg.org/#get-an-encoder (callers take the output encoding first).
  public init?(encoding: TextEncoding) {
    guard encoding.outputEncoding == encoding else { return nil }
    self.encoding = encoding
  }

  /// Encodes `scalar` onto `output`; returns the code point to report when the encoding cannot encode it (then
  /// nothing was written, and the encoder is in a state where ASCII other than 0x0E, 0x0F, 0x1B, `\` and `~` may be
  /// written by the caller). https://encoding.spec.whatwg.org/#encode-or-fail, one item at a time.
  public mutating func encode(_ scalar: Unicode.Scalar, into output: inout [UInt8]) -> UInt32? {
    let codePoint = scalar.value
    if codePoint < 0x80 && encoding != .iso2022JP {
      output.append(UInt8(codePoint))
      return nil
    }
    switch encoding {
    case .utf8:
      output.append(contentsOf: String(scalar).utf8)
      return nil
    case .gbk, .gb18030: return Self.encodeGB18030(codePoint, isGBK: encoding == .gbk, into: &output)
    case .big5: return Self.encodeBig5(codePoint, into: &output)
    case .eucJP: return Self.encodeEUCJP(codePoint, into: &output)
    case .iso2022JP: return encodeISO2022JP(codePoint, into: &output)
    case .shiftJIS: return Self.encodeShiftJIS(codePoint, into: &output)
    case .eucKR: return Self.encodeEUCKR(codePoint, into: &output)
    case .xUserDefined:
      // https://encoding.spec.whatwg.org/#x-user-defined-encoder
      guard (0xF780...0xF7FF).contains(codePoint) else { return codePoint }
      output.append(UInt8(codePoint - 0xF780 + 0x80))
      return nil
    case .replacement, .utf16BE, .utf16LE: preconditionFailure("\(encoding.name) has no encoder")
    default:
      // https://encoding.spec.whatwg.org/#single-byte-encoder
      guard let byte = Indexes.singleByteBytes[encoding]?[codePoint] else { return codePoint }
      output.append(byte)
      return nil
    }
  }

  /// The handler given end-of-queue: ISO-2022-JP returns to ASCII; the other encoders write nothing.
  public mutating func finish(into output: inout [UInt8]) {
    if encoding == .iso2022JP && iso2022JPState != .ascii {
      iso2022JPState = .ascii
      output.append(contentsOf: [0x1B, 0x28, 0x42])
    }
  }

  /// Encodes all of `text` and finishes; `unmappable` writes what stands for each code point the encoding cannot
  /// encode (or throws, for the "fatal" error mode).
  public mutating func encode<E: Error>(
    _ text: String, into output: inout [UInt8], unmappable: (UInt32, inout [UInt8]) throws(E) -> Void
  ) throws(E) {
    for scalar in text.unicodeScalars {
      if let codePoint = encode(scalar, into: &output) { try unmappable(codePoint, &output) }
    }
    finish(into: &output)
  }

  /// Encodes all of `text` in the "html" error mode: `&#N;` for what the encoding cannot encode.
  ///
  /// https://encoding.spec.whatwg.org/#concept-encoding-process (error mode "html").
  public mutating func encode(_ text: String) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(text.utf8.count)
    encode(text, into: &output) { codePoint, output in output.append(contentsOf: Array("&#\(codePoint);".utf8)) }
    return output
  }
}
