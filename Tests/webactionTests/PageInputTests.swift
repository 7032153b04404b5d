import Foundation
import XCTest

/// Pages as people give them: a gzip file, a FIFO, process substitution, standard input in any format; a folder or a
/// URL refused with what to do instead. And `-o` naming a folder.
final class PageInputTests: WorkFolderTestCase {
  private var article: String { WebActionCommand.page("article.html") }

  /// Runs `script` in bash with `$W` the webaction binary and `$ARTICLE` the demo page.
  private func shell(_ script: String) throws -> WebActionCommand.Result {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = ["-c", script]
    process.currentDirectoryURL = work
    process.environment = ProcessInfo.processInfo.environment.merging(
      ["W": WebActionCommand.binary.path, "ARTICLE": article]) { $1 }
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let stderr = DrainedPipe(err)
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return WebActionCommand.Result(
      status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
      stderr: String(decoding: stderr.wait(), as: UTF8.self))
  }

  func testProcessSubstitutionAndFIFOsAreRead() throws {
    let substituted = try shell(#"$W run <(cat "$ARTICLE") --ext background --finalize-args <(echo '{"newBackgroundColor": "teal"}')"#)
    XCTAssertEqual(substituted.status, 0, substituted.stderr)
    XCTAssertTrue(substituted.stdout.contains(#"<body style="background: teal;">"#), substituted.stderr)
    let fifo = try shell(#"mkfifo page.fifo && (cat "$ARTICLE" > page.fifo &) && $W run page.fifo --ext background"#)
    XCTAssertEqual(fifo.status, 0, fifo.stderr)
    XCTAssertTrue(fifo.stdout.contains(#"<body style="background: red;">"#))
  }

  func testGzipPagesAreDecompressedAndWrittenBackAsNamed() throws {
    let plain = try shell(#"gzip -c "$ARTICLE" > a.html.gz && $W run a.html.gz --ext background -o out.html && head -c 15 out.html"#)
    XCTAssertEqual(plain.status, 0, plain.stderr)
    XCTAssertEqual(plain.stdout, "<!DOCTYPE html>", "written to a name without .gz: plain HTML")
    let compressed = try shell(#"gzip -c "$ARTICLE" > a.html.gz && $W run a.html.gz --ext background -o out.html.gz && gzip -dc out.html.gz | grep -c 'background: red'"#)
    XCTAssertEqual(compressed.status, 0, compressed.stderr)
    XCTAssertEqual(compressed.stdout, "1\n", "written to a .gz name: compressed again")
    // Standard input is recognized by its bytes.
    let piped = try shell(#"gzip -c "$ARTICLE" | $W run - --ext background | grep -c 'background: red'"#)
    XCTAssertEqual(piped.stdout, "1\n", piped.stderr)
  }

  func testFoldersAndURLsAreRefusedWithWhatToDo() throws {
    let folder = try WebActionCommand.run(["run", WebActionCommand.packageRoot.appendingPathComponent("Pages").path, "--ext", "background"])
    XCTAssertEqual(folder.status, 3)
    XCTAssertTrue(folder.stderr.contains("is a folder, not a file"), folder.stderr)
    XCTAssertTrue(folder.stderr.contains("use `webaction batch"), folder.stderr)
    let url = try WebActionCommand.run(["run", "https://example.com/", "--ext", "background"])
    XCTAssertEqual(url.status, 3)
    XCTAssertTrue(url.stderr.contains("https://example.com/ is a URL, and webaction does not download pages"), url.stderr)
    XCTAssertTrue(url.stderr.contains("curl -L -o page.html"), url.stderr)
    let missing = try WebActionCommand.run(["run", "no-such-page.html", "--ext", "background"])
    XCTAssertEqual(missing.status, 3)
    XCTAssertTrue(missing.stderr.contains("the page no-such-page.html was not found"), missing.stderr)
  }

  func testOutputFolderReceivesThePageUnderItsName() throws {
    let folder = work.appendingPathComponent("outdir").path + "/"
    let result = try WebActionCommand.run(["run", article, "--ext", "background", "-o", folder])
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertTrue(FileManager.default.fileExists(atPath: folder + "article.html"))
  }
}
