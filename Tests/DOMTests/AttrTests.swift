import XCTest
@testable import DOM

/// `Attr` nodes: identity, lifetime after removal, setAttributeNode/removeAttributeNode, adoption and cloning.
final class AttrTests: XCTestCase {
  func testSameAttrEachTimeAndNodeShape() throws {
    let document = Document.parse(html: "<div id=a title=t></div>")
    let div = try XCTUnwrap(document.getElementById("a"))
    let id = try XCTUnwrap(div.getAttributeNode("ID"))
    XCTAssertTrue(div.attributeNodes[0] === id)
    XCTAssertTrue(div.getAttributeNodeNS(nil, "id") === id)
    XCTAssertEqual(id.nodeType, .attribute)
    XCTAssertEqual([id.nodeName, id.name, id.localName, id.value], ["id", "id", "id", "a"])
    XCTAssertNil(id.namespaceURI)
    XCTAssertNil(id.parentNode)
    XCTAssertNil(id.nextSibling)
    XCTAssertNil(id.firstChild)
    XCTAssertTrue(id.ownerElement === div)
    XCTAssertTrue(id.getRootNode() === id)
    XCTAssertFalse(id.isConnected)
  }

  func testValueWritesGoThroughTheElement() throws {
    let document = Document.parse(html: "<div id=a class=x></div>")
    let div = try XCTUnwrap(document.getElementById("a"))
    let attr = try XCTUnwrap(div.getAttributeNode("class"))
    attr.value = "y & <z>"
    XCTAssertEqual(div.getAttribute("class"), "y & <z>")
    XCTAssertEqual(div.getElementsByClassName("y").count, 0)
    XCTAssertEqual(document.getElementsByClassName("y").map(\.localName), ["div"])
    attr.textContent = "q"
    XCTAssertEqual(div.getAttribute("class"), "q")
  }

  func testRemovedAttrKeepsItsValueAndCanBeSetAgain() throws {
    let document = Document.parse(html: "<div id=a title=t></div>")
    let div = try XCTUnwrap(document.getElementById("a"))
    let title = try XCTUnwrap(div.getAttributeNode("title"))
    div.removeAttribute("title")
    XCTAssertNil(title.ownerElement)
    XCTAssertEqual(title.value, "t")
    title.value = "u"
    XCTAssertFalse(div.hasAttribute("title"))
    XCTAssertNil(try div.setAttributeNode(title))
    XCTAssertEqual(div.getAttribute("title"), "u")
    XCTAssertTrue(div.getAttributeNode("title") === title)
    XCTAssertTrue(try div.removeAttributeNode(title) === title)
    XCTAssertThrowsDOMException(.notFoundError, try div.removeAttributeNode(title))
  }

  func testSetAttributeNodeReplacesInPlaceAndRefusesAttrsInUse() throws {
    let document = Document.parse(html: "<div id=a title=t lang=en></div><p id=b></p>")
    let div = try XCTUnwrap(document.getElementById("a")), p = try XCTUnwrap(document.getElementById("b"))
    let old = try XCTUnwrap(div.getAttributeNode("title"))
    let fresh = try document.createAttribute("TITLE")
    fresh.value = "new"
    XCTAssertEqual(fresh.name, "title")
    XCTAssertTrue(try div.setAttributeNode(fresh) === old)
    XCTAssertEqual(div.getAttributeNames(), ["id", "title", "lang"])
    XCTAssertEqual(div.getAttribute("title"), "new")
    XCTAssertNil(old.ownerElement)
    XCTAssertEqual(old.value, "t")
    XCTAssertThrowsDOMException(.inUseAttributeError, try p.setAttributeNode(fresh))
    XCTAssertTrue(try div.setAttributeNode(fresh) === fresh)
  }

  func testCloneAndSetOnAnotherElement() throws {
    let document = Document.parse(html: "<div id=a data-x=1></div>")
    let div = try XCTUnwrap(document.getElementById("a"))
    let section = try document.createElement("section")
    for attr in div.attributeNodes {
      try section.setAttributeNode(attr.cloneNode() as! Attr)
    }
    XCTAssertEqual(section.outerHTML, "<section id=\"a\" data-x=\"1\"></section>")
    XCTAssertEqual(div.getAttribute("id"), "a")
    XCTAssertTrue(div.attributeNodes[0].isEqualNode(section.attributeNodes[0]))
    XCTAssertFalse(div.attributeNodes[0].isEqualNode(section.attributeNodes[1]))
  }

  func testNamespacedAttrAndAdoptionAcrossDocuments() throws {
    let page = Document.parse(html: "<svg id=s></svg>")
    let made = page.implementation.createHTMLDocument(title: "x")
    let attr = try made.createAttributeNS(LibXML.Namespace.xlink.rawValue, "xlink:href")
    attr.value = "#a"
    let svg = try XCTUnwrap(page.getElementById("s"))
    try svg.setAttributeNode(attr)
    XCTAssertTrue(attr.document === page)
    XCTAssertEqual(svg.getAttributeNS(LibXML.Namespace.xlink.rawValue, "href"), "#a")
    XCTAssertEqual(attr.prefix, "xlink")
    // Adopting an attribute that is set takes it off its element.
    try made.adoptNode(attr)
    XCTAssertNil(attr.ownerElement)
    XCTAssertTrue(attr.document === made)
    XCTAssertFalse(svg.hasAttributeNS(LibXML.Namespace.xlink.rawValue, "href"))
    XCTAssertEqual(attr.namespaceURI, LibXML.Namespace.xlink.rawValue)
    // An element's Attr wrappers move with it.
    let title = try XCTUnwrap(svg.getAttributeNode("id"))
    try made.body?.appendChild(svg)
    XCTAssertTrue(title.document === made)
    XCTAssertTrue(svg.getAttributeNode("id") === title)
  }

  func testCompareDocumentPositionWithAttributes() throws {
    let document = Document.parse(html: "<div id=a title=t><p id=p></p></div><span id=s></span>")
    let div = try XCTUnwrap(document.getElementById("a")), p = try XCTUnwrap(document.getElementById("p"))
    let span = try XCTUnwrap(document.getElementById("s"))
    let id = try XCTUnwrap(div.getAttributeNode("id")), title = try XCTUnwrap(div.getAttributeNode("title"))
    XCTAssertEqual(id.compareDocumentPosition(title), [.implementationSpecific, .following])
    XCTAssertEqual(title.compareDocumentPosition(id), [.implementationSpecific, .preceding])
    XCTAssertEqual(id.compareDocumentPosition(div), [.contains, .preceding])
    XCTAssertEqual(div.compareDocumentPosition(id), [.containedBy, .following])
    XCTAssertEqual(p.compareDocumentPosition(id), .preceding)
    XCTAssertEqual(id.compareDocumentPosition(p), .following)
    XCTAssertEqual(span.getAttributeNode("id")!.compareDocumentPosition(id), .preceding)
    div.removeAttribute("title")
    XCTAssertTrue(title.compareDocumentPosition(div).contains(.disconnected))
  }

  func testInvalidNames() {
    let document = Document()
    XCTAssertThrowsDOMException(.invalidCharacterError, try document.createAttribute("a b"))
    XCTAssertThrowsDOMException(.namespaceError, try document.createAttributeNS(nil, "x:y"))
  }
}
