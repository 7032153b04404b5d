import Foundation
import XCTest

/// README.md's quick start ("Write an extension in 5 minutes"), run exactly as written: each line of its first `sh`
/// block through `/bin/sh`, in a fresh folder holding the project's `Pages/`, with the built `webaction` first on
/// PATH and an `$EDITOR` that makes the edit a reader would (a new key in run()'s results). Each line must do what the
/// README says it does.
final class QuickStartTests: WorkFolderTestCase {
  func testTheREADMEQuickStartDoesWhatItSays() throws {
    let lines = try Self.quickStartLines()
    XCTAssertEqual(lines.map { $0.split(separator: " ").prefix(2).joined(separator: " ") }, [
      "webaction new", "$EDITOR headlines.appex/Action.js", "webaction test", "webaction run", "webaction batch",
      "webaction test",
    ], "the README's quick start changed; update this test with it: \(lines)")
    try FileManager.default.createSymbolicLink(
      at: work.appendingPathComponent("Pages"), withDestinationURL: WebActionCommand.packageRoot.appendingPathComponent("Pages"))
    // The edit: run() also counts the page's words.
    let editor = work.appendingPathComponent("editor.sh")
    try Data("""
      #!/bin/sh
      sed -i 's/links: document.links.length })/links: document.links.length, words: document.body.textContent.split(\\/\\\\s+\\/).filter(Boolean).length })/' "$1"

      """.utf8).write(to: editor)
    chmod(editor.path, 0o755)

    var results: [(status: Int32, output: String)] = []
    for line in lines { results.append(try shell(line, editor: editor.path)) }

    // new: a bundle with a script and a test case.
    XCTAssertEqual(results[0].status, 0, results[0].output)
    let script = try String(contentsOf: work.appendingPathComponent("headlines.appex/Action.js"), encoding: .utf8)
    XCTAssertTrue(FileManager.default.fileExists(atPath: work.appendingPathComponent("headlines.appex/Tests").path))
    // $EDITOR: the edit is in.
    XCTAssertEqual(results[1].status, 0, results[1].output)
    XCTAssertTrue(script.contains("words: document.body.textContent"), script)
    // test: "PASS, or a diff": after the edit run() sends a key the case's snapshot lacks.
    XCTAssertEqual(results[2].status, 1, results[2].output)
    XCTAssertTrue(results[2].output.contains("results.words"), results[2].output)
    XCTAssertTrue(results[2].output.contains("0 passed, 1 failed"), results[2].output)
    // run: the page written back, rewritten by finalize() (a JavaScript-only bundle: run()'s results passed back).
    XCTAssertEqual(results[3].status, 0, results[3].output)
    let page = try String(contentsOf: work.appendingPathComponent("out.html"), encoding: .utf8)
    XCTAssertTrue(page.contains(#"<p class="headlines-summary">"#), page)
    XCTAssertTrue(results[3].output.contains("wrote out.html ("), results[3].output)
    // batch --results: one JSON line per page, with run()'s results.
    XCTAssertEqual(results[4].status, 0, results[4].output)
    let jsonLines = try String(contentsOf: work.appendingPathComponent("headlines.jsonl"), encoding: .utf8)
      .split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
    XCTAssertEqual(
      Set(jsonLines.compactMap { ($0["input"] as? String).map { URL(fileURLWithPath: $0).lastPathComponent } }),
      ["article.html", "legacy-windows-1252.html"])
    for line in jsonLines {
      XCTAssertEqual(line["status"] as? String, "ok", "\(line)")
      let words = (line["results"] as? [String: Any])?["words"] as? Int
      XCTAssertGreaterThan(words ?? 0, 0, "\(line)")
    }
    // test --update records the snapshots, and the case passes again.
    XCTAssertEqual(results[5].status, 0, results[5].output)
    let again = try shell("webaction test headlines.appex", editor: editor.path)
    XCTAssertEqual(again.status, 0, again.output)
    XCTAssertTrue(again.output.contains("1 passed, 0 failed"), again.output)
  }

  /// The command lines of the first `sh` block under "## Write an extension in 5 minutes", comments removed.
  static func quickStartLines() throws -> [String] {
    let readme = try String(contentsOf: WebActionCommand.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    guard let section = readme.range(of: "## Write an extension in 5 minutes"),
      let open = readme.range(of: "```sh\n", range: section.upperBound..<readme.endIndex),
      let close = readme.range(of: "```", range: open.upperBound..<readme.endIndex)
    else { throw XCTSkip("README.md has no quick start block") }
    return readme[open.upperBound..<close.lowerBound].split(separator: "\n").map { line in
      // A comment starts at "  # " (two spaces or more before it); a '#' inside quotes is not one.
      let text = String(line)
      guard let hash = text.range(of: #"\s{2,}# "#, options: .regularExpression) else { return text }
      return String(text[..<hash.lowerBound])
    }.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
  }

  /// Runs `line` with `/bin/sh -c` in the work folder; its standard output and error together.
  private func shell(_ line: String, editor: String) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", line]
    process.currentDirectoryURL = work
    var environment = WebActionCommand.process([]).environment ?? ProcessInfo.processInfo.environment
    environment["PATH"] = WebActionCommand.binary.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
    environment["EDITOR"] = editor
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, "$ \(line)\n\(text)")
  }
}
