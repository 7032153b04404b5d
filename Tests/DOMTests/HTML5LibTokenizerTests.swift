import Foundation
import XCTest

@testable import DOM

/// The html5lib tokenizer suite: every test passes except the listed known failures.
final class HTML5LibTokenizerTests: XCTestCase {
  func testTokenizer() throws {
    let cases = try HTML5LibTokenizerCase.loadAll()
    XCTAssertGreaterThan(cases.count, 1000, "expected the full html5lib tokenizer suite in \(HTML5LibTokenizerCase.directory().path)")
    var passed = 0
    var unexpectedFailures: [String] = []
    var unexpectedPasses: [String] = []
    let verbose = ProcessInfo.processInfo.environment["HTML5LIB_VERBOSE"] != nil
    for testCase in cases {
      let failure = testCase.failure()
      let known = html5libTokenizerKnownFailures[testCase.id] != nil
      if failure == nil {
        passed += 1
        if known { unexpectedPasses.append(testCase.id) }
      } else if !known {
        unexpectedFailures.append(testCase.id)
        if verbose {
          print("FAIL \(testCase.id) \(testCase.description)\n  input \(testCase.input.debugDescription)\n  \(failure!)\n")
        }
      }
    }
    let rate = Double(passed) / Double(cases.count) * 100
    print("html5lib tokenizer: \(passed)/\(cases.count) passed (\(String(format: "%.2f", rate))%)")
    for (file, reason) in HTML5LibTokenizerCase.skippedFiles.sorted(by: { $0.key < $1.key }) {
      print("html5lib tokenizer: skipped \(file): \(reason)")
    }
    XCTAssertGreaterThanOrEqual(rate, 99, "pass rate fell under 99%")
    XCTAssertEqual(unexpectedFailures, [], "unexpected failures: run with HTML5LIB_VERBOSE=1 to see the tokens")
    XCTAssertEqual(unexpectedPasses, [], "these now pass: remove them from HTML5LibTokenizerKnownFailures.swift")
    let ids = Set(cases.map(\.id))
    XCTAssertEqual(html5libTokenizerKnownFailures.keys.filter { !ids.contains($0) }.sorted(), [],
                   "known failures naming no test")
  }

  func testKnownFailuresAreSortedWithReasons() {
    XCTAssertEqual(html5libTokenizerKnownFailureOrder, html5libTokenizerKnownFailureOrder.sorted())
    XCTAssertEqual(html5libTokenizerKnownFailureOrder.count, html5libTokenizerKnownFailures.count, "duplicate keys")
    XCTAssertEqual(html5libTokenizerKnownFailures.filter { $0.value.isEmpty }.map(\.key), [], "entries without a reason")
  }

  func testMissingDirectoryIsNamed() {
    let dir = HTML5LibTokenizerCase.directory(filePath: "/nonexistent/pkg/Tests/DOMTests/X.swift")
    XCTAssertEqual(dir.path, "/nonexistent/shared/html5lib-tests/tokenizer")
  }
}
