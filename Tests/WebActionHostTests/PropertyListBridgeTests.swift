import Foundation
import JSBridge
import WebActionKit
import XCTest

@_spi(Harness) @testable import WebActionHost

/// The conversion table: each JS expression and the property list run()'s value becomes.
final class PropertyListBridgeTests: XCTestCase {
  private var context: ScriptContext!
  private var warnings: [String] = []

  override func setUp() {
    context = ScriptContext(name: "bridge-tests")
    warnings = []
  }

  override func tearDown() {
    context.close()
    context = nil
  }

  private func convert(_ expression: String) throws -> PropertyList {
    let value = try context.evaluate("(\(expression))", sourceURL: "table.js")
    let bridge = try PropertyListBridge(context: context) { [unowned self] in warnings.append($0) }
    return try bridge.propertyList(from: value, path: "results")
  }

  func testConversionTable() throws {
    let table: [(js: String, plist: PropertyList)] = [
      ("{}", [:]),
      ("{a: 'x'}", ["a": "x"]),
      ("{n: 42}", ["n": .integer(42)]),
      ("{n: -7}", ["n": .integer(-7)]),
      ("{n: 1.5}", ["n": .real(1.5)]),
      ("{n: -0}", ["n": .real(-0.0)]),
      ("{n: 1e20}", ["n": .real(1e20)]),
      ("{t: true, f: false}", ["t": true, "f": false]),
      ("{z: null}", ["z": .null]),
      ("{u: undefined, f: function () {}, s: Symbol('x'), k: 1}", ["k": .integer(1)]),
      ("{a: [1, 'two', null, undefined, function () {}]}", ["a": [.integer(1), "two", .null, .null, .null]]),
      ("{d: new Date(Date.UTC(2026, 10, 22, 8, 0, 0))}",
       ["d": .date(Date(timeIntervalSince1970: 1_795_334_400))]),
      ("{b: new Uint8Array([1, 2, 255])}", ["b": .data(Data([1, 2, 255]))]),
      ("{b: new Uint8Array([9, 8, 7, 6]).subarray(1, 3)}", ["b": .data(Data([8, 7]))]),
      ("{b: new Uint16Array([258]).buffer}", ["b": .data(Data([2, 1]))]),
      ("{b: new DataView(new Uint8Array([5]).buffer)}", ["b": .data(Data([5]))]),
      ("{nested: {deeper: {list: [[1], {x: 'y'}]}}}", ["nested": ["deeper": ["list": [[.integer(1)], ["x": "y"]]]]]),
      ("{shared: (function () { var o = {v: 1}; return [o, o]; })()}", ["shared": [["v": .integer(1)], ["v": .integer(1)]]]),
      ("new (function Point() { this.x = 1; this.y = 2; })()", ["x": .integer(1), "y": .integer(2)]),
      ("Object.create({inherited: 1}, {own: {value: 2, enumerable: true}, hidden: {value: 3}})", ["own": .integer(2)]),
      ("{'odd key': 1, 'é': 2}", ["odd key": .integer(1), "é": .integer(2)]),
    ]
    for (js, expected) in table {
      XCTAssertEqual(try convert(js), expected, js)
    }
    XCTAssertEqual(warnings, [])
  }

  func testNonFiniteNumbersBecomeNullWithAWarningNamingThePath() throws {
    XCTAssertEqual(try convert("{a: {b: [0, NaN]}, c: Infinity}"), ["a": ["b": [.integer(0), .null]], "c": .null])
    XCTAssertEqual(warnings.sorted(), [
      "results.a.b[1]: NaN is not a finite number; passed as null",
      "results.c: Infinity is not a finite number; passed as null",
    ])
  }

  func testErrorsNameTheOffendingPath() throws {
    let cases: [(js: String, path: String, message: String)] = [
      ("{items: [1, 2, 3, {node: new Map()}]}", "results.items[3].node", "a Map cannot be passed"),
      ("(function () { var a = {}; a.self = a; return a; })()", "results.self", "cycle"),
      ("(function () { var a = []; a.push({back: a}); return {list: a}; })()", "results.list[0].back", "cycle"),
      ("{big: 10n}", "results.big", "bigint"),
      ("{when: new Date(NaN)}", "results.when", "invalid Date"),
      ("{re: /x/}", "results.re", "RegExp"),
      ("{'odd key': {p: Promise.resolve()}}", "results[\"odd key\"].p", "Promise"),
    ]
    for (js, path, message) in cases {
      XCTAssertThrowsError(try convert(js), js) { error in
        let error = error as! PropertyListBridge.ConversionError
        XCTAssertEqual(error.path, path, js)
        XCTAssertTrue(error.message.contains(message), "\(js): \(error.message)")
      }
    }
  }

  /// Nesting 100,000 deep crashed the conversion (it recursed on the C stack); 10,000,000 elements took minutes.
  func testDeepAndHugeValuesAreRejectedNamingTheLimit() throws {
    let deep = "(function () { var v = 0; for (var i = 0; i < 100000; i++) v = [v]; return {deep: v}; })()"
    XCTAssertThrowsError(try convert(deep)) { error in
      let error = error as! PropertyListBridge.ConversionError
      XCTAssertEqual(error.path, "results.deep" + String(repeating: "[0]", count: PropertyListBridge.maximumDepth - 1))
      XCTAssertTrue(error.message.contains("nested more than 512 levels deep"), error.message)
    }
    let deepObjects = "(function () { var v = {}; for (var i = 0; i < 10000; i++) v = {v: v}; return v; })()"
    XCTAssertThrowsError(try convert(deepObjects)) { error in
      XCTAssertTrue((error as! PropertyListBridge.ConversionError).message.contains("nested more than"))
    }
    let started = Date()
    XCTAssertThrowsError(try convert("{list: new Array(10000000).fill(1)}")) { error in
      let error = error as! PropertyListBridge.ConversionError
      XCTAssertEqual(error.path, "results.list")
      XCTAssertTrue(error.message.contains("more than 1000000 values"), error.message)
    }
    XCTAssertThrowsError(try convert("{many: Array.from({length: 2000}, () => new Array(1000).fill('x'))}")) { error in
      let error = error as! PropertyListBridge.ConversionError
      XCTAssertTrue(error.path.hasPrefix("results.many["), error.path)
      XCTAssertTrue(error.message.contains("more than 1000000 values"), error.message)
    }
    XCTAssertLessThan(Date().timeIntervalSince(started), 20)
    // At the limits, values still convert.
    let atDepth = "(function () { var v = 0; for (var i = 1; i < \(PropertyListBridge.maximumDepth); i++) v = [v]; return v; })()"
    XCTAssertNoThrow(try convert(atDepth))
  }

  /// Every value the conversion accepts can be written and read back in each results format: Foundation's readers
  /// refuse more than 512 levels, so 513 levels fail the conversion (found by Scripts/fuzz plist-bridge: the fuzz
  /// input `JSON.parse` of 600 nested arrays converted, and its JSON could not be read back).
  func testTheDeepestValueAcceptedReadsBackInEveryFormat() throws {
    func nested(_ levels: Int) -> String { "JSON.parse('\(String(repeating: "[", count: levels))0\(String(repeating: "]", count: levels))')" }
    let deepest = try convert(nested(PropertyListBridge.maximumDepth))
    for format in PropertyList.Format.allCases {
      XCTAssertEqual(try PropertyList.decode(try deepest.encoded(as: format)), deepest, format.rawValue)
    }
    for levels in [PropertyListBridge.maximumDepth + 1, 600] {
      XCTAssertThrowsError(try convert(nested(levels))) { error in
        XCTAssertTrue((error as! PropertyListBridge.ConversionError).message.contains("nested more than 512 levels deep"))
      }
    }
  }

  /// A JS date comes back to JS as the same millisecond; `Date(-115380208)` came back as -115380207 (its seconds times
  /// 1000 fell a hair short and JS truncates). Found by Scripts/fuzz plist-bridge.
  func testDatesRoundTripToTheMillisecond() throws {
    let bridge = try PropertyListBridge(context: context) { _ in }
    for milliseconds in [-115380208.0, -1.0, 1.0, 1_795_334_400_123, -62_135_596_800_001, 8.64e15] {
      let date = try convert("new Date(\(milliseconds))")
      let back = try bridge.scriptValue(from: date)
      XCTAssertEqual(back.dateMilliseconds, milliseconds, "\(milliseconds)")
      XCTAssertEqual(try bridge.propertyList(from: back, path: "again"), date)
    }
  }

  /// Dictionary keys become own data properties: `__proto__` was assigned, which set the object's prototype and
  /// lost the key (found by Scripts/fuzz plist-bridge), and a setter a page put on Object.prototype was called.
  func testKeysBecomeOwnPropertiesEvenProtoAndPageSetters() throws {
    try context.evaluate("Object.defineProperty(Object.prototype, 'title', {set(v) { globalThis.stolen = v; }})", sourceURL: "page.js")
    let bridge = try PropertyListBridge(context: context) { _ in }
    let plist: PropertyList = ["__proto__": ["a": .integer(0)], "title": "t", "k": .integer(1)]
    try context.global.setProperty("value", try bridge.scriptValue(from: plist))
    for check in [
      "Object.getPrototypeOf(value) === Object.prototype", "Object.keys(value).sort().join() === '__proto__,k,title'",
      "value.title === 't'", "typeof stolen === 'undefined'", "Object.getOwnPropertyDescriptor(value, '__proto__').value.a === 0",
    ] {
      XCTAssertTrue(try context.evaluate(check, sourceURL: "check.js").toBool(), check)
    }
    XCTAssertEqual(try bridge.propertyList(from: try context.global.property("value"), path: "value"), plist)
  }

  func testPropertyListsBecomeJavaScriptValues() throws {
    let bridge = try PropertyListBridge(context: context) { _ in }
    let plist: PropertyList = [
      "s": "x", "i": .integer(3), "r": .real(0.5), "b": true, "n": .null,
      "d": .date(Date(timeIntervalSince1970: 86_400)), "bytes": .data(Data([7, 8])), "list": [.integer(1), ["k": "v"]],
    ]
    try context.global.setProperty("value", try bridge.scriptValue(from: plist))
    let checks = [
      "value.s === 'x'", "value.i === 3", "value.r === 0.5", "value.b === true", "value.n === null",
      "value.d instanceof Date && value.d.getTime() === 86400000",
      "value.bytes instanceof Uint8Array && value.bytes.length === 2 && value.bytes[1] === 8",
      "Array.isArray(value.list) && value.list[1].k === 'v'",
    ]
    for check in checks {
      XCTAssertTrue(try context.evaluate(check, sourceURL: "check.js").toBool(), check)
    }
    // And back again: the round trip is the identity.
    XCTAssertEqual(try bridge.propertyList(from: try context.global.property("value"), path: "value"), plist)
  }
}
