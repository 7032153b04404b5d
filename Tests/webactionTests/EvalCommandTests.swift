import Foundation
import XCTest

/// `webaction eval`: JavaScript in a loaded page, its value as JSON, promises awaited, console on standard error.
final class EvalCommandTests: WorkFolderTestCase {
  private func eval(_ arguments: [String], stdin: Data? = nil) throws -> WebActionCommand.Result {
    try WebActionCommand.run(["eval", WebActionCommand.page("article.html")] + arguments, stdin: stdin, timeLimit: 60)
  }

  func testValuesComeBackAsJSONAndPromisesAreAwaited() throws {
    let title = try eval(["document.title"])
    XCTAssertEqual(title.status, 0, title.stderr)
    XCTAssertEqual(title.stdout, "\"The Old Bridge of Riverton\"\n")

    let headings = try eval(["[...document.querySelectorAll('h2')].map(h => h.textContent)"])
    XCTAssertEqual(headings.stdout, "[\n  \"Visiting the market\",\n  \"The river walk\"\n]\n")

    let later = try eval(["new Promise(resolve => setTimeout(() => resolve({ links: document.links.length }), 20))"])
    XCTAssertEqual(later.stdout, "{\n  \"links\": 4\n}\n", later.stderr)

    let nothing = try eval(["undefined"])
    XCTAssertEqual(nothing.stdout, "undefined\n")

    let url = try eval(["document.URL", "--url", "https://example.com/x"])
    XCTAssertEqual(url.stdout, "\"https://example.com/x\"\n")
  }

  func testFilesStandardInputAndConsole() throws {
    let script = work.appendingPathComponent("probe.js")
    try Data("console.log('probing'); document.querySelectorAll('p').length".utf8).write(to: script)
    let file = try eval(["--file", script.path])
    XCTAssertEqual(file.status, 0, file.stderr)
    XCTAssertTrue(file.stdout.range(of: #"^[0-9]+\n$"#, options: .regularExpression) != nil, file.stdout)
    XCTAssertTrue(file.stderr.contains("[console] probing"), file.stderr)

    let piped = try eval([], stdin: Data("var a = 6; a * 7".utf8))
    XCTAssertEqual(piped.stdout, "42\n", piped.stderr)
  }

  func testErrorsAndRejectionsAreScriptErrors() throws {
    let thrown = try eval(["document.nope.x"])
    XCTAssertEqual(thrown.status, 5)
    XCTAssertTrue(thrown.stderr.contains("eval-1:1:14: TypeError: undefined is not an object"), thrown.stderr)
    XCTAssertEqual(thrown.stdout, "")

    let rejected = try eval(["Promise.reject(new RangeError('too far'))"])
    XCTAssertEqual(rejected.status, 5)
    XCTAssertTrue(rejected.stderr.contains("the promise it returned was rejected with RangeError: too far"), rejected.stderr)

    let both = try eval(["1", "--file", "x.js"])
    XCTAssertEqual(both.status, 2, both.stderr)
  }
}
