import DOM
import DOMBindings
import JSBridge
import XCTest

/// `window.parent`/`top`/`frames`, and uncaught exceptions reported as `error` events at the window.
final class WindowErrorReportingTests: BindingTestCase {
  func testATopLevelWindowIsItsOwnParentTopAndFrames() {
    assertTrue("window.parent === window && window.top === window && window.frames === window")
    // top is [LegacyUnforgeable]: an accessor that cannot be redefined; parent is [Replaceable].
    assertTrue("typeof Object.getOwnPropertyDescriptor(window, 'top').get === 'function'")
    assertTrue("!Object.getOwnPropertyDescriptor(window, 'top').configurable")
    assertTrue("(() => { window.parent = 1; return window.parent === 1; })()")
  }

  func testAListenerExceptionFiresAnErrorEventWithItsDetails() throws {
    XCTAssertEqual(try string("""
      var seen = [];
      addEventListener("error", function (e) {
        seen.push(e.type, e instanceof Event, e.cancelable, e.message, e.lineno > 0, e.colno > 0,
                  e.error instanceof TypeError, e.error.message, typeof e.filename);
      });
      document.body.addEventListener("ping", function () { throw new TypeError("bad ping"); });
      document.body.dispatchEvent(new Event("ping"));
      seen.join()
      """), "error,true,true,Uncaught TypeError: bad ping,true,true,true,bad ping,string")
    // Not cancelled: the console shows it too.
    XCTAssertEqual(messages.map(\.level), [.error])
    XCTAssertTrue(messages[0].text.contains("Uncaught"), messages[0].text)
    XCTAssertTrue(messages[0].text.contains("bad ping"), messages[0].text)
  }

  func testACancelledErrorEventIsNotLogged() throws {
    XCTAssertEqual(try string("""
      var caught = "";
      addEventListener("error", function (e) { caught = e.message; e.preventDefault(); });
      document.body.addEventListener("ping", function () { throw 42; });
      document.body.dispatchEvent(new Event("ping"));
      caught
      """), "Uncaught 42")
    XCTAssertEqual(messages.map(\.text), [])
  }

  func testAnExceptionInAnErrorListenerIsLoggedNotReported() throws {
    XCTAssertEqual(try string("""
      var calls = 0;
      addEventListener("error", function () { calls++; throw new Error("from the error listener"); });
      document.body.addEventListener("ping", function () { throw new Error("first"); });
      document.body.dispatchEvent(new Event("ping"));
      String(calls)
      """), "1")
    XCTAssertEqual(messages.count, 2, "\(messages.map(\.text))")
    XCTAssertTrue(messages.contains { $0.text.contains("from the error listener") }, "\(messages.map(\.text))")
    XCTAssertTrue(messages.contains { $0.text.contains("first") }, "\(messages.map(\.text))")
  }
}

/// Unhandled promise rejections (`unhandledrejection`, PromiseRejectionEvent) and `reportError`.
final class WindowRejectionReportingTests: BindingTestCase {
  func testAnUnhandledRejectionFiresUnhandledrejectionBeforeItIsReported() throws {
    try js("""
      var seen = [];
      addEventListener("unhandledrejection", function (e) {
        seen.push(e.type, e instanceof PromiseRejectionEvent, e.cancelable, e.isTrusted, e.promise === rejected,
                  e.reason instanceof TypeError, e.reason.message);
      });
      var rejected = Promise.reject(new TypeError("nobody listens"));
      """)
    XCTAssertEqual(try string("seen.join()"), "unhandledrejection,true,true,true,true,true,nobody listens")
    XCTAssertEqual(uncaught.map(\.kind), [.unhandledRejection])
    XCTAssertEqual(uncaught.first?.message, "Unhandled promise rejection: nobody listens")
  }

  func testACanceledUnhandledrejectionIsNotReported() throws {
    try js("""
      var calls = 0;
      addEventListener("unhandledrejection", function (e) { calls++; e.preventDefault(); });
      Promise.reject(1);
      """)
    XCTAssertEqual(try string("calls"), "1")
    XCTAssertEqual(uncaught.count, 0)
    // The handler attribute: returning false cancels, as for other events.
    try js("onunhandledrejection = function (e) { return false; }; Promise.reject(2);")
    XCTAssertEqual(try string("calls"), "2")
    XCTAssertEqual(uncaught.count, 0)
  }

  func testARejectionHandledInTheSameTurnFiresNothing() throws {
    try js("""
      var fired = false;
      addEventListener("unhandledrejection", function () { fired = true; });
      var p = Promise.reject(new Error("late"));
      p.catch(function () {});
      """)
    loop.drain(until: clock.now + 1)
    XCTAssertEqual(try string("fired"), "false")
    XCTAssertEqual(uncaught.count, 0)
  }

  func testWithTheHostReportingThroughTheWindowARejectionIsLoggedNotAnErrorEvent() throws {
    loop.onUncaughtException = { [unowned self] in self.window.reportException($0) }
    try js("""
      var events = [];
      addEventListener("error", function (e) { events.push("error:" + e.message); });
      addEventListener("unhandledrejection", function (e) { events.push("rejection:" + e.reason); });
      setTimeout(function () { null.boom; }, 5);
      Promise.reject("no handler");
      """)
    loop.drain(until: clock.now + 1)
    XCTAssertEqual(try string("events.join('|')"),
                   "rejection:no handler|error:Uncaught TypeError: null is not an object (evaluating 'null.boom')")
    XCTAssertEqual(messages.map(\.level), [.error, .error])
    XCTAssertTrue(messages[0].text.contains("Unhandled promise rejection: no handler"), messages[0].text)
    XCTAssertTrue(messages[1].text.hasPrefix("Uncaught test.js:4:"), messages[1].text)
  }

  func testATimerExceptionReachesWindowOnerrorWithItsPosition() throws {
    loop.onUncaughtException = { [unowned self] in self.window.reportException($0) }
    try js("""
      var got;
      window.onerror = function (message, source, lineno, colno, error) {
        got = [message, source, lineno, colno > 0, error instanceof RangeError].join("|");
        return true;
      };
      setTimeout(function () {
        throw new RangeError("out of range");
      }, 1);
      """)
    loop.drain(until: clock.now + 1)
    XCTAssertEqual(try string("got"), "Uncaught RangeError: out of range|test.js|7|true|true")
    XCTAssertEqual(messages.count, 0, "onerror returning true cancels the console report")
  }

  func testPromiseRejectionEventConstructor() throws {
    XCTAssertEqual(try string("""
      const p = Promise.resolve(1);
      const e = new PromiseRejectionEvent("unhandledrejection", { promise: p, cancelable: true });
      [e.promise === p, e.reason === undefined, e.cancelable, e.isTrusted, e instanceof Event].join()
      """), "true,true,true,false,true")
    // Promise<any>: anything else is resolved into a promise (Chromium does the same).
    assertTrue("new PromiseRejectionEvent('x', { promise: 5 }).promise instanceof Promise")
    assertTrue("new PromiseRejectionEvent('x', { promise: Promise.resolve(), reason: 'r' }).reason === 'r'")
    XCTAssertEqual(thrown("new PromiseRejectionEvent('x', {})")?.name, "TypeError")
    XCTAssertEqual(thrown("new PromiseRejectionEvent('x')")?.name, "TypeError")
  }

  func testReportErrorFiresAnErrorEventAndLogs() throws {
    XCTAssertEqual(try string("""
      var got = [];
      addEventListener("error", function (e) { got.push(e.message, e.error === thrown, e.filename, e.lineno > 0); });
      var thrown = new Error("reported");
      String(reportError(thrown)) + "|" + got.join("|")
      """), "undefined|Uncaught Error: reported|true|test.js|true")
    XCTAssertEqual(messages.map(\.level), [.error])
    XCTAssertEqual(thrown("reportError()")?.name, "TypeError")
    try js("addEventListener('error', function (e) { e.preventDefault(); }); reportError(42);")
    XCTAssertEqual(messages.count, 1, "a canceled report is not logged")
  }
}
