import XCTest
@testable import DOM

final class NodeTests: XCTestCase {
  func testEmptyDocumentHasSkeleton() throws {
    let document = Document()
    XCTAssertEqual(shape(document), "<html><head></head><body></body></html>")
    XCTAssertEqual(document.documentElement?.localName, "html")
    XCTAssertEqual(document.head?.localName, "head")
    XCTAssertEqual(document.body?.localName, "body")
    XCTAssertEqual(document.nodeType, .document)
    XCTAssertEqual(document.nodeName, "#document")
    XCTAssertNil(document.ownerDocument)
    XCTAssertTrue(document.body?.ownerDocument === document)
    XCTAssertEqual(Document(skeleton: false).childNodes.count, 0)
  }

  func testSameWrapperForSameNode() throws {
    let document = Document()
    let body = try XCTUnwrap(document.body)
    XCTAssertTrue(document.body === body)
    XCTAssertTrue(document.documentElement?.lastChild === body)
    XCTAssertTrue(body.parentNode === document.documentElement)
    XCTAssertTrue(document.documentElement?.parentNode === document)
    XCTAssertTrue(body.getRootNode() === document)
    let div = try document.createElement("div")
    try body.appendChild(div)
    XCTAssertTrue(body.firstChild === div)
    XCTAssertTrue(document.descendants().contains { $0 === div })
    XCTAssertTrue(div.isSameNode(body.childNodes[0]))
  }

  func testNodeNamesAndTypes() throws {
    let document = Document()
    XCTAssertEqual(try document.createElement("DiV").nodeName, "DIV")
    XCTAssertEqual(try document.createElement("DiV").localName, "div")
    XCTAssertEqual(document.createTextNode("x").nodeName, "#text")
    XCTAssertEqual(document.createComment("x").nodeType, .comment)
    XCTAssertEqual(document.createDocumentFragment().nodeName, "#document-fragment")
    let svg = try document.createElementNS("http://www.w3.org/2000/svg", "svg:rect")
    XCTAssertEqual(svg.nodeName, "svg:rect")
    XCTAssertEqual(svg.localName, "rect")
    XCTAssertEqual(svg.prefix, "svg")
    XCTAssertEqual(svg.namespaceURI, "http://www.w3.org/2000/svg")
    XCTAssertFalse(svg.isHTML)
    let doctype = try document.createDocumentType("html", publicId: "p", systemId: "s")
    XCTAssertEqual(doctype.nodeType, .documentType)
    XCTAssertEqual([doctype.name, doctype.publicId, doctype.systemId], ["html", "p", "s"])
    XCTAssertNil(doctype.textContent)
  }

  func testTextContentAndNodeValue() throws {
    let document = Document()
    let body = try XCTUnwrap(document.body)
    let p = make(document, "p", [:], [document.createTextNode("a"), make(document, "b", [:], [document.createTextNode("b")]),
                                      document.createComment("skip"), document.createTextNode("c")])
    try body.appendChild(p)
    XCTAssertEqual(p.textContent, "abc")
    XCTAssertNil(p.nodeValue)
    XCTAssertNil(document.textContent)
    p.textContent = "new"
    XCTAssertEqual(shape(p), "<p>'new'</p>")
    p.textContent = ""
    XCTAssertFalse(p.hasChildNodes())
    let text = document.createTextNode("t")
    text.nodeValue = "u"
    XCTAssertEqual(text.data, "u")
  }

  func testIsConnectedAndContains() throws {
    let document = Document()
    let body = try XCTUnwrap(document.body)
    let div = try document.createElement("div")
    XCTAssertFalse(div.isConnected)
    try body.appendChild(div)
    XCTAssertTrue(div.isConnected)
    XCTAssertTrue(document.contains(div))
    XCTAssertTrue(div.contains(div))
    XCTAssertFalse(div.contains(body))
    XCTAssertFalse(div.contains(nil))
    div.remove()
    XCTAssertFalse(div.isConnected)
    XCTAssertNil(div.parentNode)
  }

  func testCharacterDataEditing() throws {
    let document = Document()
    let text = document.createTextNode("héllo😀")
    XCTAssertEqual(text.length, 7)
    XCTAssertEqual(try text.substringData(1, 4), "éllo")
    try text.insertData(0, ">")
    try text.deleteData(6, 2)
    XCTAssertEqual(text.data, ">héllo")
    try text.replaceData(1, 5, "bye")
    XCTAssertEqual(text.data, ">bye")
    text.appendData("!")
    XCTAssertEqual(text.data, ">bye!")
    XCTAssertThrowsDOMException(.indexSizeError, try text.substringData(9, 1))
  }

  func testSplitTextInsertsSibling() throws {
    let document = Document()
    let p = make(document, "p", [:], [document.createTextNode("hello world")])
    let first = try XCTUnwrap(p.firstChild as? Text)
    let rest = try first.splitText(5)
    XCTAssertEqual(shape(p), "<p>'hello'' world'</p>")
    XCTAssertTrue(first.nextSibling === rest)
    XCTAssertEqual(rest.wholeText, "hello world")
    XCTAssertThrowsDOMException(.indexSizeError, try first.splitText(99))
  }
}
