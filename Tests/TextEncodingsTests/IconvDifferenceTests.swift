import XCTest

@testable import TextEncodings

/// Byte sequences that glibc's iconv (which decoded pages before TextEncodings, through the names HTMLEncoding
/// mapped each encoding to) decodes differently from the WHATWG decoders. Each row has the WHATWG answer, checked
/// against the index files and the decoder algorithms; iconv's answer is in the comment.
final class IconvDifferenceTests: XCTestCase {
  struct Row {
    let encoding: TextEncoding
    let bytes: [UInt8]
    let whatwg: String
    let line: UInt
    init(_ encoding: TextEncoding, _ bytes: [UInt8], _ whatwg: String, line: UInt = #line) {
      (self.encoding, self.bytes, self.whatwg, self.line) = (encoding, bytes, whatwg, line)
    }
  }

  static let rows: [Row] = [
    // gb18030/GBK (iconv GB18030): 0x80 is the euro sign, not an error (iconv: U+FFFD).
    Row(.gbk, [0x80], "\u{20AC}"),
    Row(.gb18030, [0x41, 0x80, 0x42], "A\u{20AC}B"),
    // 0xA3 0xA0 is IDEOGRAPHIC SPACE for deployed content (iconv: U+E5E5).
    Row(.gbk, [0xA3, 0xA0], "\u{3000}"),
    // GB18030-2005 Private Use mappings the index keeps (iconv, GB18030-2022: U+20087, U+20089, U+200CC).
    Row(.gbk, [0xFE, 0x51], "\u{E816}"),
    Row(.gbk, [0xFE, 0x52], "\u{E817}"),
    Row(.gbk, [0xFE, 0x53], "\u{E818}"),
    // Big5 (iconv BIG5-HKSCS): pointers below lead byte 0xA1 map as index Big5 says (iconv: U+FFFD then "i";
    // two U+FFFD).
    Row(.big5, [0x8E, 0x69], "\u{7BB8}"),
    Row(.big5, [0x8E, 0xAB], "\u{7DD2}"),
    // A lead byte and an invalid non-ASCII trail byte are one error (iconv: U+FFFD then U+0080).
    Row(.big5, [0x81, 0x80], "\u{FFFD}"),
    // Shift_JIS (iconv CP932): 0x80 is U+0080 (iconv: U+FFFD).
    Row(.shiftJIS, [0x80], "\u{80}"),
    // A lead byte with a trail byte in 0x80–0xFC that maps to nothing is one error (iconv: U+FFFD then a
    // half-width katakana from the trail byte).
    Row(.shiftJIS, [0x81, 0xAD], "\u{FFFD}"),
    // EUC-JP (iconv EUC-JP): JIS X 0208 rows as Windows maps them (iconv: U+301C, U+2016, U+2212, U+00A2).
    Row(.eucJP, [0xA1, 0xC1], "\u{FF5E}"),
    Row(.eucJP, [0xA1, 0xC2], "\u{2225}"),
    Row(.eucJP, [0xA1, 0xDD], "\u{FF0D}"),
    Row(.eucJP, [0xA1, 0xF1], "\u{FFE0}"),
    // NEC row 13 (iconv: two U+FFFD).
    Row(.eucJP, [0xAD, 0xA1], "\u{2460}"),
    // An unmapped JIS X 0212 sequence is one error (iconv: U+FFFD then U+3000).
    Row(.eucJP, [0x8F, 0xA1, 0xA1], "\u{FFFD}"),
    // EUC-KR (iconv CP949): a lead byte and a non-ASCII trail byte outside the index are one error (iconv: two).
    Row(.eucKR, [0x81, 0x80], "\u{FFFD}"),
    // Single-byte encodings: bytes iconv leaves unmapped are C1 controls in the WHATWG indexes (iconv: U+FFFD).
    Row(.windows1250, [0x81], "\u{81}"),
    Row(.windows1251, [0x98], "\u{98}"),
    Row(.windows1253, [0x88], "\u{88}"),
    Row(.windows1254, [0x8D], "\u{8D}"),
    Row(.windows1255, [0x8A], "\u{8A}"),
    Row(.windows1257, [0x83], "\u{83}"),
    Row(.windows874, [0x81], "\u{81}"),
    // windows-1258 decodes byte by byte (iconv composes combining marks with the letter before them, and drops
    // 0x83 at the end of the input: "" and "À").
    Row(.windows1258, [0x83], "\u{192}"),
    Row(.windows1258, [0x41, 0xCC], "A\u{300}"),
    // KOI8-U's 0xAE and 0xBE are Belarusian short U (iconv: box drawing U+255D, U+256C).
    Row(.koi8U, [0xAE, 0xBE], "\u{45E}\u{40E}"),
    // macintosh (iconv MACINTOSH): INCREMENT and the Apple logo's Private Use code point (iconv: U+0394, U+E01E).
    Row(.macintosh, [0xC6, 0xF0], "\u{2206}\u{F8FF}"),
    // x-mac-cyrillic's 0xFF is the euro sign (iconv: U+00A4).
    Row(.xMacCyrillic, [0xFF], "\u{20AC}"),
  ]

  func testWHATWGAnswers() {
    for row in Self.rows {
      XCTAssertEqual(row.encoding.decode(row.bytes), row.whatwg, "\(row.encoding.name) \(hex(row.bytes))", line: row.line)
    }
  }

  /// Every row decodes the same fed one byte at a time (the streaming path).
  func testWHATWGAnswersStreamed() throws {
    for row in Self.rows {
      var decoder = TextDecoder(encoding: row.encoding)
      var text = ""
      for byte in row.bytes { text += try decoder.decode([byte], stream: true) }
      text += try decoder.decode([UInt8]())
      XCTAssertEqual(text, row.whatwg, "\(row.encoding.name) \(hex(row.bytes))", line: row.line)
    }
  }

  private func hex(_ bytes: [UInt8]) -> String { bytes.map { String($0, radix: 16, uppercase: true) }.joined(separator: " ") }
}
