import DOM
import FuzzSupport
import TextEncodings

/// The fuzz property for the encoding sniffer and the decoders behind it.
///
/// The first byte picks the `--encoding` fallback label (or none), the second a second encoding to decode with; the
/// rest is the page. Checked:
/// - `HTMLEncoding.decode` never traps; an unknown fallback label throws naming it; the answer is a canonical
///   encoding name; a byte order mark decides when there is one; without one and without `<meta` in the first
///   1024 bytes, the fallback decides, else UTF-8 when the page is valid UTF-8, else windows-1252;
/// - for the chosen encoding and the second one: decoding in pieces (`stream: true`) gives the one-shot text; a
///   fatal decoder succeeds with that text, or fails and the text has a U+FFFD; text the encoder maps without an
///   error decodes back to itself (except where the Encoding Standard maps on purpose: ISO-2022-JP's half-width
///   katakana, and the Japanese encoders' U+00A5, U+203E and U+2212).
///
/// Built two ways from this one file (see FuzzSupport): a libFuzzer target with `-D FUZZING` (Scripts/fuzz), else
/// `fuzz-encoding FILE...`, which replays inputs.
enum EncodingSniff: FuzzTarget {
  static let usage = "fuzz-encoding FILE...  (first byte: fallback label, second: another encoding, then the page)"

  /// Fallback labels the first byte picks from (index 0: none). Odd spellings on purpose; the last is unknown.
  static let labels: [String?] = [
    nil, "utf-8", " Windows-1252 ", "latin1", "shift_jis", "EUC-JP", "iso-2022-jp", "gbk", "gb18030", "big5",
    "euc-kr", "utf-16le", "UTF-16BE", "iso-2022-kr", "x-user-defined", "koi8-u", "iso-8859-8-i", "no-such-encoding",
  ]

  static func check(_ bytes: UnsafeBufferPointer<UInt8>, name: String, verbose: Bool) -> Bool {
    var input = FuzzBytes(bytes)
    let label = labels[input.choose(labels.count)]
    let second = TextEncoding.allCases[input.choose(TextEncoding.allCases.count)]
    let page = Array(input.rest())
    let problem: String?
    do {
      let (text, encodingName) = try HTMLEncoding.decode(page, fallback: label)
      problem = checkAnswer(page, label: label, text: text, encodingName: encodingName)
        ?? TextEncoding(rawValue: encodingName).flatMap { checkDecoders($0, page) } ?? checkDecoders(second, page)
      if verbose, problem == nil { print("\(name): \(encodingName), \(text.unicodeScalars.count) characters") }
    } catch {
      problem = label != nil && TextEncoding(label: label!) == nil && error.label == label
        ? nil : "the fallback \(label.debugDescription) was refused as \(error.label)"
      if verbose, problem == nil { print("\(name): \(error)") }
    }
    guard let problem else { return true }
    Fuzzing.report("""
      \(name): encoding violation (fallback \(label.debugDescription), second encoding \(second.name)): \(problem)
      --- page bytes (\(page.count))
      \(page.map { String($0, radix: 16) }.joined(separator: " "))
      ---

      """)
    return false
  }

  /// The sniffer's answer against what the page allows.
  static func checkAnswer(_ page: [UInt8], label: String?, text: String, encodingName: String) -> String? {
    guard let encoding = TextEncoding(rawValue: encodingName), HTMLEncoding.encoding(forLabel: encodingName) == encodingName
    else { return "the answer \(encodingName) is not a canonical encoding name" }
    if let (bom, length) = TextEncoding.sniffBOM(page) {
      guard encoding == bom else { return "a \(bom.name) byte order mark, but the answer is \(encodingName)" }
      guard text == bom.decode(page[length...]) else { return "the text is not the \(bom.name) decoding after the mark" }
      return nil
    }
    let head = page.prefix(1024).map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
    if !head.indices.contains(where: { head[$0...].starts(with: Array("<meta".utf8)) }) {
      let expected = label.flatMap { TextEncoding(label: $0) }
        ?? (String(validating: page, as: UTF8.self) != nil ? .utf8 : .windows1252)
      guard encoding == expected else { return "no byte order mark and no <meta, yet the answer is \(encodingName)" }
    }
    if encoding == .utf16BE || encoding == .utf16LE, label.flatMap({ TextEncoding(label: $0) }) != encoding {
      return "the prescan answered \(encodingName) (it must say UTF-8 for UTF-16)"
    }
    guard text == encoding.decode(page) else { return "the text is not the \(encodingName) decoding of the page" }
    return nil
  }

  /// Streaming, fatal and encoder round trips for one encoding.
  static func checkDecoders(_ encoding: TextEncoding, _ page: [UInt8]) -> String? {
    let whole = encoding.decode(page)
    // In pieces of 1, 2, 3, 5 and 8 bytes, cycling; the last call flushes.
    var streaming = TextDecoder(encoding: encoding, ignoreBOM: true)
    var pieces = ""
    var start = 0
    var sizes = [1, 2, 3, 5, 8].makeIterator()
    while start < page.count {
      let size = sizes.next() ?? { sizes = [1, 2, 3, 5, 8].makeIterator(); return sizes.next()! }()
      let end = min(page.count, start + size)
      pieces += (try? streaming.decode(page[start..<end], stream: end < page.count)) ?? "<threw>"
      start = end
    }
    pieces += (try? streaming.decode([UInt8](), stream: false)) ?? "<threw>"
    guard pieces == whole else {
      return "\(encoding.name): decoding in pieces gives \(pieces.debugDescription), at once \(whole.debugDescription)"
    }
    var fatal = TextDecoder(encoding: encoding, fatal: true, ignoreBOM: true)
    if let strict = try? fatal.decode(page) {
      guard strict == whole else { return "\(encoding.name): the fatal decoder gives \(strict.debugDescription)" }
    } else if !whole.unicodeScalars.contains("\u{FFFD}") {
      return "\(encoding.name): the fatal decoder fails, yet the text \(whole.debugDescription) has no U+FFFD"
    }
    return checkEncoderRoundTrip(encoding, whole)
  }

  /// Code points the Japanese encoders map to others on purpose (https://encoding.spec.whatwg.org/#shift_jis-encoder).
  static let japaneseRemapped: Set<Unicode.Scalar> = ["\u{A5}", "\u{203E}", "\u{2212}"]

  static func checkEncoderRoundTrip(_ encoding: TextEncoding, _ text: String) -> String? {
    guard var encoder = TextEncoder(encoding: encoding) else { return nil }
    switch encoding {
    case .shiftJIS, .eucJP, .iso2022JP:
      if text.unicodeScalars.contains(where: { japaneseRemapped.contains($0) || (0xFF61...0xFF9F).contains($0.value) }) {
        return nil
      }
    default: break
    }
    var bytes: [UInt8] = []
    var unmappable = false
    encoder.encode(text, into: &bytes) { _, _ in unmappable = true }
    guard !unmappable else { return nil }
    let back = encoding.decode(bytes)
    guard back == text else {
      return "\(encoding.name): \(text.debugDescription) encodes to \(bytes) without error, which decodes to \(back.debugDescription)"
    }
    return nil
  }
}

#if FUZZING
  /// The program's entry point (see `Fuzzing.runLibFuzzer`).
  @_cdecl("fuzz_encoding_main")
  public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    Fuzzing.runLibFuzzer(argc, argv, EncodingSniff.self)
  }
#else
  @main
  struct ReplayCommand {
    static func main() { Fuzzing.replay(EncodingSniff.self) }
  }
#endif
