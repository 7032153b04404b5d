import XCTest
@testable import DOM

/// A window stand-in: the target after the document.
private final class TestWindow: EventTarget {}

final class EventTests: XCTestCase {
  private var document: Document!
  private var window: TestWindow!
  private var outer: Element!
  private var inner: Element!
  private var log: [String] = []

  override func setUp() {
    document = Document()
    window = TestWindow()
    document.defaultView = window
    inner = make(document, "span")
    outer = make(document, "div", [:], [inner])
    try! document.body!.appendChild(outer)
    log = []
  }

  override func tearDown() {
    (document, window, outer, inner) = (nil, nil, nil, nil)
  }

  // Listeners below record identities, never targets: a closure holding the document in one of its own
  // listeners would be a retain cycle.

  /// A listener that appends `label` (and the phase) to the log.
  private func listener(_ label: String, _ extra: @escaping (Event) -> Void = { _ in }) -> ClosureEventListener {
    ClosureEventListener { [unowned self] event in
      self.log.append("\(label):\(event.eventPhase.rawValue)")
      extra(event)
    }
  }

  private func listenEverywhere() {
    for (name, target) in [("window", window!), ("document", document!), ("outer", outer!), ("inner", inner!)] as [(String, EventTarget)] {
      target.addEventListener("ping", listener("\(name)-capture"), options: .init(capture: true))
      target.addEventListener("ping", listener("\(name)-bubble"))
    }
  }

  func testCaptureTargetBubbleOrderUpToTheWindow() throws {
    listenEverywhere()
    XCTAssertTrue(try inner.dispatchEvent(Event(type: "ping", bubbles: true)))
    XCTAssertEqual(log, [
      "window-capture:1", "document-capture:1", "outer-capture:1", "inner-capture:2", "inner-bubble:2",
      "outer-bubble:3", "document-bubble:3", "window-bubble:3",
    ])
  }

  func testNonBubblingEventStopsAtTheTarget() throws {
    listenEverywhere()
    let event = Event(type: "ping")
    try inner.dispatchEvent(event)
    XCTAssertEqual(log, ["window-capture:1", "document-capture:1", "outer-capture:1", "inner-capture:2", "inner-bubble:2"])
    XCTAssertEqual(event.eventPhase, .none)
    XCTAssertNil(event.currentTarget)
    XCTAssertTrue(event.target === inner)
  }

  func testLoadOnTheDocumentDoesNotReachTheWindow() throws {
    window.addEventListener("load", listener("window"))
    document.addEventListener("load", listener("document"))
    document.fireEvent("load", bubbles: true)
    XCTAssertEqual(log, ["document:2"])
  }

  func testLegacyTargetOverrideShowsTheDocumentAsTargetOfTheWindowsLoad() {
    var targets: [ObjectIdentifier?] = []
    window.addEventListener("load", listener("window") { targets = [$0.target, $0.currentTarget].map { $0.map(ObjectIdentifier.init) } })
    document.addEventListener("load", listener("document"))
    window.fireEvent("load", targetOverride: document)
    XCTAssertEqual(log, ["window:2"])
    XCTAssertEqual(targets, [ObjectIdentifier(document), ObjectIdentifier(window)])
  }

  func testStopPropagationFinishesTheCurrentTargetOnly() throws {
    outer.addEventListener("ping", listener("outer-1") { $0.stopPropagation() })
    outer.addEventListener("ping", listener("outer-2"))
    document.addEventListener("ping", listener("document"))
    try inner.dispatchEvent(Event(type: "ping", bubbles: true))
    XCTAssertEqual(log, ["outer-1:3", "outer-2:3"])
  }

  func testStopImmediatePropagationSkipsTheRemainingListeners() throws {
    outer.addEventListener("ping", listener("outer-1") { $0.stopImmediatePropagation() })
    outer.addEventListener("ping", listener("outer-2"))
    document.addEventListener("ping", listener("document"))
    try inner.dispatchEvent(Event(type: "ping", bubbles: true))
    XCTAssertEqual(log, ["outer-1:3"])
  }

  func testFlagsAreClearedAfterDispatchSoTheEventCanBeDispatchedAgain() throws {
    inner.addEventListener("ping", listener("inner") { $0.stopPropagation() })
    outer.addEventListener("ping", listener("outer"))
    let event = Event(type: "ping", bubbles: true)
    try inner.dispatchEvent(event)
    try inner.dispatchEvent(event)
    XCTAssertEqual(log, ["inner:2", "inner:2"])
  }

  func testOnceListenerRunsOnceAndIsRemovedBeforeItRuns() throws {
    var countDuringCall = -1
    inner.addEventListener("ping", listener("once") { [unowned self] _ in countDuringCall = self.inner.eventListenerCount },
                           options: .init(once: true))
    try inner.dispatchEvent(Event(type: "ping"))
    try inner.dispatchEvent(Event(type: "ping"))
    XCTAssertEqual(log, ["once:2"])
    XCTAssertEqual(countDuringCall, 0)
    XCTAssertEqual(inner.eventListenerCount, 0)
  }

  func testListenerRemovedDuringDispatchDoesNotRunAndAddedOneWaits() throws {
    let second = listener("second")
    let added = listener("added")
    inner.addEventListener("ping", listener("first") { [unowned self] _ in
      self.inner.removeEventListener("ping", second)
      self.inner.addEventListener("ping", added)
    })
    inner.addEventListener("ping", second)
    try inner.dispatchEvent(Event(type: "ping"))
    XCTAssertEqual(log, ["first:2"])
    log = []
    try inner.dispatchEvent(Event(type: "ping"))
    XCTAssertEqual(log, ["first:2", "added:2"])
  }

  func testPathIsFixedBeforeDispatch() throws {
    // The target's listener moves it out of the tree; the event still bubbles through the old ancestors.
    inner.addEventListener("ping", listener("inner") { [unowned self] _ in self.inner.remove() })
    outer.addEventListener("ping", listener("outer"))
    document.addEventListener("ping", listener("document"))
    try inner.dispatchEvent(Event(type: "ping", bubbles: true))
    XCTAssertEqual(log, ["inner:2", "outer:3", "document:3"])
    XCTAssertNil(inner.parentNode)
  }

  func testDuplicateRegistrationIsIgnoredButCaptureMakesADifferentListener() throws {
    let l = listener("l")
    inner.addEventListener("ping", l)
    inner.addEventListener("ping", l)
    inner.addEventListener("ping", l, options: .init(capture: true))
    XCTAssertEqual(inner.eventListenerCount, 2)
    try inner.dispatchEvent(Event(type: "ping"))
    XCTAssertEqual(log, ["l:2", "l:2"])
    inner.removeEventListener("ping", l)  // capture: false only
    XCTAssertEqual(inner.eventListenerCount, 1)
    inner.removeEventListener("ping", l, capture: true)
    XCTAssertEqual(inner.eventListenerCount, 0)
  }

  func testPreventDefaultNeedsCancelableAndANonPassiveListener() throws {
    inner.addEventListener("ping", listener("cancel") { $0.preventDefault() })
    XCTAssertFalse(try inner.dispatchEvent(Event(type: "ping", cancelable: true)))
    XCTAssertTrue(try inner.dispatchEvent(Event(type: "ping", cancelable: false)))
    outer.addEventListener("quiet", listener("passive") { $0.preventDefault() }, options: .init(passive: true))
    let event = Event(type: "quiet", cancelable: true)
    XCTAssertTrue(try outer.dispatchEvent(event))
    XCTAssertFalse(event.defaultPrevented)
  }

  func testDispatchingAnEventAlreadyBeingDispatchedThrows() throws {
    let event = Event(type: "ping")
    var thrown: Error?
    inner.addEventListener("ping", listener("l") { [unowned self] e in
      do { try self.outer.dispatchEvent(e) } catch { thrown = error }
    })
    try inner.dispatchEvent(event)
    XCTAssertEqual((thrown as? DOMException)?.name, .invalidStateError)
  }

  func testTrustAndComposedPath() throws {
    var path: [ObjectIdentifier] = []
    var trusted: [Bool] = []
    inner.addEventListener("ping", listener("l") { path = $0.composedPath().map(ObjectIdentifier.init); trusted.append($0.isTrusted) })
    let event = Event(type: "ping")
    try inner.dispatchEvent(event)
    inner.fireEvent("ping")
    XCTAssertEqual(trusted, [false, true])
    XCTAssertEqual(path.count, 6)  // span, div, body, html, document, window
    XCTAssertEqual(path.first, ObjectIdentifier(inner))
    XCTAssertEqual(path.last, ObjectIdentifier(window))
    XCTAssertEqual(event.composedPath().count, 0)
  }

  func testListenersFollowANodeAdoptedIntoAnotherDocument() throws {
    inner.addEventListener("ping", listener("inner"))
    let other = Document()
    try other.adoptNode(inner)
    XCTAssertTrue(inner.document === other)
    try inner.dispatchEvent(Event(type: "ping"))
    XCTAssertEqual(log, ["inner:2"])
  }
}
