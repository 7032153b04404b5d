import Foundation
import JSBridge
import XCTest

/// A group kept across pages (what a batch worker does): one VM, a fresh realm per page, nothing of a page left.
final class ScriptGroupTests: XCTestCase {
  /// A Swift object that counts its live instances.
  final class Tracked: ScriptExposed {
    nonisolated(unsafe) static var alive = 0
    init() { Tracked.alive += 1 }
    deinit { Tracked.alive -= 1 }
    static let scriptInterface = Interface<Tracked>("Tracked") { $0.getter("ok") { _ in true } }.erased
  }

  func testEachPageGetsAFreshGlobalAndItsWrappersGoWithIt() throws {
    let group = ScriptGroup()
    for page in 0..<3 {
      let context = ScriptContext(name: "page \(page)", in: group)
      XCTAssertEqual(try context.evaluate("typeof leftOver", sourceURL: "p.js").toString(), "undefined", "page \(page)")
      _ = try context.evaluate("var leftOver = \(page); Object.prototype.polluted = 1", sourceURL: "p.js")
      try context.global.setProperty("tracked", Tracked())
      XCTAssertTrue(try context.evaluate("tracked === tracked && tracked.ok", sourceURL: "p.js").toBool())
      XCTAssertEqual(Tracked.alive, 1)
      context.close()
      XCTAssertEqual(Tracked.alive, 0, "page \(page)'s wrapper keeps nothing alive once the page closed")
    }
    let fresh = ScriptContext(name: "after", in: group)
    defer { fresh.close() }
    XCTAssertEqual(try fresh.evaluate("typeof ({}).polluted", sourceURL: "p.js").toString(), "undefined")
  }

  /// What an ended page's JS objects held (here, a native function's closure) is released once the next page
  /// ends: the collector takes the page, as releasing its VM did. The event loop sets the realm's unhandled-rejection
  /// callback, which JSC roots in the global object; unless closing replaces it, it kept every page reachable.
  func testAnEndedPagesObjectsAreCollected() throws {
    let group = ScriptGroup()
    for page in 0..<4 {
      let context = ScriptContext(name: "page \(page)", in: group)
      let loop = EventLoop()
      try loop.install(on: context)
      let tracked = Tracked()
      try context.global.setProperty("f", context.makeFunction(name: "f") { args in
        _ = tracked
        return args.context.makeUndefined()
      })
      _ = try context.evaluate("var kept = [f, function () {}, Promise.reject(new Error('x')).catch(function () {})]; 1",
                               sourceURL: "p.js")
      loop.cancelAll()
      context.close()
    }
    let last = ScriptContext(name: "last", in: group)
    last.close()
    // The collector also scans the machine stack, where a stale copy of the last page's `f` may still be.
    XCTAssertLessThanOrEqual(Tracked.alive, 1, "the closures of ended pages were released")
  }

  /// The watchdog's limit and a stopped script belong to the page: the next page starts with neither.
  func testAStoppedPageLeavesNoLimitOrStopBehind() throws {
    let group = ScriptGroup()
    let first = ScriptContext(name: "first", in: group)
    first.executionTimeLimit = 0.2
    XCTAssertThrowsError(try first.evaluate("while (true) {}", sourceURL: "loop.js")) { error in
      XCTAssertEqual((error as! ScriptError).kind, .timeout)
    }
    first.close()
    let second = ScriptContext(name: "second", in: group)
    defer { second.close() }
    XCTAssertNil(second.executionTimeLimit)
    let started = Date()
    XCTAssertEqual(try second.evaluate("var n = 0; while (Date.now() - \(started.timeIntervalSince1970 * 1000) < 400) n++; 1",
                                       sourceURL: "busy.js").toDouble(), 1, "no limit carried over from the first page")
    XCTAssertThrowsError(try second.evaluate("undefinedName", sourceURL: "e.js")) { error in
      XCTAssertEqual((error as! ScriptError).kind, .exception)
    }
  }

  /// A page's frames join its group; the page ends when the last of them closes.
  func testFramesJoinTheKeptGroup() throws {
    let group = ScriptGroup()
    let page = ScriptContext(name: "page", in: group)
    let frame = ScriptContext(name: "frame", sharingGroupWith: page)
    try frame.global.setProperty("tracked", Tracked())
    try page.global.setProperty("fromFrame", frame.global.property("tracked"))
    XCTAssertTrue(try page.evaluate("fromFrame.ok", sourceURL: "p.js").toBool())
    frame.close()
    XCTAssertEqual(Tracked.alive, 1, "the page still holds the frame's object")
    page.close()
    XCTAssertEqual(Tracked.alive, 0)
  }
}
