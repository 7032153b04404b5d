import XCTest
@testable import DOM

final class MutationTests: XCTestCase {
  func testDetachMoveReinsertAndDeepClone() throws {
    let document = Document()
    let body = try XCTUnwrap(document.body)
    let list = make(document, "ul", ["id": "l"], [
      make(document, "li", [:], [document.createTextNode("one")]),
      make(document, "li", [:], [document.createTextNode("two")]),
    ])
    let aside = make(document, "aside")
    try body.append(.node(list), .node(aside))
    let first = try XCTUnwrap(list.firstElementChild)

    // Detach: the node survives, keeps its subtree and its wrapper.
    try list.removeChild(first)
    XCTAssertNil(first.parentNode)
    XCTAssertEqual(shape(first), "<li>'one'</li>")
    XCTAssertEqual(shape(list), "<ul id=\"l\"><li>'two'</li></ul>")

    // Move a connected node: appending it elsewhere removes it from its old parent.
    let second = try XCTUnwrap(list.firstElementChild)
    try aside.appendChild(second)
    XCTAssertEqual(shape(list), "<ul id=\"l\"></ul>")
    XCTAssertTrue(second.parentNode === aside)

    // Re-insert the detached node.
    try list.appendChild(first)
    XCTAssertTrue(first.parentNode === list)
    XCTAssertTrue(first.isConnected)

    // Deep clone: equal, distinct, unlinked; shallow clone has no children.
    let copy = list.cloneNode(deep: true)
    XCTAssertNil(copy.parentNode)
    XCTAssertFalse(copy === list)
    XCTAssertTrue(copy.isEqualNode(list))
    XCTAssertEqual(shape(copy), "<ul id=\"l\"><li>'one'</li></ul>")
    XCTAssertFalse(copy.firstChild === list.firstChild)
    XCTAssertEqual(list.cloneNode(deep: false).childNodes.count, 0)
    (copy.firstChild?.firstChild as? Text)?.data = "changed"
    XCTAssertEqual(list.textContent, "one")
    XCTAssertFalse(copy.isEqualNode(list))

    XCTAssertEqual(shape(body), "<body><ul id=\"l\"><li>'one'</li></ul><aside><li>'two'</li></aside></body>")
  }

  func testInsertBeforeItselfAndReferenceOrder() throws {
    let document = Document()
    let parent = make(document, "div")
    let a = document.createTextNode("a"), b = document.createTextNode("b"), c = document.createTextNode("c")
    try parent.append(.node(a), .node(b), .node(c))
    try parent.insertBefore(c, a)
    XCTAssertEqual(shape(parent), "<div>'c''a''b'</div>")
    try parent.insertBefore(b, b)
    XCTAssertEqual(shape(parent), "<div>'c''a''b'</div>")
    try parent.insertBefore(c, nil)
    XCTAssertEqual(shape(parent), "<div>'a''b''c'</div>")
  }

  func testTextNodesAreNeverMerged() throws {
    let document = Document()
    let p = make(document, "p")
    try p.appendChild(document.createTextNode("a"))
    try p.appendChild(document.createTextNode("b"))
    try p.insertBefore(document.createTextNode("0"), p.firstChild)
    try p.append("c", "d")
    XCTAssertEqual(p.childNodes.count, 5)
    XCTAssertEqual(shape(p), "<p>'0''a''b''c''d'</p>")
    let middle = p.childNodes[2]
    middle.remove()
    XCTAssertEqual(p.childNodes.count, 4, "removing between two texts must not merge them")
    XCTAssertEqual((middle as? Text)?.data, "b")
  }

  func testNormalizeMergesAndDropsEmptyTexts() throws {
    let document = Document()
    let p = make(document, "p")
    try p.append("a", "", "b", .node(make(document, "i", [:], [document.createTextNode(""), document.createTextNode("x")])), "c")
    let first = try XCTUnwrap(p.firstChild as? Text)
    p.normalize()
    XCTAssertEqual(shape(p), "<p>'ab'<i>'x'</i>'c'</p>")
    XCTAssertTrue(p.firstChild === first, "normalize keeps the first Text node of a run")
  }

  func testNormalizeLeavesCDATASectionsAndOtherEmptyNonTextNodes() throws {
    let html = Document()
    let xml = try html.implementation.createDocument(nil, "r", doctype: nil)
    let root = try XCTUnwrap(xml.documentElement)
    let empties: [Node] = [
      try xml.createProcessingInstruction("pi", ""), try xml.createCDATASection(""), xml.createComment(""),
      try xml.createElement("el"), try xml.createCDATASection("x"),
    ]
    for node in empties {
      try root.appendChild(xml.createTextNode("t"))
      try root.appendChild(node)
    }
    try root.appendChild(xml.createTextNode("t"))
    let before = root.childNodes
    root.normalize()
    XCTAssertEqual(root.childNodes.map(ObjectIdentifier.init), before.map(ObjectIdentifier.init),
                   "an empty CDATASection is not an exclusive Text node: normalize neither drops nor merges it")
  }

  func testDocumentFragmentInsertsItsChildren() throws {
    let document = Document()
    let body = try XCTUnwrap(document.body)
    let fragment = document.createDocumentFragment()
    try fragment.append(.node(make(document, "h1")), "text", .node(make(document, "p")))
    XCTAssertEqual(fragment.childNodes.count, 3)
    try body.appendChild(fragment)
    XCTAssertEqual(fragment.childNodes.count, 0)
    XCTAssertEqual(shape(body), "<body><h1></h1>'text'<p></p></body>")
    XCTAssertTrue(body.firstChild?.parentNode === body)
    // An empty fragment inserts nothing.
    try body.appendChild(fragment)
    XCTAssertEqual(body.childNodes.count, 3)
  }

  func testHierarchyErrors() throws {
    let document = Document()
    let body = try XCTUnwrap(document.body)
    let html = try XCTUnwrap(document.documentElement)
    let text = document.createTextNode("t")
    XCTAssertThrowsDOMException(.hierarchyRequestError, try body.appendChild(html))
    XCTAssertThrowsDOMException(.hierarchyRequestError, try body.appendChild(body))
    XCTAssertThrowsDOMException(.hierarchyRequestError, try text.appendChild(document.createTextNode("x")))
    XCTAssertThrowsDOMException(.hierarchyRequestError, try document.appendChild(document.createTextNode("x")))
    XCTAssertThrowsDOMException(.hierarchyRequestError, try document.appendChild(make(document, "div")))
    XCTAssertThrowsDOMException(.hierarchyRequestError, try body.appendChild(document))
    XCTAssertThrowsDOMException(.hierarchyRequestError, try body.appendChild(try document.createDocumentType("html")))
    XCTAssertThrowsDOMException(.notFoundError, try body.insertBefore(text, html))
    XCTAssertThrowsDOMException(.notFoundError, try body.removeChild(text))
    XCTAssertThrowsDOMException(.notFoundError, try body.replaceChild(text, text))
    let twoElements = document.createDocumentFragment()
    try twoElements.append(.node(make(document, "a")), .node(make(document, "b")))
    XCTAssertThrowsDOMException(.hierarchyRequestError, try document.replaceChild(twoElements, html))
    // A failed insertion changes nothing.
    XCTAssertEqual(shape(document), "<html><head></head><body></body></html>")
  }

  func testDoctypeRulesOnDocument() throws {
    let document = Document()
    let html = try XCTUnwrap(document.documentElement)
    let doctype = try document.createDocumentType("html")
    XCTAssertThrowsDOMException(.hierarchyRequestError, try document.appendChild(doctype))
    try document.insertBefore(doctype, html)
    XCTAssertTrue(document.doctype === doctype)
    XCTAssertTrue(document.firstChild === doctype)
    XCTAssertThrowsDOMException(.hierarchyRequestError, try document.insertBefore(try document.createDocumentType("x"), html))
    // Replace the root element; then swap the doctype.
    let other = make(document, "html", ["lang": "en"])
    try document.replaceChild(other, html)
    XCTAssertTrue(document.documentElement === other)
    let replacement = try document.createDocumentType("svg")
    try document.replaceChild(replacement, doctype)
    XCTAssertEqual(document.doctype?.name, "svg")
    doctype.remove()
    replacement.remove()
    XCTAssertNil(document.doctype)
    try document.prepend(.node(doctype))
    XCTAssertEqual(document.doctype?.name, "html")
  }

  func testReplaceChildAndChildNodeMethods() throws {
    let document = Document()
    let div = make(document, "div")
    let a = make(document, "a"), b = make(document, "b"), c = make(document, "c")
    try div.append(.node(a), .node(b), .node(c))
    let old = try div.replaceChild(document.createTextNode("x"), b)
    XCTAssertTrue(old === b)
    XCTAssertNil(b.parentNode)
    XCTAssertEqual(shape(div), "<div><a></a>'x'<c></c></div>")
    try a.before("0")
    try a.after(.node(b), "1")
    try c.replaceWith("C", .node(c))
    XCTAssertEqual(shape(div), "<div>'0'<a></a><b></b>'1''x''C'<c></c></div>")
    try div.prepend(.node(c))
    XCTAssertEqual(shape(div), "<div><c></c>'0'<a></a><b></b>'1''x''C'</div>")
    try div.replaceChildren("only")
    XCTAssertEqual(shape(div), "<div>'only'</div>")
    // No parent: before/after/replaceWith/remove do nothing.
    let lone = make(document, "span")
    try lone.before("x")
    try lone.replaceWith("y")
    lone.remove()
    XCTAssertNil(lone.parentNode)
  }

  func testInsertAdjacent() throws {
    let document = Document()
    let body = try XCTUnwrap(document.body)
    let p = make(document, "p", [:], [document.createTextNode("mid")])
    try body.appendChild(p)
    try p.insertAdjacentText(.beforeBegin, "1")
    try p.insertAdjacentElement(.afterBegin, make(document, "b"))
    try p.insertAdjacentText(.beforeEnd, "3")
    try p.insertAdjacentElement(.afterEnd, make(document, "hr"))
    XCTAssertEqual(shape(body), "<body>'1'<p><b></b>'mid''3'</p><hr></hr></body>")
    XCTAssertThrowsDOMException(.syntaxError, try Element.AdjacentPosition(parsing: "middle"))
    XCTAssertEqual(try Element.AdjacentPosition(parsing: "BeforeEnd"), .beforeEnd)
    XCTAssertNil(try make(document, "i").insertAdjacentElement(.afterEnd, make(document, "u")))
  }

  func testAdoptionBetweenDocuments() throws {
    let source = Document()
    let target = Document()
    let svg = try source.createElementNS("http://www.w3.org/2000/svg", "svg")
    try svg.setAttributeNS("http://www.w3.org/1999/xlink", "xlink:href", "#a")
    let div = make(source, "div", ["class": "moved"], [svg])
    try XCTUnwrap(source.body).appendChild(div)
    let child = try XCTUnwrap(div.firstChild)

    // Appending into another document adopts: the wrappers follow.
    try XCTUnwrap(target.body).appendChild(div)
    XCTAssertTrue(div.document === target)
    XCTAssertTrue(child.document === target)
    XCTAssertTrue(target.body?.firstChild === div)
    XCTAssertTrue(div.firstChild === child)
    XCTAssertEqual(source.body?.childNodes.count, 0)
    XCTAssertEqual(svg.namespaceURI, "http://www.w3.org/2000/svg")
    XCTAssertEqual(svg.getAttributeNS("http://www.w3.org/1999/xlink", "href"), "#a")

    // importNode copies; adoptNode moves without inserting.
    let imported = try source.importNode(div, deep: true)
    XCTAssertTrue(imported.document === source)
    XCTAssertTrue(imported.isEqualNode(div))
    let adopted = try source.adoptNode(div)
    XCTAssertNil(adopted.parentNode)
    XCTAssertTrue(adopted.document === source)
    XCTAssertThrowsDOMException(.notSupportedError, try source.adoptNode(target))
    XCTAssertThrowsDOMException(.notSupportedError, try source.importNode(target))
  }

  func testAdoptedNodesOutliveTheirFirstDocument() throws {
    let target = Document()
    var svg: Element?
    do {
      let source = Document()
      let element = try source.createElementNS("http://www.w3.org/2000/svg", "svg:g")
      try element.setAttributeNS("http://www.w3.org/XML/1998/namespace", "xml:lang", "en")
      try target.adoptNode(element)
      svg = element
    }
    let element = try XCTUnwrap(svg)
    try XCTUnwrap(target.body).appendChild(element)
    XCTAssertEqual(element.namespaceURI, "http://www.w3.org/2000/svg")
    XCTAssertEqual(element.prefix, "svg")
    XCTAssertEqual(element.getAttributeNS("http://www.w3.org/XML/1998/namespace", "lang"), "en")
    XCTAssertEqual(element.getAttribute("xml:lang"), "en")
  }
}
