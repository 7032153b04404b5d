#if Gumbo
import XCTest

@testable import DOM

/// Round trips through gumbo (differential testing, `swift test --traits Gumbo`): parse → serialize → parse gives
/// the same tree. The default parser's round trip is HTMLTreeBuilderConformanceTests.testRoundTrip.
final class GumboRoundTripTests: XCTestCase {
  /// Every html5lib case that parses conformantly is serialized and re-parsed; both dumps must match.
  func testHTML5LibDocumentsRoundTrip() throws {
    let cases = try HTML5LibCase.loadAll().filter { gumboKnownFailures[$0.id] == nil }
    XCTAssertGreaterThan(cases.count, 1500)
    var tally = ConformanceTally(
      "html5lib round trip (gumbo)", known: gumboRoundTripExceptions, listFile: "GumboRoundTripExceptions.swift")
    for testCase in cases {
      let first = testCase.run(.gumbo)
      let html = HTML5LibCase.parseAndSerialize(testCase.data, context: testCase.context, parser: .gumbo)
      let second = HTML5LibCase.parseAndDump(html, context: testCase.context, parser: .gumbo)
      tally.record(testCase.id, passed: first == second,
                   details: "#data\n\(testCase.data)\n#serialized\n\(html)\n#first\n\(first)\n#second\n\(second)")
    }
    tally.check(minimumRate: 90)
  }

  func testKnownExceptionsAreSorted() {
    ConformanceTally.checkList(order: gumboRoundTripExceptionList.map(\.key), known: gumboRoundTripExceptions)
  }
}
#endif
