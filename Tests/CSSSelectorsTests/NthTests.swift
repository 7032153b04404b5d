import XCTest
@testable import CSSSelectors

/// The An+B microsyntax (https://drafts.csswg.org/css-syntax-3/#anb-microsyntax).
final class NthTests: XCTestCase {
  func formula(_ text: String) throws -> NthFormula {
    let list = try SelectorList(parsing: ":nth-child(\(text))")
    guard case .pseudoClass(.nth(let nth)) = list.selectors[0].compounds[0].simple[0] else {
      throw SelectorParseError("not an nth selector", at: 0)
    }
    return nth.formula
  }

  func testValidFormulas() throws {
    let cases: [(String, Int, Int)] = [
      ("odd", 2, 1), ("even", 2, 0), ("ODD", 2, 1), (" EvEn ", 2, 0),
      ("5", 0, 5), ("+5", 0, 5), ("-5", 0, -5), ("0", 0, 0),
      ("n", 1, 0), ("+n", 1, 0), ("-n", -1, 0), ("N", 1, 0), ("2n", 2, 0), ("-2n", -2, 0), ("+2n", 2, 0), ("0n", 0, 0),
      ("-n+3", -1, 3), ("2n+1", 2, 1), ("2N+1", 2, 1), ("2n-1", 2, -1), ("2n- 1", 2, -1), ("2n -1", 2, -1),
      ("2n - 1", 2, -1), ("2n + 1", 2, 1), ("2n +1", 2, 1), ("2n+ 1", 2, 1), ("n-1", 1, -1), ("n- 1", 1, -1),
      ("+n-1", 1, -1), ("+n+1", 1, 1), ("-n-1", -1, -1), ("-n- 1", -1, -1), ("-n +3", -1, 3), (" 3n+0 ", 3, 0),
      ("10n-12", 10, -12), ("n-0", 1, 0), ("99999999999n+1", Int(Int32.max), 1),
    ]
    for (text, a, b) in cases {
      XCTAssertEqual(try formula(text), NthFormula(a: a, b: b), "An+B \(text.debugDescription)")
    }
  }

  /// B clamps to the 32-bit range however it is written: glued to the `n` (`n-2147483648`, one identifier) as when
  /// it is a number of its own (`n -2147483648`). Found by Scripts/fuzz selectors: the glued form clamped to
  /// -2147483647 and refused more digits than fit in 64 bits, so the serialization of `n -2147483648` re-parsed to
  /// another formula.
  func testGluedBClampsLikeASeparateNumber() throws {
    XCTAssertEqual(try formula("n -2147483648"), NthFormula(a: 1, b: Int(Int32.min)))
    XCTAssertEqual(try formula("n-2147483648"), NthFormula(a: 1, b: Int(Int32.min)))
    XCTAssertEqual(try formula("n - 2147483648"), NthFormula(a: 1, b: Int(Int32.min)))
    XCTAssertEqual(try formula("n- 2147483648"), NthFormula(a: 1, b: Int(Int32.min)))
    XCTAssertEqual(try formula("2n-99999999999999999999"), NthFormula(a: 2, b: Int(Int32.min)))
    XCTAssertEqual(try formula("-n - 99999999999999999999"), NthFormula(a: -1, b: Int(Int32.min)))
    XCTAssertEqual(try formula("n+99999999999999999999"), NthFormula(a: 1, b: Int(Int32.max)))
  }

  func testInvalidFormulas() {
    for text in [
      "- n", "+ n", "+ 5", "- 5", "2n + +1", "2n+ -1", "2n - -1", "n 1", "2 n", "1 n", "3.5n", "2.0", "n--1", "+-n",
      "--n+1", "n-", "2n-", "n+", "2n+1.5", "odd+1", "foo", "", "n-1a", "2n -+1", "n - - 1", "+ n-1", "n -1 1",
    ] {
      XCTAssertThrowsError(try formula(text), "An+B \(text.debugDescription) should be invalid")
    }
  }

  func testFormulaMatching() {
    let positions = Array(1...10)
    func matching(_ a: Int, _ b: Int) -> [Int] { positions.filter { NthFormula(a: a, b: b).matches($0) } }
    XCTAssertEqual(matching(2, 1), [1, 3, 5, 7, 9])
    XCTAssertEqual(matching(2, 0), [2, 4, 6, 8, 10])
    XCTAssertEqual(matching(-1, 3), [1, 2, 3])
    XCTAssertEqual(matching(0, 5), [5])
    XCTAssertEqual(matching(0, -5), [])
    XCTAssertEqual(matching(3, -1), [2, 5, 8])
    XCTAssertEqual(matching(-2, 5), [1, 3, 5])
    XCTAssertEqual(matching(1, 8), [8, 9, 10])
    XCTAssertEqual(matching(-3, -1), [])
  }
}
