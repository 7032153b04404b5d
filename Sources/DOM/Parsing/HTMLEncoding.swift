import TextEncodings

/// Decodes the bytes of a saved HTML page to text, finding the encoding the way a browser does.
///
/// https://encoding.spec.whatwg.org and https://html.spec.whatwg.org/#determining-the-character-encoding
public enum HTMLEncoding {
  /// An encoding label that names no WHATWG encoding.
  public struct UnknownLabelError: Error, CustomStringConvertible, Equatable {
    /// The label as given.
    public let label: String
    public var description: String {
      "Unknown character encoding \"\(label)\". Use a WHATWG encoding label such as utf-8, windows-1252, "
        + "iso-8859-2, shift_jis, euc-kr, gbk or big5 (https://encoding.spec.whatwg.org/#names-and-labels)."
    }
  }

  /// How ``decode(_:fallback:)`` chose the encoding.
  public enum Source: String, Sendable, Equatable {
    /// A byte order mark.
    case byteOrderMark = "its byte order mark"
    /// `<meta charset>` or `<meta http-equiv=content-type>` in the first 1024 bytes.
    case declaration = "its <meta charset> declaration"
    /// The `fallback` label (`--encoding`, or what an archive recorded).
    case fallback = "the encoding given for pages that declare none"
    /// None of those, and the bytes are valid UTF-8.
    case validUTF8 = "no declaration; the bytes are valid UTF-8"
    /// None of those, and the bytes are not valid UTF-8: windows-1252, the default of browsers in English locales.
    case windows1252 = "no declaration, and the bytes are not valid UTF-8 (windows-1252, browsers' default)"
  }

  /// The text of a page, the encoding's canonical name (`document.characterSet`), and how it was chosen.
  public struct Decoded: Sendable {
    public var text: String
    public var encoding: String
    public var source: Source
  }

  /// Decodes `bytes`, returning the text and the encoding's canonical name (`document.characterSet`).
  ///
  /// Steps (https://html.spec.whatwg.org/#encoding-sniffing-algorithm):
  /// 1. A byte order mark (UTF-8, UTF-16LE, UTF-16BE) decides, and is not part of the text.
  /// 2. Else the prescan of the first 1024 bytes (`<meta charset>`, `<meta http-equiv=content-type>`).
  /// 3. Else `fallback` (the CLI's `--encoding`, or the encoding an archive recorded), a WHATWG label.
  /// 4. Else UTF-8 when the bytes are valid UTF-8 (the autodetection step 8 allows), else windows-1252, the
  ///    spec's default for most locales and what WebKit uses for a page that declares nothing.
  /// The bytes decode with the WHATWG decoders (TextEncodings), invalid input becoming U+FFFD. An unknown `fallback`
  /// label throws `UnknownLabelError` naming it, even when the page's own declaration would have won, so a typo never
  /// goes unnoticed.
  public static func decode(_ bytes: [UInt8], fallback: String?) throws(UnknownLabelError) -> (text: String, encoding: String) {
    let decoded = try decodeDetailed(bytes, fallback: fallback)
    return (decoded.text, decoded.encoding)
  }

  /// ``decode(_:fallback:)``, saying how the encoding was chosen.
  public static func decodeDetailed(_ bytes: [UInt8], fallback: String?) throws(UnknownLabelError) -> Decoded {
    let fallbackEncoding = try fallback.map { (label) throws(UnknownLabelError) in
      guard let encoding = TextEncoding(label: label) else { throw UnknownLabelError(label: label) }
      return encoding
    }
    // Step 1.
    if let (encoding, length) = TextEncoding.sniffBOM(bytes) {
      return Decoded(text: encoding.decode(bytes[length...]), encoding: encoding.name, source: .byteOrderMark)
    }
    // Step 2.
    if let declared = prescan(bytes.prefix(1024)).flatMap({ TextEncoding(rawValue: $0) }) {
      return Decoded(text: declared.decode(bytes), encoding: declared.name, source: .declaration)
    }
    // Step 3.
    if let fallbackEncoding {
      return Decoded(text: fallbackEncoding.decode(bytes), encoding: fallbackEncoding.name, source: .fallback)
    }
    // Step 4.
    if let text = String(validating: bytes, as: UTF8.self) {
      return Decoded(text: text, encoding: TextEncoding.utf8.name, source: .validUTF8)
    }
    return Decoded(text: TextEncoding.windows1252.decode(bytes), encoding: TextEncoding.windows1252.name, source: .windows1252)
  }

  /// The canonical name for a label: ASCII whitespace trimmed, ASCII case ignored; nil for an unknown label.
  ///
  /// https://encoding.spec.whatwg.org/#concept-encoding-get (the table is TextEncoding's).
  public static func encoding(forLabel label: String) -> String? { TextEncoding(label: label)?.name }
}
