import XCTest
@testable import DOM

final class SelectorTests: XCTestCase {
  private func sample(_ document: Document) throws -> Element {
    let body = try XCTUnwrap(document.body)
    try body.append(
      .node(make(document, "div", ["id": "a", "class": "box"], [
        make(document, "p", ["class": "x"], [document.createTextNode("one")]),
        make(document, "p", ["class": "x y", "data-k": "v"]),
      ])),
      .node(make(document, "section", [:], [make(document, "p", ["id": "last"])])))
    return body
  }

  func testQuerySelectorOnDocumentElementAndFragment() throws {
    let document = Document()
    let body = try sample(document)
    XCTAssertEqual(try document.querySelector("p.x")?.textContent, "one")
    XCTAssertEqual(try document.querySelectorAll("P").count, 3, "type selectors are case-insensitive for HTML")
    XCTAssertEqual(try document.querySelectorAll("div > p:last-child").map(\.classes), [["x", "y"]])
    XCTAssertEqual(try document.querySelector("html")?.localName, "html", "a document matches its root element")
    XCTAssertEqual(try body.querySelectorAll("body p").count, 3, "ancestors outside the scope count")
    XCTAssertEqual(try body.querySelectorAll(":scope > section > p").map(\.id), ["last"])
    XCTAssertNil(try body.querySelector("body"), "an element never matches itself")
    XCTAssertEqual(try document.querySelector("[data-k=v]")?.getAttribute("class"), "x y")
    XCTAssertNil(try document.querySelector("span"))

    let fragment = document.createDocumentFragment()
    try fragment.append(.node(make(document, "em", ["id": "f1"])), .node(make(document, "b", [:], [make(document, "em", ["id": "f2"])])))
    XCTAssertEqual(try fragment.querySelectorAll("em").map(\.id), ["f1", "f2"])
  }

  func testMatchesAndClosest() throws {
    let document = Document()
    _ = try sample(document)
    let p = try XCTUnwrap(document.querySelector("[data-k]"))
    XCTAssertTrue(try p.matches(".y"))
    XCTAssertTrue(try p.matches(":scope"))
    XCTAssertFalse(try p.matches("section p"))
    XCTAssertEqual(try p.closest(".box")?.id, "a")
    XCTAssertTrue(try p.closest("p") === p)
    XCTAssertNil(try p.closest("table"))
  }

  func testBadSelectorIsSyntaxError() throws {
    let document = Document()
    XCTAssertThrowsDOMException(.syntaxError, try document.querySelector("p["))
    XCTAssertThrowsDOMException(.syntaxError, try document.querySelectorAll(""))
    XCTAssertThrowsDOMException(.syntaxError, try XCTUnwrap(document.body).matches(":nope"))
    do {
      _ = try document.querySelector("a)")
      XCTFail("a) must not parse")
    } catch let error as DOMException {
      XCTAssertTrue(error.message.contains("a)"), error.message)
    }
  }

  func testQueriesSeeMutations() throws {
    let document = Document()
    let body = try sample(document)
    XCTAssertEqual(try document.querySelectorAll(".x").count, 2)
    try XCTUnwrap(document.querySelector(".x")).remove()
    try body.appendChild(make(document, "i", ["class": "x"]))
    XCTAssertEqual(try document.querySelectorAll(".x").map(\.localName), ["p", "i"])
  }
}
