import Foundation
import XCTest

/// Extensions in their own processes, end to end: a bundle's executable (Python, Swift) and `--isolate` give the
/// page the in-process extension gives; a process that hangs, runs out of memory, crashes or breaks the protocol
/// fails its page only; App Group defaults stay exact across processes.
final class ExtensionProcessTests: WorkFolderTestCase {
  /// For the Swift children (`background-swift`, `--isolate`'s `webaction extension-host`): an AddressSanitizer
  /// build (Scripts/test --asan, which sets ASAN_OPTIONS) reserves its shadow memory at start, far past the default
  /// 120 MB data limit, so it runs without one there. The release pass runs them under the default limit.
  private static let swiftChildFlags = ProcessInfo.processInfo.environment["ASAN_OPTIONS"] == nil ? [] : ["--extension-memory-limit", "0"]

  /// Examples/background-swift.appex with the built `background-swift` program copied in (it is not committed).
  private func swiftBundle() throws -> String {
    let bundle = work.appendingPathComponent("background-swift.appex")
    try FileManager.default.copyItem(
      at: WebActionCommand.packageRoot.appendingPathComponent("Examples/background-swift.appex"), to: bundle)
    let program = WebActionCommand.binary.deletingLastPathComponent().appendingPathComponent("background-swift")
    try? FileManager.default.removeItem(at: bundle.appendingPathComponent("background-swift"))
    try FileManager.default.copyItem(at: program, to: bundle.appendingPathComponent("background-swift"))
    return bundle.path
  }

  private func page(_ extensionArguments: [String], _ flags: [String] = [], page: String = "article.html") throws -> String {
    let out = work.appendingPathComponent("out-\(UUID().uuidString).html").path
    let result = try WebActionCommand.run(
      ["run", WebActionCommand.page(page), "-o", out] + extensionArguments + flags, timeLimit: 120)
    XCTAssertEqual(result.status, 0, "\(extensionArguments + flags): \(result.stderr)")
    return (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
  }

  func testPythonAndSwiftExecutablesAndIsolateGiveTheInProcessPage() throws {
    let python = WebActionCommand.packageRoot.appendingPathComponent("Examples/background-python.appex").path
    let swift = try swiftBundle()
    for (page, flags) in [("article.html", [String]()), ("legacy-windows-1252.html", []), ("article.html", ["--arg", "color=purple"])] {
      let inProcess = try self.page(["--ext", "background"], flags, page: page)
      XCTAssertTrue(inProcess.contains("background: "), inProcess)
      XCTAssertEqual(try self.page(["--ext", python], flags, page: page), inProcess, "Python, \(page) \(flags)")
      XCTAssertEqual(try self.page(["--ext", swift], flags + Self.swiftChildFlags, page: page), inProcess, "Swift, \(page) \(flags)")
      XCTAssertEqual(
        try self.page(["--ext", "background", "--isolate"], flags + Self.swiftChildFlags, page: page), inProcess,
        "--isolate, \(page) \(flags)")
    }
  }

  /// A bundle whose program lost its execute bit (a zip, a copy) is refused with the fix, before any script runs.
  func testAProgramWithoutItsExecuteBitIsNamedWithTheFix() throws {
    let bundle = work.appendingPathComponent("background-python.appex")
    try FileManager.default.copyItem(
      at: WebActionCommand.packageRoot.appendingPathComponent("Examples/background-python.appex"), to: bundle)
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: bundle.appendingPathComponent("background.py").path)
    let result = try WebActionCommand.run(["run", WebActionCommand.page("article.html"), "--ext", bundle.path, "-o", "/dev/null"])
    XCTAssertEqual(result.status, 4, result.stderr)
    XCTAssertTrue(result.stderr.contains("its CFBundleExecutable background.py is not executable"), result.stderr)
    XCTAssertTrue(result.stderr.contains("chmod +x "), result.stderr)
  }

  /// Each misbehaving page fails alone with its own message, within its time-out plus the grace periods; the page
  /// after it gets a new process, which answers.
  func testAHangingAGreedyACrashingAndAGarbledProcessFailTheirPageOnly() throws {
    let kinds = ["hang", "ok", "allocate", "ok", "crash", "ok", "garbage", "ok", "once", "ok"]
    var pages: [String] = []
    for (index, kind) in kinds.enumerated() {
      let page = work.appendingPathComponent("\(index)-\(kind).html")
      try Data("<!doctype html><title>\(kind)</title><body><p>\(kind)".utf8).write(to: page)
      pages.append(page.path)
    }
    let out = work.appendingPathComponent("out").path
    let started = Date()
    let result = try WebActionCommand.run(
      ["run"] + pages + ["--ext", WebActionCommand.fixture("lifecycle.appex"), "--output-dir", out, "--extension-timeout", "2"],
      timeLimit: 120)
    let seconds = Date().timeIntervalSince(started)
    XCTAssertEqual(result.status, 10, "batch's rule: some pages failed: \(result.stderr)")
    // 2 s of time-out, 2 s after the expire message and end of input, 2 s after SIGTERM, then SIGKILL; the rest is quick.
    XCTAssertLessThan(seconds, 30, result.stderr)
    for expected in [
      "0-hang.html: lifecycle did not reply within 2 s; it was stopped (it was killed by signal 9 (Killed))",
      "2-allocate.html: lifecycle cancelled the request: ran out of memory",
      "4-crash.html: lifecycle was killed by signal 11 (Segmentation fault) before replying to the request",
      "6-garbage.html: lifecycle broke the extension protocol: a frame announces 1751477356 bytes",
      "run: 10 files (6 pages)", ": 6 ok, 4 failed; pages in ",
    ] {
      XCTAssertTrue(result.stderr.contains(expected), "expected “\(expected)” in\n\(result.stderr)")
    }
    var answeredBy: [String] = []
    for (index, kind) in kinds.enumerated() {
      let written = try? String(contentsOfFile: "\(out)/\(index)-\(kind).html", encoding: .utf8)
      if kind == "once" {
        XCTAssertTrue(written?.contains("data-answer=\"once from ") == true, written ?? "no page")
      } else if kind == "ok" {
        let answer = try XCTUnwrap(written?.firstMatch(of: /data-answer="ok from (\d+)"/)?.1, written ?? "no page")
        answeredBy.append(String(answer))
      } else {
        XCTAssertNil(written, "\(kind): a failed page was written")
      }
    }
    // A cancellation (the MemoryError) leaves the process serving; a hang, a crash or garbage ends it, and the next
    // page starts another; so does a process that exits after its reply (`once`), without failing a page.
    XCTAssertEqual(answeredBy.count, 5)
    XCTAssertEqual(answeredBy[0], answeredBy[1], "\(answeredBy)")
    XCTAssertEqual(Set(answeredBy).count, 4, "\(answeredBy)")
    for pid in Set(answeredBy) {
      let command = (try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8)) ?? ""
      XCTAssertFalse(command.contains("lifecycle.py"), "process \(pid) outlived its host")
    }
  }

  /// Eight hosts, each with its own extension process handling 100 pages, count in one App Group: 800 exactly.
  func testEightProcessesCountingInOneAppGroupEndAtEightHundred() throws {
    let bundle = try swiftBundle()
    let page = work.appendingPathComponent("tiny.html")
    try Data("<!doctype html><title>t</title><body>x".utf8).write(to: page)
    // Each host processes the same tiny page 100 times (into its own folder); its extension process serves them all.
    let group = "group.com.webaction.examples"
    try WebActionCommand.run(["defaults", "delete", group, "requests"])
    let hosts = (0..<8).map { index -> Process in
      var list: [String] = []
      for number in 0..<100 {
        let copy = work.appendingPathComponent("host\(index)/\(number).html")
        try? FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? FileManager.default.copyItem(at: page, to: copy)
        list.append(copy.path)
      }
      return WebActionCommand.process(["run"] + list + ["--ext", bundle, "--output-dir", work.appendingPathComponent("out\(index)").path, "-q"] + Self.swiftChildFlags)
    }
    for host in hosts { try host.run() }
    for host in hosts { host.waitUntilExit() }
    XCTAssertEqual(hosts.map(\.terminationStatus), Array(repeating: 0, count: 8))
    let count = try WebActionCommand.run(["defaults", "read", group, "requests"])
    XCTAssertEqual(count.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "800", count.stderr)
  }
}
