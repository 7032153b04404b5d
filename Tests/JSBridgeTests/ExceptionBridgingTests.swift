import JSBridge
import XCTest

private struct NotFound: ScriptThrowable {
  let what: String
  func makeScriptValue(in context: ScriptContext) -> ScriptValue {
    let error = context.makeError(name: "NotFoundError", message: "\(what) was not found")
    try? error.setProperty("code", 8)
    return error
  }
}

private struct PlainSwiftError: Error, CustomStringConvertible {
  var description: String { "disk on fire" }
}

final class ExceptionBridgingTests: XCTestCase {
  var context: ScriptContext!

  override func setUp() { context = ScriptContext(name: "exceptions") }
  override func tearDown() {
    context.close()
    context = nil
  }

  private func install(_ name: String, _ body: @escaping (Arguments) throws -> ScriptValue) throws {
    try context.global.setProperty(name, context.makeFunction(name: name, body))
  }

  private func caught(_ call: String) throws -> String {
    try context.evaluate(
      "try { \(call); 'no error' } catch (e) { [e instanceof Error, e.name, e.message, e.code].join('|') }",
      sourceURL: "catch.js"
    ).toString()
  }

  func testSwiftErrorsBecomeCatchableJSErrors() throws {
    try install("typeFail") { _ in throw ScriptError.typeError("wanted a node") }
    try install("rangeFail") { _ in throw ScriptError.rangeError("too big") }
    try install("custom") { _ in throw NotFound(what: "#main") }
    try install("plain") { _ in throw PlainSwiftError() }
    XCTAssertEqual(try caught("typeFail()"), "true|TypeError|wanted a node|")
    XCTAssertEqual(try caught("rangeFail()"), "true|RangeError|too big|")
    XCTAssertEqual(try caught("custom()"), "true|NotFoundError|#main was not found|8")
    XCTAssertEqual(try caught("plain()"), "true|Error|disk on fire|")
    XCTAssertTrue(try context.evaluate("try { typeFail() } catch (e) { e instanceof TypeError }", sourceURL: "t.js").toBool())
  }

  func testRethrownScriptErrorKeepsTheOriginalValue() throws {
    let callback = try context.evaluate("globalThis.thrown = { marker: 1 }; (() => { throw thrown; })", sourceURL: "c.js")
    let keep = ProtectedValue(callback)
    try install("relay") { _ in try keep.value.call() }
    XCTAssertTrue(try context.evaluate("try { relay() } catch (e) { e === thrown }", sourceURL: "r.js").toBool())
  }

  func testUncaughtSwiftErrorReachesSwiftWithPosition() throws {
    try install("typeFail") { _ in throw ScriptError.typeError("wanted a node") }
    XCTAssertThrowsError(try context.evaluate("\n  typeFail();", sourceURL: "outer.js")) { error in
      let e = error as! ScriptError
      XCTAssertEqual(e.name, "TypeError")
      XCTAssertEqual(e.message, "wanted a node")
      XCTAssertEqual(e.description, "outer.js:2:\(e.column ?? -1): TypeError: wanted a node")
      XCTAssertEqual(e.line, 2)
    }
  }

  func testErrorsInGettersAndNamedProperties() throws {
    final class Box {}
    let interface = Interface<Box>("Box") {
      $0.getter("broken") { (_: Box) throws -> Int in throw ScriptError.rangeError("getter failed") }
      $0.namedProperties(get: { _, name in
        if name == "boom" { throw ScriptError.typeError("named getter failed") }
        return nil
      })
    }
    try context.global.setProperty("box", context.wrap(Box(), as: interface))
    XCTAssertEqual(try caught("box.broken"), "true|RangeError|getter failed|")
    XCTAssertEqual(try caught("box.boom"), "true|TypeError|named getter failed|")
    XCTAssertEqual(try caught("box.other"), "no error")
  }
}
