import XCTest
@testable import DOM

/// The number and unit of a length token (CSSLength.dimension): read from bytes with a fast path for short
/// decimals, which must give what `Double(String)` gives.
final class CSSLengthTests: XCTestCase {
  private func dimension(_ token: String) -> CSSLength.Dimension? { CSSLength.dimension(token) }

  func testNumbersAndUnits() {
    XCTAssertEqual(dimension("12.5px"), .init(value: 12.5, unit: "px"))
    XCTAssertEqual(dimension("-1em"), .init(value: -1, unit: "em"))
    XCTAssertEqual(dimension("+2rem"), .init(value: 2, unit: "rem"))
    XCTAssertEqual(dimension("50%"), .init(value: 50, unit: "%"))
    XCTAssertEqual(dimension("0"), .init(value: 0, unit: ""))
    XCTAssertEqual(dimension(".5vw"), .init(value: 0.5, unit: "vw"))
    XCTAssertEqual(dimension("3."), .init(value: 3, unit: ""))
    XCTAssertEqual(dimension("1e3px"), .init(value: 1000, unit: "px"))
    XCTAssertEqual(dimension("2.5e-1in"), .init(value: 0.25, unit: "in"))
    XCTAssertEqual(dimension("1ex"), .init(value: 1, unit: "ex"), "an `e` without digits after it starts the unit")
    XCTAssertEqual(dimension("-0")?.value.sign, .minus)
  }

  func testNotDimensions() {
    for token in ["", "px", "-", ".", "1.2.3px", "12furlongs", "auto", "e5", "1e", "1 px", "1PX"] {
      XCTAssertNil(dimension(token), token)
    }
  }

  func testValuesAreWhatDoubleParsingGives() {
    // The fast path divides the digits by a power of ten; long numbers and exponents go to Double(String).
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<5_000 {
      let digits = Int.random(in: 1...18, using: &generator)
      var text = String((0..<digits).map { _ in Character(String(Int.random(in: 0...9, using: &generator))) })
      text.insert(".", at: text.index(text.startIndex, offsetBy: Int.random(in: 0...digits, using: &generator)))
      if Bool.random(using: &generator) { text = "-" + text }
      XCTAssertEqual(dimension(text + "px")?.value, Double(text), text)
    }
    XCTAssertEqual(dimension("0.1px")?.value, 0.1)
    XCTAssertEqual(dimension("123456789012345678901234px")?.value, 123456789012345678901234)
  }
}
