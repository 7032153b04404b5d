import WebActionKit
import XCTest

final class PropertyListEncodingTests: XCTestCase {
  private let date = Date(timeIntervalSince1970: 1_700_000_000)

  private var plistSafe: PropertyList {
    [
      "string": "héllo \"q\" \\ \n\t\u{01}",
      "integer": 42,
      "real": 2.5,
      "bool": true,
      "date": .date(date),
      "data": .data(Data([0, 1, 2, 255])),
      "array": [1, "two", [3.25], [:]],
      "dictionary": ["nested": ["deeper": false]],
    ]
  }

  func testJSONIsSortedPrettyAndExact() throws {
    let plist: PropertyList = [
      "b": [1, 2.5, true, nil],
      "a": ["z": "x\"y", "e": [], "f": [:]],
      "c": .date(Date(timeIntervalSince1970: 0)),
      "d": .date(Date(timeIntervalSince1970: 0.25)),
      "g": .data(Data("hi".utf8)),
      "h": .real(3),
    ]
    let text = String(decoding: try plist.encoded(as: .json), as: UTF8.self)
    XCTAssertEqual(text, """
      {
        "a": {
          "e": [],
          "f": {},
          "z": "x\\"y"
        },
        "b": [
          1,
          2.5,
          true,
          null
        ],
        "c": "1970-01-01T00:00:00Z",
        "d": "1970-01-01T00:00:00.250Z",
        "g": "aGk=",
        "h": 3.0
      }

      """)
  }

  func testJSONEscapesControlCharacters() throws {
    let text = String(decoding: try PropertyList.string("a\n\t\u{01}\\\"").encoded(as: .json), as: UTF8.self)
    XCTAssertEqual(text, "\"a\\n\\t\\u0001\\\\\\\"\"\n")
  }

  func testJSONRejectsNonFiniteRealsWithPath() {
    XCTAssertThrowsError(try (["x": [.real(.infinity)]] as PropertyList).encoded(as: .json)) { error in
      XCTAssertEqual((error as? PropertyListError)?.path, "x[0]")
    }
  }

  func testJSONDecodeTypesNumbers() throws {
    let decoded = try PropertyList.decode(Data(#" {"i": 3, "w": 4.0, "r": 0.5, "t": true, "f": false, "n": null, "s": "1"} "#.utf8))
    XCTAssertEqual(decoded, ["i": 3, "w": 4, "r": 0.5, "t": true, "f": false, "n": nil, "s": "1"])
    XCTAssertEqual(try PropertyList.decode(Data("7".utf8)), 7)
  }

  func testJSONRoundTripKeepsEverythingButDatesAndDataTypes() throws {
    let plist: PropertyList = ["s": "é\n", "i": -3, "r": 0.125, "b": false, "a": [nil, [:]]]
    XCTAssertEqual(try PropertyList.decode(plist.encoded(as: .json)), plist)
  }

  func testXMLAndBinaryRoundTripEveryCase() throws {
    for format in [PropertyList.Format.xml, .binary] {
      let data = try plistSafe.encoded(as: format)
      XCTAssertEqual(try PropertyList.decode(data), plistSafe, "\(format)")
    }
    XCTAssertTrue(String(decoding: try plistSafe.encoded(as: .xml), as: UTF8.self).contains("<plist"))
    XCTAssertTrue(try plistSafe.encoded(as: .binary).starts(with: Array("bplist".utf8)))
  }

  func testXMLAndBinaryRefuseNullNamingItsPathAndTheWayOut() {
    let plist: PropertyList = ["results": ["items": [1, ["node": nil]]]]
    for format in [PropertyList.Format.xml, .binary] {
      XCTAssertThrowsError(try plist.encoded(as: format)) { error in
        let error = error as? PropertyListError
        XCTAssertEqual(error?.path, "results.items[1].node")
        XCTAssertTrue(error?.message.contains("--results-format json") == true, "\(String(describing: error))")
      }
    }
    XCTAssertThrowsError(try PropertyList.null.encoded(as: .xml)) { error in
      XCTAssertEqual((error as? PropertyListError)?.path, "(root)")
    }
  }

  func testDecodeReportsGarbage() {
    XCTAssertThrowsError(try PropertyList.decode(Data("{nope".utf8))) { error in
      XCTAssertTrue("\(error)".hasPrefix("not a valid JSON"), "\(error)")
    }
    XCTAssertThrowsError(try PropertyList.decode(Data("<plist><dict><key>a".utf8))) { error in
      XCTAssertTrue("\(error)".hasPrefix("not a valid property list"), "\(error)")
    }
  }

  func testEveryFormatIsListed() {
    XCTAssertEqual(PropertyList.Format.allCases.map(\.rawValue), ["json", "xml", "binary"])
  }
}
