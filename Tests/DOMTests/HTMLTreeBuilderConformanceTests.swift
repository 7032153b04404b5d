import XCTest

@testable import DOM

/// The html5lib tree-construction suite through the Swift parser (tokenizer + HTMLTreeBuilder), and the
/// round-trip property (parse → serialize → parse gives the same tree) over the cases it passes.
final class HTMLTreeBuilderConformanceTests: XCTestCase {
  func testTreeConstruction() throws {
    let cases = try HTML5LibCase.loadAll()
    XCTAssertGreaterThan(cases.count, 1000, "expected the full html5lib suite in \(HTML5LibCase.directory().path)")
    var tally = ConformanceTally(
      "html5lib tree-construction (Swift parser)", known: html5libKnownFailures, listFile: "HTML5LibKnownFailures.swift")
    for testCase in cases {
      let actual = testCase.run(.swift)
      tally.record(testCase.id, passed: actual == testCase.expected,
                   details: "#data\n\(testCase.data)\n#expected\n\(testCase.expected)\n#actual\n\(actual)")
    }
    tally.check(minimumRate: 99)
  }

  func testKnownFailuresAreSortedWithReasons() {
    ConformanceTally.checkList(order: html5libKnownFailureOrder, known: html5libKnownFailures)
    ConformanceTally.checkList(order: html5libRoundTripExceptionList.map(\.key), known: html5libRoundTripExceptions)
  }

  /// Every case the parser passes is serialized and re-parsed; both dumps must match, except the listed ones.
  func testRoundTrip() throws {
    let cases = try HTML5LibCase.loadAll().filter { html5libKnownFailures[$0.id] == nil }
    XCTAssertGreaterThan(cases.count, 1500)
    var tally = ConformanceTally(
      "html5lib round trip (Swift parser)", known: html5libRoundTripExceptions, listFile: "HTML5LibKnownFailures.swift")
    for testCase in cases {
      let scripting = testCase.scripting ?? true
      let first = testCase.run(.swift)
      let html = HTML5LibCase.parseAndSerialize(testCase.data, context: testCase.context, scripting: scripting,
                                                parser: .swift)
      let second = HTML5LibCase.parseAndDump(html, context: testCase.context, scripting: scripting, parser: .swift)
      tally.record(testCase.id, passed: first == second,
                   details: "#data\n\(testCase.data)\n#serialized\n\(html)\n#first\n\(first)\n#second\n\(second)")
    }
    tally.check(minimumRate: 95)
  }

  func testMissingDirectoryIsAnErrorNamingIt() {
    let dir = HTML5LibCase.directory(filePath: "/nonexistent/pkg/Tests/DOMTests/X.swift")
    XCTAssertEqual(dir.path, "/nonexistent/shared/html5lib-tests/tree-construction")
  }
}
