import Foundation
import XCTest

/// End-to-end: usage errors exit 2 naming the flag, bundle paths stay inside the bundle (exit 4), and several pages
/// never write the same output file.
final class UsageErrorTests: WorkFolderTestCase {
  private var article: String { WebActionCommand.page("article.html") }

  // MARK: usage errors

  func testBadOptionValuesExit2NamingTheFlag() throws {
    let cases: [(arguments: [String], message: String)] = [
      (["--timeout", "-1"], "--timeout -1: give a number of seconds, more than zero"),
      (["--timeout", "abc"], "'--timeout <seconds>'"),
      (["--timeout", "nan"], "--timeout nan"),
      (["--extension-timeout", "0"], "--extension-timeout 0"),
      (["--watchdog", "0"], "--watchdog 0: give a number of seconds, more than zero"),
      (["--page-timers", "-2"], "--page-timers -2: give a number of seconds, zero or more"),
      (["--arg", "novalue"], "--arg novalue is not KEY=VALUE"),
      (["--results-format", "yaml"], "'--results-format <results-format>'"),
      (["--subresources", "/no/such/folder"], "--subresources /no/such/folder: no such folder"),
      (["--bogus"], "Unknown option '--bogus'"),
      (["--timeout"], "Missing value for '--timeout <seconds>'"),
    ]
    for (extra, message) in cases {
      let result = try WebActionCommand.run(["run", article, "--ext", "background", "-o", "/dev/null"] + extra)
      XCTAssertEqual(result.status, 2, "\(extra): \(result.stderr)")
      XCTAssertTrue(result.stderr.contains(message), "\(extra): expected “\(message)” in: \(result.stderr)")
    }
  }

  func testMissingArgumentsAndUnknownCommandsExit2() throws {
    let cases: [(arguments: [String], message: String)] = [
      (["run", "--ext", "background"], "Missing expected argument '<page> ...'"),
      (["run", article], "Missing expected argument '--ext <name|path>'"),
      (["run", article, article, "--ext", "background"], "several pages need --output-dir DIR"),
      (["frobnicate"], "Unexpected argument 'frobnicate'"),
      (["defaults", "write", "group.x"], "write needs a KEY and a VALUE"),
    ]
    for (arguments, message) in cases {
      let result = try WebActionCommand.run(arguments)
      XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
      XCTAssertTrue(result.stderr.contains(message), "\(arguments): expected “\(message)” in: \(result.stderr)")
    }
  }

  func testHelpStillExits0() throws {
    for arguments in [["--help"], ["run", "--help"], ["help", "run"], []] {
      let result = try WebActionCommand.run(arguments)
      XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)")
      XCTAssertTrue(result.stdout.contains("USAGE"), "\(arguments): \(result.stdout)")
    }
  }

  /// Every example command in every `--help` fits in 80 columns, so swift-argument-parser never wraps one mid-line
  /// (a wrapped example splits a quoted argument: an odd number of quotes on the line).
  func testHelpExamplesAreNeverWrapped() throws {
    for command in ["", "run", "batch", "test", "new", "port", "inspect", "eval", "validate", "list", "defaults"] {
      let result = try WebActionCommand.run((command.isEmpty ? [] : [command]) + ["--help"], environment: ["COLUMNS": "80"])
      XCTAssertEqual(result.status, 0, result.stderr)
      for line in result.stdout.split(separator: "\n") where line.trimmingCharacters(in: .whitespaces).hasPrefix("webaction ")
        || line.hasPrefix("  echo ") || line.hasPrefix("  cat ")
      {
        XCTAssertLessThanOrEqual(line.count, 80, "\(command) --help: \(line)")
        XCTAssertEqual(line.filter { $0 == "'" }.count % 2, 0, "\(command) --help: a wrapped example: \(line)")
      }
    }
  }

  // MARK: bundle paths

  /// A preprocessing file named `../outside`, by an absolute path, or reached through a symbolic link leading out of
  /// the bundle is refused with exit 4; the outside script (which would mark the page) never runs.
  func testThePreprocessingFileMustBeInsideTheBundle() throws {
    let outside = work.appendingPathComponent("outside.js")
    try Data("""
      var ExtensionPreprocessingJS = {
        run: function (a) { a.completionFunction({}) },
        finalize: function (a) { document.body.setAttribute("data-escaped", "yes") }
      };
      """.utf8).write(to: outside)
    let cases: [(bundle: String, script: String, message: String)] = [
      ("climbs", "../outside", "NSExtensionJavaScriptPreprocessingFile is '../outside', a path outside the bundle"),
      ("absolute", work.appendingPathComponent("outside").path, "a path outside the bundle"),
      ("linked", "Action", "link.appex/Action.js is a symbolic link leading outside the bundle"),
    ]
    for (name, script, message) in cases {
      let bundle = try makeBundle(name == "linked" ? "link" : name, script: script)
      if name == "linked" {
        try FileManager.default.createSymbolicLink(
          atPath: bundle.appendingPathComponent("Action.js").path, withDestinationPath: "../outside.js")
      }
      let result = try WebActionCommand.run(
        ["run", article, "--ext", bundle.path, "--finalize-args", WebActionCommand.fixture("empty.json")])
      XCTAssertEqual(result.status, 4, "\(name): \(result.stderr)")
      XCTAssertTrue(result.stderr.contains(message), "\(name): expected “\(message)” in: \(result.stderr)")
      XCTAssertFalse(result.stdout.contains("data-escaped"), "\(name) ran a script from outside its bundle")
    }
  }

  private func makeBundle(_ name: String, script: String) throws -> URL {
    let bundle = work.appendingPathComponent("\(name).appex")
    try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
    let info = try String(contentsOfFile: WebActionCommand.fixture("probe.appex/Info.plist"), encoding: .utf8)
      .replacingOccurrences(of: "<string>Action</string>", with: "<string>\(script)</string>")
    try Data(info.utf8).write(to: bundle.appendingPathComponent("Info.plist"))
    return bundle
  }

  // MARK: several pages, one output work

  func testPagesWithTheSameNameMirrorTheirFolders() throws {
    for sub in ["x", "y"] {
      try FileManager.default.createDirectory(at: work.appendingPathComponent(sub), withIntermediateDirectories: true)
    }
    let first = work.appendingPathComponent("x/p.html"), second = work.appendingPathComponent("y/p.html")
    try FileManager.default.copyItem(atPath: article, toPath: first.path)
    try Data("<title>second</title><p>the other page".utf8).write(to: second)
    let out = work.appendingPathComponent("out")
    let result = try WebActionCommand.run(["run", first.path, second.path, "--ext", "background", "--output-dir", out.path, "-v"])
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertTrue(result.stderr.contains("wrote \(out.path)/x/p.html ("), "-v names each output: \(result.stderr)")
    XCTAssertTrue(try String(contentsOf: out.appendingPathComponent("x/p.html"), encoding: .utf8).contains("Old Bridge"))
    XCTAssertTrue(try String(contentsOf: out.appendingPathComponent("y/p.html"), encoding: .utf8).contains("the other page"))
    XCTAssertFalse(FileManager.default.fileExists(atPath: out.appendingPathComponent("p.html").path))
  }

  func testTheSamePageTwiceIsRefusedBeforeAnythingIsWritten() throws {
    let out = work.appendingPathComponent("out")
    let result = try WebActionCommand.run(
      ["run", "Pages/article.html", "./Pages/../Pages/article.html", "--ext", "background", "--output-dir", out.path])
    XCTAssertEqual(result.status, 2, result.stderr)
    XCTAssertTrue(
      result.stderr.contains("Pages/article.html and ./Pages/../Pages/article.html are the same page: both would be written to \(out.path)/article.html"),
      result.stderr)
    XCTAssertFalse(FileManager.default.fileExists(atPath: out.path), "nothing is written, not even the work")
  }
}
