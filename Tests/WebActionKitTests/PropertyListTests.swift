import WebActionKit
import XCTest

final class PropertyListTests: XCTestCase {
  private let date = Date(timeIntervalSince1970: 1_700_000_000)

  /// One value of every case, nested.
  private var everyCase: PropertyList {
    [
      "string": "héllo \"quoted\"\n",
      "integer": 42,
      "negative": -7,
      "real": 2.5,
      "true": true,
      "false": false,
      "date": .date(date),
      "data": .data(Data([0, 1, 2, 255])),
      "array": [1, "two", [3.5]],
      "dictionary": ["nested": ["deeper": 1]],
      "emptyArray": [],
      "emptyDictionary": [:],
    ]
  }

  func testLiteralsBuildTheExpectedCases() {
    let s: PropertyList = "a"
    let i: PropertyList = 1
    let d: PropertyList = 1.5
    let b: PropertyList = true
    let n: PropertyList = nil
    let a: PropertyList = [1, "x"]
    let m: PropertyList = ["k": 1]
    XCTAssertEqual(s, .string("a"))
    XCTAssertEqual(i, .integer(1))
    XCTAssertEqual(d, .real(1.5))
    XCTAssertEqual(b, .boolean(true))
    XCTAssertEqual(n, .null)
    XCTAssertEqual(a, .array([.integer(1), .string("x")]))
    XCTAssertEqual(m, .dictionary(["k": .integer(1)]))
  }

  func testAccessorsAndSubscripts() {
    let plist = everyCase
    XCTAssertEqual(plist["string"]?.string, "héllo \"quoted\"\n")
    XCTAssertEqual(plist["integer"]?.int, 42)
    XCTAssertEqual(plist["integer"]?.double, 42)
    XCTAssertEqual(plist["real"]?.double, 2.5)
    XCTAssertNil(plist["real"]?.int, "2.5 is not a whole number")
    XCTAssertEqual(PropertyList.real(3).int, 3)
    XCTAssertEqual(plist["true"]?.bool, true)
    XCTAssertEqual(plist["date"]?.date, date)
    XCTAssertEqual(plist["data"]?.data, Data([0, 1, 2, 255]))
    XCTAssertEqual(plist["array"]?[1], "two")
    XCTAssertEqual(plist["array"]?[2]?[0], 3.5)
    XCTAssertNil(plist["array"]?[3])
    XCTAssertNil(plist["array"]?[-1])
    XCTAssertEqual(plist["dictionary"]?["nested"]?["deeper"], 1)
    XCTAssertEqual(plist["dictionary"]?.dictionary?.count, 1)
    XCTAssertEqual(plist["array"]?.array?.count, 3)
    XCTAssertNil(plist["missing"])
    XCTAssertNil(plist["string"]?.int)
    XCTAssertNil(plist["integer"]?.string)
    XCTAssertNil(PropertyList.string("x")["key"])
    XCTAssertTrue(PropertyList.null.isNull)
  }

  func testSubscriptSetterOnDictionaries() {
    var plist: PropertyList = ["a": 1]
    plist["b"] = "two"
    plist["a"] = nil
    XCTAssertEqual(plist, ["b": "two"])
  }

  func testFoundationRoundTripOfEveryCase() throws {
    let plist = everyCase
    XCTAssertEqual(try PropertyList(foundationObject: plist.foundationObject), plist)
  }

  func testFoundationObjectShapes() throws {
    let object = (["list": [nil, 1], "flag": true] as PropertyList).foundationObject
    let dictionary = try XCTUnwrap(object as? [String: Any])
    let list = try XCTUnwrap(dictionary["list"] as? [Any])
    XCTAssertTrue(list[0] is NSNull)
    XCTAssertEqual(list[1] as? Int, 1)
    XCTAssertEqual(dictionary["flag"] as? Bool, true)
  }

  func testBooleanNSNumbersStayBooleansAndIntegerNSNumbersStayIntegers() throws {
    // On Linux `NSNumber(value: 1) as? Bool` succeeds: the bridge must not turn 1 into true, nor true into 1.
    XCTAssertEqual(try PropertyList(foundationObject: NSNumber(value: true)), .boolean(true))
    XCTAssertEqual(try PropertyList(foundationObject: NSNumber(value: false)), .boolean(false))
    XCTAssertEqual(try PropertyList(foundationObject: NSNumber(value: 1)), .integer(1))
    XCTAssertEqual(try PropertyList(foundationObject: NSNumber(value: 0)), .integer(0))
    XCTAssertEqual(try PropertyList(foundationObject: NSNumber(value: 1.5)), .real(1.5))
    XCTAssertEqual(try PropertyList(foundationObject: NSNumber(value: UInt8(3))), .integer(3))
    XCTAssertEqual(try PropertyList(foundationObject: true), .boolean(true))
    XCTAssertEqual(try PropertyList(foundationObject: 1), .integer(1))
    XCTAssertEqual(try PropertyList(foundationObject: Int32(-5)), .integer(-5))
    XCTAssertEqual(try PropertyList(foundationObject: Float(0.5)), .real(0.5))
    // What JSONSerialization produces goes through the same path.
    let json = try JSONSerialization.jsonObject(with: Data(#"[true, 1, 0, 1.5]"#.utf8))
    XCTAssertEqual(try PropertyList(foundationObject: json), [true, 1, 0, 1.5])
  }

  func testFoundationClassesBridge() throws {
    let object: Any = NSDictionary(dictionary: ["s": NSString(string: "x"), "a": NSArray(array: [NSNull()])])
    XCTAssertEqual(try PropertyList(foundationObject: object), ["s": "x", "a": [nil]])
    let optional: Int? = nil
    XCTAssertEqual(try PropertyList(foundationObject: [optional as Any]), [nil])
    XCTAssertEqual(try PropertyList(foundationObject: URL(string: "https://example.com/")!), "https://example.com/")
  }

  func testUnsupportedValueNamesItsPath() {
    struct Foo {}
    let object: [String: Any] = ["items": [1, 2, 3, ["node": Foo()]]]
    XCTAssertThrowsError(try PropertyList(foundationObject: object, rootPath: "results")) { error in
      XCTAssertEqual("\(error)", "results.items[3].node: unsupported value of type Foo")
      XCTAssertEqual((error as? PropertyListError)?.path, "results.items[3].node")
    }
    XCTAssertThrowsError(try PropertyList(foundationObject: ["odd key": Foo()])) { error in
      XCTAssertEqual("\(error)", "[\"odd key\"]: unsupported value of type Foo")
    }
  }

  func testNonStringKeysAndNonFiniteRealsAreRejected() {
    XCTAssertThrowsError(try PropertyList(foundationObject: ["a": [1: "x"]] as [String: Any])) { error in
      XCTAssertEqual("\(error)", "a: dictionary keys must be strings, found a key of type Int")
    }
    XCTAssertThrowsError(try PropertyList(foundationObject: ["n": Double.nan])) { error in
      XCTAssertEqual((error as? PropertyListError)?.path, "n")
    }
    XCTAssertThrowsError(try PropertyList(foundationObject: UInt64.max)) { error in
      XCTAssertTrue("\(error)".contains("does not fit in 64 bits"), "\(error)")
    }
  }
}
