import XCTest
@testable import DOM

final class ElementTests: XCTestCase {
  func testAttributesInOrderAndCaseFolding() throws {
    let document = Document()
    let div = try document.createElement("div")
    try div.setAttribute("Data-X", "1")
    try div.setAttribute("title", "t")
    try div.setAttribute("data-x", "2")
    XCTAssertEqual(div.getAttributeNames(), ["data-x", "title"])
    XCTAssertEqual(div.getAttribute("DATA-X"), "2")
    XCTAssertEqual(div.attribute(named: "title"), "t")
    XCTAssertTrue(div.hasAttribute("TITLE"))
    XCTAssertNil(div.getAttribute("missing"))
    XCTAssertEqual(div.attributes, [
      .init(name: "data-x", localName: "data-x", value: "2", namespaceURI: nil, prefix: nil),
      .init(name: "title", localName: "title", value: "t", namespaceURI: nil, prefix: nil),
    ])
    div.removeAttribute("data-x")
    XCTAssertEqual(div.getAttributeNames(), ["title"])
    div.removeAttribute("data-x")
    XCTAssertTrue(div.hasAttributes())
    XCTAssertThrowsDOMException(.invalidCharacterError, try div.setAttribute("a b", "x"))
    XCTAssertThrowsDOMException(.invalidCharacterError, try div.setAttribute("", "x"))
  }

  func testAttributeValuesAreLiteral() throws {
    let document = Document()
    let a = try document.createElement("a")
    try a.setAttribute("href", "?a=1&amp;b=<2>\"")
    XCTAssertEqual(a.getAttribute("href"), "?a=1&amp;b=<2>\"")
    try a.setAttribute("href", "&lt;")
    XCTAssertEqual(a.getAttribute("href"), "&lt;")
    try a.setAttribute("empty", "")
    XCTAssertEqual(a.getAttribute("empty"), "")
  }

  func testToggleAttribute() throws {
    let document = Document()
    let element = try document.createElement("input")
    XCTAssertTrue(try element.toggleAttribute("disabled"))
    XCTAssertEqual(element.getAttribute("disabled"), "")
    XCTAssertTrue(try element.toggleAttribute("DISABLED", force: true))
    XCTAssertFalse(try element.toggleAttribute("disabled"))
    XCTAssertFalse(element.hasAttribute("disabled"))
    XCTAssertFalse(try element.toggleAttribute("disabled", force: false))
    XCTAssertFalse(element.hasAttribute("disabled"))
  }

  func testNamespacedAttributes() throws {
    let document = Document()
    let use = try document.createElementNS("http://www.w3.org/2000/svg", "use")
    try use.setAttributeNS("http://www.w3.org/1999/xlink", "xlink:href", "#one")
    try use.setAttribute("HREF", "plain")
    XCTAssertEqual(use.getAttributeNS("http://www.w3.org/1999/xlink", "href"), "#one")
    XCTAssertEqual(use.getAttribute("xlink:href"), "#one")
    XCTAssertEqual(use.getAttribute("HREF"), "plain", "SVG elements keep attribute-name case")
    XCTAssertNil(use.getAttribute("href"))
    try use.setAttributeNS("http://www.w3.org/1999/xlink", "xlink:href", "#two")
    XCTAssertEqual(use.attributes.filter { $0.localName == "href" }.map(\.value), ["#two"])
    XCTAssertEqual(use.attributes.first?.prefix, "xlink")
    XCTAssertTrue(use.hasAttributeNS("http://www.w3.org/1999/xlink", "href"))
    use.removeAttributeNS("http://www.w3.org/1999/xlink", "href")
    XCTAssertFalse(use.hasAttributeNS("http://www.w3.org/1999/xlink", "href"))
    XCTAssertThrowsDOMException(.namespaceError, try use.setAttributeNS(nil, "x:y", "v"))
    XCTAssertThrowsDOMException(.namespaceError, try use.setAttributeNS("urn:x", "xml:y", "v"))
    XCTAssertThrowsDOMException(.namespaceError, try use.setAttributeNS("urn:x", "xmlns", "v"))
    XCTAssertThrowsDOMException(.invalidCharacterError, try use.setAttributeNS("urn:x", "a:b:c", "v"))
  }

  func testCreateElementValidationAndNamespaces() throws {
    let document = Document()
    XCTAssertThrowsDOMException(.invalidCharacterError, try document.createElement("1abc"))
    XCTAssertThrowsDOMException(.invalidCharacterError, try document.createElement("a b"))
    XCTAssertThrowsDOMException(.invalidCharacterError, try document.createElement(""))
    XCTAssertEqual(try document.createElement("my-élément").localName, "my-élément")
    let html = try document.createElementNS("http://www.w3.org/1999/xhtml", "DIV")
    XCTAssertTrue(html.isHTML)
    XCTAssertEqual(html.localName, "DIV", "createElementNS keeps case")
    let none = try document.createElementNS(nil, "thing")
    XCTAssertNil(none.namespaceURI)
    XCTAssertEqual(none.tagName, "thing")
    XCTAssertThrowsDOMException(.namespaceError, try document.createElementNS(nil, "p:thing"))
  }

  func testIdClassNameAndClasses() throws {
    let document = Document()
    let element = try document.createElement("p")
    XCTAssertEqual(element.id, "")
    element.id = "main"
    element.className = "  a\tb a\nc "
    XCTAssertEqual(element.getAttribute("id"), "main")
    XCTAssertEqual(element.classes, ["a", "b", "c"])
    XCTAssertEqual(element.className, "  a\tb a\nc ")
  }

  func testClassNamesAreSplitOnASCIIWhitespaceAndCompareByCodeUnits() throws {
    let document = Document()
    let body = try XCTUnwrap(document.body)
    // U+2000 EN QUAD is canonically equivalent to U+2002 EN SPACE (Swift's String == says equal); the DOM
    // compares code units, and neither is ASCII whitespace.
    let enQuad = make(document, "span", ["class": "\u{2000}"]), enSpace = make(document, "span", ["class": "\u{2002}"])
    try body.append(.node(enQuad), .node(enSpace))
    XCTAssertTrue(try XCTUnwrap(body.getElementsByClassName("\u{2000}").first) === enQuad)
    XCTAssertEqual(body.getElementsByClassName("\u{2000}").count, 1)
    XCTAssertEqual(body.getElementsByClassName("\u{2002}").count, 1)
    enQuad.className = "\u{2000} \u{2002} e\u{301} \u{E9}"
    XCTAssertEqual(enQuad.classes, ["\u{2000}", "\u{2002}", "e\u{301}", "\u{E9}"], "no two are the same code units")
    // A space before a combining mark, and CR LF, still separate classes (one Character, two code points).
    enQuad.className = "a \u{301}b\r\nc"
    XCTAssertEqual(enQuad.classes, ["a", "\u{301}b", "c"])
  }

  func testElementNavigation() throws {
    let document = Document()
    let div = make(document, "div")
    let a = make(document, "a"), b = make(document, "b")
    try div.append("t", .node(a), .node(document.createComment("c")), .node(b), "u")
    XCTAssertTrue(div.firstElementChild === a)
    XCTAssertTrue(div.lastElementChild === b)
    XCTAssertTrue(a.nextElementSibling === b)
    XCTAssertTrue(b.previousElementSibling === a)
    XCTAssertNil(a.previousElementSibling)
    XCTAssertEqual(div.childElementCount, 2)
    XCTAssertEqual(div.children.map(\.localName), ["a", "b"])
    XCTAssertTrue(a.parentElement === div)
    XCTAssertNil(document.documentElement?.parentElement)
  }

  func testGetElementsByTagNameAndClassNameAndId() throws {
    let document = Document()
    let body = try XCTUnwrap(document.body)
    try body.append(
      .node(make(document, "p", ["class": "x y", "id": "first"])),
      .node(make(document, "div", ["class": "y"], [make(document, "P", ["class": "X y", "id": "dup"])])),
      .node(make(document, "span", ["id": "dup"])))
    XCTAssertEqual(document.getElementsByTagName("P").count, 2)
    XCTAssertEqual(document.getElementsByTagName("*").count, 7)
    XCTAssertEqual(body.getElementsByClassName("y").map(\.localName), ["p", "div", "p"])
    XCTAssertEqual(body.getElementsByClassName(" y  x ").map(\.id), ["first"])
    XCTAssertEqual(body.getElementsByClassName("").count, 0)
    XCTAssertEqual(document.getElementById("dup")?.localName, "p")
    XCTAssertNil(document.getElementById(""))
    let fragment = document.createDocumentFragment()
    try fragment.appendChild(make(document, "i", ["id": "f"]))
    XCTAssertEqual(fragment.getElementById("f")?.localName, "i")
    XCTAssertNil(document.getElementById("f"))
  }

  func testTemplateContentIsSeparateAndCloned() throws {
    let document = Document()
    let template = make(document, "template")
    let content = try XCTUnwrap(template.templateContent)
    XCTAssertTrue(template.templateContent === content, "one content fragment per template")
    XCTAssertTrue(content.templateHost === template)
    try content.appendChild(make(document, "b", [:], [document.createTextNode("inert")]))
    XCTAssertFalse(template.hasChildNodes())
    XCTAssertNil(make(document, "div").templateContent)

    let copy = try XCTUnwrap(template.cloneNode(deep: true) as? Element)
    let copiedContent = try XCTUnwrap(copy.templateContent)
    XCTAssertFalse(copiedContent === content)
    XCTAssertEqual(shape(copiedContent), "<b>'inert'</b>")
    let shallow = try XCTUnwrap(template.cloneNode(deep: false) as? Element)
    XCTAssertEqual(shallow.templateContent?.childNodes.count, 0)

    // adoptNode leaves a template's contents with their template.
    let other = Document()
    XCTAssertTrue(try other.adoptNode(content) === content)
    XCTAssertTrue(content.document === document)
    // Moving the template to another document takes its content along.
    try other.adoptNode(template)
    XCTAssertTrue(template.templateContent === content)
    XCTAssertTrue(content.document === other)
    XCTAssertTrue(content.firstChild?.document === other)
  }
}
