import Foundation
import XCTest

/// End-to-end: `webaction batch` over folders, patterns and lists, with worker processes, the report, resume,
/// failures, crashed and stuck workers, SIGTERM and sharding.
final class BatchCommandTests: WorkFolderTestCase {
  private var input: URL { work.appendingPathComponent("in") }
  private var output: URL { work.appendingPathComponent("out") }
  private var reportFile: URL { work.appendingPathComponent("report.jsonl") }
  private var finalizeArgs: String { work.appendingPathComponent("args.json").path }

  override func setUpWithError() throws {
    try super.setUpWithError()
    try Data("{}".utf8).write(to: URL(fileURLWithPath: finalizeArgs))
  }

  /// Writes pages under `in/` (path → body text).
  private func pages(_ bodies: [String: String]) throws {
    for (path, body) in bodies {
      let url = input.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data("<!DOCTYPE html><title>\(path)</title><p>\(body)</p>".utf8).write(to: url)
    }
  }

  /// A bundle whose run() fails on pages saying BAD and whose finalize() marks the page.
  private func bundle(runPrefix: String = "", finalize: String = "document.body.setAttribute('data-done', '1');") throws -> String {
    try WebActionCommand.actionBundle(
      in: work,
      run: "\(runPrefix) if (document.body.textContent.includes('BAD')) throw new Error('this page is bad'); args.completionFunction({});",
      finalize: finalize)
  }

  private func batch(_ arguments: [String], stdin: Data? = nil, timeLimit: TimeInterval = 120) throws -> WebActionCommand.Result {
    try WebActionCommand.run(["batch"] + arguments + ["--finalize-args", finalizeArgs], stdin: stdin, timeLimit: timeLimit)
  }

  private func report() throws -> [[String: Any]] {
    try String(contentsOf: reportFile, encoding: .utf8).split(separator: "\n").map {
      try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
  }

  private func statuses() throws -> [String: String] {
    Dictionary(uniqueKeysWithValues: try report().map {
      (String(($0["input"] as! String).dropFirst(input.path.count + 1)), $0["status"] as! String)
    })
  }

  /// The output folder's files, but for the batch's settings stamp (hidden, BatchStamp).
  private func outputFiles() -> [String] {
    let walker = FileManager.default.enumerator(atPath: output.path)
    return (walker?.allObjects as? [String] ?? []).filter {
      !$0.hasSuffix("/") && !isFolder(output.appendingPathComponent($0)) && $0 != ".webaction.stamp.json"
    }.sorted()
  }

  private func isFolder(_ url: URL) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
  }

  func testAFolderIsMirroredAndAFailingPageIsRecordedWhileTheRestGoOn() throws {
    try pages(["a.html": "one", "sub/b.htm": "two", "sub/deeper/c.html": "BAD three"])
    try Data("not a page".utf8).write(to: input.appendingPathComponent("notes.txt"))
    let result = try batch([input.path, "--ext", try bundle(), "--out", output.path, "-j", "2", "--report", reportFile.path])
    XCTAssertEqual(result.status, 10, result.stderr)
    XCTAssertEqual(outputFiles(), ["a.html", "sub/b.htm"])
    let page = try String(contentsOf: output.appendingPathComponent("sub/b.htm"), encoding: .utf8)
    XCTAssertTrue(page.contains(#"<body data-done="1"><p>two</p>"#), page)
    XCTAssertEqual(try statuses(), ["a.html": "ok", "sub/b.htm": "ok", "sub/deeper/c.html": "failed"])
    let failed = try XCTUnwrap(try report().first { $0["status"] as? String == "failed" })
    let error = try XCTUnwrap(failed["error"] as? [String: String])
    XCTAssertEqual(error["kind"], "script")
    XCTAssertTrue(error["message"]!.contains("this page is bad"), "\(error)")
    XCTAssertTrue(result.stderr.contains("FAILED \(input.path)/sub/deeper/c.html"), result.stderr)
    XCTAssertTrue(result.stderr.contains("3 files (2 pages)"), result.stderr)
    XCTAssertTrue(result.stderr.contains("2 ok, 1 failed"), result.stderr)
    let first = try XCTUnwrap(try report().first { ($0["input"] as? String)?.hasSuffix("a.html") == true })
    XCTAssertEqual(first["bytesIn"] as? Int, try Data(contentsOf: input.appendingPathComponent("a.html")).count)
    XCTAssertEqual(first["bytesOut"] as? Int, try Data(contentsOf: output.appendingPathComponent("a.html")).count)
    XCTAssertEqual(first["pages"] as? Int, 1)
    XCTAssertNotNil(first["milliseconds"] as? Int)
    // Each file names its worker and that worker's peak memory (a worker process holds JavaScriptCore: megabytes).
    let workers = Set(try report().compactMap { $0["worker"] as? Int })
    XCTAssertTrue(!workers.isEmpty && workers.count <= 2 && !workers.contains(Int(getpid())), "\(workers)")
    XCTAssertGreaterThan(first["workerPeakKiB"] as? Int ?? 0, 1024)
  }

  func testPatternsAndAListOnStandardInput() throws {
    try pages(["x/a.html": "a", "x/b.html": "b", "y/c.html": "c", "y/d.html": "d"])
    let ext = try bundle()
    var result = try batch(["\(input.path)/x/*.html", "--ext", ext, "--out", output.path, "--report", reportFile.path])
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertEqual(outputFiles(), ["a.html", "b.html"])
    try FileManager.default.removeItem(at: output)
    let list = "\(input.path)/y/c.html\n\n\(input.path)/x/a.html\n"
    result = try batch(["-", "--ext", ext, "--out", output.path], stdin: Data(list.utf8))
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertEqual(outputFiles(), ["x/a.html", "y/c.html"])
    result = try batch(["\(input.path)/none-*.html", "--ext", ext, "--out", output.path])
    XCTAssertEqual(result.status, 3)
    XCTAssertTrue(result.stderr.contains("none-*.html: the pattern matches nothing"), result.stderr)
  }

  /// A folder's links to page files count as those files (a corpus of links is a common way to pick pages); links
  /// to folders are not followed; a folder with no pages is an input error, not a batch of nothing.
  func testLinkedPagesCountAndAFolderWithoutPagesIsAnError() throws {
    try pages(["store/a.html": "a", "store/deep/b.html": "b"])
    let picked = input.appendingPathComponent("picked")
    try FileManager.default.createDirectory(at: picked, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: picked.appendingPathComponent("one.html").path,
                                               withDestinationPath: input.appendingPathComponent("store/a.html").path)
    try FileManager.default.createSymbolicLink(atPath: picked.appendingPathComponent("linked-folder").path,
                                               withDestinationPath: input.appendingPathComponent("store/deep").path)
    try FileManager.default.createSymbolicLink(atPath: picked.appendingPathComponent("dangling.html").path,
                                               withDestinationPath: input.appendingPathComponent("gone.html").path)
    let ext = try bundle()
    var result = try batch([picked.path, "--ext", ext, "--out", output.path])
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertEqual(outputFiles(), ["one.html"])
    let page = try String(contentsOf: output.appendingPathComponent("one.html"), encoding: .utf8)
    XCTAssertTrue(page.contains(#"<body data-done="1"><p>a</p>"#), page)

    let empty = input.appendingPathComponent("empty")
    try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
    try Data("not a page".utf8).write(to: empty.appendingPathComponent("notes.txt"))
    result = try batch([empty.path, "--ext", ext, "--out", output.path])
    XCTAssertEqual(result.status, 3, result.stderr)
    XCTAssertTrue(result.stderr.contains(
      "\(empty.path): no page files in this folder or below it (names ending .webarchive, .mhtml, .mht, .warc, "
        + ".warc.gz, .html, .htm)"), result.stderr)
  }

  /// One worker runs every page, yet each gets a fresh global object: nothing a page or the extension's script
  /// leaves on `globalThis` or `window` reaches the next page.
  func testNoStateCrossesPagesInOneWorker() throws {
    try pages(["1.html": "a", "2.html": "b", "3.html": "c"])
    let ext = try bundle(
      runPrefix: "",
      finalize: "document.body.setAttribute('data-seen', typeof globalThis.leaked + ',' + typeof window.leakedToo); globalThis.leaked = 1; window.leakedToo = 1;")
    let result = try batch([input.path, "--ext", ext, "--out", output.path, "-j", "1"])
    XCTAssertEqual(result.status, 0, result.stderr)
    for name in ["1.html", "2.html", "3.html"] {
      let page = try String(contentsOf: output.appendingPathComponent(name), encoding: .utf8)
      XCTAssertTrue(page.contains(#"data-seen="undefined,undefined""#), "\(name): \(page)")
    }
  }

  func testResumeSkipsCompleteOutputsAndRedoesWhatChanged() throws {
    try pages(["a.html": "a", "b.html": "b", "c.html": "BAD c"])
    let ext = try bundle()
    var result = try batch([input.path, "--ext", ext, "--out", output.path, "--report", reportFile.path])
    XCTAssertEqual(result.status, 10, result.stderr)
    // An input edited after its output was written is redone; the failed one is tried again.
    let later = Date().addingTimeInterval(5)
    try FileManager.default.setAttributes([.modificationDate: later], ofItemAtPath: input.appendingPathComponent("b.html").path)
    result = try batch([input.path, "--ext", ext, "--out", output.path, "--report", reportFile.path, "--resume"])
    XCTAssertEqual(result.status, 10, result.stderr)
    XCTAssertEqual(try statuses(), ["a.html": "skipped", "b.html": "ok", "c.html": "failed"])
    XCTAssertTrue(result.stderr.contains("1 skipped (--resume)"), result.stderr)
    // A changed extension redoes everything.
    try FileManager.default.setAttributes(
      [.modificationDate: later.addingTimeInterval(5)], ofItemAtPath: URL(fileURLWithPath: ext).appendingPathComponent("Action.js").path)
    result = try batch([input.path, "--ext", ext, "--out", output.path, "--report", reportFile.path, "--resume"])
    XCTAssertEqual(try statuses(), ["a.html": "ok", "b.html": "ok", "c.html": "failed"])
  }

  /// Outputs made with other settings are never kept: another --finalize-args (or --arg, extension, webaction)
  /// redoes every page, and says why; the same settings again keep them.
  func testResumeRedoesOutputsMadeWithOtherSettings() throws {
    try pages(["a.html": "a", "b.html": "b"])
    let ext = try bundle(finalize: "document.body.setAttribute('data-mark', args.mark);")
    let first = work.appendingPathComponent("first.json"), second = work.appendingPathComponent("second.json")
    try Data(#"{"mark": "first"}"#.utf8).write(to: first)
    try Data(#"{"mark": "second"}"#.utf8).write(to: second)
    let run = { (args: URL, resume: Bool) throws -> WebActionCommand.Result in
      try WebActionCommand.run(
        ["batch", self.input.path, "--ext", ext, "--out", self.output.path, "--report", self.reportFile.path, "--finalize-args", args.path]
          + (resume ? ["--resume"] : []), timeLimit: 120)
    }
    XCTAssertEqual(try run(first, false).status, 0)
    let changed = try run(second, true)
    XCTAssertEqual(changed.status, 0, changed.stderr)
    XCTAssertTrue(changed.stderr.contains("--resume: every page is redone"), changed.stderr)
    XCTAssertTrue(changed.stderr.contains("the --finalize-args changed"), changed.stderr)
    XCTAssertEqual(try statuses(), ["a.html": "ok", "b.html": "ok"])
    XCTAssertTrue(try String(contentsOf: output.appendingPathComponent("a.html"), encoding: .utf8).contains(#"data-mark="second""#))
    let same = try run(second, true)
    XCTAssertFalse(same.stderr.contains("redone"), same.stderr)
    XCTAssertEqual(try statuses(), ["a.html": "skipped", "b.html": "skipped"])
    // Another viewport is another setting: media queries and vw units may lay the page out otherwise.
    let wider = try WebActionCommand.run(
      ["batch", input.path, "--ext", ext, "--out", output.path, "--report", reportFile.path, "--finalize-args", second.path,
       "--viewport", "1024x768", "--resume"], timeLimit: 120)
    XCTAssertTrue(wider.stderr.contains("--viewport 390x844 → 1024x768"), wider.stderr)
    XCTAssertEqual(try statuses(), ["a.html": "ok", "b.html": "ok"])
  }

  /// A worker killed from outside (as the OOM killer would) loses only its file: it is recorded as failed with the
  /// signal, a new worker takes over, and every other file is done.
  func testAKilledWorkerIsReplacedAndOnlyItsFileFails() throws {
    var bodies: [String: String] = [:]
    for index in 0..<8 { bodies["p\(index).html"] = "page \(index)" }
    try pages(bodies)
    let ext = try bundle(runPrefix: "const end = Date.now() + 300; while (Date.now() < end) {}")
    let process = WebActionCommand.process(
      ["batch", input.path, "--ext", ext, "--out", output.path, "-j", "2", "--report", reportFile.path,
       "--finalize-args", finalizeArgs])
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    Thread.sleep(forTimeInterval: 1.0)
    let workers = try children(of: process.processIdentifier)
    XCTAssertEqual(workers.count, 2, "\(workers)")
    kill(try XCTUnwrap(workers.first), SIGKILL)
    let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    XCTAssertEqual(process.terminationStatus, 10, stderr)
    let records = try report()
    XCTAssertEqual(records.count, 8)
    let failed = records.filter { $0["status"] as? String == "failed" }
    XCTAssertEqual(failed.count, 1, "\(records)")
    let message = (failed.first?["error"] as? [String: String])?["message"] ?? ""
    XCTAssertTrue(message.contains("killed by signal 9"), message)
    XCTAssertEqual(outputFiles().count, 7)
  }

  /// A worker stuck on a file past --file-timeout is stopped and replaced; the batch goes on.
  func testAWorkerPastTheFileTimeoutIsStoppedAndReplaced() throws {
    try pages(["a.html": "a", "b.html": "STUCK", "c.html": "c"])
    let ext = try WebActionCommand.actionBundle(
      in: work,
      run: "if (document.body.textContent.includes('STUCK')) setInterval(function () {}, 100); else args.completionFunction({});")
    let result = try batch([input.path, "--ext", ext, "--out", output.path, "-j", "1", "--file-timeout", "1",
                            "--timeout", "30", "--report", reportFile.path], timeLimit: 25)
    XCTAssertEqual(result.status, 10, result.stderr)
    XCTAssertEqual(try statuses(), ["a.html": "ok", "b.html": "failed", "c.html": "ok"])
    XCTAssertTrue(result.stderr.contains("took longer than 1 s on this file"), result.stderr)
  }

  /// SIGTERM mid-batch: the batch stops at once, exits 143, leaves only complete outputs and no temporary files, and
  /// its report has a whole line for every file that finished or was interrupted.
  func testSIGTERMStopsCleanly() throws {
    var bodies: [String: String] = [:]
    for index in 0..<30 { bodies["p\(index).html"] = "page \(index)" }
    try pages(bodies)
    let ext = try bundle(runPrefix: "const end = Date.now() + 200; while (Date.now() < end) {}")
    let process = WebActionCommand.process(
      ["batch", input.path, "--ext", ext, "--out", output.path, "-j", "2", "--report", reportFile.path,
       "--finalize-args", finalizeArgs])
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    Thread.sleep(forTimeInterval: 1.5)
    kill(process.processIdentifier, SIGTERM)
    let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    XCTAssertEqual(process.terminationStatus, 143, stderr)
    let records = try report()
    XCTAssertEqual(records.count, 30, "every input has a line, those never started too")
    let started = records.filter { $0["status"] as? String != "not-started" }
    XCTAssertGreaterThan(started.count, 0)
    XCTAssertLessThan(started.count, 30, "the batch should have stopped early")
    let done = records.filter { $0["status"] as? String == "ok" }.map { ($0["output"] as! String) }
    XCTAssertEqual(Set(outputFiles().map { output.appendingPathComponent($0).path }), Set(done))
    for path in done {
      XCTAssertTrue(try String(contentsOfFile: path, encoding: .utf8).hasSuffix("</html>"), path)
    }
    XCTAssertTrue(stderr.contains("interrupted") || stderr.contains("not started"), stderr)
    let stray = (FileManager.default.enumerator(atPath: output.path)?.allObjects as? [String] ?? []).filter { $0.contains(".webaction-") }
    XCTAssertEqual(stray, [], "no temporary files left")
  }

  /// N shard processes given the same inputs split them without overlap and together cover them, whether the
  /// shard comes from --shard K/N, a Kubernetes Indexed Job or a Slurm job array.
  func testShardsAreDisjointAndTogetherComplete() throws {
    var bodies: [String: String] = [:]
    for index in 0..<24 { bodies["d\(index % 3)/p\(index).html"] = "page \(index)" }
    try pages(bodies)
    let ext = try bundle()
    let environments: [[String: String]] = [
      ["JOB_COMPLETION_INDEX": "0", "JOB_COMPLETIONS": "3"],
      ["SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_COUNT": "3", "SLURM_ARRAY_TASK_MIN": "1"],
      [:],
    ]
    var seen: [Set<String>] = []
    for (index, environment) in environments.enumerated() {
      let report = work.appendingPathComponent("report-\(index).jsonl")
      let process = WebActionCommand.process(
        ["batch", input.path, "--ext", ext, "--out", output.path, "--report", report.path, "--finalize-args",
         finalizeArgs, "--shard", environment.isEmpty ? "2/3" : "auto"])
      process.environment?.merge(environment) { $1 }
      let errors = Pipe()
      process.standardError = errors
      try process.run()
      let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      XCTAssertEqual(process.terminationStatus, 0, stderr)
      let inputs = try String(contentsOf: report, encoding: .utf8).split(separator: "\n").map {
        (try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any])["input"] as! String
      }
      seen.append(Set(inputs))
    }
    XCTAssertEqual(seen.map(\.count).reduce(0, +), 24, "every file once")
    XCTAssertEqual(seen.reduce(Set<String>()) { $0.union($1) }.count, 24)
    XCTAssertTrue(seen.allSatisfy { !$0.isEmpty }, "each shard got files: \(seen.map(\.count))")
    XCTAssertEqual(outputFiles().count, 24)
  }

  /// A web archive in a folder goes through batch and comes out a web archive, next to the HTML pages.
  func testAWebArchiveComesOutAWebArchive() throws {
    try pages(["a.html": "plain"])
    let main: [String: Any] = [
      "WebResourceData": Data("<p>archived</p>".utf8), "WebResourceURL": "https://example.org/x.html",
      "WebResourceMIMEType": "text/html", "WebResourceTextEncodingName": "UTF-8",
    ]
    try PropertyListSerialization.data(fromPropertyList: ["WebMainResource": main], format: .binary, options: 0)
      .write(to: input.appendingPathComponent("x.webarchive"))
    let result = try batch([input.path, "--ext", try bundle(), "--out", output.path])
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertEqual(outputFiles(), ["a.html", "x.webarchive"])
    let root = try PropertyListSerialization.propertyList(
      from: Data(contentsOf: output.appendingPathComponent("x.webarchive")), format: nil) as? [String: Any]
    let page = (root?["WebMainResource"] as? [String: Any])?["WebResourceData"] as? Data
    XCTAssertTrue(String(decoding: page ?? Data(), as: UTF8.self).contains(#"<body data-done="1"><p>archived</p>"#))
    // `run` reads and writes it too.
    let single = work.appendingPathComponent("single.webarchive")
    let run = try WebActionCommand.run(
      ["run", input.appendingPathComponent("x.webarchive").path, "--ext", try bundle(), "--finalize-args", finalizeArgs,
       "-o", single.path])
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertNotNil(try PropertyListSerialization.propertyList(from: Data(contentsOf: single), format: nil) as? [String: Any])
  }

  /// An MHTML file and a gzipped WARC in a folder go through batch and come out in their own formats.
  func testMHTMLAndAGzippedWARCComeOutInTheirFormats() throws {
    try pages(["a.html": "plain"])
    let mhtml = [
      "From: <Saved by Blink>", "MIME-Version: 1.0",
      "Content-Type: multipart/related; type=\"text/html\"; boundary=\"----MultipartBoundary--x----\"", "",
      "------MultipartBoundary--x----", "Content-Type: text/html", "Content-Transfer-Encoding: quoted-printable",
      "Content-Location: https://example.org/m.html", "", "<p class=3D\"m\">archived</p>",
      "------MultipartBoundary--x------", "",
    ]
    try Data(mhtml.joined(separator: "\r\n").utf8).write(to: input.appendingPathComponent("x.mhtml"))
    let info = "WARC/1.1\r\nWARC-Type: warcinfo\r\nContent-Length: 14\r\n\r\nsoftware: test\r\n\r\n"
    let http = "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n<p>crawled</p>"
    let response = "WARC/1.1\r\nWARC-Type: response\r\nWARC-Target-URI: https://example.org/y.html\r\n"
      + "Content-Type: application/http; msgtype=response\r\nContent-Length: \(http.utf8.count)\r\n\r\n\(http)\r\n\r\n"
    let firstMember = try gzip(Data(info.utf8))
    try (firstMember + gzip(Data(response.utf8))).write(to: input.appendingPathComponent("y.warc.gz"))
    let result = try batch([input.path, "--ext", try bundle(), "--out", output.path])
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertEqual(outputFiles(), ["a.html", "x.mhtml", "y.warc.gz"])
    let page = try String(contentsOf: output.appendingPathComponent("x.mhtml"), encoding: .utf8)
    XCTAssertTrue(page.contains("Content-Type: text/html; charset=utf-8\r\n"), page)
    let unfolded = page.replacingOccurrences(of: "=\r\n", with: "").replacingOccurrences(of: "=3D", with: "=")
    XCTAssertTrue(unfolded.contains(#"<body data-done="1"><p class="m">archived</p>"#), page)
    XCTAssertTrue(page.hasSuffix("\r\n------MultipartBoundary--x------\r\n"), page)
    let archive = try Data(contentsOf: output.appendingPathComponent("y.warc.gz"))
    XCTAssertEqual(archive.prefix(firstMember.count), firstMember, "the warcinfo record's gzip member as it was")
    let records = String(decoding: try gzip(archive, decompress: true), as: UTF8.self)
    XCTAssertTrue(records.hasPrefix(info), records)
    XCTAssertTrue(records.contains("WARC-Target-URI: https://example.org/y.html\r\n"), records)
    XCTAssertTrue(records.contains("Content-Type: text/html; charset=utf-8\r\n"), records)
    XCTAssertTrue(records.contains(#"<body data-done="1"><p>crawled</p>"#), records)
  }

  /// `data` through the `gzip` command (one member), or decompressed.
  private func gzip(_ data: Data, decompress: Bool = false) throws -> Data {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/gzip")
    process.arguments = decompress ? ["-dc"] : ["-nc"]
    let input = Pipe(), output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    try input.fileHandleForWriting.write(contentsOf: data)
    try input.fileHandleForWriting.close()
    let result = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    XCTAssertEqual(process.terminationStatus, 0, "gzip")
    return result
  }

  /// Batch extracts data: `--results` gets one line per page with run()'s results and finalize()'s argument (the
  /// error for a failed file), `--results-dir` one JSON file per input; without --out no page is written.
  func testResultsAreCollectedWithOrWithoutPages() throws {
    try pages(["a.html": "alpha", "sub/b.html": "beta", "c.html": "BAD c"])
    let ext = try WebActionCommand.actionBundle(
      in: work,
      run: "if (document.body.textContent.includes('BAD')) throw new Error('bad page'); args.completionFunction({title: document.title, words: document.body.textContent.split(' ').length});")
    let lines = work.appendingPathComponent("results.jsonl"), folder = work.appendingPathComponent("results")
    let result = try WebActionCommand.run(
      ["batch", input.path, "--ext", ext, "--results", lines.path, "--results-dir", folder.path], timeLimit: 120)
    XCTAssertEqual(result.status, 10, result.stderr)
    XCTAssertTrue(result.stderr.contains("results in \(lines.path)"), result.stderr)
    XCTAssertFalse(FileManager.default.fileExists(atPath: output.path))
    let records = try String(contentsOf: lines, encoding: .utf8).split(separator: "\n").map {
      try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    XCTAssertEqual(records.count, 3)
    let a = try XCTUnwrap(records.first { ($0["input"] as? String)?.hasSuffix("/a.html") == true })
    XCTAssertEqual(a["status"] as? String, "ok")
    XCTAssertEqual((a["results"] as? [String: Any])?["title"] as? String, "a.html")
    XCTAssertEqual((a["finalizeArgument"] as? [String: Any])?["title"] as? String, "a.html", "looped back: no native side")
    XCTAssertNil(a["output"], "no page was written")
    let c = try XCTUnwrap(records.first { ($0["input"] as? String)?.hasSuffix("/c.html") == true })
    XCTAssertEqual(c["status"] as? String, "failed")
    XCTAssertTrue(((c["error"] as? [String: Any])?["message"] as? String)?.contains("bad page") == true)
    let b = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("sub/b.html.json"))) as? [String: Any]
    XCTAssertEqual((b?["results"] as? [String: Any])?["words"] as? Int, 1)
    XCTAssertEqual(try WebActionCommand.run(["batch", input.path, "--ext", ext]).status, 2, "somewhere to write is required")
  }

  /// An output folder that is the input folder, or inside it, is refused before anything is read or written.
  func testOutputInsideOrEqualToTheInputIsRefused() throws {
    try pages(["a.html": "one"])
    let ext = try bundle()
    let same = try batch([input.path, "--ext", ext, "--out", input.path])
    XCTAssertEqual(same.status, 2, same.stderr)
    XCTAssertTrue(same.stderr.contains("is the input folder"), same.stderr)
    let inside = try batch([input.path, "--ext", ext, "--out", input.appendingPathComponent("out").path])
    XCTAssertEqual(inside.status, 2, inside.stderr)
    XCTAssertTrue(inside.stderr.contains("is inside the input folder"), inside.stderr)
    XCTAssertFalse(FileManager.default.fileExists(atPath: input.appendingPathComponent("out").path))
    XCTAssertEqual(try String(contentsOf: input.appendingPathComponent("a.html"), encoding: .utf8).contains("data-done"), false)
  }

  /// A failure every page would meet stops the batch at the first page, with its class's exit code: a script that
  /// does not parse (exit 5), an output folder that cannot be written (exit 9, before any page).
  func testAFailureEveryPageWouldMeetStopsTheBatch() throws {
    try pages(Dictionary(uniqueKeysWithValues: (1...8).map { ("p\($0).html", "page \($0)") }))
    let broken = try WebActionCommand.actionBundle(in: work, run: "args.completionFunction({ a: 1 ;")
    let result = try batch([input.path, "--ext", broken, "--out", output.path, "-j", "1", "--report", reportFile.path])
    XCTAssertEqual(result.status, 5, result.stderr)
    XCTAssertEqual(result.stderr.components(separatedBy: "FAILED ").count - 1, 1, "said once, not once per page: \(result.stderr)")
    XCTAssertTrue(result.stderr.contains("stopped: every page would fail this way"), result.stderr)
    XCTAssertEqual(try report().filter { $0["status"] as? String == "failed" }.count, 1)

    // An output folder that cannot be made (its parent is a file) fails before any page is processed.
    let blocker = work.appendingPathComponent("a-file")
    try Data("x".utf8).write(to: blocker)
    let unwritable = try batch([input.path, "--ext", try bundle(), "--out", blocker.appendingPathComponent("out").path])
    XCTAssertEqual(unwritable.status, 9, unwritable.stderr)
    XCTAssertFalse(unwritable.stderr.contains("FAILED"), unwritable.stderr)
  }

  func testUsageErrors() throws {
    try pages(["a.html": "a"])
    let ext = try bundle()
    for (arguments, message) in [
      (["-j", "0"], "-j 0: give at least 1 worker"),
      (["--shard", "3/3"], "--shard 3/3: give K/N"),
      (["--shard", "auto"], "--shard auto: neither a Kubernetes"),
      (["--file-timeout", "0"], "--file-timeout 0"),
    ] {
      let result = try batch([input.path, "--ext", ext, "--out", output.path] + arguments)
      XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
      XCTAssertTrue(result.stderr.contains(message), "\(arguments): \(result.stderr)")
    }
  }

  /// The worker processes of `pid` (its children), via /proc.
  private func children(of pid: Int32) throws -> [Int32] {
    let tasks = "/proc/\(pid)/task"
    var found: [Int32] = []
    for task in (try? FileManager.default.contentsOfDirectory(atPath: tasks)) ?? [] {
      let list = (try? String(contentsOfFile: "\(tasks)/\(task)/children", encoding: .utf8)) ?? ""
      found += list.split(separator: " ").compactMap { Int32($0) }
    }
    return found.sorted()
  }
}
