/// A decoder for one encoding with the TextDecoder API's behaviour: streaming across calls, BOM handling for the
/// UTF encodings, and replacement or fatal errors.
///
/// https://encoding.spec.whatwg.org/#interface-textdecoder (`TextDecoderCommon` and `TextDecoder`, without JS).
public struct TextDecoder {
  /// Thrown by a fatal decoder at the first invalid byte sequence.
  public struct InvalidData: Error, CustomStringConvertible, Equatable {
    public let encoding: TextEncoding
    public var description: String { "The encoded data was not valid \(encoding.name)." }
  }

  public let encoding: TextEncoding
  /// Whether invalid input throws ``InvalidData`` (error mode "fatal") instead of becoming U+FFFD.
  public let fatal: Bool
  /// Whether a leading U+FEFF stays in the output (UTF-8, UTF-16BE and UTF-16LE strip it otherwise).
  public let ignoreBOM: Bool

  private var decoder: any ByteDecoder
  private var doNotFlush = false
  private var bomSeen = false
  /// Bytes still in the I/O queue after a fatal error in a streaming call.
  private var unread: [UInt8] = []

  public init(encoding: TextEncoding, fatal: Bool = false, ignoreBOM: Bool = false) {
    self.encoding = encoding
    self.fatal = fatal
    self.ignoreBOM = ignoreBOM
    decoder = Self.makeDecoder(encoding)
  }

  /// Decodes `input` after what earlier streaming calls left; with `stream`, an incomplete sequence at the end waits
  /// for the next call, otherwise the decoder is flushed (an incomplete sequence is an error) and starts afresh next
  /// time. https://encoding.spec.whatwg.org/#dom-textdecoder-decode
  public mutating func decode(_ input: UnsafeBufferPointer<UInt8>, stream: Bool = false) throws(InvalidData) -> String {
    // Step 1.
    if !doNotFlush {
      // UTF-8 in one piece: the standard library's decoder replaces invalid input exactly as the UTF-8 decoder does.
      if encoding == .utf8 && !stream {
        bomSeen = false
        let text: String
        if fatal {
          guard let valid = String(validating: input, as: UTF8.self) else { throw InvalidData(encoding: encoding) }
          text = valid
        } else {
          text = String(decoding: input, as: UTF8.self)
        }
        return ignoreBOM || !text.hasPrefix("\u{FEFF}") ? text : String(text.unicodeScalars.dropFirst())
      }
      decoder = Self.makeDecoder(encoding)
      unread = []
      bomSeen = false
    }
    // Step 2.
    doNotFlush = stream
    // Steps 3-5.
    var sink = UTF8Sink()
    sink.bytes.reserveCapacity(input.count + input.count / 2)
    var end = DecoderRunEnd.done
    if !unread.isEmpty {
      let queued = unread + Array(input)
      unread = []
      end = queued.withUnsafeBufferPointer { decoder.run($0, stream: stream, fatal: fatal, into: &sink) }
    } else {
      end = decoder.run(input, stream: stream, fatal: fatal, into: &sink)
    }
    if case .error(let rest) = end {
      unread = rest
      throw InvalidData(encoding: encoding)
    }
    return serialize(sink)
  }

  /// https://encoding.spec.whatwg.org/#concept-td-serialize: drops a leading U+FEFF once for the UTF encodings.
  private mutating func serialize(_ sink: UTF8Sink) -> String {
    guard !ignoreBOM, !bomSeen, !sink.bytes.isEmpty, encoding == .utf8 || encoding == .utf16BE || encoding == .utf16LE
    else {
      return sink.string
    }
    bomSeen = true
    if sink.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return String(decoding: sink.bytes.dropFirst(3), as: UTF8.self) }
    return sink.string
  }

  private static func makeDecoder(_ encoding: TextEncoding) -> any ByteDecoder {
    switch encoding {
    case .utf8: return UTF8Decoder()
    case .utf16BE: return UTF16Decoder(bigEndian: true)
    case .utf16LE: return UTF16Decoder(bigEndian: false)
    case .gbk, .gb18030: return GB18030Decoder()
    case .big5: return Big5Decoder()
    case .eucJP: return EUCJPDecoder()
    case .iso2022JP: return ISO2022JPDecoder()
    case .shiftJIS: return ShiftJISDecoder()
    case .eucKR: return EUCKRDecoder()
    case .replacement: return ReplacementDecoder()
    case .xUserDefined: return SingleByteDecoder(table: SingleByteDecoder.xUserDefined)
    default:
      guard let table = Indexes.singleByte[encoding] else { preconditionFailure("no index for \(encoding.name)") }
      return SingleByteDecoder(table: table)
    }
  }
}

extension TextDecoder {
  /// Decodes bytes from any collection (copied once when it has no contiguous storage).
  public mutating func decode(_ input: some Collection<UInt8>, stream: Bool = false) throws(InvalidData) -> String {
    let result = input.withContiguousStorageIfAvailable { buffer in
      Result { () throws(InvalidData) in try decode(buffer, stream: stream) }
    }
    if let result { return try result.get() }
    return try Array(input).withUnsafeBufferPointer { (buffer) throws(InvalidData) in try decode(buffer, stream: stream) }
  }
}
