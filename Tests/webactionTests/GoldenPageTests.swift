import Foundation
import XCTest

/// Whole pages through the binary, compared byte for byte with committed golden files in Goldens/.
///
/// `UPDATE_GOLDENS=1 swift test --filter GoldenPageTests` rewrites them; review the diff before committing.
final class GoldenPageTests: XCTestCase {
  private static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")

  private func assertGolden(_ name: String, _ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws {
    let result = try WebActionCommand.run(arguments + ["-q"])
    XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
    let url = Self.goldens.appendingPathComponent(name)
    if ProcessInfo.processInfo.environment["UPDATE_GOLDENS"] != nil {
      try Data(result.stdout.utf8).write(to: url)
      return
    }
    guard let golden = try? String(contentsOf: url, encoding: .utf8) else {
      return XCTFail("missing golden \(url.path): run with UPDATE_GOLDENS=1", file: file, line: line)
    }
    if result.stdout != golden {
      let got = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
      let want = golden.split(separator: "\n", omittingEmptySubsequences: false)
      let first = zip(got, want).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(got.count, want.count)
      XCTFail("""
        \(name) differs from its golden at line \(first + 1):
          golden: \(first < want.count ? String(want[first]) : "<end>")
          got:    \(first < got.count ? String(got[first]) : "<end>")
        (UPDATE_GOLDENS=1 rewrites the golden.)
        """, file: file, line: line)
    }
  }

  func testBackgroundOnTheSamplePage() throws {
    try assertGolden("article.background.html", ["run", "Pages/article.html", "--ext", "background"])
  }

  func testPageInfoAnnotation() throws {
    try assertGolden("article.page-info.html", ["run", "Pages/article.html", "--ext", "page-info", "--arg", "annotate=true"])
  }

  func testTranslateToSpanish() throws {
    try assertGolden("article.es.html", ["run", "Pages/article.html", "--ext", "translate", "--arg", "to=es", "--arg", "cache=off"])
  }

  func testLegacyEncodingComesOutAsUTF8() throws {
    try assertGolden("legacy-windows-1252.background.html", ["run", "Pages/legacy-windows-1252.html", "--ext", "background"])
  }
}
