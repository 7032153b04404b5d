import Foundation
import XCTest

/// README.md's commands, run exactly as written: each line of its `sh` blocks through `/bin/sh`, in a fresh folder
/// holding the project's `Pages/`, with the built `webaction` first on PATH. Each must do what the README says.
/// The `Scripts/…` lines are the suite itself (`Scripts/test`), its main job (`Scripts/demo`, whose translate line
/// is the README's own) and the installer (InstallTests).
final class ReadmeCommandsTests: WorkFolderTestCase {
  /// "Translate a page" and "Batch a folder", line by line.
  func testTheREADMECommandsRunAsWritten() throws {
    let blocks = try Self.blocks()
    try FileManager.default.createSymbolicLink(
      at: work.appendingPathComponent("Pages"), withDestinationURL: WebActionCommand.packageRoot.appendingPathComponent("Pages"))
    let translate = try XCTUnwrap(blocks["Translate a page"])
    let batch = try XCTUnwrap(blocks["Batch a folder"])
    XCTAssertEqual(translate.count, 2, "\(translate)")
    XCTAssertEqual(batch.count, 3, "\(batch)")
    var results: [(status: Int32, output: String)] = []
    for line in translate + batch { results.append(try shell(line, editor: "/bin/true")) }
    for result in results { XCTAssertEqual(result.status, 0, result.output) }
    let spanish = try String(contentsOf: work.appendingPathComponent("article.es.html"), encoding: .utf8)
    XCTAssertTrue(spanish.contains(#"<html lang="es""#), spanish)
    XCTAssertTrue(results[1].output.contains("to"), "list translate shows its arguments: \(results[1].output)")
    XCTAssertTrue(results[1].output.contains("engine"), results[1].output)
    // The batch: the folder's pages translated and reported, every page's results collected, and --resume skipping
    // what is done.
    let pages = Self.pageFiles(below: "Pages/bench")
    XCTAssertGreaterThan(pages.count, 10)
    for page in pages {
      let written = try String(contentsOf: work.appendingPathComponent("bench-es/\(page)"), encoding: .utf8)
      XCTAssertTrue(written.contains(#"lang="es""#), page)
    }
    let report = try String(contentsOf: work.appendingPathComponent("report.jsonl"), encoding: .utf8)
    XCTAssertEqual(report.split(separator: "\n").count, pages.count, report)
    let info = try String(contentsOf: work.appendingPathComponent("info.jsonl"), encoding: .utf8).split(separator: "\n")
    XCTAssertEqual(info.count, Self.pageFiles(below: "Pages").count, "\(info)")
    XCTAssertTrue(info.allSatisfy { $0.contains(#""results":{"#) && $0.contains(#""status":"ok""#) }, "\(info)")
    XCTAssertTrue(results[4].output.contains("\(pages.count) skipped (--resume)"), results[4].output)
    // Every other block is the Scripts/ lines this test leaves to others, or the quick start below.
    for (section, lines) in blocks where !["Translate a page", "Batch a folder", "Write an extension in 5 minutes"].contains(section) {
      XCTAssertTrue(lines.allSatisfy { $0.hasPrefix("Scripts/") || $0.hasPrefix("PREFIX=") }, "\(section): \(lines) is not run by a test")
    }
  }

  func testTheREADMEQuickStartDoesWhatItSays() throws {
    let lines = try XCTUnwrap(try Self.blocks()["Write an extension in 5 minutes"])
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

  /// The HTML files below `folder` of the package, by their path below it.
  static func pageFiles(below folder: String) -> [String] {
    let root = WebActionCommand.packageRoot.appendingPathComponent(folder)
    let all = FileManager.default.enumerator(atPath: root.path)?.allObjects as? [String] ?? []
    return all.filter { $0.hasSuffix(".html") }.sorted()
  }

  /// The command lines of README.md's `sh` blocks, comments removed, by the heading they are under.
  static func blocks() throws -> [String: [String]] {
    let readme = try String(contentsOf: WebActionCommand.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    var found: [String: [String]] = [:]
    var heading = ""
    var inBlock = false
    for line in readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      if inBlock {
        if line.hasPrefix("```") { inBlock = false; continue }
        // A comment starts at "  # " (two spaces or more before it).
        var command = line
        if let hash = command.range(of: #"\s{2,}# "#, options: .regularExpression) { command = String(command[..<hash.lowerBound]) }
        command = command.trimmingCharacters(in: .whitespaces)
        if !command.isEmpty { found[heading, default: []].append(command) }
      } else if line.hasPrefix("```sh") {
        inBlock = true
      } else if line.hasPrefix("#") {
        heading = line.drop(while: { $0 == "#" }).trimmingCharacters(in: .whitespaces)
      }
    }
    return found
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
