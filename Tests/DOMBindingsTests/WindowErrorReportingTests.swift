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
