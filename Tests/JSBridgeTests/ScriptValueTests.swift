import JSBridge
import XCTest

final class ScriptValueTests: XCTestCase {
  var context: ScriptContext!

  override func setUp() { context = ScriptContext(name: "values") }
  override func tearDown() {
    context.close()
    context = nil
  }

  private func js(_ source: String) throws -> ScriptValue { try context.evaluate(source, sourceURL: "v.js") }

  func testPrimitiveQueries() throws {
    XCTAssertTrue(try js("undefined").isUndefined)
    XCTAssertTrue(try js("null").isNull)
    XCTAssertTrue(try js("true").isBoolean)
    XCTAssertTrue(try js("1.5").isNumber)
    XCTAssertTrue(try js("'s'").isString)
    XCTAssertTrue(try js("({})").isObject)
    XCTAssertTrue(try js("[1]").isArray)
    XCTAssertFalse(try js("({length: 1})").isArray)
    XCTAssertTrue(try js("new Date(0)").isDate)
    XCTAssertTrue(try js("(() => 1)").isFunction)
    XCTAssertFalse(try js("({})").isFunction)
    XCTAssertEqual(try js("typeof 1").toString(), "number")
  }

  func testSwiftToJSConversions() throws {
    let object = context.makeObject()
    try object.setProperty("s", "héllo 🌍")
    try object.setProperty("i", 42)
    try object.setProperty("d", 2.5)
    try object.setProperty("b", true)
    try object.setProperty("n", Optional<String>.none)
    try object.setProperty("nested", [["a", "b"], ["c"]])
    try object.setProperty("date", context.makeDate(milliseconds: 86_400_000))
    try object.setProperty("bytes", context.makeUint8Array(bytes: [1, 2, 255]))
    try object.setProperty("buffer", context.makeArrayBuffer(bytes: [9, 8]))
    try context.global.setProperty("o", object)
    let check = """
      [o.s === "héllo 🌍", o.s.length === 8, o.i === 42, o.d === 2.5, o.b === true, o.n === null,
       JSON.stringify(o.nested) === '[["a","b"],["c"]]', o.date.toISOString() === "1970-01-02T00:00:00.000Z",
       o.bytes instanceof Uint8Array, o.bytes.join() === "1,2,255", o.buffer instanceof ArrayBuffer,
       new Uint8Array(o.buffer).join() === "9,8"].map(String).join()
      """
    XCTAssertEqual(try js(check).toString(), Array(repeating: "true", count: 12).joined(separator: ","))
  }

  func testJSToSwiftConversions() throws {
    XCTAssertEqual(try js("'naïve ✓'").toString(), "naïve ✓")
    XCTAssertEqual(try js("({ toString() { return 'custom' } })").toString(), "custom")
    XCTAssertThrowsError(try js("Symbol('x')").toString())
    XCTAssertEqual(try js("'12'").toDouble(), 12)
    XCTAssertTrue(try js("'abc'").toDouble().isNaN)
    XCTAssertTrue(try js("'x'").toBool())
    XCTAssertFalse(try js("0").toBool())
    XCTAssertEqual(try js("new Date(Date.UTC(2020, 0, 2))").dateMilliseconds, 1_577_923_200_000)
    XCTAssertNil(try js("5").dateMilliseconds)
    XCTAssertEqual(try js("[1, [2, 3], 'x']").arrayLength, 3)
    XCTAssertEqual(try js("[1, [2, 3], 'x']").element(at: 1).element(at: 1).toDouble(), 3)
    XCTAssertEqual(try js("[1, [2, 3], 'x']").arrayElements().map { try $0.toString() }, ["1", "2,3", "x"])
  }

  func testKeysKeepJSOrderAndSkipInheritedOrHidden() throws {
    let value = try js("""
      (() => { const o = Object.create({ inherited: 1 }); o.zeta = 1; o[2] = 'i'; o.alpha = 2; o[1] = 'j';
        Object.defineProperty(o, 'hidden', { value: 3, enumerable: false }); return o; })()
      """)
    XCTAssertEqual(try value.ownEnumerableKeys(), ["1", "2", "zeta", "alpha"])
    XCTAssertEqual(try js("42").ownEnumerableKeys(), [])
  }

  func testTypedArrayBytesOfEveryView() throws {
    XCTAssertEqual(try js("new Uint8Array([1, 2, 3])").typedArrayBytes, [1, 2, 3])
    XCTAssertEqual(try js("new Uint8Array([1, 2, 3, 4, 5]).subarray(1, 3)").typedArrayBytes, [2, 3])
    XCTAssertEqual(try js("new Uint16Array([0x0102])").typedArrayBytes, [0x02, 0x01])
    XCTAssertEqual(try js("new Float32Array([1])").typedArrayBytes, [0, 0, 0x80, 0x3f])
    XCTAssertEqual(try js("new Uint8Array([7, 8, 9]).buffer").typedArrayBytes, [7, 8, 9])
    XCTAssertEqual(try js("new DataView(new Uint8Array([1, 2, 3, 4]).buffer, 1, 2)").typedArrayBytes, [2, 3])
    XCTAssertEqual(try js("new Uint8Array(0)").typedArrayBytes, [])
    XCTAssertNil(try js("[1, 2]").typedArrayBytes)
    XCTAssertNil(try js("'bytes'").typedArrayBytes)
  }

  func testIdentity() throws {
    let a = try js("globalThis.a = {}")
    XCTAssertTrue(a === (try js("a")))
    XCTAssertTrue(a !== context.makeObject())
    XCTAssertFalse(context.makeNumber(Double.nan) === context.makeNumber(Double.nan))
  }

  func testCallAndConstruct() throws {
    let f = try js("(function (x, y) { return this.base + x * y; })")
    let this = try js("({ base: 100 })")
    XCTAssertEqual(try f.call(this: this, args: [context.makeNumber(6), context.makeNumber(7)]).toDouble(), 142)
    let point = try js("(class Point { constructor(x) { this.x = x; } })")
    let p = try point.construct(args: [context.makeNumber(3)])
    XCTAssertEqual(try p.property("x").toDouble(), 3)
    XCTAssertThrowsError(try context.makeNumber(1).call()) { error in
      XCTAssertEqual((error as! ScriptError).name, "TypeError")
    }
    XCTAssertThrowsError(try js("(function () { throw new RangeError('bad') })").call()) { error in
      XCTAssertEqual((error as! ScriptError).name, "RangeError")
      XCTAssertEqual((error as! ScriptError).message, "bad")
    }
  }

  func testMakeErrorUsesTheNamedConstructor() throws {
    try context.global.setProperty("e1", context.makeError(name: "TypeError", message: "m1"))
    try context.global.setProperty("e2", context.makeError(name: "CustomError", message: "m2"))
    XCTAssertEqual(
      try js("[e1 instanceof TypeError, e1.message, e2 instanceof Error, e2.name, e2.message].join()").toString(),
      "true,m1,true,CustomError,m2")
  }

  func testMakeFunctionSeesThisAndArguments() throws {
    let f = context.makeFunction(name: "join", length: 2) { args in
      let base = try args.this.property("prefix").toString()
      return args.context.makeString(base + (try args.string(0)) + String(try args.int(1)) + String(args.count))
    }
    try context.global.setProperty("join", f)
    XCTAssertEqual(try js("join.call({ prefix: '>' }, 'a', 7.9)").toString(), ">a72")
    XCTAssertEqual(try js("[typeof join, join.name, join.length, join instanceof Function].join()").toString(),
                   "function,join,2,true")
    XCTAssertEqual(try js("join.bind({ prefix: '#' })('b', -1, 0)").toString(), "#b-13")
  }

  func testFunctionClosuresAreReleasedWhenCollectedOrClosed() throws {
    final class Token {}
    weak var weakToken: Token?
    do {
      let token = Token()
      weakToken = token
      let f = context.makeFunction(name: "holder") { args in _ = token; return args.context.makeUndefined() }
      XCTAssertTrue(f.isFunction)
    }
    XCTAssertNotNil(weakToken)
    context.close()
    XCTAssertNil(weakToken, "closing the context must release closures held by native functions")
  }
}
