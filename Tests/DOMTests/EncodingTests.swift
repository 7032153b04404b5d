import XCTest

@testable import DOM

final class EncodingTests: XCTestCase {
  private func decode(_ bytes: [UInt8], fallback: String? = nil) throws -> (text: String, encoding: String) {
    try HTMLEncoding.decode(bytes, fallback: fallback)
  }

  private func ascii(_ s: String) -> [UInt8] { Array(s.utf8) }

  func testUTF8BOMWinsOverMetaAndIsStripped() throws {
    let result = try decode([0xEF, 0xBB, 0xBF] + ascii("<meta charset=windows-1252>caf") + [0xC3, 0xA9])
    XCTAssertEqual(result.encoding, "UTF-8")
    XCTAssertEqual(result.text, "<meta charset=windows-1252>café")
  }

  func testUTF16BOMs() throws {
    let le = try decode([0xFF, 0xFE, 0x3C, 0x00, 0x70, 0x00, 0xE9, 0x00])
    XCTAssertEqual(le.encoding, "UTF-16LE")
    XCTAssertEqual(le.text, "<pé")
    let be = try decode([0xFE, 0xFF, 0x00, 0x3C, 0x30, 0x42])
    XCTAssertEqual(be.encoding, "UTF-16BE")
    XCTAssertEqual(be.text, "<あ")
  }

  func testMetaCharset() throws {
    let result = try decode(ascii("<!doctype html><html><head><meta charset=\"ISO-8859-2\"></head>") + [0xB1])
    XCTAssertEqual(result.encoding, "ISO-8859-2")
    XCTAssertTrue(result.text.hasSuffix("ą"), result.text)
  }

  func testHttpEquivContentType() throws {
    let page = ascii("<meta http-equiv=\"Content-Type\" content=\"text/html; charset=koi8-r\">") + [0xC1]
    let result = try decode(page)
    XCTAssertEqual(result.encoding, "KOI8-R")
    XCTAssertTrue(result.text.hasSuffix("а"), result.text)
  }

  func testContentWithoutHttpEquivIsIgnored() throws {
    let result = try decode(ascii("<meta content=\"text/html; charset=koi8-r\">x"))
    XCTAssertEqual(result.encoding, "UTF-8")
  }

  func testPrescanSkipsCommentsAndOtherTags() throws {
    let page = ascii("<!-- <meta charset=koi8-r> --><link rel=x title='<meta charset=big5>'><meta charset=windows-1251>")
    XCTAssertEqual(try decode(page).encoding, "windows-1251")
  }

  func testPrescanStopsAfter1024Bytes() throws {
    let page = ascii("<p>" + String(repeating: "x", count: 1100) + "<meta charset=koi8-r>")
    XCTAssertEqual(try decode(page).encoding, "UTF-8")
  }

  func testPrescanUTF16AndUserDefinedAreAdjusted() throws {
    XCTAssertEqual(try decode(ascii("<meta charset=utf-16le>")).encoding, "UTF-8")
    XCTAssertEqual(try decode(ascii("<meta charset=x-user-defined>")).encoding, "windows-1252")
  }

  func testUnknownMetaLabelFallsThrough() throws {
    XCTAssertEqual(try decode(ascii("<meta charset=no-such-thing>"), fallback: "latin2").encoding, "ISO-8859-2")
  }

  func testFallbackThenUTF8() throws {
    let latin = try decode([0x63, 0x61, 0x66, 0xE9], fallback: "latin1")
    XCTAssertEqual(latin.encoding, "windows-1252")
    XCTAssertEqual(latin.text, "café")
    let utf8 = try decode([0x63, 0x61, 0x66, 0xC3, 0xA9])
    XCTAssertEqual(utf8.encoding, "UTF-8")
    XCTAssertEqual(utf8.text, "café")
  }

  func testInvalidUTF8BecomesReplacementCharacter() throws {
    XCTAssertEqual(try decode([0x61, 0xFF, 0x62, 0xC3], fallback: "utf-8").text, "a\u{FFFD}b\u{FFFD}")
    XCTAssertEqual(try decode(ascii("<meta charset=utf-8>") + [0x61, 0xFF]).text, "<meta charset=utf-8>a\u{FFFD}")
  }

  /// A page that declares nothing (no BOM, no meta, no fallback) is UTF-8 when its bytes are valid UTF-8, else
  /// windows-1252, as WebKit decodes it (its default) and the spec's autodetection step allows.
  func testUndeclaredPagesAreUTF8WhenValidElseWindows1252() throws {
    let valid = try HTMLEncoding.decodeDetailed(Array("<p>café — naïve</p>".utf8), fallback: nil)
    XCTAssertEqual(valid.encoding, "UTF-8")
    XCTAssertEqual(valid.source, .validUTF8)
    XCTAssertEqual(valid.text, "<p>café — naïve</p>")
    let legacy = try HTMLEncoding.decodeDetailed(ascii("<p>caf") + [0xE9, 0x20, 0x80, 0x20, 0x93, 0x6F, 0x94], fallback: nil)
    XCTAssertEqual(legacy.encoding, "windows-1252")
    XCTAssertEqual(legacy.source, .windows1252)
    XCTAssertEqual(legacy.text, "<p>café € “o”")
    // One invalid sequence is enough, even past the first 1024 bytes.
    XCTAssertEqual(try decode(Array(repeating: 0x61, count: 5000) + [0xC3]).encoding, "windows-1252")
    XCTAssertEqual(try HTMLEncoding.decodeDetailed(ascii("<meta charset=utf-8>") + [0xFF], fallback: nil).source, .declaration)
    XCTAssertEqual(try HTMLEncoding.decodeDetailed([0xE9], fallback: "iso-8859-2").source, .fallback)
    XCTAssertEqual(try HTMLEncoding.decodeDetailed([0xEF, 0xBB, 0xBF, 0xE9], fallback: nil).source, .byteOrderMark)
  }

  func testWindows1252HighBytes() throws {
    let bytes: [UInt8] = Array(0x80...0x9F)
    let text = try decode(bytes, fallback: "windows-1252").text
    XCTAssertEqual(text.unicodeScalars.count, 32)
    XCTAssertEqual(text.unicodeScalars.first, "€")
    XCTAssertEqual(Array(text.unicodeScalars)[1].value, 0x81)  // unmapped bytes become C1 controls
    XCTAssertEqual(Array(text.unicodeScalars)[0x13], "“")
  }

  func testShiftJIS() throws {
    let page = ascii("<meta charset=shift_jis><p>") + [0x93, 0xFA, 0x96, 0x7B, 0x8C, 0xEA]
    let result = try decode(page)
    XCTAssertEqual(result.encoding, "Shift_JIS")
    XCTAssertEqual(result.text, "<meta charset=shift_jis><p>日本語")
  }

  func testInvalidShiftJISBytesBecomeReplacementCharacters() throws {
    let result = try decode([0x61, 0x81, 0x20, 0x62, 0x93], fallback: "sjis")
    XCTAssertEqual(result.text.unicodeScalars.first, "a")
    XCTAssertTrue(result.text.contains("\u{FFFD}"))
    XCTAssertTrue(result.text.hasSuffix("\u{FFFD}"), "a truncated lead byte at the end is U+FFFD")
  }

  func testLegacyCJKEncodings() throws {
    try expect(decode([0xC4, 0xE3, 0xBA, 0xC3], fallback: "gb2312"), "你好", "GBK")
    try expect(decode([0xA4, 0xA4, 0xA4, 0xE5], fallback: "big5"), "中文", "Big5")
    try expect(decode([0xC7, 0xD1, 0xB1, 0xDB], fallback: "euc-kr"), "한글", "EUC-KR")
    try expect(decode([0xC6, 0xFC, 0xCB, 0xDC], fallback: "euc-jp"), "日本", "EUC-JP")
    let jis: [UInt8] = [0x1B, 0x24, 0x42, 0x46, 0x7C, 0x4B, 0x5C, 0x1B, 0x28, 0x42, 0x61]
    try expect(decode(jis, fallback: "iso-2022-jp"), "日本a", "ISO-2022-JP")
  }

  private func expect(_ result: (text: String, encoding: String), _ text: String, _ encoding: String,
                      line: UInt = #line) {
    XCTAssertEqual(result.text, text, line: line)
    XCTAssertEqual(result.encoding, encoding, line: line)
  }

  func testUnknownFallbackLabelThrowsNamingIt() {
    XCTAssertThrowsError(try decode(ascii("x"), fallback: "latin-99")) { error in
      XCTAssertEqual(error as? HTMLEncoding.UnknownLabelError, HTMLEncoding.UnknownLabelError(label: "latin-99"))
      XCTAssertTrue("\(error)".contains("\"latin-99\""))
    }
  }

  func testLabelLookupTrimsAndIgnoresCase() {
    XCTAssertEqual(HTMLEncoding.encoding(forLabel: " UTF8\n"), "UTF-8")
    XCTAssertEqual(HTMLEncoding.encoding(forLabel: "US-ASCII"), "windows-1252")
    XCTAssertEqual(HTMLEncoding.encoding(forLabel: "x-cp1252"), "windows-1252")
    XCTAssertEqual(HTMLEncoding.encoding(forLabel: "iso_8859-1"), "windows-1252")
    XCTAssertEqual(HTMLEncoding.encoding(forLabel: "unicode-1-1-utf-8"), "UTF-8")
    XCTAssertEqual(HTMLEncoding.encoding(forLabel: "gb2312"), "GBK")
    XCTAssertEqual(HTMLEncoding.encoding(forLabel: "koi8-u"), "KOI8-U")
    XCTAssertNil(HTMLEncoding.encoding(forLabel: "utf-7"))
  }

  /// Every encoding but the three that are not ASCII-compatible decodes ASCII to itself.
  func testEveryEncodingDecodesASCII() throws {
    for name in ["UTF-8", "IBM866", "ISO-8859-8-I", "KOI8-U", "macintosh", "windows-1258", "x-mac-cyrillic", "GBK",
                 "gb18030", "Big5", "EUC-JP", "ISO-2022-JP", "Shift_JIS", "EUC-KR", "x-user-defined"] {
      let result = try decode(ascii("<p>Hello, world</p>"), fallback: name)
      XCTAssertEqual(result.encoding, name)
      XCTAssertEqual(result.text, "<p>Hello, world</p>", name)
    }
    XCTAssertEqual(try decode([0x41], fallback: "iso-2022-kr").text, "\u{FFFD}")
  }

  func testExtractCharsetFromContent() {
    func extract(_ s: String) -> String? { PrescanTestHook.extract(s) }
    XCTAssertEqual(extract("text/html; charset=utf-8"), "utf-8")
    XCTAssertEqual(extract("text/html; CHARSET = 'koi8-r' "), "koi8-r")
    XCTAssertEqual(extract("charset;charset=big5"), "big5")
    XCTAssertNil(extract("charset=\"unterminated"))
    XCTAssertNil(extract("text/html"))
  }
}
