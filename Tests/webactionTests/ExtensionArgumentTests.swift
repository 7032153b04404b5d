import Foundation
import XCTest

/// Bundles declare their `--arg` keys (WebActionArguments); a key or value they do not take is a usage error with the
/// nearest name, and `webaction list NAME` shows them.
final class ExtensionArgumentTests: WorkFolderTestCase {
  private var article: String { WebActionCommand.page("article.html") }

  func testAnUnknownKeyIsAUsageErrorWithTheNearestName() throws {
    let typo = try WebActionCommand.run(["run", article, "--ext", "translate", "--arg", "to=es", "--arg", "engnie=apy"])
    XCTAssertEqual(typo.status, 2, typo.stderr)
    XCTAssertTrue(typo.stderr.contains("--arg engnie=…: Translate has no argument engnie (did you mean engine?); it takes to, from, engine, endpoint, api_key, cache"), typo.stderr)
    XCTAssertTrue(typo.stderr.contains("`webaction list translate` shows its arguments"), typo.stderr)
    let value = try WebActionCommand.run(["run", article, "--ext", "translate", "--arg", "to=es", "--arg", "engine=apyy"])
    XCTAssertEqual(value.status, 2)
    XCTAssertTrue(value.stderr.contains("--arg engine=apyy: expected apertium, apy, libretranslate"), value.stderr)
    let empty = try WebActionCommand.run(["run", article, "--ext", "background", "--arg", "=es"])
    XCTAssertEqual(empty.status, 2)
    XCTAssertTrue(empty.stderr.contains("--arg =es: the key is empty"), empty.stderr)
    // batch refuses it before any page is read.
    let batch = try WebActionCommand.run(["batch", article, "--ext", "background", "--arg", "colour=red", "--out", work.path])
    XCTAssertEqual(batch.status, 2, batch.stderr)
    XCTAssertTrue(batch.stderr.contains("has no argument colour (did you mean color?)"), batch.stderr)
  }

  func testListNameShowsTheArguments() throws {
    let list = try WebActionCommand.run(["list", "translate"])
    XCTAssertEqual(list.status, 0, list.stderr)
    XCTAssertTrue(list.stdout.contains("native side  built into webaction"), list.stdout)
    XCTAssertTrue(list.stdout.contains("engine    The translation engine. One of: apertium, apy, libretranslate. Default: apertium."), list.stdout)
    let js = try WebActionCommand.run(["list", WebActionCommand.fixture("probe.appex")])
    XCTAssertTrue(js.stdout.contains("native side  none, JavaScript only"), js.stdout)
    XCTAssertTrue(js.stdout.contains("arguments    not declared"), js.stdout)
  }
}
