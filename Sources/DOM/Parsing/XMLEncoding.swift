import TextEncodings

/// Decodes the bytes of an XML document (a frame's `.xml`, `.xhtml` or `.svg` file) as an XML parser does.
///
/// https://www.w3.org/TR/xml/#sec-guessing and https://html.spec.whatwg.org/multipage/xhtml.html#parsing-xhtml-documents
public enum XMLEncoding {
  /// The text and the encoding's canonical name: a byte order mark decides; else the `encoding` of the XML
  /// declaration, when it names a WHATWG encoding; else UTF-8. Invalid input becomes U+FFFD.
  public static func decode(_ bytes: [UInt8]) -> (text: String, encoding: String) {
    if let (encoding, length) = TextEncoding.sniffBOM(bytes) {
      return (encoding.decode(bytes[length...]), encoding.name)
    }
    let encoding = declaredEncoding(bytes.prefix(1024)).flatMap { TextEncoding(label: $0) } ?? .utf8
    return (encoding.decode(bytes), encoding.name)
  }

  /// The `encoding="…"` pseudo-attribute of an XML declaration at the very start of `bytes`, if there is one.
  static func declaredEncoding(_ bytes: ArraySlice<UInt8>) -> String? {
    let head = String(decoding: bytes, as: UTF8.self)
    guard head.hasPrefix("<?xml"), let end = head.range(of: "?>") else { return nil }
    let declaration = head[..<end.lowerBound]
    guard let key = declaration.range(of: "encoding") else { return nil }
    var rest = declaration[key.upperBound...].drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
    guard rest.first == "=" else { return nil }
    rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
    guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
    let value = rest.dropFirst().prefix { $0 != quote }
    return value.count < rest.count - 1 ? String(value) : nil
  }
}
