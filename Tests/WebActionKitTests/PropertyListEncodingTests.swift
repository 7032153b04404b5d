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

  /// U+FEFF is written escaped: Foundation's JSON reader dropped it raw at the start of a string or after an escape
  /// (found by Scripts/fuzz plist-bridge with the string `""\u{FEFF}`).
  func testJSONKeepsByteOrderMarksInStrings() throws {
    XCTAssertEqual(String(decoding: try PropertyList.string("\u{FEFF}").encoded(as: .json), as: UTF8.self), "\"\\ufeff\"\n")
    for text in ["\"\"\u{FEFF}", "\u{FEFF}x", "a\u{FEFF}", "\n\u{FEFF}\u{FEFF}"] {
      let value = PropertyList.array([.string(text), .dictionary([text: .string(text)])])
      XCTAssertEqual(try PropertyList.decode(try value.encoded(as: .json)), value, text.debugDescription)
    }
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

  /// An XML property list writes four-digit years: Foundation wrote a date in year 2,030,437,302 as text it cannot
  /// read back (fuzz-manifest). XML refuses such a date with its path; binary keeps it.
  func testXMLRefusesDatesOutsideYearsOneTo9999NamingThePath() throws {
    let far = Date(timeIntervalSince1970: 1e17)
    let plist: PropertyList = ["results": ["when": .date(far)]]
    XCTAssertThrowsError(try plist.encoded(as: .xml)) { error in
      let error = error as? PropertyListError
      XCTAssertEqual(error?.path, "results.when")
      XCTAssertTrue(error?.message.contains("outside the years 1 to 9999") == true, "\(String(describing: error))")
    }
    XCTAssertEqual(try PropertyList.decode(try plist.encoded(as: .binary)), plist)
    // NaN seconds compare as inside any range; Foundation then wrote XML it could not read (fuzz-manifest).
    XCTAssertThrowsError(try PropertyList.array([.date(Date(timeIntervalSinceReferenceDate: .nan))]).encoded(as: .xml)) { error in
      XCTAssertEqual((error as? PropertyListError)?.path, "[0]")
    }
    let edge: PropertyList = ["d": .date(PropertyList.xmlDateRange.upperBound)]
    XCTAssertEqual(try PropertyList.decode(try edge.encoded(as: .xml)), edge)
  }

  /// JSON reals read back exactly: JSONSerialization on Linux gives 17-digit and huge numbers as NSDecimalNumber,
  /// whose doubleValue was off (0.30000000000000004 read as 0.3000000000000001). Found by Scripts/fuzz plist-bridge
  /// with `-8.787942429541352e+58`, which read back as `-8.787942429541355e+58`.
  func testJSONRealsReadBackExactly() throws {
    for real in [-8.787942429541352e+58, 0.1 + 0.2, 1.0000000000000002, 1.2345678901234569e+23, Double.leastNonzeroMagnitude, -1.7976931348623157e+308] {
      XCTAssertEqual(try PropertyList.decode(try PropertyList.real(real).encoded(as: .json)), .real(real), "\(real)")
    }
    XCTAssertEqual(try PropertyList.decode(Data("[0.30000000000000004, 12345678901234567890.5]".utf8)), [.real(0.1 + 0.2), .real(12345678901234567890.5)])
  }

  func testDecodeReportsGarbage() {
    XCTAssertThrowsError(try PropertyList.decode(Data("{nope".utf8))) { error in
      XCTAssertTrue("\(error)".hasPrefix("not a valid JSON"), "\(error)")
    }
    XCTAssertThrowsError(try PropertyList.decode(Data("<plist><dict><key>a".utf8))) { error in
      XCTAssertTrue("\(error)".hasPrefix("not a valid property list"), "\(error)")
    }
  }

  /// Foundation on Linux crashed (SIGSEGV, bridging an NSSet) on any binary property list holding a set; found by
  /// Scripts/fuzz manifest with the translate bundle's Info.plist, one dictionary marker (0xD4) turned into a set's
  /// (0xC4). Such lists are refused with a message instead.
  func testBinaryPlistHoldingASetIsRefusedNotACrash() throws {
    // {"k": set("x")}: a dictionary, its key, a set of one, the set's string.
    var small = Data("bplist00".utf8) + [0xD1, 1, 2, 0x51, 0x6B, 0xC1, 3, 0x51, 0x78]
    small += [0, 8, 0, 11, 0, 13, 0, 15]  // the offset table, at 17
    small += Data(repeating: 0, count: 6) + [2, 1] + [0, 0, 0, 0, 0, 0, 0, 4] + Data(repeating: 0, count: 8)
    small += [0, 0, 0, 0, 0, 0, 0, 17]
    XCTAssertThrowsError(try PropertyList.decode(small)) { error in
      XCTAssertEqual("\(error)", "not a valid property list: object 2 is a set, which property lists here never hold")
    }
    let fuzzInput = try XCTUnwrap(Data(base64Encoded: [
      "YnBsaXN0MDDbAQIDBAUGBwgJCgsMDQ4PEBESExQVJl8QGUNGQnVuZGxlRGV2ZWxvcG1lbnRSZWdpb25fEBNDRkJ1bmRsZURpc3Bs",
      "YXlOYW1lXxASQ0ZCdW5kbGVFeGVjdXRhYmxlXxASQ0ZCdW5kbGVJZGVudGlmaWVyXxAdQ0ZCdW5kbGVJbmZvRGljdGlvbmFyeVZl",
      "cnNpb25cQ0ZCdW5kbGVOYW1lXxATQ0ZCdW5kbGVQYWNrYWdlVHlwZV8QGkNGQnVuZGxlU2hvcnRWZXJzaW9uU3RyaW5nXxAPQ0ZC",
      "dW5kbGVWZXJzaW9uW05TRXh0ZW5zaW9uXxAlY29tLmFwcGxlLnNlY3VyaXR5LmFwcGxpY2F0aW9uLWdyb3Vwc1JlbllUcmFuc2xh",
      "dGVfEBJUcmFuc2xhdGVFeHRlbnNpb25fEBdjb20ud2ViYWN0aW9uLnRyYW5zbGF0ZVM2LjBZdHJhbnNsYXRlVFhQQyFTMS4wUTHT",
      "FhcYGSQlXxAVTlNFeHRlbnNpb25BdHRyaWJ1dGVzXxAaTlNFeHRlbnNpb25Qb2ludElkZW50aWZpZXJfEBlOU2V4dGVuc2lvblBy",
      "aW5jaXBhbENsYXNzxBobHB0eISIjXxAjTlNFeHRlbnNpb25BYxNDRkJ1bmRsZVBhY2thZ2VUeXBlXxAaQ0ZCdW5kbGVTaG9ydFZl",
      "cnNpb25TdHJpbmdfEA9DRkJ1bmRsZVZlcnNpb25bTlNFeHRlbnNpb25fECVjb20uYXBwbGUuc2VjdXJpdHkuYXBwbGljYXRpb24t",
      "Z3JvdXBzUmVuWVRyYW5zbGF0ZV8QElRyYW5zbGF0ZUV0aXZhdGlvblN1cHBvcnRzV2ViUGFnZVdpdGhNYXhDb3VudBABVkFjdGlv",
      "bglfECBOU0V4dGVuc2lvblNlcnZpY2VSb2xlVHlwZUVkaXRvcl8QFWNvbS5hcHBsZS51aS1zZXJ2aWNlc18QLiQoUFJPRFVDVF9N",
      "T0RVTEVfTkFNRSkuVHJhbnNsYXRlUmVxdWVzdEhhbmRsZXKhJ18QHWdyb3VwLmNvbS53ZWJhY3Rpb24udHJhbnNsYXRlAAgAHwA7",
      "AFEAZgB7AJsAqAC+ANsA7QD5ASEBJAEuAUMBXQFhAWsBcAF0AXYBfQGVAbIBzgHXAfMCHAJIAmUCaAKbAp0CpAKlAsgC4AMRAxMA",
      "AAAAAAACAQAAAAAAAAAoAAAAAAAAAAAAAAAAAAADMw==",
    ].joined()))
    XCTAssertThrowsError(try ExtensionManifest(infoPlist: fuzzInput, file: "translate.appex/Info.plist")) { error in
      XCTAssertEqual(
        "\(error)",
        "translate.appex/Info.plist is not a readable property list (not a valid property list: object 25 is a set, "
          + "which property lists here never hold)")
    }
  }

  func testEveryFormatIsListed() {
    XCTAssertEqual(PropertyList.Format.allCases.map(\.rawValue), ["json", "xml", "binary"])
  }
}
