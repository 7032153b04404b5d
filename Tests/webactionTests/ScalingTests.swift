import Foundation
import ScalingTestSupport
import XCTest

/// Deep and wide pages through the built binary: nothing recurses once per level, nothing is quadratic.
final class ScalingTests: XCTestCase {
  /// `n` nested `<div>`s, each holding a little text and an inline element before the next level.
  static func nestedBlocks(_ n: Int) -> Data {
    Data(("<html lang=en><body>" + String(repeating: "<div>The <span>river</span> ", count: n)
      + String(repeating: "</div>", count: n)).utf8)
  }

  /// translate's run() walked the page recursively and re-walked inline content and ancestors for every level.
  func testTranslateCollectsSegmentsOfNestedBlocksInLinearTime() throws {
    try assertScalesLinearly("translate run() over nested blocks", n: 250, runs: 1, clock: .childProcesses,
                             prepare: Self.nestedBlocks) { page in
      let result = try WebActionCommand.run(
        ["run", "-", "--ext", "translate", "--finalize-args", WebActionCommand.fixture("empty.json"), "-q",
         "--watchdog", "120"], stdin: page)
      XCTAssertEqual(result.status, 0, result.stderr)
    }
  }

  /// 50,000 nested `<div>`s ended in a RangeError from translate's Action.js; they translate now.
  func testTranslateHandlesAPage50000BlocksDeep() throws {
    let n = 50_000
    let page = "<html lang=en><body>" + String(repeating: "<div>", count: n) + "The river is cold."
      + String(repeating: "</div>", count: n)
    let result = try WebActionCommand.run(
      ["run", "-", "--ext", "translate", "--arg", "to=es", "--arg", "cache=off", "--watchdog", "120"],
      stdin: Data(page.utf8))
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertTrue(result.stdout.contains("<div>El río pasa frío.</div>"), String(result.stdout.suffix(300)))
  }

  /// Inline elements nested past 32 levels in one segment travel as placeholders: their content comes back as it was.
  /// (500 levels: the parser nests at most 512 open elements, as browsers do.)
  func testDeeplyNestedInlineElementsKeepTheirContentPastTheDepthLimit() throws {
    let n = 500
    let page = "<html lang=en><body><p>" + String(repeating: "<b>river ", count: n) + String(repeating: "</b>", count: n)
    let result = try WebActionCommand.run(
      ["run", "-", "--ext", "translate", "--arg", "to=es", "--arg", "cache=off"], stdin: Data(page.utf8))
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertTrue(result.stdout.prefix(300).contains("río"), String(result.stdout.prefix(300)))
    XCTAssertTrue(result.stdout.contains(String(repeating: "<b>river ", count: n - 40)), "deep content kept")
    XCTAssertEqual(result.stdout.components(separatedBy: "<b>").count - 1, n)
  }
}
