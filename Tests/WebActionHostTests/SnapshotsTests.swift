import WebActionKit
import XCTest

@testable import WebActionHost

/// The snapshot comparison `webaction test` uses: whitespace-insensitive lines, unified diffs, key-path differences.
final class SnapshotsTests: XCTestCase {
  func testInsignificantWhitespaceIsIgnored() {
    XCTAssertEqual(Snapshots.normalizedLines("<p>a   b\t c  \n\n   <p>d\r\n  \n"), ["<p>a b c", "<p>d"])
    XCTAssertNil(Snapshots.unifiedDiff(expected: Snapshots.normalizedLines("<p> x\n"), actual: Snapshots.normalizedLines("<p>  x \n\n")))
  }

  func testUnifiedDiffHasHunksWithContextAndLineNumbers() {
    let expected = (1...20).map { "line \($0)" }
    var actual = expected
    actual[1] = "line two"
    actual.remove(at: 15)
    actual.append("line 21")
    let diff = Snapshots.unifiedDiff(expected: expected, actual: actual, context: 1)
    XCTAssertEqual(diff, """
      --- expected
      +++ actual
      @@ -1,3 +1,3 @@
       line 1
      -line 2
      +line two
       line 3
      @@ -15,3 +15,2 @@
       line 15
      -line 16
       line 17
      @@ -20,1 +19,2 @@
       line 20
      +line 21
      """)
  }

  func testPropertyListsDifferByKeyPath() {
    let expected: PropertyList = ["title": "A", "links": ["x", "y"], "gone": 1]
    let actual: PropertyList = ["title": "B", "links": ["x", "y", "z"], "new": true]
    XCTAssertEqual(Snapshots.differences(expected: expected, actual: actual).map(\.description), [
      "results.gone: missing (expected 1)",
      "results.links[2]: unexpected \"z\"",
      "results.new: unexpected true",
      "results.title: expected \"A\", got \"B\"",
    ])
    XCTAssertEqual(Snapshots.differences(expected: expected, actual: expected), [])
  }
}
