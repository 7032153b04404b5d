import Foundation
import XCTest

@testable import DOM

/// The html5lib tokenizer suite: every test passes except the listed known failures.
final class HTML5LibTokenizerTests: XCTestCase {
  func testTokenizer() throws {
    let cases = try HTML5LibTokenizerCase.loadAll()
    XCTAssertGreaterThan(cases.count, 1000, "expected the full html5lib tokenizer suite in \(HTML5LibTokenizerCase.directory().path)")
    var tally = ConformanceTally(
      "html5lib tokenizer", known: html5libTokenizerKnownFailures, listFile: "HTML5LibTokenizerKnownFailures.swift")
    for testCase in cases {
      let failure = testCase.failure()
      tally.record(testCase.id, passed: failure == nil,
                   details: "\(testCase.description)\n  input \(testCase.input.debugDescription)\n  \(failure ?? "")")
    }
    for (file, reason) in HTML5LibTokenizerCase.skippedFiles.sorted(by: { $0.key < $1.key }) {
      print("html5lib tokenizer: skipped \(file): \(reason)")
    }
    tally.check(minimumRate: 99)
  }

  func testKnownFailuresAreSortedWithReasons() {
    ConformanceTally.checkList(order: html5libTokenizerKnownFailureOrder, known: html5libTokenizerKnownFailures)
  }

  func testMissingDirectoryIsNamed() {
    let dir = HTML5LibTokenizerCase.directory(filePath: "/nonexistent/pkg/Tests/DOMTests/X.swift")
    XCTAssertEqual(dir.path, "/nonexistent/shared/html5lib-tests/tokenizer")
  }
}
