import Foundation
import XCTest

/// `--ext NAME` finds NAME.appex on the search path ($WEBACTION_EXTENSIONS, then ~/.local/share/webaction/Extensions)
/// before the built-ins; `webaction extensions` lists what it finds.
final class ExtensionSearchPathTests: XCTestCase {
  private var work: URL!

  override func setUpWithError() throws {
    work = FileManager.default.temporaryDirectory.appendingPathComponent("webaction-search-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    addTeardownBlock { [work] in try? FileManager.default.removeItem(at: work!) }
  }

  /// Installs a bundle whose run() answers `{ from: marker }` as `folder/name.appex`.
  private func install(_ name: String, in folder: URL, marker: String) throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let made = try WebActionCommand.actionBundle(in: folder, run: "args.completionFunction({ from: '\(marker)' });")
    try FileManager.default.moveItem(atPath: made, toPath: folder.appendingPathComponent("\(name).appex").path)
  }

  private func answer(_ ext: String, environment: [String: String]) throws -> (status: Int32, results: String, stderr: String) {
    let results = work.appendingPathComponent("results-\(UUID().uuidString).json")
    let result = try WebActionCommand.run(
      ["run", WebActionCommand.page("article.html"), "--ext", ext, "-o", "/dev/null", "--results", results.path,
       "--finalize-args", WebActionCommand.fixture("empty.json")],
      environment: environment)
    return (result.status, (try? String(contentsOf: results, encoding: .utf8)) ?? "", result.stderr)
  }

  func testNamesAreFoundOnTheSearchPathInOrderBeforeTheBuiltIns() throws {
    let first = work.appendingPathComponent("first"), second = work.appendingPathComponent("second")
    let home = work.appendingPathComponent("home")
    try install("hello", in: second, marker: "second")
    try install("hello", in: home.appendingPathComponent(".local/share/webaction/Extensions"), marker: "home")
    try install("only-home", in: home.appendingPathComponent(".local/share/webaction/Extensions"), marker: "home")
    try install("page-info", in: first, marker: "first")
    let environment = ["WEBACTION_EXTENSIONS": "\(first.path):\(second.path)", "HOME": home.path, "XDG_DATA_HOME": ""]

    let hello = try answer("hello", environment: environment)
    XCTAssertEqual(hello.status, 0, hello.stderr)
    XCTAssertTrue(hello.results.contains("\"second\""), "$WEBACTION_EXTENSIONS comes first: \(hello.results)")
    let fromHome = try answer("only-home", environment: environment)
    XCTAssertTrue(fromHome.results.contains("\"home\""), fromHome.stderr)
    let shadow = try answer("page-info", environment: environment)
    XCTAssertTrue(shadow.results.contains("\"first\""), "an installed bundle hides the built-in: \(shadow.results)")
    let builtIn = try answer("background", environment: ["HOME": home.path])
    XCTAssertNotEqual(builtIn.status, 4, builtIn.stderr)

    let missing = try answer("nowhere", environment: environment)
    XCTAssertEqual(missing.status, 4)
    XCTAssertTrue(missing.stderr.contains("\(first.path)/nowhere.appex, \(second.path)/nowhere.appex"), missing.stderr)

    let list = try WebActionCommand.run(["list"], environment: environment)
    XCTAssertEqual(list.status, 0, list.stderr)
    XCTAssertTrue(list.stdout.contains("\(second.path)/hello.appex"), list.stdout)
    XCTAssertFalse(list.stdout.contains("home/.local/share/webaction/Extensions/hello.appex"), "the first of each name")
    XCTAssertTrue(list.stdout.contains("built in (hidden by the one above)"), list.stdout)
    let pageInfo = try XCTUnwrap(list.stdout.split(separator: "\n").first { $0.hasPrefix("page-info") && $0.hasSuffix("built in (hidden by the one above)") })
    XCTAssertTrue(pageInfo.contains(" yes ") && pageInfo.contains("web page ≤ 1"), "\(pageInfo)")
  }
}
