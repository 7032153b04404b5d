import Foundation
import XCTest

/// Differential tests against a real browser: each folder of `Fixtures/reference/` holds a page, a script (an
/// expression) and `chromium.json`, the value the script gave in headless Chromium with the command that made it
/// (`Scripts/chromium-reference`). Here the same script runs as an extension's `run()` in the built binary, and
/// its value must be the browser's.
final class BrowserReferenceTests: XCTestCase {
  func testElementInterfacesAreTheBrowsers() throws {
    try assertSameAsChromium("element-interfaces")
  }

  func testWindowGlobalsAreTheBrowsers() throws {
    try assertSameAsChromium("window-globals")
  }

  /// TextDecoder in every encoding: each byte alone, every pair after a non-ASCII byte, gb18030's four-byte ranges
  /// and sequences with errors, escapes and restored bytes.
  func testTextDecoderIsTheBrowsers() throws {
    try assertSameAsChromium("text-decoder")
  }

  /// Runs `reference/NAME/script.js` on `reference/NAME/page.html` and compares with `reference/NAME/chromium.json`.
  private func assertSameAsChromium(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
    let folder = WebActionCommand.fixtures.appendingPathComponent("reference/\(name)")
    let fixture = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("chromium.json"))) as? [String: Any])
    let expected = try XCTUnwrap(fixture["result"] as? [String: Any], "chromium.json has no result object")

    let work = try WebActionCommand.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: work) }
    let bundle = work.appendingPathComponent("reference.appex")
    try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: WebActionCommand.fixtures.appendingPathComponent("probe.appex/Info.plist"),
      to: bundle.appendingPathComponent("Info.plist"))
    let script = try String(contentsOf: folder.appendingPathComponent("script.js"), encoding: .utf8)
    let action = """
      var ExtensionPreprocessingJS = {
        run: function (args) { args.completionFunction({ result: (\(script)) }); },
        finalize: function (args) {}
      };
      """
    try action.write(to: bundle.appendingPathComponent("Action.js"), atomically: true, encoding: .utf8)
    let results = work.appendingPathComponent("results.json").path
    let run = try WebActionCommand.run(
      ["run", folder.appendingPathComponent("page.html").path, "--ext", bundle.path,
       "--finalize-args", WebActionCommand.fixture("empty.json"), "--results", results, "-o", "/dev/null"])
    XCTAssertEqual(run.status, 0, run.stderr, file: file, line: line)
    let answer = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: results))) as? [String: Any])
    let actual = try XCTUnwrap(answer["result"] as? [String: Any], "run() returned no result object")

    // One line per differing key, so a failure says exactly where webaction and the browser part.
    var differences: [String] = []
    for key in Set(expected.keys).union(actual.keys).sorted() {
      let want = expected[key].map { "\($0)" } ?? "(missing)"
      let got = actual[key].map { "\($0)" } ?? "(missing)"
      if want != got { differences.append("\(key): Chromium \(want), webaction \(got)") }
    }
    XCTAssert(differences.isEmpty, "\(name): \(differences.count) difference(s):\n" + differences.joined(separator: "\n"),
              file: file, line: line)
  }
}
