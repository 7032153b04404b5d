import XCTest

@testable import WebActionHost

final class DocumentURLTests: XCTestCase {
  private let file = URL(fileURLWithPath: "/pages/a.html")

  func testOrderIsExplicitThenSavedFromThenFile() throws {
    let saved = "<!DOCTYPE html>\n<!-- saved from url=(0022)https://example.org/x -->\n<html>"
    XCTAssertEqual(try DocumentURL.resolve(explicit: "https://given.example/p", html: saved, fileURL: file).href,
                   "https://given.example/p")
    XCTAssertEqual(try DocumentURL.resolve(explicit: nil, html: saved, fileURL: file).href, "https://example.org/x")
    XCTAssertEqual(try DocumentURL.resolve(explicit: nil, html: "<p>no mark", fileURL: file).href, "file:///pages/a.html")
    XCTAssertEqual(try DocumentURL.resolve(explicit: nil, html: "<p>stdin", fileURL: nil).href, "about:blank")
  }

  func testSavedFromMarkUsesTheRecordedLength() {
    // The count is the URL's length; text after it (here a space and the comment end) is not part of the URL.
    XCTAssertEqual(DocumentURL.savedFromURL(in: "<!-- saved from url=(0019)http://a.example/b -->")?.href,
                   "http://a.example/b")
    XCTAssertEqual(DocumentURL.savedFromURL(in: "<!-- saved from url=(0014)about:internet -->")?.href,
                   "about:internet")
    XCTAssertNil(DocumentURL.savedFromURL(in: "<!-- saved from url=(0010)not a url -->"))
    XCTAssertNil(DocumentURL.savedFromURL(in: String(repeating: " ", count: 3000) + "<!-- saved from url=(0019)http://a.example/b -->"),
                 "only the top of the file is looked at")
  }

  func testExplicitURLMustBeAbsolute() {
    XCTAssertThrowsError(try DocumentURL.resolve(explicit: "relative/path", html: "", fileURL: nil)) { error in
      XCTAssertEqual((error as? WebActionError)?.kind, .usage)
    }
  }
}
