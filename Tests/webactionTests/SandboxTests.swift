import Foundation
import XCTest

/// The sandbox, checked from outside: a page and an extension that try every way a browser has to reach the
/// network or load something run under `strace -f -e trace=network,openat`, and the trace may show no Internet
/// socket, no connection but glibc's name-service socket, and no file opened outside the page's folder, the
/// bundle, the built products, the system's libraries and data, and the App Group container (issue 13, item 5).
final class SandboxTests: XCTestCase {
  private var work: URL!

  override func setUpWithError() throws {
    struct MissingStrace: Error, CustomStringConvertible {
      var description: String { "strace is not installed: run Scripts/install-deps --tests (Debian package strace)" }
    }
    // A missing tool fails the test (it is installed by the test command), it never skips it.
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/strace") else { throw MissingStrace() }
    work = try WebActionCommand.temporaryDirectory()
  }

  override func tearDownWithError() throws {
    if let work { try? FileManager.default.removeItem(at: work) }
  }

  /// Every attempt, as a script in the page and in the extension's run() and finalize(); each logs its outcome.
  private static let attempts = #"""
    function attempts(where, done) {
      const outcomes = [];
      const log = (name, outcome) => outcomes.push(where + " " + name + ": " + outcome);
      const pending = [];
      function attempt(name, f) {
        try {
          const r = f();
          if (r && typeof r.then === "function") pending.push(r.then(v => log(name, "resolved " + v), e => log(name, "rejected " + e)));
          else log(name, "returned " + r);
        } catch (e) { log(name, "threw " + e); }
      }
      attempt("fetch", () => fetch("http://192.0.2.1/x"));
      attempt("fetch-file", () => fetch("file:///etc/passwd"));
      attempt("xhr", () => { const x = new XMLHttpRequest(); x.open("GET", "http://192.0.2.1/x", false); x.send(); return x.status; });
      attempt("WebSocket", () => new WebSocket("ws://192.0.2.1/"));
      attempt("EventSource", () => new EventSource("http://192.0.2.1/"));
      attempt("Worker", () => new Worker("worker.js"));
      attempt("SharedWorker", () => new SharedWorker("worker.js"));
      attempt("import", () => import("./module.js"));
      attempt("import-remote", () => import("http://192.0.2.1/module.js"));
      attempt("importScripts", () => importScripts("worker.js"));
      attempt("iframe", () => { const f = document.createElement("iframe"); f.src = "http://192.0.2.1/"; document.body.append(f); return f.contentDocument.URL; });
      attempt("iframe-file", () => { const f = document.createElement("iframe"); f.src = "file:///etc/hostname"; document.body.append(f); return f.contentDocument.URL; });
      attempt("img", () => { const i = document.createElement("img"); i.src = "http://192.0.2.1/x.png"; document.body.append(i); return i.complete; });
      attempt("stylesheet", () => { const l = document.createElement("link"); l.rel = "stylesheet"; l.href = "http://192.0.2.1/x.css"; document.head.append(l); return getComputedStyle(document.body).display; });
      attempt("location", () => { location.href = "http://192.0.2.1/"; return location.href; });
      attempt("open", () => window.open("http://192.0.2.1/"));
      Promise.all(pending).then(() => done(outcomes));
    }
    """#

  /// The folder of the Swift runtime libraries this process loaded (the toolchain's, e.g. /opt/swift/usr/lib/swift/linux).
  private static func swiftRuntimeFolder() -> [String]? {
    // /proc files report size 0: read to the end rather than by size.
    guard let data = FileHandle(forReadingAtPath: "/proc/self/maps")?.readDataToEndOfFile() else { return [] }
    return String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { line in
      guard let path = line.split(separator: " ", omittingEmptySubsequences: true).last, path.hasSuffix("/libswiftCore.so")
      else { return nil }
      return String(path.dropLast("/libswiftCore.so".count))
    }
  }

  func testNoAttemptReachesTheNetworkOrAFileOutsideThePageAndBundle() throws {
    let site = work.appendingPathComponent("site"), bundle = work.appendingPathComponent("sandbox.appex")
    let data = work.appendingPathComponent("data")
    try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
    // Files a module loader or worker would read if it could: they must stay unopened.
    try Data("globalThis.moduleRan = true;".utf8).write(to: site.appendingPathComponent("module.js"))
    try Data("self.workerRan = true;".utf8).write(to: site.appendingPathComponent("worker.js"))
    try Data("""
      <!doctype html><title>sandbox</title><body>
      <iframe src="http://192.0.2.1/frame.html"></iframe><img src="http://192.0.2.1/i.png">
      <link rel=stylesheet href="http://192.0.2.1/s.css"><script src="http://192.0.2.1/s.js"></script>
      <script>\(Self.attempts)
      attempts("page", outcomes => { document.body.dataset.page = JSON.stringify(outcomes); });</script>
      """.utf8).write(to: site.appendingPathComponent("page.html"))
    try FileManager.default.copyItem(
      at: URL(fileURLWithPath: WebActionCommand.fixture("probe.appex")).appendingPathComponent("Info.plist"),
      to: bundle.appendingPathComponent("Info.plist"))
    try Data("""
      \(Self.attempts)
      var ExtensionPreprocessingJS = {
        run(arguments) { attempts("run", outcomes => arguments.completionFunction({ outcomes })); },
        finalize(arguments) { attempts("finalize", outcomes => { document.body.dataset.finalize = JSON.stringify(outcomes); }); },
      };
      """.utf8).write(to: bundle.appendingPathComponent("Action.js"))
    let args = work.appendingPathComponent("args.json"), results = work.appendingPathComponent("results.json")
    let output = work.appendingPathComponent("out.html"), trace = work.appendingPathComponent("trace.txt")
    try Data("{}".utf8).write(to: args)

    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/strace")
    process.arguments = ["-f", "-qq", "-e", "trace=network,openat", "-o", trace.path, WebActionCommand.binary.path,
                         "run", "--scripts", "--ext", bundle.path, "--finalize-args", args.path, "--results", results.path,
                         "-o", output.path, site.appendingPathComponent("page.html").path]
    var environment = ProcessInfo.processInfo.environment
    environment["WEBACTION_DATA_HOME"] = data.path
    // Under the AddressSanitizer pass: LeakSanitizer refuses to run under ptrace and would fail the exit status.
    environment["ASAN_OPTIONS"] = [environment["ASAN_OPTIONS"], "detect_leaks=0"].compactMap { $0 }.joined(separator: ":")
    process.environment = environment
    let stderr = Pipe()
    process.standardError = stderr
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let log = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    XCTAssertEqual(process.terminationStatus, 0, log)

    // Every attempt was refused, in the page, in run() and in finalize().
    let html = try String(contentsOf: output, encoding: .utf8)
    let resultsText = try String(contentsOf: results, encoding: .utf8)
    for (place, text) in [("page", html), ("run", resultsText), ("finalize", html)] {
      for name in ["WebSocket", "EventSource", "Worker", "SharedWorker"] {
        XCTAssertTrue(text.contains("\(place) \(name): threw SecurityError: \(name)("), "\(place) \(name): \(text.prefix(3000))")
      }
      XCTAssertTrue(text.contains("\(place) fetch: rejected TypeError"), "\(place): \(text.prefix(3000))")
      XCTAssertTrue(text.contains("\(place) fetch-file: rejected TypeError"), "\(place): \(text.prefix(3000))")
      XCTAssertTrue(text.contains("\(place) import: rejected"), "\(place): \(text.prefix(3000))")
      XCTAssertTrue(text.contains("\(place) iframe: returned about:blank"), "\(place): \(text.prefix(3000))")
      XCTAssertTrue(text.contains("\(place) location: returned file://"), "\(place): \(text.prefix(3000))")
    }
    XCTAssertFalse(html.contains("moduleRan") || html.contains("workerRan"))

    // The trace: no Internet socket, no connection but to glibc's name service, no file outside what is allowed.
    let allowed = [site.path + "/", bundle.path + "/", bundle.path, data.path, work.path, work.path + "/", "/usr/", "/lib/", "/lib64/",
                   "/etc/", "/proc/", "/sys/", "/dev/", WebActionCommand.binary.deletingLastPathComponent().path,
                   WebActionCommand.binary.deletingLastPathComponent().path + "/"]
      + (Self.swiftRuntimeFolder() ?? []).map { $0 + "/" }
    var violations: [String] = []
    for line in try String(contentsOf: trace, encoding: .utf8).split(separator: "\n") {
      if line.contains("socket(") && !line.contains("socket(AF_UNIX") { violations.append(String(line)) }
      if line.contains("connect(") && !line.contains("sun_path=\"/var/run/nscd/socket\"") { violations.append(String(line)) }
      guard line.contains("openat("), !line.contains("= -1 "), let open = line.range(of: "\""),
            let close = line[open.upperBound...].range(of: "\"") else { continue }
      let path = String(line[open.upperBound..<close.lowerBound])
      // A relative path under another directory's descriptor (the atomic write's O_TMPFILE in the output folder)
      // was checked when that directory was opened.
      if !path.hasPrefix("/") && !line.contains("AT_FDCWD") { continue }
      if !allowed.contains(where: { path == $0 || path.hasPrefix($0) }) { violations.append(String(line)) }
    }
    XCTAssertEqual(violations, [], "system calls outside the sandbox")
    // The files the page named outside its folder were never opened.
    let traced = try String(contentsOf: trace, encoding: .utf8)
    XCTAssertFalse(traced.contains("/etc/hostname") || traced.contains("/etc/passwd"), "a page's file: URL was opened")
    XCTAssertFalse(traced.contains(site.appendingPathComponent("module.js").path), "import() read a file")
    XCTAssertFalse(traced.contains(site.appendingPathComponent("worker.js").path), "a worker script was read")
  }
}
