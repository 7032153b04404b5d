import Foundation
import XCTest

/// What a developer sees while writing an extension: console output named by its step, a JS error with its source
/// line and a caret, and `--verbose`'s steps with their times.
final class DiagnosticsTests: WorkFolderTestCase {
  private func bundle(_ script: String) throws -> String {
    let bundle = work.appendingPathComponent("diagnostics-\(UUID().uuidString).appex")
    try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: WebActionCommand.fixtures.appendingPathComponent("probe.appex/Info.plist"), to: bundle.appendingPathComponent("Info.plist"))
    try script.write(to: bundle.appendingPathComponent("Action.js"), atomically: true, encoding: .utf8)
    return bundle.path
  }

  func testConsoleOutputIsPrefixedWithItsStep() throws {
    let ext = try bundle("""
      console.log("evaluated");
      var ExtensionPreprocessingJS = {
        run: function (args) { console.log("collected"); setTimeout(function () { console.info("later"); args.completionFunction({}); }, 0); },
        finalize: function (args) { console.warn("rewrote"); }
      };
      """)
    let result = try WebActionCommand.run(
      ["run", WebActionCommand.page("article.html"), "--ext", ext, "--finalize-args", WebActionCommand.fixture("empty.json"), "-o", "/dev/null"])
    XCTAssertEqual(result.status, 0, result.stderr)
    for line in ["[console load] evaluated", "[console run()] collected", "[console run() info] later", "[console finalize() warning] rewrote"] {
      XCTAssertTrue(result.stderr.contains(line + "\n"), "expected “\(line)” in\n\(result.stderr)")
    }
  }

  func testAnErrorShowsItsSourceLineWithACaretAboveItsStack() throws {
    let ext = try bundle("""
      var ExtensionPreprocessingJS = {
        run: function (args) { args.completionFunction({}); },
        finalize: function (args) {
          var count = document.nope.length;
        }
      };
      """)
    let result = try WebActionCommand.run(
      ["run", WebActionCommand.page("article.html"), "--ext", ext, "--finalize-args", WebActionCommand.fixture("empty.json"), "-o", "/dev/null"])
    XCTAssertEqual(result.status, 5, result.stderr)
    XCTAssertTrue(result.stderr.contains("""
      /Action.js:4:30: TypeError: undefined is not an object (evaluating 'document.nope.length')
          4 |     var count = document.nope.length;
            |                              ^
          at finalize@
      """), result.stderr)

    let syntax = try bundle("var ExtensionPreprocessingJS = { run: function (args) { args.completionFunction({} } };")
    let broken = try WebActionCommand.run(["run", WebActionCommand.page("article.html"), "--ext", syntax, "-o", "/dev/null"])
    XCTAssertEqual(broken.status, 5, broken.stderr)
    let caret = "      | " + String(repeating: " ", count: 81) + "^"
    XCTAssertTrue(broken.stderr.contains(
      "    1 | var ExtensionPreprocessingJS = { run: function (args) { args.completionFunction({} } };\n" + caret + "\n"),
      broken.stderr)
  }

  /// As in Safari, an exception in a timer and an unhandled rejection after run() are reported to the console and
  /// the extension goes on: its later completionFunction still arrives. `--strict-errors` fails the page (exit 5).
  func testCallbackErrorsAreReportedAndThePageGoesOnUnlessStrict() throws {
    let ext = try bundle("""
      var ExtensionPreprocessingJS = {
        run: function (args) {
          setTimeout(function () { throw new Error("boom in a timer"); }, 0);
          Promise.reject(new TypeError("nobody handles this"));
          setTimeout(function () { args.completionFunction({ finished: true }); }, 5);
        },
        finalize: function (args) { setTimeout(function () { throw new RangeError("after finalize"); }, 0); }
      };
      """)
    let results = work.appendingPathComponent("results.json")
    let lenient = try WebActionCommand.run(
      ["run", WebActionCommand.page("article.html"), "--ext", ext, "--finalize-args", WebActionCommand.fixture("empty.json"),
       "-o", "/dev/null", "--results", results.path])
    XCTAssertEqual(lenient.status, 0, lenient.stderr)
    for line in ["[console run() error] Uncaught ", "Error: boom in a timer", "TypeError: Unhandled promise rejection: nobody handles this",
                 "[console finalize() error] Uncaught ", "RangeError: after finalize"] {
      XCTAssertTrue(lenient.stderr.contains(line), "expected “\(line)” in\n\(lenient.stderr)")
    }
    let answer = try JSONSerialization.jsonObject(with: Data(contentsOf: results)) as? [String: Any]
    XCTAssertEqual(answer?["finished"] as? Bool, true, "the later completionFunction arrived")

    let strict = try WebActionCommand.run(
      ["run", WebActionCommand.page("article.html"), "--ext", ext, "--finalize-args", WebActionCommand.fixture("empty.json"),
       "-o", "/dev/null", "--strict-errors"])
    XCTAssertEqual(strict.status, 5, strict.stderr)
    XCTAssertTrue(strict.stderr.contains("a callback (timer or promise) threw"), strict.stderr)
    XCTAssertTrue(strict.stderr.contains("Unhandled promise rejection: nobody handles this"), strict.stderr)
  }

  func testVerboseTracesEachStepWithItsTime() throws {
    let result = try WebActionCommand.run(["run", WebActionCommand.page("article.html"), "--ext", "background", "-o", "/dev/null", "--verbose"])
    XCTAssertEqual(result.status, 0, result.stderr)
    let steps = result.stderr.split(separator: "\n").compactMap { line in
      line.firstMatch(of: /^\[webaction\] ([a-z ]+) [0-9]+\.[0-9] ms$/).map { String($0.1) }
    }
    XCTAssertEqual(steps, ["load", "parse", "window", "evaluate", "run", "convert", "extension", "finalize", "serialize"], result.stderr)
  }
}
