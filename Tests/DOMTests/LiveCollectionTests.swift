import XCTest
@testable import DOM

final class LiveCollectionTests: XCTestCase {
  func testChildNodesAndChildrenFollowTheTree() throws {
    let document = Document.parse(html: "<body><p>a</p>text<p>b</p></body>")
    let body = try XCTUnwrap(document.body)
    let childNodes = LiveCollection.childNodes(of: body), children = LiveCollection.children(of: body)
    XCTAssertEqual(childNodes.length, 3)
    XCTAssertEqual(children.length, 2)
    XCTAssertEqual(children.item(1)?.textContent, "b")

    let span = try document.createElement("span")
    try body.insertBefore(span, body.firstChild)
    XCTAssertEqual(childNodes.length, 4)
    XCTAssertTrue(childNodes.item(0) === span)
    XCTAssertTrue(children.item(0) === span)
    XCTAssertEqual(children.elements.map(\.nodeName), ["SPAN", "P", "P"])

    try body.removeChild(span)
    XCTAssertEqual(children.length, 2)
    XCTAssertNil(children.item(2))
    XCTAssertNil(children.item(-1))
  }

  func testGetElementsByQueriesAreLive() throws {
    let document = Document.parse(html: "<body><div class='a b'><p name=x></p></div><p class=A></p></body>")
    let body = try XCTUnwrap(document.body)
    let ps = LiveCollection.elements(byTagName: "P", under: document)
    let classAB = LiveCollection.elements(byClassNames: "b a", under: body)
    let named = LiveCollection.elements(byName: "x", under: document)
    XCTAssertEqual([ps.length, classAB.length, named.length], [2, 1, 1])

    let p = try XCTUnwrap(ps.item(1) as? Element)
    try p.setAttribute("class", "a b")
    try p.setAttribute("name", "x")
    XCTAssertEqual([classAB.length, named.length], [2, 2])
    try body.appendChild(try document.createElement("p"))
    XCTAssertEqual(ps.length, 3)
    body.textContent = ""
    XCTAssertEqual([ps.length, classAB.length, named.length], [0, 0, 0])
  }

  func testGetElementsByTagNameNSMatchesNamespaceAndLocalName() throws {
    let document = Document.parse(html: "<body><p></p><svg><g></g><rect/></svg></body>")
    let html = "http://www.w3.org/1999/xhtml", svg = "http://www.w3.org/2000/svg"
    let count = { (namespace: String?, localName: String) in
      LiveCollection.elements(byNamespace: namespace, localName: localName, under: document).length
    }
    XCTAssertEqual(count(html, "p"), 1)
    XCTAssertEqual(count(svg, "g"), 1)
    XCTAssertEqual(count(html, "g"), 0)
    XCTAssertEqual(count("*", "p"), 1)
    XCTAssertEqual(count(svg, "*"), 3)
    XCTAssertEqual(count("*", "*"), 7)
    XCTAssertEqual(count("", "p"), 0)
    XCTAssertEqual(count(nil, "*"), 0)
  }

  func testIndexedReadsWalkOnlyAsFarAsTheIndex() throws {
    let document = Document.parse(html: "<body>" + String(repeating: "<p></p>", count: 1000) + "</body>")
    var visited = 0
    let ps = LiveCollection.elements(under: document) { element in
      visited += 1
      return element.nodeName == "P"
    }
    XCTAssertEqual(ps.item(0)?.nodeName, "P")
    XCTAssertLessThan(visited, 10, "item(0) stops at the first match")
    XCTAssertEqual(ps.length, 1000)
    let afterLength = visited
    for i in 0..<1000 { XCTAssertNotNil(ps.item(i)) }
    XCTAssertEqual(ps.length, 1000)
    XCTAssertEqual(visited, afterLength, "an unchanged tree is not walked again")
  }

  func testOtherAttributesAndTextDoNotInvalidate() throws {
    let document = Document.parse(html: "<body><p>x</p></body>")
    var visited = 0
    let ps = LiveCollection.elements(under: document) { element in
      visited += 1
      return element.nodeName == "P"
    }
    XCTAssertEqual(ps.length, 1)
    let before = visited
    let p = try XCTUnwrap(ps.item(0) as? Element)
    try p.setAttribute("data-x", "1")
    XCTAssertEqual(ps.length, 1)
    XCTAssertEqual(visited, before)
    try p.setAttribute("id", "y")
    XCTAssertEqual(ps.length, 1)
    XCTAssertGreaterThan(visited, before)
  }
}
