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

  /// An encoding this system's iconv cannot decode (glibc's gconv modules are missing).
  public struct UnsupportedEncodingError: Error, CustomStringConvertible, Equatable {
    /// The encoding's canonical name.
    public let encoding: String
    public var description: String {
      "This system's iconv cannot decode \(encoding). Install glibc's gconv modules (Debian: libc6), "
        + "or re-save the page as UTF-8."
    }
  }

  /// Decodes `bytes`, returning the text and the encoding's canonical name (`document.characterSet`).
  ///
  /// Steps:
  /// 1. A byte order mark (UTF-8, UTF-16LE, UTF-16BE) decides, and is not part of the text.
  /// 2. Else the prescan of the first 1024 bytes (`<meta charset>`, `<meta http-equiv=content-type>`).
  /// 3. Else `fallback` (the CLI's `--encoding`), a WHATWG label.
  /// 4. Else UTF-8.
  /// Invalid bytes become U+FFFD. An encoding iconv lacks throws `UnsupportedEncodingError`. An unknown `fallback` label throws `UnknownLabelError` naming it,
  /// even when the page's own declaration would have won, so a typo never goes unnoticed.
  public static func decode(_ bytes: [UInt8], fallback: String?) throws -> (text: String, encoding: String) {
    let fallbackName = try fallback.map { label in
      guard let name = encoding(forLabel: label) else { throw UnknownLabelError(label: label) }
      return name
    }
    // Step 1.
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return (try decode(bytes[3...], as: "UTF-8"), "UTF-8") }
    if bytes.starts(with: [0xFE, 0xFF]) { return (try decode(bytes[2...], as: "UTF-16BE"), "UTF-16BE") }
    if bytes.starts(with: [0xFF, 0xFE]) { return (try decode(bytes[2...], as: "UTF-16LE"), "UTF-16LE") }
    // Steps 2-4.
    let name = prescan(bytes.prefix(1024)) ?? fallbackName ?? "UTF-8"
    return (try decode(bytes[...], as: name), name)
  }

  /// The canonical name for a label: ASCII whitespace trimmed, ASCII case ignored; nil for an unknown label.
  ///
  /// https://encoding.spec.whatwg.org/#concept-encoding-get
  public static func encoding(forLabel label: String) -> String? {
    let whitespace: Set<Character> = ["\t", "\n", "\u{0C}", "\r", " "]
    var trimmed = Substring(label)
    while let first = trimmed.first, whitespace.contains(first) { trimmed.removeFirst() }
    while let last = trimmed.last, whitespace.contains(last) { trimmed.removeLast() }
    return nameByLabel[asciiLowercased(trimmed)]
  }

  static func asciiLowercased(_ s: Substring) -> String {
    String(decoding: s.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }, as: UTF8.self)
  }

  /// Decodes with the named (canonical) encoding; invalid input becomes U+FFFD.
  static func decode(_ bytes: ArraySlice<UInt8>, as name: String) throws -> String {
    switch name {
    case "UTF-8":
      return String(decoding: bytes, as: UTF8.self)
    case "UTF-16LE", "UTF-16BE":
      return decodeUTF16(bytes, bigEndian: name == "UTF-16BE")
    case "windows-1252":
      return decodeWindows1252(bytes)
    case "x-user-defined":
      // https://encoding.spec.whatwg.org/#x-user-defined-decoder
      var scalars = String.UnicodeScalarView()
      for byte in bytes { scalars.append(Unicode.Scalar(byte < 0x80 ? UInt32(byte) : 0xF780 + UInt32(byte) - 0x80)!) }
      return String(scalars)
    case "replacement":
      // https://encoding.spec.whatwg.org/#replacement-decoder — one U+FFFD for any input.
      return bytes.isEmpty ? "" : "\u{FFFD}"
    default:
      if let decoded = IconvDecoder.decode(bytes, candidates: iconvNames[name] ?? [name]) { return decoded }
      throw UnsupportedEncodingError(encoding: name)
    }
  }

  /// https://encoding.spec.whatwg.org/#utf-16le-decoder — lone surrogates and an odd last byte become U+FFFD.
  static func decodeUTF16(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) -> String {
    var units: [UInt16] = []
    units.reserveCapacity(bytes.count / 2)
    var i = bytes.startIndex
    while i + 1 < bytes.endIndex {
      let a = UInt16(bytes[i]), b = UInt16(bytes[i + 1])
      units.append(bigEndian ? a << 8 | b : b << 8 | a)
      i += 2
    }
    var text = String(decoding: units, as: UTF16.self)
    if bytes.count % 2 == 1 { text.append("\u{FFFD}") }
    return text
  }

  /// windows-1252 as WHATWG defines it: 0x80–0x9F per the table below (five bytes map to C1 controls),
  /// every other byte to the code point of the same value. https://encoding.spec.whatwg.org/index-windows-1252.txt
  static func decodeWindows1252(_ bytes: ArraySlice<UInt8>) -> String {
    var scalars = String.UnicodeScalarView()
    for byte in bytes {
      let value = byte >= 0x80 && byte <= 0x9F ? windows1252High[Int(byte - 0x80)] : UInt32(byte)
      scalars.append(Unicode.Scalar(value)!)
    }
    return String(scalars)
  }

  static let windows1252High: [UInt32] = [
    0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D,
    0x017D, 0x008F, 0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A,
    0x0153, 0x009D, 0x017E, 0x0178,
  ]
}
