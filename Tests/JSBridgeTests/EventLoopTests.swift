import JSBridge
import XCTest

final class EventLoopTests: XCTestCase {
  var context: ScriptContext!
  var clock: ManualClock!
  var loop: EventLoop!
  var reported: [ScriptError] = []

  override func setUpWithError() throws {
    context = ScriptContext(name: "loop")
    clock = ManualClock(now: 1000)
    loop = EventLoop(clock: clock)
    loop.onUncaughtException = { [unowned self] in self.reported.append($0) }
    try loop.install(on: context)
    _ = try js("globalThis.log = []")
  }

  override func tearDown() {
    loop.cancelAll()
    context.close()
    context = nil
    loop = nil
    clock = nil
    reported = []
  }

  @discardableResult
  private func js(_ source: String) throws -> ScriptValue { try context.evaluate(source, sourceURL: "loop.js") }
  private func log() throws -> String { try js("log.join(' ')").toString() }

  func testTimersRunByDeadlineThenInsertionOrder() throws {
    try js("""
      setTimeout(() => log.push('c30'), 30);
      setTimeout(() => log.push('a0'), 0);
      setTimeout(() => log.push('b0'), 0);
      setTimeout(() => log.push('neg'), -5);
      setTimeout(() => log.push('nan'), NaN);
      setTimeout((x, y) => log.push('args' + x + y), 10, 1, 2);
      setTimeout("log.push('string')", 20);
      """)
    XCTAssertEqual(try log(), "", "timers never run synchronously")
    XCTAssertEqual(loop.drain(until: clock.now + 60), .idle)
    XCTAssertEqual(try log(), "a0 b0 neg nan args12 string c30")
    XCTAssertEqual(clock.now, 1000.03, accuracy: 1e-9)
  }

  /// An endless zero-delay chain never reaches a deadline on a clock that does not move: the turn limit ends it.
  func testAnEndlessTimerChainStopsAtTheTurnLimit() throws {
    loop.turnLimit = 50
    try js("var n = 0; (function f() { n++; setTimeout(f, 0) })()")
    XCTAssertEqual(loop.runUntil(deadline: clock.now + 60) { false }, .turnLimitReached)
    XCTAssertEqual(try js("n").toDouble(), 51, "the first call, then 50 timer callbacks")
    XCTAssertEqual(loop.pendingTimerCount, 1, "the chain's next timer is still pending")
    // Each run counts afresh; a run that ends before the limit is unaffected.
    XCTAssertEqual(loop.runUntil(deadline: clock.now + 60) { (try? self.js("n").toDouble()) == 60 }, .conditionMet)
    loop.cancelAll()
    XCTAssertEqual(loop.drain(until: clock.now + 60), .idle)
  }

  func testClearTimeoutAndIntervals() throws {
    try js("""
      const cancelled = setTimeout(() => log.push('never'), 5);
      clearTimeout(cancelled);
      let n = 0;
      const id = setInterval(() => { log.push('tick' + (++n)); if (n === 3) clearInterval(id); }, 10);
      setTimeout(() => log.push('t25'), 25);
      """)
    XCTAssertEqual(loop.drain(until: clock.now + 1), .idle)
    XCTAssertEqual(try log(), "tick1 tick2 t25 tick3")
    XCTAssertEqual(loop.pendingTimerCount, 0)
  }

  func testMicrotasksRunBeforeTimers() throws {
    try js("""
      setTimeout(() => log.push('timeout'), 0);
      Promise.resolve().then(() => log.push('promise'));
      queueMicrotask(() => log.push('microtask'));
      log.push('sync');
      """)
    XCTAssertEqual(try log(), "sync promise microtask", "JSC drains microtasks when the evaluation returns")
    try js("""
      setTimeout(() => {
        log.push('t1');
        Promise.resolve().then(() => log.push('t1-promise'));
        queueMicrotask(() => log.push('t1-micro'));
      }, 0);
      setTimeout(() => log.push('t2'), 0);
      """)
    loop.drain(until: clock.now + 1)
    XCTAssertEqual(try log(), "sync promise microtask timeout t1 t1-promise t1-micro t2")
  }

  func testRunUntilOutcomes() throws {
    try js("setTimeout(() => { globalThis.done = true }, 100); setTimeout(() => log.push('late'), 5000)")
    let start = clock.now
    XCTAssertEqual(loop.runUntil(deadline: start + 0.05) { false }, .timedOut)
    XCTAssertEqual(clock.now, start, "nothing was due before the deadline, so no time passed")
    let outcome = loop.runUntil(deadline: start + 1) { (try? self.js("globalThis.done === true").toBool()) ?? false }
    XCTAssertEqual(outcome, .conditionMet)
    XCTAssertEqual(clock.now, start + 0.1, accuracy: 1e-9)
    XCTAssertEqual(try log(), "")
    XCTAssertEqual(loop.runUntil(deadline: start + 10) { false }, .idle)
    XCTAssertEqual(try log(), "late")
  }

  func testThrowingCallbacksAreReportedAndDoNotStopTheLoop() throws {
    try js("""
      setTimeout(() => { throw new TypeError('first failed') }, 1);
      setTimeout(() => log.push('second ran'), 2);
      queueMicrotask(() => { throw new RangeError('micro failed') });
      Promise.reject(new Error('nobody listens'));
      """)
    loop.drain(until: clock.now + 1)
    XCTAssertEqual(try log(), "second ran")
    let summary = reported.map { "\($0.name ?? "-"): \($0.message)" }
    XCTAssertTrue(summary.contains("TypeError: first failed"), "\(summary)")
    XCTAssertTrue(summary.contains("RangeError: micro failed"), "\(summary)")
    XCTAssertTrue(summary.contains("Error: Unhandled promise rejection: nobody listens"), "\(summary)")
    XCTAssertEqual(reported.first { $0.message == "first failed" }?.file, "loop.js")
  }

  func testUnhandledRejectionsGoThroughTheirHookFirst() throws {
    var seen: [String] = []
    loop.onUnhandledRejection = { promise, reason in
      seen.append((try? reason.toString()) ?? "?")
      XCTAssertTrue(promise.isObject)
      return (try? reason.toString()) == "handled"
    }
    try js("""
      Promise.reject("handled");
      Promise.reject("reported");
      const late = Promise.reject("caught in time"); late.catch(() => {});
      """)
    loop.drain(until: clock.now + 1)
    XCTAssertEqual(seen, ["handled", "reported"])
    XCTAssertEqual(reported.map(\.message), ["Unhandled promise rejection: reported"])
    XCTAssertEqual(reported.first?.kind, .unhandledRejection)
  }

  func testCancelledTimersAreNoLongerScheduled() throws {
    let id = Int(try js("setTimeout(() => log.push('ran'), 5)").toDouble())
    XCTAssertTrue(loop.isScheduled(id))
    loop.cancel(id)
    XCTAssertFalse(loop.isScheduled(id))
    loop.drain(until: clock.now + 1)
    XCTAssertEqual(try log(), "")
  }

  func testTimerCallbacksSurviveGarbageCollection() throws {
    try js("(() => { const local = { word: 'kept' }; setTimeout(() => log.push(local.word), 10); })()")
    try js("for (let i = 0; i < 100000; i++) ({ i });")
    context.collectGarbage()
    loop.drain(until: clock.now + 1)
    XCTAssertEqual(try log(), "kept")
  }

  func testRealClockIsMonotonicAndPastDeadlinesDoNotWait() {
    let real = RealClock()
    let before = real.now
    real.sleep(until: before - 1)
    XCTAssertGreaterThanOrEqual(real.now, before)
  }
}
