import URLStandard
import XCTest
@testable import DOM

/// A browsing context that records what the DOM asks of it.
private final class RecordingContext: EventTarget, BrowsingContext {
  var calls: [String] = []
  func activateEventHandlerAttribute(_ name: String, for target: EventTarget) {}
  func bodyEventHandlerAttributeWasSet(_ name: String, on element: Element) { calls.append("body \(name)") }
  func frameWasConnected(_ element: Element) { calls.append("frame connected \(element.id)") }
  func frameAttributesDidChange(_ element: Element) { calls.append("frame navigated \(element.id)") }
  func frameWasDisconnected(_ element: Element) { calls.append("frame disconnected \(element.id)") }
  func executeInsertedScript(_ element: Element, source: String?) { calls.append("script \(element.id): \(source ?? "(src)")") }
  func queueTask(_ task: @escaping () -> Void) { task() }
}

/// Element behaviour (ElementBehavior): the hooks the one insert, remove, attribute change and clone call for the
/// kinds that have them, without JS.
final class ElementBehaviorTests: XCTestCase {
  private var document: Document!
  private var context: RecordingContext!

  override func setUp() {
    document = Document.parse(html: "<!DOCTYPE html><body><script id=parsed>1</script><div id=host></div></body>")
    context = RecordingContext()
    document.defaultView = context
    document.browsingContext = context
  }

  override func tearDown() { document = nil }

  private func element(_ name: String, id: String) -> Element {
    let element = try! document.createElement(name)
    element.id = id
    return element
  }

  func testScriptsAScriptMadeRunOnceWhenConnectedWithText() throws {
    let host = try XCTUnwrap(document.getElementById("host"))
    let empty = element("script", id: "empty")
    try host.appendChild(empty)
    XCTAssertEqual(context.calls, [], "no text and no src: nothing yet")
    try empty.appendChild(document.createTextNode("a()"))
    let detached = element("script", id: "detached")
    try detached.appendChild(document.createTextNode("b()"))
    let external = element("script", id: "external")
    try external.setAttribute("src", "lib.js")
    try host.appendChild(external)
    let json = element("script", id: "json")
    try json.setAttribute("type", "application/json")
    try json.appendChild(document.createTextNode("{}"))
    try host.appendChild(json)
    // Moved: the parsed script and the one that ran do not run (again).
    try host.appendChild(try XCTUnwrap(document.getElementById("parsed")))
    try host.appendChild(empty)
    // A clone of a started script is started.
    try host.appendChild(empty.cloneNode(deep: true))
    XCTAssertEqual(context.calls, ["script empty: a()", "script external: (src)"])
    try host.appendChild(detached)
    XCTAssertEqual(context.calls.last, "script detached: b()")
  }

  func testFramesAreConnectedNavigatedAndDisconnected() throws {
    let host = try XCTUnwrap(document.getElementById("host"))
    let frame = element("iframe", id: "f")
    let wrapper = element("div", id: "w")
    try wrapper.appendChild(frame)
    try host.appendChild(wrapper)
    try frame.setAttribute("srcdoc", "<p>x")
    try frame.setAttribute("src", "ignored-while-srcdoc.html")
    try host.removeChild(wrapper)
    try document.body!.setAttribute("onload", "go()")
    XCTAssertEqual(context.calls, ["frame connected f", "frame navigated f", "frame disconnected f", "body onload"])
  }

  /// An input's value is its dirty value once set: the attribute (the saved page) keeps the default; clones copy
  /// value and checkedness; a form reset forgets them.
  func testFormControlsKeepTheirValueBesideTheirAttributes() throws {
    let form = element("form", id: "form")
    let input = element("input", id: "i")
    try input.setAttribute("value", "default")
    let box = element("input", id: "c")
    try box.setAttribute("type", "checkbox")
    try form.appendChild(input)
    try form.appendChild(box)
    try document.body!.appendChild(form)
    try input.setControlValue("123456")
    box.checkedness = true
    XCTAssertEqual(input.controlValue, "123456")
    XCTAssertEqual(input.getAttribute("value"), "default")
    XCTAssertEqual(document.serialize().contains(#"<input id="i" value="default">"#), true, document.serialize())
    let copy = try XCTUnwrap(input.cloneNode() as? Element)
    XCTAssertEqual(copy.controlValue, "123456")
    XCTAssertTrue((box.cloneNode() as? Element)?.checkedness == true)
    form.resetForm()
    XCTAssertEqual(input.controlValue, "default")
    XCTAssertFalse(box.checkedness)
    XCTAssertEqual(box.controlValue, "on", "value mode default/on")
  }
}
