import Foundation

/// Runs WPT files through the built `wpt-host` binary, one process per file, a few at a time.
///
/// Each file runs as `webaction run --scripts` does (wpt-host is that pipeline), with the reporter extension
/// `Harness/wpt-reporter.appex` and `--results` to read what the harness reported; its subresources come from the
/// runner's harness overlay, then from `server` (wptserve serving `root`). A process that dies on a signal is a
/// crash; one still running after `fileTimeLimit` is killed as a hang.
struct WPTRunner {
  /// The WPT checkout, read in place.
  let root: URL
  /// The runner's own files: the testharnessreport.js overlay and the reporter extension.
  let harness: URL
  let binary: URL
  /// wptserve's base URL, `http://127.0.0.1:PORT`.
  let server: String
  /// Processes at once.
  var parallelism = 2
  /// Seconds the page's timers may run (longer than the harness's own timeout: 5 s, 30 s for long tests).
  var pageTimers: Double = 35
  /// Seconds a process may take before it is killed and the file reported as a hang.
  var fileTimeLimit: Double = 45
  /// The host's limit on one script's run (`--watchdog`): the ranges tests run thousands of subtests in one script,
  /// which takes 4 s in a release build and over the default 5 s in the debug build the suite uses.
  var scriptWatchdog: Double = 15

  /// What one file produced.
  struct FileResult: Sendable {
    /// The file-level status: `OK`, or why the harness did not complete normally.
    var status: String
    var message: String
    var subtests: [(name: String, status: String, message: String)]
    var seconds: Double

    /// True when the harness completed with every subtest passing.
    var fullyPasses: Bool { status == "OK" && subtests.allSatisfy { $0.status == "PASS" } }
  }

  static let subtestStatuses = ["PASS", "FAIL", "TIMEOUT", "NOTRUN", "PRECONDITION_FAILED"]
  static let harnessStatuses = ["OK", "ERROR", "TIMEOUT", "PRECONDITION_FAILED"]

  /// Runs `files`, at most `parallelism` at once; results in the order of `files`.
  func run(_ files: [WPTFile]) -> [FileResult] {
    let results = ResultSlots(count: files.count)
    DispatchQueue.concurrentPerform(iterations: parallelism) { _ in
      while let index = results.takeIndex() {
        results.store(index, run(files[index]))
      }
    }
    return results.values()
  }

  /// Runs one file in its own process.
  func run(_ file: WPTFile) -> FileResult {
    if case .unsupported(let reason) = file.kind {
      return FileResult(status: "SKIP", message: reason, subtests: [], seconds: 0)
    }
    let started = Date()
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("webaction-wpt-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: scratch) }
    do {
      try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    } catch {
      return FileResult(status: "RUNNER", message: "cannot create \(scratch.path): \(error)", subtests: [], seconds: 0)
    }
    var page = root.appendingPathComponent(file.path)
    if let wrapper = file.wrapperPage() {
      page = scratch.appendingPathComponent("page.html")
      try? Data(wrapper.utf8).write(to: page)
    }
    let resultsFile = scratch.appendingPathComponent("results.json")
    let stderrFile = scratch.appendingPathComponent("stderr.txt")
    _ = FileManager.default.createFile(atPath: stderrFile.path, contents: nil)
    let process = Process()
    process.executableURL = binary
    process.arguments = [
      "--server", server, "--harness", harness.path, "--url", file.url,
      "--page-timers", String(pageTimers), "--watchdog", String(scriptWatchdog), "--ext", harness.appendingPathComponent("wpt-reporter.appex").path,
      "--results", resultsFile.path, page.path,
    ]
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    let stderr = FileHandle(forWritingAtPath: stderrFile.path)
    process.standardError = stderr ?? FileHandle.nullDevice
    let finished = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in finished.signal() }
    do {
      try process.run()
    } catch {
      return FileResult(status: "RUNNER", message: "cannot start \(binary.path): \(error)", subtests: [], seconds: 0)
    }
    var hung = false
    if finished.wait(timeout: .now() + fileTimeLimit) == .timedOut {
      hung = true
      kill(process.processIdentifier, SIGKILL)
      // Foundation's termination handler has been seen never to fire for a killed child (left a zombie, the run
      // waited forever): give it a moment, then reap the child here.
      if finished.wait(timeout: .now() + 5) == .timedOut {
        var status: Int32 = 0
        waitpid(process.processIdentifier, &status, 0)
      }
    }
    try? stderr?.close()
    let seconds = Date().timeIntervalSince(started)
    let log = String(decoding: (try? Data(contentsOf: stderrFile)) ?? Data(), as: UTF8.self)
    let lastLines = log.split(separator: "\n").suffix(3).joined(separator: " / ")
    if hung {
      return FileResult(status: "HANG", message: "still running after \(Int(fileTimeLimit)) s", subtests: [], seconds: seconds)
    }
    if process.terminationReason == .uncaughtSignal {
      return FileResult(status: "CRASH", message: "signal \(process.terminationStatus): \(lastLines)", subtests: [], seconds: seconds)
    }
    if case .crash = file.kind {
      return process.terminationStatus == 0
        ? FileResult(status: "OK", message: "", subtests: [], seconds: seconds)
        : FileResult(status: "HOST_ERROR", message: "exit \(process.terminationStatus): \(lastLines)", subtests: [], seconds: seconds)
    }
    guard process.terminationStatus == 0, let data = try? Data(contentsOf: resultsFile),
          let report = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
      return FileResult(status: "HOST_ERROR", message: "exit \(process.terminationStatus): \(lastLines)", subtests: [], seconds: seconds)
    }
    let tests = (report["tests"] as? [[String: Any]] ?? []).map { test in
      (name: test["name"] as? String ?? "",
       status: Self.subtestStatuses[safe: test["status"] as? Int] ?? "UNKNOWN",
       message: test["message"] as? String ?? "")
    }
    let complete = report["complete"] as? Bool ?? false
    let status = complete ? Self.harnessStatuses[safe: report["status"] as? Int] ?? "UNKNOWN" : "INCOMPLETE"
    return FileResult(status: status, message: report["message"] as? String ?? "", subtests: tests, seconds: seconds)
  }
}

/// The runner's shared work list and result slots (filled from several threads).
private final class ResultSlots: @unchecked Sendable {
  private let lock = NSLock()
  private var next = 0
  private var slots: [WPTRunner.FileResult?]

  init(count: Int) { slots = Array(repeating: nil, count: count) }

  func takeIndex() -> Int? {
    lock.withLock {
      guard next < slots.count else { return nil }
      defer { next += 1 }
      return next
    }
  }

  func store(_ index: Int, _ result: WPTRunner.FileResult) { lock.withLock { slots[index] = result } }
  func values() -> [WPTRunner.FileResult] { lock.withLock { slots.map { $0! } } }
}

extension Array {
  subscript(safe index: Int?) -> Element? {
    guard let index, indices.contains(index) else { return nil }
    return self[index]
  }
}
