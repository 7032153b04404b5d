import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest

/// `webaction test`: the built-in extensions' own fixture cases (what the golden-page tests were), and the command's
/// discovery, comparison, diffs, `--update` and JUnit output on a bundle made here.
final class TestCommandTests: WorkFolderTestCase {
  /// Every built-in ships cases (Sources/Extensions/*/Resources/*.appex/Tests); they pass, through the real pipeline
  /// (translate with the real Apertium).
  func testTheBuiltInExtensionsPassTheirFixtureCases() throws {
    let junit = work.appendingPathComponent("junit.xml").path
    let report = work.appendingPathComponent("report.html").path
    let result = try WebActionCommand.run(
      ["test", "background", "page-info", "translate", "--junit", junit, "--html-report", report], timeLimit: 300)
    XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
    for name in ["background/article", "background/legacy-encoding", "background/purple", "page-info/annotate",
                 "page-info/article", "page-info/spaces", "translate/article-es"] {
      XCTAssertTrue(result.stdout.contains("PASS \(name) ("), "\(name):\n\(result.stdout)")
    }
    XCTAssertTrue(result.stdout.hasSuffix("7 passed, 0 failed\n"), result.stdout)
    let document = try XMLDocument(contentsOf: URL(fileURLWithPath: junit))
    XCTAssertEqual(try document.nodes(forXPath: "/testsuites/testsuite").count, 3)
    XCTAssertEqual(try document.nodes(forXPath: "//testcase").count, 7)
    XCTAssertEqual(try document.nodes(forXPath: "//failure").count, 0)
    try checkReport(report, cases: 7)
  }

  /// The HTML report has both panes for each case (sandboxed iframes holding the pages) and, where Debian's chromium is
  /// installed, Scripts/check-report sees them rendered and the window painted.
  private func checkReport(_ path: String, cases: Int, file: StaticString = #filePath, line: UInt = #line) throws {
    let html = try String(contentsOfFile: path, encoding: .utf8)
    XCTAssertEqual(html.components(separatedBy: "<iframe class=\"before\" sandbox=\"\" srcdoc=\"").count - 1, cases, file: file, line: line)
    XCTAssertEqual(html.components(separatedBy: "<iframe class=\"after\" sandbox=\"\" srcdoc=\"").count - 1, cases, file: file, line: line)
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium") else {
      print("TestCommandTests: chromium is not installed; Scripts/check-report was not run on \(path)")
      return
    }
    let check = Process()
    check.executableURL = WebActionCommand.packageRoot.appendingPathComponent("Scripts/check-report")
    check.arguments = [path]
    let out = Pipe()
    check.standardOutput = out
    try check.run()
    let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    check.waitUntilExit()
    XCTAssertEqual(check.terminationStatus, 0, text, file: file, line: line)
    XCTAssertTrue(text.contains("\"cases\": \(cases)"), text, file: file, line: line)
  }

  /// A bundle with one case: --update records it, a change in the extension fails it with a key-path difference and a
  /// unified diff of the page, and JUnit carries the failure.
  func testUpdateThenAFailureShowsItsDifferences() throws {
    let bundle = try WebActionCommand.actionBundle(
      in: work, run: "args.completionFunction({ title: document.title, count: 2 });",
      finalize: "document.body.insertAdjacentHTML('afterbegin', '<p id=note>' + args.note + '</p>');")
    let folder = URL(fileURLWithPath: bundle).appendingPathComponent("Tests/first")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: WebActionCommand.page("article.html"), toPath: folder.appendingPathComponent("page.html").path)
    try Data(#"{"note": "hello"}"#.utf8).write(to: folder.appendingPathComponent("finalize-args.json"))

    let recorded = try WebActionCommand.run(["test", bundle, "--update"])
    XCTAssertEqual(recorded.status, 0, recorded.stdout + recorded.stderr)
    XCTAssertTrue(recorded.stdout.contains("REC "), recorded.stdout)
    let expected = try String(contentsOf: folder.appendingPathComponent("expected.html"), encoding: .utf8)
    XCTAssertTrue(expected.contains("<p id=\"note\">hello</p>"), expected)
    XCTAssertEqual(try WebActionCommand.run(["test", bundle]).stdout.split(separator: "\n").last, "1 passed, 0 failed")

    // The extension changes: a different count, and a different note.
    let action = URL(fileURLWithPath: bundle).appendingPathComponent("Action.js")
    let script = try String(contentsOf: action, encoding: .utf8)
      .replacingOccurrences(of: "count: 2", with: "count: 3, extra: true")
      .replacingOccurrences(of: "'<p id=note>'", with: "'<p id=note>changed '")
    try script.write(to: action, atomically: true, encoding: .utf8)
    let junit = work.appendingPathComponent("junit.xml").path
    let report = work.appendingPathComponent("failed.html").path
    let failed = try WebActionCommand.run(["test", bundle, "--junit", junit, "--html-report", report])
    XCTAssertEqual(failed.status, 1, failed.stdout + failed.stderr)
    for line in [
      "FAIL ", "results differ from expected-results.json:", "results.count: expected 2, got 3", "results.extra: unexpected true",
      "the page differs from expected.html (insignificant whitespace ignored):", "--- expected.html", "+++ the page written back",
      "-<body><p id=\"note\">hello</p>", "+<body><p id=\"note\">changed hello</p>",
    ] {
      XCTAssertTrue(failed.stdout.contains(line), "expected “\(line)” in\n\(failed.stdout)")
    }
    XCTAssertTrue(failed.stdout.hasSuffix("0 passed, 1 failed\n"), failed.stdout)
    XCTAssertFalse(failed.stdout.contains("\u{1B}["), "no colour when standard output is not a terminal")
    let document = try XMLDocument(contentsOf: URL(fileURLWithPath: junit))
    let failure = try XCTUnwrap(try document.nodes(forXPath: "//testcase[@name='first']/failure").first as? XMLElement)
    XCTAssertEqual(failure.attribute(forName: "message")?.stringValue, "results differ from expected-results.json:")
    XCTAssertTrue(failure.stringValue?.contains("results.count: expected 2, got 3") == true)
    try checkReport(report, cases: 1)
    let html = try String(contentsOfFile: report, encoding: .utf8)
    XCTAssertTrue(html.contains("<span class=\"minus\">-&lt;body&gt;&lt;p id=&quot;note&quot;&gt;hello&lt;/p&gt;</span>"), html)
  }

  func testABundleWithoutCasesFails() throws {
    let bundle = try WebActionCommand.actionBundle(in: work, run: "args.completionFunction({});")
    let result = try WebActionCommand.run(["test", bundle])
    XCTAssertEqual(result.status, 1)
    XCTAssertTrue(result.stdout.contains("no fixture cases (add "), result.stdout)
  }

  func testUpdatingABuiltInByNameIsRefusedWithTheWayToDoIt() throws {
    // By name, the bundle is the build's copy: what --update wrote there would be lost at the next build.
    let result = try WebActionCommand.run(["test", "page-info", "--update"])
    XCTAssertEqual(result.status, 2, result.stderr)
    XCTAssertTrue(result.stderr.contains("webaction test Sources/Extensions/…/page-info.appex --update"), result.stderr)
  }
}
