import XCTest

@testable import TextEncodings

final class TextEncodingTests: XCTestCase {
  func testLabelsTrimWhitespaceAndIgnoreASCIICase() {
    XCTAssertEqual(TextEncoding(label: " UTF8\n"), .utf8)
    XCTAssertEqual(TextEncoding(label: "US-ASCII"), .windows1252)
    XCTAssertEqual(TextEncoding(label: "\tgb2312\u{0C}"), .gbk)
    XCTAssertEqual(TextEncoding(label: "x-sjis"), .shiftJIS)
    XCTAssertEqual(TextEncoding(label: "hz-gb-2312"), .replacement)
    XCTAssertNil(TextEncoding(label: "utf-7"))
    XCTAssertNil(TextEncoding(label: "\u{A0}utf-8"), "only ASCII whitespace is trimmed")
    XCTAssertNil(TextEncoding(label: "utf-8\u{0B}"))
    XCTAssertNil(TextEncoding(label: "ſhift_jis"), "no Unicode case folding")
  }

  func testEveryEncodingHasLabelsAndEveryLabelTableNameIsAnEncoding() {
    let named = Set(TextEncoding.labelsByName.map(\.key))
    XCTAssertEqual(named, Set(TextEncoding.allCases.map(\.name)))
    for encoding in TextEncoding.allCases where encoding != .replacement {
      XCTAssertEqual(TextEncoding(label: encoding.name.lowercased()), encoding, encoding.name)
    }
  }

  func testBOMSniffing() {
    XCTAssertEqual(TextEncoding.sniffBOM([0xEF, 0xBB, 0xBF, 0x41])?.encoding, .utf8)
    XCTAssertEqual(TextEncoding.sniffBOM([0xEF, 0xBB, 0xBF])?.length, 3)
    XCTAssertEqual(TextEncoding.sniffBOM([0xFE, 0xFF])?.encoding, .utf16BE)
    XCTAssertEqual(TextEncoding.sniffBOM([0xFF, 0xFE, 0x00])?.encoding, .utf16LE)
    XCTAssertNil(TextEncoding.sniffBOM([0xEF, 0xBB]))
    XCTAssertNil(TextEncoding.sniffBOM([0xFF]))
    XCTAssertNil(TextEncoding.sniffBOM([]))
  }

  func testDecodeWithAFallbackEncodingLetsABOMWin() {
    XCTAssertTrue(TextEncoding.gbk.decodeSniffingBOM([0xC4, 0xE3]) == ("你", .gbk))
    XCTAssertTrue(TextEncoding.gbk.decodeSniffingBOM([0xEF, 0xBB, 0xBF, 0xC3, 0xA9]) == ("é", .utf8))
    XCTAssertTrue(TextEncoding.utf8.decodeSniffingBOM([0xFF, 0xFE, 0xE9, 0x00]) == ("é", .utf16LE))
  }

  func testOutputEncoding() {
    XCTAssertEqual(TextEncoding.utf16LE.outputEncoding, .utf8)
    XCTAssertEqual(TextEncoding.replacement.outputEncoding, .utf8)
    XCTAssertEqual(TextEncoding.shiftJIS.outputEncoding, .shiftJIS)
    XCTAssertNil(TextEncoder(encoding: .utf16BE))
    XCTAssertNotNil(TextEncoder(encoding: .xUserDefined))
  }
}
