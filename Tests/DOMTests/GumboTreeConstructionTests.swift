#if Gumbo
import XCTest

@testable import DOM

/// The html5lib tree-construction suite run through gumbo (differential testing, `swift test --traits Gumbo`):
/// every case passes except the listed known failures.
final class GumboTreeConstructionTests: XCTestCase {
  func testTreeConstruction() throws {
    let cases = try HTML5LibCase.loadAll()
    XCTAssertGreaterThan(cases.count, 1000, "expected the full html5lib suite in \(HTML5LibCase.directory().path)")
    var tally = ConformanceTally(
      "html5lib tree-construction (gumbo)", known: gumboKnownFailures, listFile: "GumboKnownFailures.swift")
    for testCase in cases {
      let actual = testCase.run(.gumbo)
      tally.record(testCase.id, passed: actual == testCase.expected,
                   details: "#data\n\(testCase.data)\n#expected\n\(testCase.expected)\n#actual\n\(actual)")
    }
    tally.check(minimumRate: 90)
  }

  func testKnownFailuresAreSorted() {
    ConformanceTally.checkList(order: gumboKnownFailureOrder, known: gumboKnownFailures)
  }
}
#endif
