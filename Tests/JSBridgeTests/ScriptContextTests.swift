import Foundation
import JSBridge
import XCTest

final class ScriptContextTests: XCTestCase {
  var context: ScriptContext!

  override func setUp() { context = ScriptContext(name: "test") }
  override func tearDown() {
    context.close()
    context = nil
  }

  func testEvaluateReturnsCompletionValue() throws {
    let value = try context.evaluate("1 + 2", sourceURL: "sum.js")
    XCTAssertEqual(value.toDouble(), 3)
    XCTAssertEqual(try context.evaluate("'a' + 'b'", sourceURL: "cat.js").toString(), "ab")
  }

  func testThrownErrorCarriesFileLineColumnAndStack() {
    let source = "var x = 1;\nfunction f() {\n  null.foo;\n}\nf();"
    XCTAssertThrowsError(try context.evaluate(source, sourceURL: "page.js", startingLine: 10)) { error in
      let e = error as! ScriptError
      XCTAssertEqual(e.kind, .exception)
      XCTAssertEqual(e.name, "TypeError")
      XCTAssertEqual(e.file, "page.js")
      XCTAssertEqual(e.line, 12)
      XCTAssertNotNil(e.column)
      XCTAssertTrue(e.stack?.contains("f@page.js:12") ?? false, e.stack ?? "no stack")
      XCTAssertTrue(e.description.hasPrefix("page.js:12:\(e.column ?? -1): TypeError: "), e.description)
    }
  }

  func testThrownPrimitiveKeepsValue() {
    XCTAssertThrowsError(try context.evaluate("throw 42", sourceURL: "p.js")) { error in
      let e = error as! ScriptError
      XCTAssertNil(e.name)
      XCTAssertEqual(e.message, "42")
      XCTAssertEqual(e.value?.value.toDouble(), 42)
    }
  }

  func testSyntaxErrorReportsPosition() {
    XCTAssertThrowsError(try context.evaluate("let a = 1;\nlet b = ;", sourceURL: "bad.js")) { error in
      let e = error as! ScriptError
      XCTAssertEqual(e.kind, .syntax)
      XCTAssertEqual(e.name, "SyntaxError")
      XCTAssertEqual(e.file, "bad.js")
      XCTAssertEqual(e.line, 2)
      XCTAssertEqual(e.column, 9, "JSC names the token ';'; the column is located on the line")
      XCTAssertTrue(e.description.hasPrefix("bad.js:2:9: SyntaxError: "), e.description)
    }
    XCTAssertThrowsError(try context.checkSyntax("\n\nif (", sourceURL: "cut.js")) { error in
      let e = error as! ScriptError
      XCTAssertEqual(e.kind, .syntax)
      XCTAssertEqual(e.line, 3)
      XCTAssertTrue(e.description.hasPrefix("cut.js:3:1: "), e.description)
    }
    XCTAssertNoThrow(try context.checkSyntax("globalThis.ran = true", sourceURL: "ok.js"))
    XCTAssertEqual(try context.evaluate("typeof ran", sourceURL: "t.js").toString(), "undefined")
  }

  func testRuntimeSyntaxErrorIsAnException() {
    XCTAssertThrowsError(try context.evaluate("throw new SyntaxError('made')", sourceURL: "s.js")) { error in
      XCTAssertEqual((error as! ScriptError).kind, .exception)
    }
  }

  func testWatchdogStopsRunawayScript() throws {
    context.executionTimeLimit = 0.2
    XCTAssertThrowsError(try context.evaluate("while (true) {}", sourceURL: "loop.js")) { error in
      let e = error as! ScriptError
      XCTAssertEqual(e.kind, .timeout)
      XCTAssertTrue(e.message.contains("stopped"), e.message)
    }
    // The context stays usable, and ordinary errors are not reported as timeouts afterwards.
    XCTAssertEqual(try context.evaluate("6 * 7", sourceURL: "after.js").toDouble(), 42)
    XCTAssertThrowsError(try context.evaluate("undefinedName", sourceURL: "after.js")) { error in
      XCTAssertEqual((error as! ScriptError).kind, .exception)
    }
  }

  func testWatchdogStopsRunawayCallback() throws {
    context.executionTimeLimit = 0.2
    let f = try context.evaluate("(function spin() { for (;;) {} })", sourceURL: "spin.js")
    XCTAssertThrowsError(try f.call()) { error in XCTAssertEqual((error as! ScriptError).kind, .timeout) }
  }

  /// Each microtask of an endless chain is short; the checkpoint after the script is one script for the watchdog.
  func testWatchdogStopsAnEndlessMicrotaskChain() throws {
    context.executionTimeLimit = 0.2
    let chains = [
      "var n = 0; function f() { n++; Promise.resolve().then(f) } f()",
      "var n = 0; (async function g() { for (;;) { n++; await 0 } })()",
      "var n = 0; function h() { n++; queueMicrotask(h) } h()",
    ]
    let loop = EventLoop()
    try loop.install(on: context)
    defer { loop.cancelAll() }
    for source in chains {
      let started = Date()
      XCTAssertThrowsError(try context.evaluate(source, sourceURL: "chain.js"), source) { error in
        let e = error as! ScriptError
        XCTAssertEqual(e.kind, .timeout, source)
        XCTAssertTrue(e.message.contains("microtasks stopped"), e.message)
        XCTAssertTrue(e.message.contains("endless promise chain"), e.message)
      }
      XCTAssertLessThan(Date().timeIntervalSince(started), 5, source)
      XCTAssertGreaterThan(try context.evaluate("n", sourceURL: "n.js").toDouble(), 1000, "the chain ran until stopped: \(source)")
      // The rest of the queue was dropped; the context stays usable, with ordinary microtasks and errors.
      XCTAssertEqual(try context.evaluate("var m = 0; Promise.resolve().then(() => m = 42); 1", sourceURL: "after.js").toDouble(), 1)
      XCTAssertEqual(try context.evaluate("m", sourceURL: "after.js").toDouble(), 42)
      XCTAssertThrowsError(try context.evaluate("undefinedName", sourceURL: "after.js")) { error in
        XCTAssertEqual((error as! ScriptError).kind, .exception)
      }
    }
  }

  /// A long native call polls the deadline and stops; the script then stops too, even if it catches the error.
  func testANativeCallPollingTheDeadlineIsStoppedWithTheScript() throws {
    context.executionTimeLimit = 0.3
    XCTAssertFalse(context.isPastScriptDeadline, "no script runs")
    var polls = 0
    let slow = context.makeFunction(name: "slowNativeWalk") { args in
      while !args.context.isPastScriptDeadline { polls += 1 }
      return args.context.makeNumber(Double(polls))
    }
    try context.global.setProperty("slowNativeWalk", slow)
    for source in ["slowNativeWalk()", "try { slowNativeWalk() } catch (e) {} 'caught'", "try { slowNativeWalk() } catch (e) {} for (;;) {}"] {
      let started = Date()
      XCTAssertThrowsError(try context.evaluate(source, sourceURL: "walk.js"), source) { error in
        let e = error as! ScriptError
        XCTAssertEqual(e.kind, .timeout, source)
        XCTAssertTrue(e.message.contains("inside slowNativeWalk (a long native call, cut short)"), e.message)
      }
      XCTAssertLessThan(Date().timeIntervalSince(started), 3, source)
      XCTAssertFalse(context.isPastScriptDeadline)
      // The watchdog has its own limit back: the next script runs.
      XCTAssertEqual(try context.evaluate("6 * 7", sourceURL: "after.js").toDouble(), 42, source)
    }
    XCTAssertGreaterThan(polls, 0)
  }

  func testMicrotasksRunWhenTheCallFromSwiftReturns() throws {
    try context.evaluate("var log = []; Promise.resolve().then(() => log.push('micro')); log.push('sync')", sourceURL: "m.js")
    XCTAssertEqual(try context.evaluate("log.join()", sourceURL: "m.js").toString(), "sync,micro")
    let f = try context.evaluate("(function () { Promise.resolve().then(() => log.push('from call')) })", sourceURL: "m.js")
    try f.call()
    XCTAssertEqual(try context.evaluate("log.join()", sourceURL: "m.js").toString(), "sync,micro,from call")
  }

  /// Unbounded allocation stops the script (checked after each garbage collection), not the machine.
  func testMemoryLimitStopsUnboundedAllocation() throws {
    // (The string first: once the allocator holds freed pages, doubling a string reuses them, and JSC's own
    // "RangeError: Out of memory" at the longest string it makes comes before the process grows.)
    for source in ["var s = 'x'; for (;;) { s = s + s; s.charCodeAt(s.length - 1) }", "var a = []; for (;;) a.push({ n: a.length })"] {
      let context = ScriptContext(name: "memory")
      defer { context.close() }
      let statm = try String(contentsOfFile: "/proc/self/statm", encoding: .utf8).split(separator: " ")
      let resident = Int(statm[1])! * Int(sysconf(Int32(_SC_PAGESIZE)))
      context.executionTimeLimit = 30
      context.memoryLimit = resident + 300 * 1_048_576
      XCTAssertThrowsError(try context.evaluate(source, sourceURL: "grow.js"), source) { error in
        let e = error as! ScriptError
        XCTAssertEqual(e.kind, .memoryLimit, "\(e)")
        XCTAssertEqual(e.name, "MemoryLimitError")
        XCTAssertTrue(e.message.contains("past the memory limit of"), e.message)
      }
      // The watchdog has its own limit again: ordinary scripts run, and a loop is a timeout, not a memory stop.
      XCTAssertNoThrow(try context.evaluate("a = s = undefined", sourceURL: "free.js"), source)
      XCTAssertEqual(try context.evaluate("6 * 7", sourceURL: "after.js").toDouble(), 42, source)
      context.executionTimeLimit = 0.2
      XCTAssertThrowsError(try context.evaluate("while (true) {}", sourceURL: "loop.js")) { error in
        XCTAssertEqual((error as! ScriptError).kind, .timeout)
      }
    }
  }

  func testTheEngineIsAVersionWhosePrivateMicrotaskClassWasChecked() {
    // The microtask checkpoint calls a C++ class JavaScriptCore exports without declaring it (CJavaScriptCore/shim.h).
    // A new library version may change it: check its layout again (see the header), then add the version.
    let version = ScriptContext.engineVersion
    XCTAssertTrue(ScriptContext.checkedEngineVersions.contains { $0 == (version.major, version.minor) },
                  "JavaScriptCore \(version.major).\(version.minor).\(version.micro) is not a checked version")
  }

  func testDeepRecursionIsARangeError() throws {
    context.executionTimeLimit = 5
    XCTAssertThrowsError(try context.evaluate("(function down(n) { return down(n + 1) + 1 })(0)", sourceURL: "deep.js")) { error in
      let e = error as! ScriptError
      XCTAssertEqual(e.kind, .exception)
      XCTAssertEqual(e.name, "RangeError")
      XCTAssertTrue(e.message.contains("call stack"), e.message)
    }
    XCTAssertEqual(try context.evaluate("(function down(n) { return n ? down(n - 1) + 1 : 0 })(1000)", sourceURL: "ok.js").toDouble(), 1000)
  }

  func testProtectedValuesSurviveGarbageCollection() throws {
    var kept: [ProtectedValue] = []
    for i in 0..<200 {
      kept.append(ProtectedValue(try context.evaluate("({ n: \(i), s: 'v' + \(i), a: [\(i)] })", sourceURL: "o.js")))
    }
    try context.evaluate("for (let i = 0; i < 100000; i++) ({ junk: [i, i + 1] });", sourceURL: "junk.js")
    context.collectGarbage()
    for (i, p) in kept.enumerated() {
      XCTAssertEqual(try p.value.property("n").toDouble(), Double(i))
      XCTAssertEqual(try p.value.property("s").toString(), "v\(i)")
      XCTAssertEqual(try p.value.property("a").element(at: 0).toDouble(), Double(i))
    }
  }

  func testCloseInvalidatesProtectedValuesAndIsIdempotent() throws {
    let other = ScriptContext(name: "closing")
    let p = ProtectedValue(other.makeString("x"))
    XCTAssertTrue(p.isAlive)
    other.close()
    XCTAssertFalse(p.isAlive)
    XCTAssertTrue(other.isClosed)
    other.close()
  }

  func testGlobalObjectIsGlobalThis() throws {
    try context.global.setProperty("answer", context.makeNumber(42))
    XCTAssertEqual(try context.evaluate("globalThis.answer", sourceURL: "g.js").toDouble(), 42)
    XCTAssertTrue(try context.evaluate("globalThis", sourceURL: "g.js") === context.global)
  }
}
