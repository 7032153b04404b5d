import XCTest
@testable import DOM

final class ForgivingBase64Tests: XCTestCase {
  private func decode(_ text: String) -> [UInt8]? { ForgivingBase64.decode(text.utf16) }

  func testEncodePadsToFourCharacters() {
    XCTAssertEqual(ForgivingBase64.encode([]), "")
    XCTAssertEqual(ForgivingBase64.encode(Array("a".utf8)), "YQ==")
    XCTAssertEqual(ForgivingBase64.encode(Array("ab".utf8)), "YWI=")
    XCTAssertEqual(ForgivingBase64.encode(Array("abc".utf8)), "YWJj")
    XCTAssertEqual(ForgivingBase64.encode([0xFF, 0xE9, 0x61, 0x62, 0x63]), "/+lhYmM=")
  }

  func testDecodeIgnoresWhitespaceAndOptionalPadding() {
    XCTAssertEqual(decode(" YW Jj\nZA== "), Array("abcd".utf8))
    XCTAssertEqual(decode("YWJjZA"), Array("abcd".utf8))
    XCTAssertEqual(decode("YWI="), Array("ab".utf8))
    XCTAssertEqual(decode(""), [])
    // Leftover bits after the last whole byte are dropped ("YR" and "YQ" both decode to "a").
    XCTAssertEqual(decode("YR"), Array("a".utf8))
    XCTAssertEqual(decode("bnVsbA"), Array("null".utf8))
  }

  func testDecodeFailures() {
    XCTAssertNil(decode("YWJjZ"), "a length of 1 mod 4")
    XCTAssertNil(decode("YW*J"), "a character outside the alphabet")
    XCTAssertNil(decode("YQ=a"), "padding in the middle")
    XCTAssertNil(decode("YQ==="), "three padding characters")
    XCTAssertNil(decode("YQ="), "padding that does not make a multiple of four")
    XCTAssertNil(decode("YWJj\u{A0}"), "a non-ASCII space")
    XCTAssertNil(decode("YWJj\u{0B}"), "vertical tab is not ASCII whitespace")
  }

  func testRoundTripsEveryByte() {
    let bytes = (0...255).map { UInt8($0) }
    XCTAssertEqual(decode(ForgivingBase64.encode(bytes)), bytes)
  }
}
