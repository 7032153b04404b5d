import Foundation
import XCTest

/// End-to-end: runaway extension and page scripts end, within a bound, in a clear script error (exit 5) and no output
/// file, rather than hanging or crashing the process.
final class RunawayScriptTests: WorkFolderTestCase {
  private func bundle(run: String, finalize: String = "") throws -> String {
    try WebActionCommand.actionBundle(in: work, run: run, finalize: finalize)
  }

  /// Runs the bundle on article.html with a 1 s watchdog; returns the result and whether an output file appeared.
  private func run(_ bundle: String, _ extra: [String] = [], page: String = WebActionCommand.page("article.html"),
                   timeLimit: TimeInterval = 30, file: StaticString = #filePath, line: UInt = #line) throws -> (WebActionCommand.Result, Bool) {
    let out = work.appendingPathComponent("out-\(UUID().uuidString).html").path
    let result = try WebActionCommand.run(
      ["run", page, "--ext", bundle, "-o", out, "--watchdog", "1", "--finalize-args", WebActionCommand.fixture("empty.json")] + extra,
      timeLimit: timeLimit, file: file, line: line)
    XCTAssertFalse(result.stderr.contains("Fatal error"), result.stderr, file: file, line: line)
    return (result, FileManager.default.fileExists(atPath: out))
  }

  private static let promiseChain = "function f() { Promise.resolve().then(f) } f();"
  private static let awaitChain = "(async function g() { for (;;) await 0; })();"

  func testAnEndlessMicrotaskChainInRunIsStoppedByTheWatchdog() throws {
    for chain in [Self.promiseChain, Self.awaitChain] {
      let started = Date()
      let (result, wrote) = try run(try bundle(run: chain))
      XCTAssertEqual(result.status, 5, result.stderr)
      XCTAssertTrue(result.stderr.contains("ExtensionPreprocessingJS.run() was stopped by the watchdog: microtasks stopped"), result.stderr)
      XCTAssertTrue(result.stderr.contains("endless promise chain"), result.stderr)
      XCTAssertFalse(wrote)
      XCTAssertLessThan(Date().timeIntervalSince(started), 15)
    }
  }

  func testAnEndlessMicrotaskChainInFinalizeIsStoppedByTheWatchdog() throws {
    let (result, wrote) = try run(try bundle(run: "args.completionFunction({});", finalize: Self.promiseChain))
    XCTAssertEqual(result.status, 5, result.stderr)
    XCTAssertTrue(result.stderr.contains("ExtensionPreprocessingJS.finalize() was stopped by the watchdog: microtasks stopped"), result.stderr)
    XCTAssertFalse(wrote)
  }

  /// A page script's runaway chain is stopped and reported as its error (as a browser reports a page's exception);
  /// the page goes on loading and the extension runs.
  func testAnEndlessMicrotaskChainInAPageScriptIsStoppedAndTheLoadGoesOn() throws {
    let page = work.appendingPathComponent("chain.html")
    try "<p>before<script>\(Self.promiseChain)</script><p id=after>after<script>document.getElementById('after').dataset.ran = 'yes'</script>"
      .write(to: page, atomically: true, encoding: .utf8)
    let (result, wrote) = try run(try bundle(run: "args.completionFunction({ ran: document.getElementById('after').dataset.ran });"),
                                  ["--scripts", "--results", "-"], page: page.path)
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertTrue(result.stderr.contains("TimeoutError: microtasks stopped"), result.stderr)
    XCTAssertTrue(result.stdout.contains(#""ran" : "yes""#) || result.stdout.contains(#""ran": "yes""#), result.stdout)
    XCTAssertTrue(wrote)
  }

  func testAnEndlessTimerChainIsStoppedByTheTurnLimit() throws {
    for (runBody, finalizeBody, what) in [
      ("function f() { setTimeout(f, 0) } f();", "", "waiting for ExtensionPreprocessingJS.run()"),
      ("args.completionFunction({});", "setInterval(function () {}, 0);", "running the timers ExtensionPreprocessingJS.finalize() set"),
    ] {
      let (result, wrote) = try run(try bundle(run: runBody, finalize: finalizeBody), ["--timeout", "120"])
      XCTAssertEqual(result.status, 5, result.stderr)
      XCTAssertTrue(result.stderr.contains("\(what)"), result.stderr)
      XCTAssertTrue(result.stderr.contains("timer callbacks ran 100000 times in a row and were stopped"), result.stderr)
      XCTAssertFalse(wrote)
    }
  }

  /// One querySelectorAll ran 6.7 s under a 5 s watchdog: native calls now poll the deadline.
  func testALongNativeCallIsStoppedByTheWatchdog() throws {
    // The 20,000 paragraphs are in the page, parsed before any script runs: only the query is under the watchdog
    // (building them with innerHTML took most of the 1 s limit under AddressSanitizer).
    let page = work.appendingPathComponent("paragraphs.html")
    try Data(("<!doctype html><body>" + String(repeating: "<p></p>", count: 20000)).utf8).write(to: page)
    let script = """
      var started = Date.now();
      // 400 distinct :has() arguments, each answered for the 20,000 paragraphs by its own per-query memo: linear,
      // and long (8 million answers in one call).
      var selector = 'p';
      for (var i = 0; i < 400; i++) selector += ':not(:has(~ .c' + i + '))';
      try { document.querySelectorAll(selector); } catch (e) {}
      args.completionFunction({ ms: Date.now() - started });
      """
    let started = Date()
    let (result, wrote) = try run(try bundle(run: script), page: page.path)
    XCTAssertEqual(result.status, 5, result.stderr)
    XCTAssertTrue(result.stderr.contains("inside querySelectorAll (a long native call, cut short)"), result.stderr)
    XCTAssertFalse(wrote)
    XCTAssertLessThan(Date().timeIntervalSince(started), 10)
  }

  func testUnboundedMemoryIsStoppedByTheMemoryLimit() throws {
    let (result, wrote) = try run(
      try bundle(run: "var s = 'x'; for (;;) { s = s + s; s.charCodeAt(s.length - 1); }"), ["--memory-limit", "400", "--watchdog", "60"])
    XCTAssertEqual(result.status, 5, result.stderr)
    XCTAssertTrue(result.stderr.contains("ExtensionPreprocessingJS.run() was stopped: the process grew to"), result.stderr)
    XCTAssertTrue(result.stderr.contains("past the memory limit of 400 MB"), result.stderr)
    XCTAssertTrue(result.stderr.contains("--memory-limit"), result.stderr)
    XCTAssertFalse(wrote)
  }

  func testDeepRecursionIsARangeError() throws {
    let (result, wrote) = try run(try bundle(run: "(function down(n) { return down(n + 1) + 1 })(0);"))
    XCTAssertEqual(result.status, 5, result.stderr)
    XCTAssertTrue(result.stderr.contains("RangeError: Maximum call stack size exceeded"), result.stderr)
    XCTAssertFalse(wrote)
  }

  /// Arrays nested 100,000 deep crashed the property-list conversion (SIGSEGV); 10 million elements are refused.
  func testHugeOrDeepCompletionValuesAreRejectedNamingTheLimit() throws {
    let deep = try bundle(run: "var v = 0; for (var i = 0; i < 100000; i++) v = [v]; args.completionFunction({ deep: v });")
    let (nested, wroteNested) = try run(deep)
    XCTAssertEqual(nested.status, 6, nested.stderr)
    XCTAssertTrue(nested.stderr.contains("results.deep[0][0]"), nested.stderr)
    XCTAssertTrue(nested.stderr.contains("nested more than 512 levels deep"), nested.stderr)
    XCTAssertLessThan(nested.stderr.count, 1000, "the path is abbreviated")
    XCTAssertFalse(wroteNested)

    let huge = try bundle(run: "args.completionFunction({ list: new Array(10000000).fill(0) });")
    let (many, wroteMany) = try run(huge)
    XCTAssertEqual(many.status, 6, many.stderr)
    XCTAssertTrue(many.stderr.contains("results.list: the value holds more than 1000000 values"), many.stderr)
    XCTAssertFalse(wroteMany)
  }
}
