import JSBridge
import XCTest

/// An element-like object whose content attributes live in a dictionary.
final class RElement {
  var attributes: [String: String] = [:]
}

/// A per-context host object (as DOMBindings keeps its window).
final class RHost {
  var reads = 0
}

enum RBindings {
  static let element = Interface<RElement>("RElement") { b in
    b.reflect("title", get: { $0.attributes["title"] }, set: { $0.attributes["title"] = $1 })
    b.reflectBool("hidden", has: { $0.attributes["hidden"] != nil }, set: { $0.attributes["hidden"] = $1 ? "" : nil })
    b.reflectInt("width", defaultValue: -1, get: { $0.attributes["width"] }, set: { $0.attributes["width"] = $1 })
    b.reflectURL(
      "href", get: { $0.attributes["href"] }, resolve: { _, raw in raw.hasPrefix("/") ? "https://h.example" + raw : nil },
      set: { $0.attributes["href"] = $1 })
    b.contextGetter("hostReads") { _, context -> Int in
      guard let host = context.hostState(RHost.self) else { return -1 }
      host.reads += 1
      return host.reads
    }
    b.contextAccessor("echo", get: { element, _ in element.attributes["echo"] ?? "" }, set: { element, value, _ in
      element.attributes["echo"] = try value.toString() + "!"
    })
  }
}

final class InterfaceReflectTests: XCTestCase {
  var context: ScriptContext!
  var element: RElement!

  override func setUpWithError() throws {
    context = ScriptContext(name: "reflect")
    element = RElement()
    try context.global.setProperty("el", context.wrap(element, as: RBindings.element))
  }

  override func tearDown() {
    context.close()
    context = nil
    element = nil
  }

  @discardableResult
  private func js(_ source: String) throws -> ScriptValue { try context.evaluate(source, sourceURL: "reflect.js") }

  func testReflectedStringReadsEmptyWhenAbsentAndWritesToString() throws {
    XCTAssertEqual(try js("el.title").toString(), "")
    try js("el.title = 42")
    XCTAssertEqual(element.attributes["title"], "42")
    XCTAssertEqual(try js("el.title").toString(), "42")
  }

  func testReflectedBooleanFollowsPresence() throws {
    XCTAssertFalse(try js("el.hidden").toBool())
    try js("el.hidden = 'yes'")
    XCTAssertEqual(element.attributes["hidden"], "")
    try js("el.hidden = 0")
    XCTAssertNil(element.attributes["hidden"])
  }

  func testReflectedIntegerParsesLikeHTML() throws {
    XCTAssertEqual(try js("el.width").toDouble(), -1)
    element.attributes["width"] = "  +12px"
    XCTAssertEqual(try js("el.width").toDouble(), 12)
    element.attributes["width"] = "wide"
    XCTAssertEqual(try js("el.width").toDouble(), -1)
    try js("el.width = 7.9")
    XCTAssertEqual(element.attributes["width"], "7")
  }

  func testReflectedURLResolvesOrFallsBackToTheRawValue() throws {
    XCTAssertEqual(try js("el.href").toString(), "")
    try js("el.href = '/a/b'")
    XCTAssertEqual(element.attributes["href"], "/a/b")
    XCTAssertEqual(try js("el.href").toString(), "https://h.example/a/b")
    element.attributes["href"] = "rel"
    XCTAssertEqual(try js("el.href").toString(), "rel")
  }

  func testContextMembersSeeTheHostStateUntilClose() throws {
    XCTAssertEqual(try js("el.hostReads").toDouble(), -1)
    weak var released: RHost?
    do {
      let host = RHost()
      released = host
      context.setHostState(host)
      XCTAssertEqual(try js("el.hostReads + el.hostReads").toDouble(), 3)
      XCTAssertTrue(context.hostState(RHost.self) === host)
    }
    try js("el.echo = 'hi'")
    XCTAssertEqual(try js("el.echo").toString(), "hi!")
    XCTAssertEqual(
      try js("try { Object.getOwnPropertyDescriptor(RElement.prototype, 'echo').get.call({}) } catch (e) { e.message }")
        .toString(), "Illegal invocation")
    XCTAssertNotNil(released, "the context keeps its host object")
    context.close()
    XCTAssertNil(released, "close() must drop host objects")
  }
}
