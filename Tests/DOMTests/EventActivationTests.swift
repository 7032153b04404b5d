import URLStandard
import XCTest
@testable import DOM

/// A window stand-in that keeps queued tasks for the test to run (no frames, no scripts).
private final class TaskWindow: EventTarget, BrowsingContext {
  var tasks: [() -> Void] = []
  func queueTask(_ task: @escaping () -> Void) { tasks.append(task) }
  func activateEventHandlerAttribute(_ name: String, for target: EventTarget) {}
  func bodyEventHandlerAttributeWasSet(_ name: String, on element: Element) {}
  func frameWasConnected(_ element: Element) {}
  func frameAttributesDidChange(_ element: Element) {}
  func frameWasDisconnected(_ element: Element) {}
  func executeInsertedScript(_ element: Element, source: String?) {}
}

/// `createEvent`, `initEvent`, abort signals and `click()` with activation behaviour, without JS.
final class EventActivationTests: XCTestCase {
  private var document: Document!
  private var log: [String] = []

  override func setUp() {
    document = Document()
    log = []
  }

  override func tearDown() { document = nil }

  private func record(_ label: String) -> ClosureEventListener {
    ClosureEventListener { [unowned self] event in self.log.append("\(label):\(event.type)") }
  }

  func testCreateEventUsesTheLegacyTableCaseInsensitively() throws {
    let mouse = try XCTUnwrap(document.createEvent("MOUSEEVENTS") as? DictionaryEvent)
    XCTAssertEqual(mouse.interface, "MouseEvent")
    XCTAssertFalse(try document.createEvent("htmlevents") is DictionaryEvent)
    XCTAssertEqual((try document.createEvent("CustomEvent") as? DictionaryEvent)?.interface, "CustomEvent")
    for name in ["foo", "U\u{130}Event", "U\u{131}Event", "MouseEventss", "ErrorEvent", "TouchEvent"] {
      XCTAssertThrowsError(try document.createEvent(name), name) { error in
        XCTAssertEqual((error as? DOMException)?.name, .notSupportedError)
      }
    }
  }

  func testACreatedEventMustBeInitializedBeforeDispatch() throws {
    let event = try document.createEvent("Event")
    XCTAssertEqual(event.type, "")
    XCTAssertThrowsError(try document.dispatchEvent(event)) { error in
      XCTAssertEqual((error as? DOMException)?.name, .invalidStateError)
    }
    document.addEventListener("ready", record("document"))
    event.initEvent(type: "ready", bubbles: true, cancelable: true)
    XCTAssertTrue(try document.dispatchEvent(event))
    XCTAssertEqual(log, ["document:ready"])
    XCTAssertTrue(event.bubbles && event.cancelable)
  }

  func testInitEventDuringDispatchChangesNothing() throws {
    let event = Event(type: "first")
    document.addEventListener("first", ClosureEventListener { event in
      event.initEvent(type: "second", bubbles: true, cancelable: true)
    })
    try document.dispatchEvent(event)
    XCTAssertEqual(event.type, "first")
    XCTAssertFalse(event.bubbles)
  }

  func testAbortRunsAlgorithmsOnceFiresAbortAndAbortsDependents() {
    let controller = AbortController()
    let dependent = AbortSignal.dependent(on: [controller.signal])
    let second = AbortSignal.dependent(on: [dependent])
    controller.signal.addEventListener("abort", record("source"))
    dependent.addEventListener("abort", record("dependent"))
    second.addEventListener("abort", record("second"))
    var runs = 0
    controller.signal.addAlgorithm { runs += 1 }
    let reason = NSObject()
    controller.abort(reason: reason)
    controller.abort(reason: NSObject())
    XCTAssertEqual(runs, 1)
    XCTAssertEqual(log, ["source:abort", "dependent:abort", "second:abort"])
    XCTAssertTrue(second.reason === reason && dependent.isAborted)
    XCTAssertTrue(AbortSignal.dependent(on: [controller.signal]).isAborted)
  }

  func testASignalRemovesItsListenerWhenItAborts() throws {
    let controller = AbortController()
    document.addEventListener("ping", record("signalled"), signal: controller.signal)
    document.addEventListener("ping", record("plain"))
    try document.dispatchEvent(Event(type: "ping"))
    controller.abort(reason: NSObject())
    try document.dispatchEvent(Event(type: "ping"))
    XCTAssertEqual(log, ["signalled:ping", "plain:ping", "plain:ping"])
    document.addEventListener("ping", record("late"), signal: controller.signal)
    XCTAssertEqual(document.eventListenerCount, 1)
  }

  func testClickIsABubblingCancelablePointerEvent() throws {
    let div = make(document, "div")
    try document.body!.appendChild(div)
    var seen: DictionaryEvent?
    document.addEventListener("click", ClosureEventListener { seen = $0 as? DictionaryEvent })
    div.click()
    let event = try XCTUnwrap(seen)
    XCTAssertEqual(event.interface, "PointerEvent")
    XCTAssertTrue(event.bubbles && event.cancelable && event.composed && event.isMouseEvent)
    XCTAssertFalse(event.isTrusted)
  }

  func testClickTogglesACheckboxAndACanceledClickUndoesIt() throws {
    let box = make(document, "input", ["type": "checkbox"])
    try document.body!.appendChild(box)
    box.addEventListener("input", record("box"))
    box.addEventListener("change", record("box"))
    box.click()
    XCTAssertTrue(box.checkedness)
    XCTAssertEqual(log, ["box:input", "box:change"])
    let canceler = ClosureEventListener { [unowned box] event in
      XCTAssertFalse(box.checkedness, "the listener sees the toggled state")
      event.preventDefault()
    }
    box.addEventListener("click", canceler)
    box.click()
    XCTAssertTrue(box.checkedness)
    XCTAssertEqual(log.count, 2)
  }

  func testClickingARadioUnchecksItsGroup() throws {
    let form = make(document, "form")
    let first = make(document, "input", ["type": "radio", "name": "r", "checked": ""])
    let second = make(document, "input", ["type": "radio", "name": "r"])
    let other = make(document, "input", ["type": "radio", "name": "s", "checked": ""])
    for input in [first, second, other] { try form.appendChild(input) }
    try document.body!.appendChild(form)
    second.click()
    XCTAssertEqual([first.checkedness, second.checkedness, other.checkedness], [false, true, true])
  }

  func testSubmitButtonFiresSubmitUnlessDisabled() throws {
    let form = make(document, "form")
    let button = make(document, "button")
    try form.appendChild(button)
    try document.body!.appendChild(form)
    form.addEventListener("submit", record("form"))
    button.click()
    XCTAssertEqual(log, ["form:submit"])
    let fieldset = make(document, "fieldset", ["disabled": ""])
    try form.appendChild(fieldset)
    try fieldset.appendChild(button)
    button.addEventListener("click", record("button"))
    button.click()
    XCTAssertEqual(log, ["form:submit"], "a disabled control neither clicks nor submits")
  }

  func testALabelClicksItsControl() throws {
    let label = make(document, "label")
    let span = make(document, "span")
    let box = make(document, "input", ["type": "checkbox"])
    for child in [span, box] { try label.appendChild(child) }
    try document.body!.appendChild(label)
    span.click()
    XCTAssertTrue(box.checkedness)
    box.click()
    XCTAssertFalse(box.checkedness, "a click on the control itself is not sent again")
  }

  func testAFragmentLinkChangesTheURLAndFiresHashchangeInALaterTask() throws {
    let window = TaskWindow()
    document.defaultView = window
    document.browsingContext = window
    document.url = URLRecord("https://example.com/page.html?q=1#top")!
    let link = make(document, "a", ["href": "#next"])
    let away = make(document, "a", ["href": "other.html#next"])
    for element in [link, away] { try document.body!.appendChild(element) }
    var newURL: String?
    window.addEventListener("hashchange", ClosureEventListener { event in
      if case .string(let url)? = (event as? DictionaryEvent)?.values["newURL"] { newURL = url }
    })
    away.click()
    XCTAssertEqual(window.tasks.count, 0, "another page is never loaded")
    link.click()
    XCTAssertEqual(document.url.href, "https://example.com/page.html?q=1#next")
    XCTAssertNil(newURL)
    window.tasks.forEach { $0() }
    XCTAssertEqual(newURL, "https://example.com/page.html?q=1#next")
  }

  func testASummaryTogglesItsDetails() throws {
    let window = TaskWindow()
    document.defaultView = window
    document.browsingContext = window
    let details = make(document, "details")
    let summary = make(document, "summary")
    let second = make(document, "summary")
    for child in [summary, second] { try details.appendChild(child) }
    try document.body!.appendChild(details)
    details.addEventListener("toggle", record("details"))
    summary.click()
    XCTAssertTrue(details.hasAttribute("open"))
    second.click()
    XCTAssertTrue(details.hasAttribute("open"), "only the first summary toggles")
    window.tasks.forEach { $0() }
    XCTAssertEqual(log, ["details:toggle"])
    summary.click()
    XCTAssertFalse(details.hasAttribute("open"))
  }
}
