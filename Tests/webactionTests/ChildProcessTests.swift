import Foundation
import XCTest

/// No child outlives its parent, whatever signal the parent gets (WebActionKit's `ChildProcesses`): a batch worker
/// killed mid-page takes its extension process with it; `webaction run` sent SIGTERM or SIGKILL alone leaves no
/// extension process and no Apertium stage behind.
final class ChildProcessTests: WorkFolderTestCase {
  /// A page whose title makes `lifecycle.appex`'s process hang (it ignores SIGTERM, so only SIGKILL ends it).
  private func hangingPage() throws -> String {
    let page = work.appendingPathComponent("hang.html")
    try Data("<!doctype html><title>hang</title><p>hang".utf8).write(to: page)
    return page.path
  }

  func testAWorkerKilledMidPageTakesItsExtensionProcessWithIt() throws {
    let input = work.appendingPathComponent("in")
    try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
    try FileManager.default.moveItem(atPath: try hangingPage(), toPath: input.appendingPathComponent("hang.html").path)
    let batch = WebActionCommand.process(
      ["batch", input.path, "--ext", WebActionCommand.fixture("lifecycle.appex"), "--out", work.appendingPathComponent("out").path,
       "-j", "1", "--extension-timeout", "120"])
    batch.standardError = FileHandle(forWritingAtPath: "/dev/null")
    try batch.run()
    defer { if batch.isRunning { kill(batch.processIdentifier, SIGKILL) } }
    // batch → worker → the extension's process (python3 lifecycle.py).
    let tree = try waitForDescendants(of: batch.processIdentifier, until: Self.hanging)
    let worker = try XCTUnwrap(tree.first { $0.parent == batch.processIdentifier && $0.command.contains("batch-worker") }, "\(tree)")
    let extensionProcess = try XCTUnwrap(tree.first { $0.command.contains("lifecycle.py") })
    XCTAssertEqual(extensionProcess.parent, worker.pid, "\(tree)")
    kill(worker.pid, SIGKILL)
    assertGone([extensionProcess], within: 5)
    kill(batch.processIdentifier, SIGTERM)
    batch.waitUntilExit()
    assertGone(tree, within: 5)
  }

  func testSIGTERMToRunAloneEndsItsExtensionProcess() throws {
    try assertRunLeavesNothing(after: SIGTERM)
  }

  func testSIGKILLToRunAloneEndsItsExtensionProcess() throws {
    try assertRunLeavesNothing(after: SIGKILL)
  }

  /// translate in process, mid-page: the Apertium pipeline's shell and its stages go with webaction.
  func testSIGTERMOrSIGKILLMidTranslationLeavesNoApertiumStage() throws {
    let sentence = "The old house at the end of the street was painted blue, and the children walked past it every morning. "
    let body = (0..<4000).map { "<p>\(sentence)Paragraph \($0).</p>" }.joined()
    let page = work.appendingPathComponent("long.html")
    try Data("<!doctype html><html lang=en><title>Long</title><body>\(body)".utf8).write(to: page)
    for signal in [SIGTERM, SIGKILL] {
      let run = WebActionCommand.process(
        ["run", page.path, "--ext", "translate", "--arg", "to=es", "-o", work.appendingPathComponent("es.html").path])
      run.standardError = FileHandle(forWritingAtPath: "/dev/null")
      try run.run()
      defer { if run.isRunning { kill(run.processIdentifier, SIGKILL) } }
      let tree = try waitForDescendants(of: run.processIdentifier) { $0.contains { $0.command.contains("lt-proc") } }
      kill(run.processIdentifier, signal)
      run.waitUntilExit()
      XCTAssertEqual(run.terminationReason, .uncaughtSignal, "signal \(signal)")
      XCTAssertEqual(run.terminationStatus, signal)
      assertGone(tree, within: 5)
    }
  }

  // MARK: - Helpers

  private func assertRunLeavesNothing(after signal: Int32, file: StaticString = #filePath, line: UInt = #line) throws {
    let run = WebActionCommand.process(
      ["run", try hangingPage(), "--ext", WebActionCommand.fixture("lifecycle.appex"), "--extension-timeout", "120",
       "-o", work.appendingPathComponent("out.html").path])
    run.standardError = FileHandle(forWritingAtPath: "/dev/null")
    try run.run()
    defer { if run.isRunning { kill(run.processIdentifier, SIGKILL) } }
    let tree = try waitForDescendants(of: run.processIdentifier, until: Self.hanging)
    let started = Date()
    kill(run.processIdentifier, signal)
    run.waitUntilExit()
    // It ends by the signal it got, as it would without a handler; SIGTERM gives the children a second first.
    XCTAssertEqual(run.terminationReason, .uncaughtSignal, file: file, line: line)
    XCTAssertEqual(run.terminationStatus, signal, file: file, line: line)
    XCTAssertLessThan(Date().timeIntervalSince(started), 5, file: file, line: line)
    assertGone(tree, within: 5, file: file, line: line)
  }

  /// True once the extension's process is in the page's `hang`: it ignores SIGTERM, and reads nothing more (so the
  /// end of its input would not end it).
  private static func hanging(_ processes: [Descendant]) -> Bool {
    processes.contains { process in
      guard process.command.contains("lifecycle.py"),
        let status = try? String(contentsOfFile: "/proc/\(process.pid)/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigIgn:") }),
        let mask = UInt64(line.dropFirst("SigIgn:".count).trimmingCharacters(in: .whitespaces), radix: 16)
      else { return false }
      return mask & (1 << (UInt64(SIGTERM) - 1)) != 0
    }
  }

  struct Descendant: CustomStringConvertible {
    var pid: Int32
    var parent: Int32
    /// The kernel's start time (clock ticks after boot): a reused process ID has another.
    var startTime: String
    var command: String
    var description: String { "\(pid) (parent \(parent)): \(command)" }
  }

  /// Polls until the processes below `root` satisfy `ready` (at most 30 s) and returns them.
  private func waitForDescendants(of root: Int32, until ready: ([Descendant]) -> Bool) throws -> [Descendant] {
    let deadline = Date(timeIntervalSinceNow: 30)
    while Date() < deadline {
      let found = Self.descendants(of: root)
      if ready(found) { return found }
      usleep(50_000)
    }
    XCTFail("the expected processes never appeared below \(root): \(Self.descendants(of: root))")
    throw CancellationError()
  }

  private func assertGone(_ processes: [Descendant], within seconds: TimeInterval, file: StaticString = #filePath, line: UInt = #line) {
    let deadline = Date(timeIntervalSinceNow: seconds)
    var left = processes
    while Date() < deadline {
      left = left.filter(Self.isAlive)
      if left.isEmpty { return }
      usleep(50_000)
    }
    XCTFail("still running \(seconds) s after their parent went: \(left)", file: file, line: line)
    for process in left { kill(process.pid, SIGKILL) }
  }

  private static func stat(_ pid: Int32) -> (parent: Int32, state: Character, startTime: String)? {
    guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = text.lastIndex(of: ")")
    else { return nil }
    // After "pid (comm) ": state, ppid, ... starttime is field 22.
    let fields = text[text.index(after: close)...].split(separator: " ")
    guard fields.count > 19, let parent = Int32(fields[1]), let state = fields[0].first else { return nil }
    return (parent, state, String(fields[19]))
  }

  private static func isAlive(_ process: Descendant) -> Bool {
    guard let now = stat(process.pid) else { return false }
    return now.state != "Z" && now.startTime == process.startTime
  }

  static func descendants(of root: Int32) -> [Descendant] {
    var all: [Descendant] = []
    for name in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
      guard let pid = Int32(name), let info = stat(pid), info.state != "Z" else { continue }
      let raw = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline"))) ?? Data()
      let command = String(decoding: raw.map { $0 == 0 ? 0x20 : $0 }, as: UTF8.self)
      all.append(Descendant(pid: pid, parent: info.parent, startTime: info.startTime, command: command))
    }
    var found: [Descendant] = []
    var frontier: Set<Int32> = [root]
    while !frontier.isEmpty {
      let next = all.filter { frontier.contains($0.parent) }
      found += next
      frontier = Set(next.map(\.pid))
    }
    return found
  }
}
