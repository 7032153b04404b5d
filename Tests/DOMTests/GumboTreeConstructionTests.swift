#if Gumbo
import XCTest

@testable import DOM

/// The html5lib tree-construction suite run through gumbo (differential testing, `swift test --traits Gumbo`):
/// every case passes except the listed known failures.
final class GumboTreeConstructionTests: XCTestCase {
  func testTreeConstruction() throws {
    let cases = try HTML5LibCase.loadAll()
    XCTAssertGreaterThan(cases.count, 1000, "expected the full html5lib suite in \(HTML5LibCase.directory().path)")
    var passed = 0
    var unexpectedFailures: [String] = []
    var unexpectedPasses: [String] = []
    for testCase in cases {
      let actual = testCase.run(.gumbo)
      let known = html5libKnownFailures[testCase.id] != nil
      if actual == testCase.expected {
        passed += 1
        if known { unexpectedPasses.append(testCase.id) }
      } else if !known {
        unexpectedFailures.append(testCase.id)
        if ProcessInfo.processInfo.environment["HTML5LIB_VERBOSE"] != nil {
          print("FAIL \(testCase.id)\n#data\n\(testCase.data)\n#expected\n\(testCase.expected)\n#actual\n\(actual)\n")
        }
      }
    }
    let rate = Double(passed) / Double(cases.count) * 100
    print("html5lib tree-construction (gumbo): \(passed)/\(cases.count) passed (\(String(format: "%.1f", rate))%)")
    XCTAssertGreaterThanOrEqual(rate, 90, "pass rate fell under 90%")
    XCTAssertEqual(unexpectedFailures, [], "unexpected failures: run with HTML5LIB_VERBOSE=1 to see the trees")
    XCTAssertEqual(unexpectedPasses, [], "these now pass: remove them from HTML5LibKnownFailures.swift")
    let ids = Set(cases.map(\.id))
    XCTAssertEqual(html5libKnownFailures.keys.filter { !ids.contains($0) }.sorted(), [],
                   "known failures naming no case")
  }

  func testKnownFailuresAreSorted() {
    XCTAssertEqual(html5libKnownFailureOrder, html5libKnownFailureOrder.sorted())
    XCTAssertEqual(html5libKnownFailureOrder.count, html5libKnownFailures.count, "duplicate keys in the list")
  }
}
#endif
