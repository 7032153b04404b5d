import URLStandard
import XCTest
@testable import DOM

final class DocumentParsingTests: XCTestCase {
  func testParseDocumentGivesWrappedTree() throws {
    let document = Document.parse(
      html: "<!DOCTYPE html><title> A  page </title><p id=x class='a b'>Hi <b>there</b><template><i>t</i></template>",
      url: try XCTUnwrap(URLRecord("https://example.org/a/")))
    XCTAssertEqual(document.doctype?.name, "html")
    XCTAssertEqual(document.compatMode, "CSS1Compat")
    XCTAssertEqual(document.title, "A page")
    let p = try XCTUnwrap(document.getElementById("x"))
    XCTAssertEqual(p.classes, ["a", "b"])
    XCTAssertEqual(p.textContent, "Hi there")
    XCTAssertTrue(p.parentNode === document.body)
    let template = try XCTUnwrap(document.querySelector("template"))
    XCTAssertFalse(template.hasChildNodes())
    XCTAssertEqual(template.innerHTML, "<i>t</i>")
    XCTAssertEqual(document.serialize(),
      "<!DOCTYPE html><html><head><title> A  page </title></head><body><p id=\"x\" class=\"a b\">Hi <b>there</b><template><i>t</i></template></p></body></html>")
    XCTAssertEqual(Document.parse(html: "<p>no doctype").compatMode, "BackCompat")
  }

  /// A window connects a parsed page's iframes; the parser says when there are none, so no walk is needed then.
  /// The answer must follow later changes to the tree, and iframes in foster-parented or adopted positions count.
  func testFramesOfAParsedDocumentFollowTheParserAndLaterChanges() throws {
    let plain = Document.parse(html: "<p>no frames<template><iframe></iframe></template>")
    XCTAssertEqual(Node.frames(in: plain).count, 0)
    let frame = try plain.createElement("iframe")
    try plain.body?.appendChild(frame)
    XCTAssertEqual(Node.frames(in: plain).map(\.localName), ["iframe"])
    let framed = Document.parse(html: "<table><iframe name=a></iframe><tr><td><b><p><iframe name=b></iframe></b>")
    XCTAssertEqual(Node.frames(in: framed).map { $0.getAttribute("name") }, ["a", "b"])
  }

  func testParseBytesUsesMetaCharset() throws {
    let bytes: [UInt8] = Array("<meta charset=windows-1252><p>caf".utf8) + [0xE9]
    let document = try Document.parse(bytes: bytes)
    XCTAssertEqual(document.characterSet, "windows-1252")
    XCTAssertEqual(try document.querySelector("p")?.textContent, "café")
  }

  func testInnerHTMLGetAndSet() throws {
    let document = Document()
    let body = try XCTUnwrap(document.body)
    body.innerHTML = "<ul><li>one<li>two</ul>text &amp; more"
    XCTAssertEqual(try body.querySelectorAll("li").count, 2)
    XCTAssertEqual(body.childNodes.count, 2)
    XCTAssertEqual(body.innerHTML, "<ul><li>one</li><li>two</li></ul>text &amp; more")
    let table = make(document, "table")
    table.innerHTML = "<tr><td>cell"
    XCTAssertEqual(table.innerHTML, "<tbody><tr><td>cell</td></tr></tbody>", "parsed in the table's context")
    let template = make(document, "template")
    template.innerHTML = "<b>in</b>"
    XCTAssertFalse(template.hasChildNodes())
    XCTAssertEqual(template.templateContent?.childNodes.count, 1)
    XCTAssertEqual(template.outerHTML, "<template><b>in</b></template>")
  }

  func testOuterHTMLAndInsertAdjacentHTML() throws {
    let document = Document()
    let body = try XCTUnwrap(document.body)
    body.innerHTML = "<div id=d><span>s</span></div>"
    let div = try XCTUnwrap(document.getElementById("d"))
    XCTAssertEqual(div.outerHTML, "<div id=\"d\"><span>s</span></div>")
    try div.insertAdjacentHTML(.beforeBegin, "<hr>")
    try div.insertAdjacentHTML(.afterBegin, "<i>1</i>")
    try div.insertAdjacentHTML(.beforeEnd, "2")
    try div.insertAdjacentHTML(.afterEnd, "<br>")
    XCTAssertEqual(body.innerHTML, "<hr><div id=\"d\"><i>1</i><span>s</span>2</div><br>")
    try div.setOuterHTML("<p>new</p><p>two</p>")
    XCTAssertNil(div.parentNode)
    XCTAssertEqual(body.innerHTML, "<hr><p>new</p><p>two</p><br>")
    XCTAssertThrowsDOMException(.noModificationAllowedError, try XCTUnwrap(document.documentElement).setOuterHTML("<x>"))
    XCTAssertThrowsDOMException(.noModificationAllowedError,
                                try XCTUnwrap(document.documentElement).insertAdjacentHTML(.afterEnd, "<x>"))
  }

  func testDocumentWrite() throws {
    let document = Document.parse(html: "<p>old</p>")
    document.open()
    document.write("<!DOCTYPE html><title>W</title><p id=a>one")
    XCTAssertEqual(document.getElementById("a")?.textContent, "one")
    document.write("</p><p id=b>two")
    document.close()
    XCTAssertEqual(document.title, "W")
    XCTAssertEqual(try document.querySelectorAll("p").map(\.id), ["a", "b"])
    XCTAssertNil(try document.querySelector("p:not([id])"), "open() removed the old content")
    XCTAssertEqual(document.compatMode, "CSS1Compat")
  }

  func testParsedNodesSurviveTheirDocument() throws {
    let target = Document()
    do {
      let source = Document.parse(html: "<!DOCTYPE html><svg><use xlink:href='#a'/></svg><template id=t><b>x</b></template>")
      let doctype = try XCTUnwrap(source.doctype)
      doctype.remove()
      XCTAssertNil(source.doctype)
      XCTAssertFalse(source.serialize().hasPrefix("<!DOCTYPE"))
      try XCTUnwrap(target.body).append(
        .node(try XCTUnwrap(source.querySelector("svg"))), .node(try XCTUnwrap(source.getElementById("t"))))
      try target.insertBefore(doctype, target.firstChild)
    }
    XCTAssertEqual(target.serialize(),
      "<!DOCTYPE html><html><head></head><body><svg><use xlink:href=\"#a\"></use></svg><template id=\"t\"><b>x</b></template></body></html>")
    let use = try XCTUnwrap(target.querySelector("use"))
    XCTAssertEqual(use.getAttributeNS("http://www.w3.org/1999/xlink", "href"), "#a")
    XCTAssertEqual(use.namespaceURI, "http://www.w3.org/2000/svg")
  }
}
