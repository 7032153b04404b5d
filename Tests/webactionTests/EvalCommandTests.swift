import Foundation
import XCTest

/// `webaction eval`: JavaScript in a loaded page, its value as JSON, promises awaited, console on standard error.
final class EvalCommandTests: WorkFolderTestCase {
  private func eval(_ arguments: [String], stdin: Data? = nil) throws -> WebActionCommand.Result {
    try WebActionCommand.run(["eval", WebActionCommand.page("article.html")] + arguments, stdin: stdin, timeLimit: 60)
  }

  /// `--viewport` sets the window's size and pixel ratio, and everything that reads it agrees: innerWidth/Height,
  /// screen, devicePixelRatio, matchMedia and vw units; a malformed value is a usage error.
  func testTheViewportIsASettingEverythingAgreesWith() throws {
    let page = FileManager.default.temporaryDirectory.appendingPathComponent("viewport-\(UUID().uuidString).html")
    defer { try? FileManager.default.removeItem(at: page) }
    try Data("<!doctype html><div style='margin-top: 50vw; margin-left: 25vh'>x</div>".utf8).write(to: page)
    let probe = """
      [innerWidth, innerHeight, outerWidth, devicePixelRatio, screen.width, screen.height,
       matchMedia('(min-width: 1000px)').matches, matchMedia('(orientation: landscape)').matches,
       getComputedStyle(document.querySelector('div')).marginTop, getComputedStyle(document.querySelector('div')).marginLeft]
      """
    let wide = try WebActionCommand.run(["eval", page.path, "--viewport", "1024x768@2", probe])
    XCTAssertEqual(wide.status, 0, wide.stderr)
    XCTAssertEqual(wide.stdout.filter { !$0.isWhitespace }, #"[1024,768,1024,2,1024,768,true,true,"512px","192px"]"#)
    let phone = try WebActionCommand.run(["eval", page.path, probe])
    XCTAssertEqual(phone.stdout.filter { !$0.isWhitespace }, #"[390,844,390,1,390,844,false,false,"195px","211px"]"#, phone.stderr)
    for bad in ["1024", "0x768", "1024x768@0", "wide"] {
      let result = try WebActionCommand.run(["eval", page.path, "--viewport", bad, "1"])
      XCTAssertEqual(result.status, 2, "\(bad): \(result.stderr)")
      XCTAssertTrue(result.stderr.contains("--viewport"), result.stderr)
    }
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
