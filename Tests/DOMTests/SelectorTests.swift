import URLStandard
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

  /// `:lang()` reads `xml:lang`, then `lang`, up the ancestors, then the document's `content-language` pragma; a
  /// detached tree or a fragment has no document to fall back on.
  func testLangInheritsAndFallsBackToTheDocument() throws {
    let document = Document.parse(html: """
      <meta http-equiv=Content-Language content=" de-CH "><p id=a></p><div lang=fr><p id=b></p><p id=c lang=""></p>\
      <svg><g id=d xml:lang=en-GB lang=fr></g></svg></div>
      """)
    XCTAssertEqual(try document.querySelectorAll(":lang(de)").map(\.id).filter { !$0.isEmpty }, ["a"])
    XCTAssertEqual(try document.querySelectorAll(":lang(FR)").map(\.localName), ["div", "p", "svg"])
    XCTAssertEqual(try document.querySelectorAll(":lang(en)").map(\.id), ["d"])
    XCTAssertEqual(try document.querySelectorAll("p:not(:lang(de), :lang(fr))").map(\.id), ["c"])
    let a = try XCTUnwrap(document.getElementById("a"))
    let detached = try XCTUnwrap(a.cloneNode(deep: true) as? Element)
    XCTAssertTrue(try a.matches(":lang(de-ch)"))
    XCTAssertFalse(try detached.matches(":lang(de)"))
    let fragment = document.createDocumentFragment()
    try fragment.append(.node(detached))
    XCTAssertEqual(try fragment.querySelectorAll(":lang(de)").count, 0)
  }

  /// `:target` is the element the document URL's fragment names, by ID (or an `a` by name), in the document only.
  func testTargetFollowsTheURLFragment() throws {
    let document = Document.parse(html: "<p id=x></p><a name=caf%C3%A9 id=y></a><p id=café></p>")
    XCTAssertNil(try document.querySelector(":target"))
    document.url = try XCTUnwrap(URLRecord("https://example.org/#x"))
    XCTAssertEqual(try document.querySelectorAll(":target").map(\.id), ["x"])
    let x = try XCTUnwrap(document.getElementById("x"))
    let clone = try XCTUnwrap(x.cloneNode() as? Element)
    XCTAssertTrue(try x.matches(":target"))
    XCTAssertFalse(try clone.matches(":target"), "a detached copy with the same ID is not the target")
    document.url = try XCTUnwrap(URLRecord("https://example.org/#caf%C3%A9"))
    XCTAssertEqual(try document.querySelector(":target")?.id, "y", "the fragment as it is comes first")
    try XCTUnwrap(document.getElementById("y")).removeAttribute("name")
    XCTAssertEqual(try document.querySelector(":target")?.id, "café", "then the percent-decoded fragment")
  }

  /// `:root` is the document element only, not a fragment's or a detached tree's top element.
  func testRootIsTheDocumentElement() throws {
    let document = Document.parse(html: "<div id=r><p></p></div>")
    let div = try XCTUnwrap(document.getElementById("r"))
    let detached = try XCTUnwrap(div.cloneNode(deep: true) as? Element)
    XCTAssertFalse(try detached.matches(":root"))
    let fragment = document.createDocumentFragment()
    try fragment.append(.node(div.cloneNode(deep: true)))
    XCTAssertEqual(try fragment.querySelectorAll(":root").count, 0)
    XCTAssertEqual(try fragment.querySelectorAll(":scope").count, 0)
    XCTAssertEqual(try document.querySelector(":root")?.localName, "html")
  }

  /// Namespaces: `|E` is in no namespace, `[*|a]` finds `xlink:href`; an undeclared prefix is a SyntaxError.
  func testNamespaceSelectors() throws {
    let document = Document.parse(html: "<svg id=s xlink:href=foo></svg><div id=d></div>")
    let plain = try document.createElementNS(nil, "div")
    try plain.setAttribute("id", "plain")
    try XCTUnwrap(document.body).append(.node(plain))
    XCTAssertEqual(try document.querySelectorAll("|div").map(\.id), ["plain"])
    XCTAssertEqual(try document.querySelectorAll("*|div").map(\.id), ["d", "plain"])
    XCTAssertEqual(try document.querySelectorAll("[*|href]").map(\.id), ["s"])
    XCTAssertEqual(try document.querySelectorAll("[*|href=foo]").map(\.id), ["s"])
    XCTAssertEqual(try document.querySelectorAll("[|href]").count, 0)
    XCTAssertThrowsDOMException(.syntaxError, try document.querySelector("ns|div"))
    XCTAssertThrowsDOMException(.syntaxError, try plain.matches(":not(ns|div)"))
  }

  /// Pseudo-elements parse and match nothing (an unknown one is still a SyntaxError).
  func testPseudoElementsMatchNothing() throws {
    let document = Document.parse(html: "<p id=p>x</p>")
    let p = try XCTUnwrap(document.getElementById("p"))
    XCTAssertEqual(try document.querySelectorAll("#p::before, #p:first-line, ::slotted(p").count, 0)
    XCTAssertFalse(try p.matches("p::after"))
    XCTAssertNil(try p.closest("::first-letter"))
    XCTAssertThrowsDOMException(.syntaxError, try document.querySelector("p::example"))
  }

  /// `:valid`/`:invalid`: a required control without a value is invalid, and so are the fieldset and form around it.
  func testValidityFromRequiredControls() throws {
    let document = Document.parse(html: """
      <form id=f><fieldset id=fs><input id=empty required><input id=full required value=x>\
      <select id=s1 required><option value="">Pick</option><option selected>A</option></select>\
      <select id=s2 required><option value="">Pick</option><option>A</option></select>\
      <input id=box type=checkbox required><input id=hidden type=hidden required>\
      <input id=ro required readonly><textarea id=ta required></textarea></fieldset>\
      <fieldset id=ok><input type=radio name=r required><input type=radio name=r checked><button id=b></button>\
      </fieldset></form><p id=p></p>
      """)
    XCTAssertEqual(try document.querySelectorAll(":invalid").map(\.id), ["f", "fs", "empty", "s2", "box", "ta"])
    XCTAssertEqual(try document.querySelectorAll(":valid").map(\.id), ["full", "s1", "ok", "", "", "b"])
    let empty = try XCTUnwrap(document.getElementById("empty"))
    try empty.setAttribute("value", "filled")
    try XCTUnwrap(document.getElementById("s2")).setAttribute("size", "2")
    try XCTUnwrap(document.getElementById("box")).setAttribute("disabled", "")
    try XCTUnwrap(document.getElementById("ta")).append("t")
    XCTAssertEqual(try document.querySelectorAll(":invalid").map(\.id), ["f", "fs", "s2"], "a listbox has no placeholder option")
  }

  /// A query walks the raw tree: the only wrappers it makes are those of the elements it returns (through
  /// wrappers, a query over a large page made one for every node it passed, text and comments included).
  func testAQueryMakesWrappersOnlyForWhatItReturns() throws {
    let document = Document.parse(html: "<!doctype html><body>" + String(
      repeating: "<div class=c><p>one <b>two</b> <!-- three --></p><p class=x lang=en>four</p></div>", count: 50))
    let before = document.wrapperCount
    XCTAssertEqual(try document.querySelectorAll("div > p.x:last-child, body b:empty").count, 50)
    XCTAssertEqual(document.wrapperCount - before, 50)
    XCTAssertEqual(try document.querySelectorAll("p:has(> b):not([lang]):nth-child(odd of p)").count, 50)
    XCTAssertEqual(document.wrapperCount - before, 100)
  }

  /// A type selector compares the element's name in place (LibXML.hasName), byte for byte and whole.
  func testTypeSelectorsCompareWholeNames() throws {
    let document = Document.parse(html: "<!doctype html><body><div></div><svg><foreignObject></foreignObject></svg>")
    for (selector, count) in [("div", 1), ("DIV", 1), ("di", 0), ("divx", 0), ("foreignObject", 1), ("foreignobject", 0)] {
      XCTAssertEqual(try document.querySelectorAll(selector).count, count, selector)
    }
    let element = try document.createElement("caf\u{E9}")
    XCTAssertTrue(LibXML.hasName(element.raw, "caf\u{E9}"))
    for other in ["caf", "caf\u{E9}s", "", "caf\u{E9}\0", "c\0"] { XCTAssertFalse(LibXML.hasName(element.raw, other), other) }
  }

  /// A list's selectors are skipped for elements whose name key (length and first seven bytes) is not their subject's;
  /// names sharing a key still get the full comparison, and only the subject (the rightmost compound) is keyed.
  func testAListSkipsSelectorsByTheSubjectsName() throws {
    let document = Document.parse(html: "<!doctype html><body><custom-element-a></custom-element-a>"
      + "<custom-element-b></custom-element-b><custom-element-ab></custom-element-ab><div><p></p><span></span></div>"
      + "<svg><foreignObject></foreignObject></svg>")
    // Same length and first seven bytes as foreignObject, so the same key: only the full comparison tells them apart.
    let svg = try XCTUnwrap(document.querySelector("svg"))
    _ = try svg.appendChild(try document.createElementNS("http://www.w3.org/2000/svg", "foreignObjecT"))
    let cases: [(String, [String])] = [
      ("custom-element-b", ["custom-element-b"]),
      ("h1, custom-element-ab, custom-element-x", ["custom-element-ab"]),
      ("div > p, div span", ["p", "span"]),
      ("p, div", ["div", "p"]),
      ("FOREIGNOBJECT, foreignObject", ["foreignObject"]),
      ("*, nosuch", ["html", "head", "body", "custom-element-a", "custom-element-b", "custom-element-ab", "div", "p",
                     "span", "svg", "foreignObject", "foreignObjecT"]),
      ("body > .none, :not(div) > span", []),
    ]
    for (selector, names) in cases {
      XCTAssertEqual(try document.querySelectorAll(selector).map(\.localName), names, selector)
    }
  }
}
