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

  /// Decodes `bytes`, returning the text and the encoding's canonical name (`document.characterSet`).
  ///
  /// Steps:
  /// 1. A byte order mark (UTF-8, UTF-16LE, UTF-16BE) decides, and is not part of the text.
  /// 2. Else the prescan of the first 1024 bytes (`<meta charset>`, `<meta http-equiv=content-type>`).
  /// 3. Else `fallback` (the CLI's `--encoding`), a WHATWG label.
  /// 4. Else UTF-8.
  /// The bytes decode with the WHATWG decoders (TextEncodings), invalid input becoming U+FFFD. An unknown `fallback`
  /// label throws `UnknownLabelError` naming it, even when the page's own declaration would have won, so a typo never
  /// goes unnoticed.
  public static func decode(_ bytes: [UInt8], fallback: String?) throws(UnknownLabelError) -> (text: String, encoding: String) {
    let fallbackEncoding = try fallback.map { (label) throws(UnknownLabelError) in
      guard let encoding = TextEncoding(label: label) else { throw UnknownLabelError(label: label) }
      return encoding
    }
    // Step 1.
    if let (encoding, length) = TextEncoding.sniffBOM(bytes) {
      return (encoding.decode(bytes[length...]), encoding.name)
    }
    // Steps 2-4.
    let encoding = prescan(bytes.prefix(1024)).flatMap { TextEncoding(rawValue: $0) } ?? fallbackEncoding ?? .utf8
    return (encoding.decode(bytes), encoding.name)
  }

  /// The canonical name for a label: ASCII whitespace trimmed, ASCII case ignored; nil for an unknown label.
  ///
  /// https://encoding.spec.whatwg.org/#concept-encoding-get (the table is TextEncoding's).
  public static func encoding(forLabel label: String) -> String? { TextEncoding(label: label)?.name }
}
