/// An encoding of the WHATWG Encoding Standard, named by its canonical name (`rawValue`).
///
/// https://encoding.spec.whatwg.org/#encodings. Every encoding has a decoder (``TextDecoder``); all but
/// replacement, UTF-16BE and UTF-16LE have an encoder (``TextEncoder``).
public enum TextEncoding: String, CaseIterable, Sendable {
  case utf8 = "UTF-8"
  case ibm866 = "IBM866"
  case iso8859_2 = "ISO-8859-2"
  case iso8859_3 = "ISO-8859-3"
  case iso8859_4 = "ISO-8859-4"
  case iso8859_5 = "ISO-8859-5"
  case iso8859_6 = "ISO-8859-6"
  case iso8859_7 = "ISO-8859-7"
  case iso8859_8 = "ISO-8859-8"
  case iso8859_8I = "ISO-8859-8-I"
  case iso8859_10 = "ISO-8859-10"
  case iso8859_13 = "ISO-8859-13"
  case iso8859_14 = "ISO-8859-14"
  case iso8859_15 = "ISO-8859-15"
  case iso8859_16 = "ISO-8859-16"
  case koi8R = "KOI8-R"
  case koi8U = "KOI8-U"
  case macintosh = "macintosh"
  case windows874 = "windows-874"
  case windows1250 = "windows-1250"
  case windows1251 = "windows-1251"
  case windows1252 = "windows-1252"
  case windows1253 = "windows-1253"
  case windows1254 = "windows-1254"
  case windows1255 = "windows-1255"
  case windows1256 = "windows-1256"
  case windows1257 = "windows-1257"
  case windows1258 = "windows-1258"
  case xMacCyrillic = "x-mac-cyrillic"
  case gbk = "GBK"
  case gb18030 = "gb18030"
  case big5 = "Big5"
  case eucJP = "EUC-JP"
  case iso2022JP = "ISO-2022-JP"
  case shiftJIS = "Shift_JIS"
  case eucKR = "EUC-KR"
  case replacement = "replacement"
  case utf16BE = "UTF-16BE"
  case utf16LE = "UTF-16LE"
  case xUserDefined = "x-user-defined"

  /// The canonical name (`document.characterSet`; `TextDecoder.encoding` is it lowercased).
  public var name: String { rawValue }

  /// The encoding to encode with when this one was a document's (URLs, forms): UTF-8 for replacement and UTF-16.
  ///
  /// https://encoding.spec.whatwg.org/#get-an-output-encoding
  public var outputEncoding: TextEncoding {
    switch self {
    case .replacement, .utf16BE, .utf16LE: return .utf8
    default: return self
    }
  }

  /// The encoding a byte order mark at the start of `bytes` names, and the mark's length; nil without one.
  ///
  /// https://encoding.spec.whatwg.org/#bom-sniff
  public static func sniffBOM(_ bytes: some Collection<UInt8>) -> (encoding: TextEncoding, length: Int)? {
    var iterator = bytes.makeIterator()
    let first = iterator.next(), second = iterator.next(), third = iterator.next()
    switch (first, second, third) {
    case (0xEF, 0xBB, 0xBF): return (.utf8, 3)
    case (0xFE, 0xFF, _): return (.utf16BE, 2)
    case (0xFF, 0xFE, _): return (.utf16LE, 2)
    default: return nil
    }
  }

  /// Decodes all of `bytes` with this encoding's decoder, invalid input becoming U+FFFD; a byte order mark is
  /// not looked at (callers sniff it first, as HTML does).
  ///
  /// https://encoding.spec.whatwg.org/#decode, from step 3 ("process a queue" in replacement mode).
  public func decode(_ bytes: some Collection<UInt8>) -> String {
    if self == .utf8 { return String(decoding: bytes, as: UTF8.self) }
    var decoder = TextDecoder(encoding: self, ignoreBOM: true)
    let bytes = Array(bytes)
    // Replacement mode never throws.
    return (try? bytes.withUnsafeBufferPointer { try decoder.decode($0, stream: false) }) ?? ""
  }

  /// Decodes `bytes` with this encoding as the fallback: a byte order mark, when there is one, picks the encoding
  /// instead (and is not part of the text). Returns the text and the encoding used.
  ///
  /// https://encoding.spec.whatwg.org/#decode (the legacy hook: scripts, stylesheets, form data).
  public func decodeSniffingBOM(_ bytes: some Collection<UInt8>) -> (text: String, encoding: TextEncoding) {
    let bytes = Array(bytes)
    guard let (encoding, length) = Self.sniffBOM(bytes) else { return (decode(bytes), self) }
    return (encoding.decode(bytes[length...]), encoding)
  }

  /// Encodes `text` with the output encoding's encoder, writing `&#N;` for what it cannot encode (HTML forms).
  ///
  /// https://encoding.spec.whatwg.org/#encode (after https://encoding.spec.whatwg.org/#get-an-output-encoding).
  public func encode(_ text: String) -> [UInt8] {
    guard var encoder = TextEncoder(encoding: outputEncoding) else { return Array(text.utf8) }
    return encoder.encode(text)
  }
}
