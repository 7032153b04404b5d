#if Gumbo
import XCTest

@testable import DOM

/// Round trips through gumbo (differential testing, `swift test --traits Gumbo`): parse → serialize → parse gives
/// the same tree. The default parser's round trip is HTML5TreeBuilderConformanceTests.testRoundTrip.
final class GumboRoundTripTests: XCTestCase {
  /// Every html5lib case that parses conformantly is serialized and re-parsed; both dumps must match.
  func testHTML5LibDocumentsRoundTrip() throws {
    let cases = try HTML5LibCase.loadAll().filter { html5libKnownFailures[$0.id] == nil }
    var checked = 0
    var mismatches: [String] = []
    var unexpectedStable: [String] = []
    for testCase in cases {
      let first = testCase.run(.gumbo)
      let html = HTML5LibCase.parseAndSerialize(testCase.data, context: testCase.context, parser: .gumbo)
      let second = HTML5LibCase.parseAndDump(html, context: testCase.context, parser: .gumbo)
      checked += 1
      let known = roundTripKnownExceptions[testCase.id] != nil
      if first == second {
        if known { unexpectedStable.append(testCase.id) }
      } else if !known {
        mismatches.append(testCase.id)
        if ProcessInfo.processInfo.environment["HTML5LIB_VERBOSE"] != nil {
          print("ROUNDTRIP \(testCase.id)\n#data\n\(testCase.data)\n#serialized\n\(html)\n#first\n\(first)\n#second\n\(second)\n")
        }
      }
    }
    print("html5lib round trip: \(checked - roundTripKnownExceptions.count - mismatches.count)/\(checked) stable")
    XCTAssertGreaterThan(checked, 1500)
    XCTAssertEqual(mismatches, [], "run with HTML5LIB_VERBOSE=1 to see the trees")
    XCTAssertEqual(unexpectedStable, [], "these now round-trip: remove them from RoundTripKnownExceptions.swift")
  }

  func testKnownExceptionsAreSorted() {
    let keys = roundTripKnownExceptionList.map(\.key)
    XCTAssertEqual(keys, keys.sorted())
    XCTAssertEqual(keys.count, roundTripKnownExceptions.count, "duplicate keys in the list")
  }
}
#endif
