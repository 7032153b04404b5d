import XCTest

@testable import URLStandard

/// The URL API setters against WPT's setters_tests.json (every case must pass).
final class URLSetterTests: XCTestCase {
  func testSettersTestData() throws {
    let file = WPTURLData.wptRoot.appendingPathComponent("url/resources/setters_tests.json")
    let data = try XCTUnwrap(FileManager.default.contents(atPath: file.path), "no \(file.path)")
    _ = data
    let all = try XCTUnwrap(try WPTURLData.load("setters_tests.json") as? [String: Any])
    var checked = 0
    for (attribute, value) in all where attribute != "comment" {
      for test in value as? [[String: Any]] ?? [] {
        guard let href = test["href"] as? String, let newValue = test["new_value"] as? String,
          let expected = test["expected"] as? [String: String]
        else { continue }
        var url = try XCTUnwrap(URLRecord(href), "href \(href)")
        set(&url, attribute, newValue)
        checked += 1
        for (part, expectedValue) in expected {
          XCTAssertEqual(get(url, part), expectedValue, "\(part) after setting \(attribute) of <\(href)> to \(newValue.debugDescription)")
        }
      }
    }
    XCTAssertGreaterThan(checked, 200)
  }

  func set(_ url: inout URLRecord, _ attribute: String, _ value: String) {
    switch attribute {
    case "protocol": url.setProtocol(value)
    case "username": url.setUsername(value)
    case "password": url.setPassword(value)
    case "host": url.setHost(value)
    case "hostname": url.setHostname(value)
    case "port": url.setPort(value)
    case "pathname": url.setPathname(value)
    case "search": url.setSearch(value)
    case "hash": url.setHash(value)
    case "href": if let parsed = URLRecord(value) { url = parsed }
    default: XCTFail("unknown attribute \(attribute)")
    }
  }

  func get(_ url: URLRecord, _ part: String) -> String? {
    switch part {
    case "href": url.href
    case "protocol": url.protocol
    case "username": url.username
    case "password": url.password
    case "host": url.hostAndPort
    case "hostname": url.hostname
    case "port": url.portString
    case "pathname": url.pathname
    case "search": url.search
    case "hash": url.hash
    case "origin": url.origin.serialized
    default: nil
    }
  }
}
