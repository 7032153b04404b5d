import XCTest

@testable import URLStandard

/// The basic URL parser and serializer against WPT's urltestdata.json (every case must pass).
final class URLParserTests: XCTestCase {
  func testURLTestData() throws {
    let cases = try WPTURLData.cases("urltestdata.json")
    XCTAssertGreaterThan(cases.count, 600)
    var checked = 0
    for test in cases {
      guard let input = test["input"] as? String else { continue }
      var base: URLRecord?
      if let baseString = test["base"] as? String {
        base = URLRecord(baseString)
        XCTAssertNotNil(base, "base \(baseString) of \(input)")
      }
      let label = "<\(input)> against <\(test["base"] as? String ?? "null")>"
      let url = URLRecord(input, base: base)
      checked += 1
      if test["failure"] as? Bool == true {
        XCTAssertNil(url, "\(label) should fail, got \(url?.href ?? "")")
        continue
      }
      guard let url else {
        XCTFail("\(label) failed to parse")
        continue
      }
      XCTAssertEqual(url.href, test["href"] as? String, "href of \(label)")
      XCTAssertEqual(url.protocol, test["protocol"] as? String, "protocol of \(label)")
      XCTAssertEqual(url.username, test["username"] as? String, "username of \(label)")
      XCTAssertEqual(url.password, test["password"] as? String, "password of \(label)")
      XCTAssertEqual(url.hostAndPort, test["host"] as? String, "host of \(label)")
      XCTAssertEqual(url.hostname, test["hostname"] as? String, "hostname of \(label)")
      XCTAssertEqual(url.portString, test["port"] as? String, "port of \(label)")
      XCTAssertEqual(url.pathname, test["pathname"] as? String, "pathname of \(label)")
      XCTAssertEqual(url.search, test["search"] as? String, "search of \(label)")
      XCTAssertEqual(url.hash, test["hash"] as? String, "hash of \(label)")
      if let origin = test["origin"] as? String {
        XCTAssertEqual(url.origin.serialized, origin, "origin of \(label)")
      }
      // A serialized URL parses back to itself.
      XCTAssertEqual(URLRecord(url.href)?.href, url.href, "reparsing \(label)")
    }
    XCTAssertGreaterThan(checked, 600)
  }

  /// toascii.json: hosts through `https://HOST/x` (nil output: the URL does not parse).
  func testToASCII() throws {
    let cases = try WPTURLData.cases("toascii.json")
    XCTAssertGreaterThan(cases.count, 30)
    for test in cases {
      guard let input = test["input"] as? String else { continue }
      let url = URLRecord("https://" + input + "/x")
      if let output = test["output"] as? String {
        XCTAssertEqual(url?.hostname, output, "host \(input)")
        XCTAssertEqual(url?.href, "https://\(output)/x", "href with host \(input)")
      } else {
        XCTAssertNil(url, "host \(input) should fail, got \(url?.href ?? "")")
      }
    }
  }

  /// percent-encoding.json: the UTF-8 outputs (other encodings need a document encoding the parser does not take).
  func testPercentEncoding() throws {
    let cases = try WPTURLData.cases("percent-encoding.json")
    XCTAssertGreaterThan(cases.count, 3)
    for test in cases {
      guard let input = test["input"] as? String, let output = (test["output"] as? [String: String])?["utf-8"] else {
        continue
      }
      let url = try XCTUnwrap(URLRecord("https://doesnotmatter.invalid/?\(input)#\(input)"))
      XCTAssertEqual(url.search, "?" + output, "query of \(input.debugDescription)")
      XCTAssertEqual(url.hash, "#" + output, "fragment of \(input.debugDescription)")
    }
  }

  func testIPv6Serialization() {
    XCTAssertEqual(URLRecord("http://[1:0:0:2::3:0]/")?.hostname, "[1::2:0:0:3:0]")
    XCTAssertEqual(URLRecord("http://[0:0:0:0:0:0:0:1]/")?.hostname, "[::1]")
    XCTAssertEqual(URLRecord("http://[::ffff:192.168.0.1]/")?.hostname, "[::ffff:c0a8:1]")
    XCTAssertNil(URLRecord("http://[1:2:3:4:5:6:7:8:9]/"))
  }

  func testPunycode() {
    XCTAssertEqual(Punycode.encode(Array("β".unicodeScalars)), "nxa")
    XCTAssertEqual(Punycode.encode(Array("bücher".unicodeScalars)), "bcher-kva")
    XCTAssertEqual(Punycode.decode("bcher-kva").map { String(String.UnicodeScalarView($0)) }, "bücher")
    XCTAssertNil(Punycode.decode("a-é"))
    XCTAssertEqual(DomainToASCII.convert("Bücher.EXAMPLE", beStrict: false), "xn--bcher-kva.example")
  }

  func testRelativeResolution() throws {
    let base = try XCTUnwrap(URLRecord("https://example.org/dir/page.html?q#f"))
    XCTAssertEqual(URLRecord("img.png", base: base)?.href, "https://example.org/dir/img.png")
    XCTAssertEqual(URLRecord("../a/./b/../c", base: base)?.href, "https://example.org/a/c")
    XCTAssertEqual(URLRecord("//other.test", base: base)?.href, "https://other.test/")
    XCTAssertEqual(URLRecord("#x", base: base)?.href, "https://example.org/dir/page.html?q#x")
    XCTAssertEqual(URLRecord("", base: base)?.href, "https://example.org/dir/page.html?q")
    XCTAssertNil(URLRecord("img.png"))
  }
}
