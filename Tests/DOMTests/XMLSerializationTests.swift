import FoundationEssentials
import URLStandard
import XCTest
@testable import DOM

/// The DOM Parsing XML serialization algorithm (XMLSerializer, innerHTML/outerHTML in XML documents).
final class XMLSerializationTests: XCTestCase {
  let xmlns = LibXML.Namespace.xmlns.rawValue

  /// Documents parsed by a test, kept alive while it uses their elements (nodes refer to their document unowned).
  var documents: [Document] = []

  override func tearDown() { documents = [] }

  func parse(_ xml: String) throws -> Element {
    let document = Document.parse(xml: xml, contentType: "text/xml", url: URLRecord("about:blank")!)
    documents.append(document)
    return try XCTUnwrap(document.documentElement)
  }

  func serialize(_ node: Node) throws -> String { try XMLSerializer().serializeToString(node) }

  func testDefaultNamespacesAreDeclaredWhereTheyChange() throws {
    let root = try parse("<root><child1>value1</child1></root>")
    let another = try root.document.createElementNS("urn:foo", "another")
    let child = try XCTUnwrap(root.firstChild)
    _ = try root.replaceChild(another, child)
    _ = try another.appendChild(child)
    XCTAssertEqual(try serialize(root), #"<root><another xmlns="urn:foo"><child1 xmlns="">value1</child1></another></root>"#)
    XCTAssertEqual(try serialize(try parse(#"<root xmlns="urn:bar"><outer xmlns=""><inner>v</inner></outer></root>"#)),
                   #"<root xmlns="urn:bar"><outer xmlns=""><inner>v</inner></outer></root>"#)
    XCTAssertEqual(try serialize(try parse(#"<root xmlns="u1"><child xmlns="u1"/></root>"#)), #"<root xmlns="u1"><child/></root>"#)
    // An xmlns attribute that contradicts the element's namespace is dropped.
    let mismatched = try parse(#"<root xmlns="uri1"/>"#)
    let element = try mismatched.document.createElementNS("uri2", "c")
    try element.setAttributeNS(xmlns, "xmlns", "WRONG")
    _ = try mismatched.appendChild(element)
    XCTAssertEqual(try serialize(mismatched), #"<root xmlns="uri1"><c xmlns="uri2"/></root>"#)
  }

  func testPrefixesAreFoundKeptOrGenerated() throws {
    let root = try parse(#"<r xmlns:x0="uri" xmlns:x2="uri"><b xmlns:x1="uri"/></r>"#)
    try root.firstElementChild!.setAttributeNS("uri", "name", "v")
    XCTAssertEqual(try serialize(root), #"<r xmlns:x0="uri" xmlns:x2="uri"><b xmlns:x1="uri" x1:name="v"/></r>"#,
                   "the nearest declared prefix")
    // The attribute's own prefix is kept when nothing in scope binds it (as in Chromium), else one is generated.
    let kept = try parse(#"<r xmlns:xx="uri"/>"#)
    try kept.setAttributeNS("uri2", "p:name", "value")
    XCTAssertEqual(try serialize(kept), #"<r xmlns:xx="uri" xmlns:p="uri2" p:name="value"/>"#)
    let clash = try parse(#"<r xmlns:p="uri"/>"#)
    try clash.setAttributeNS("uri2", "p:name", "value")
    XCTAssertEqual(try serialize(clash), #"<r xmlns:p="uri" xmlns:ns1="uri2" ns1:name="value"/>"#)
    let numbered = try parse("<root><child1/><child2/></root>")
    try numbered.firstElementChild!.setAttributeNS("uri1", "attr1", "value1")
    try numbered.firstElementChild!.setAttributeNS("uri2", "attr2", "value2")
    try numbered.lastElementChild!.setAttributeNS("uri3", "attr3", "value3")
    XCTAssertEqual(
      try serialize(numbered),
      #"<root><child1 xmlns:ns1="uri1" ns1:attr1="value1" xmlns:ns2="uri2" ns2:attr2="value2"/><child2 xmlns:ns3="uri3" ns3:attr3="value3"/></root>"#)
    // An element's prefix: dropped for the inherited default namespace, found among declarations, or declared.
    XCTAssertEqual(try serialize(try parse(#"<root xmlns="u1"><p:child xmlns:p="u1"/></root>"#)), #"<root xmlns="u1"><child xmlns:p="u1"/></root>"#)
    XCTAssertEqual(try serialize(try parse(#"<root xmlns:x="uri1"><table xmlns="uri1"/></root>"#)), #"<root xmlns:x="uri1"><x:table xmlns="uri1"/></root>"#)
    let owner = Document(contentType: "application/xml")
    let prefixed = try owner.createElementNS("uri1", "p:root")
    try prefixed.setAttributeNS(xmlns, "xmlns:p", "uri2")
    XCTAssertEqual(try serialize(prefixed), #"<ns1:root xmlns:ns1="uri1" xmlns:p="uri2"/>"#)
    let xmlLang = try owner.createElement("r")
    try xmlLang.setAttributeNS(LibXML.Namespace.xml.rawValue, "xml:lang", "en")
    XCTAssertEqual(try serialize(xmlLang), #"<r xml:lang="en"/>"#)
  }

  /// A parsed HTML page as a read-later app serializes it: the `xmlns` the page wrote on `<html>` (an attribute in no
  /// namespace) is the declaration, not a second one beside it; `<svg xmlns>` and `<math xmlns>` (adjusted by the
  /// parser into the XMLNS namespace with no prefix) stay as written. WebKitGTK 2.50's XMLSerializer, on the same
  /// page (../shared/reference/webkit_host.py), gave exactly this.
  func testAParsedPageSerializesAsWebKitSerializesIt() throws {
    let page = Document.parse(html: """
      <!DOCTYPE html><html xmlns="http://www.w3.org/1999/xhtml" lang="en"><head><title>t</title></head><body>\
      <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 1 1">\
      <use xlink:href="#a"/></svg><math xmlns="http://www.w3.org/1998/Math/MathML"><mi>x</mi></math></body></html>
      """)
    XCTAssertEqual(try serialize(page), """
      <!DOCTYPE html><html xmlns="http://www.w3.org/1999/xhtml" lang="en"><head><title>t</title></head><body>\
      <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 1 1">\
      <use xlink:href="#a"/></svg><math xmlns="http://www.w3.org/1998/Math/MathML"><mi>x</mi></math></body></html>
      """)
    // The parser's adjusted attributes have the names HTML gives them.
    let svg = try XCTUnwrap(page.querySelector("svg"))
    XCTAssertEqual(svg.attributes.map { "\($0.name) \($0.prefix ?? "-") \($0.namespaceURI ?? "-")" }, [
      "xmlns - \(xmlns)", "xmlns:xlink xmlns \(xmlns)", "viewBox - -",
    ])
  }

  func testHTMLElementsCharacterDataAndDocuments() throws {
    let page = Document.parse(html: "<!DOCTYPE html><p title='a\"b'>x&amp;<br>y</p><template><i>in</i></template>")
    let p = try XCTUnwrap(page.querySelector("p"))
    XCTAssertEqual(try serialize(p), #"<p xmlns="http://www.w3.org/1999/xhtml" title="a&quot;b">x&amp;<br />y</p>"#)
    XCTAssertEqual(try serialize(try XCTUnwrap(page.querySelector("template"))),
                   #"<template xmlns="http://www.w3.org/1999/xhtml"><i>in</i></template>"#)
    XCTAssertEqual(try serialize(page.createElement("div")), #"<div xmlns="http://www.w3.org/1999/xhtml"></div>"#)
    let fragment = page.createDocumentFragment()
    fragment.insert(page.createElement(unchecked: "span"), before: nil)
    fragment.insert(page.createComment("c"), before: nil)
    XCTAssertEqual(try serialize(fragment), #"<span xmlns="http://www.w3.org/1999/xhtml"></span><!--c-->"#)

    let root = try parse("<root/>")
    try root.setAttribute("a", "\t\n\r\"<>&\u{A0}")
    root.textContent = "\t\n\r\"<>&\u{A0}"
    XCTAssertEqual(try serialize(root), "<root a=\"&#9;&#10;&#13;&quot;&lt;&gt;&amp;\u{A0}\">\t\n\r\"&lt;&gt;&amp;\u{A0}</root>")
    let doc = root.document
    XCTAssertEqual(try serialize(try doc.createProcessingInstruction("t", "d")), "<?t d?>")
    XCTAssertEqual(try serialize(try doc.createCDATASection("a<b")), "<![CDATA[a<b]]>")
    XCTAssertEqual(try serialize(try doc.createAttribute("x")), "")
    XCTAssertEqual(try serialize(try doc.createDocumentType("html", publicId: "-//W3C//DTD XHTML 1.0 Strict//EN", systemId: "x.dtd")),
                   #"<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "x.dtd">"#)
    XCTAssertEqual(try serialize(try doc.createDocumentType("x", publicId: "", systemId: "s")), #"<!DOCTYPE x SYSTEM "s">"#)
    XCTAssertEqual(try serialize(page.implementation.createHTMLDocument(title: "t")),
                   #"<!DOCTYPE html><html xmlns="http://www.w3.org/1999/xhtml"><head><title>t</title></head><body></body></html>"#)
  }

  func testRequireWellFormedThrowsWhereXMLCannotSayIt() throws {
    let root = try parse("<r/>")
    let doc = root.document
    func wellFormed(_ node: Node) throws -> String { try node.xmlSerialization(requireWellFormed: true) }
    XCTAssertEqual(try wellFormed(root), "<r/>")
    XCTAssertThrowsDOMException(.invalidStateError, try wellFormed(doc.createComment("a--b")))
    XCTAssertThrowsDOMException(.invalidStateError, try wellFormed(doc.createComment("a-")))
    XCTAssertThrowsDOMException(.invalidStateError, try wellFormed(doc.createTextNode("a\u{1}")))
    XCTAssertThrowsDOMException(.invalidStateError, try wellFormed(doc.createProcessingInstruction("xml", "d")))
    let instruction = try doc.createProcessingInstruction("t", "a")
    instruction.data = "a?>"
    XCTAssertThrowsDOMException(.invalidStateError, try wellFormed(instruction))
    XCTAssertThrowsDOMException(.invalidStateError, try wellFormed(doc.createDocumentType("x", publicId: "{", systemId: "")))
    XCTAssertThrowsDOMException(.invalidStateError, try wellFormed(Document(contentType: "application/xml")))
    let html = Document.parse(html: "<a:b></a:b>")
    XCTAssertThrowsDOMException(.invalidStateError, try wellFormed(try XCTUnwrap(html.body?.firstElementChild)))
    let prefixed = try doc.createElement("e")
    try prefixed.setAttributeNS(xmlns, "xmlns:p", "")
    XCTAssertThrowsDOMException(.invalidStateError, try wellFormed(prefixed))
    // Without the flag everything serializes, as Chromium's innerHTML does.
    root.insert(doc.createComment("a--b"), before: nil)
    XCTAssertEqual(root.innerHTML, "<!--a--b-->")
    XCTAssertEqual(root.outerHTML, "<r><!--a--b--></r>")
  }

  func testDeepTreesDoNotExhaustTheStack() throws {
    let depth = 100_000
    let doc = try parse(String(repeating: "<a>", count: 200) + String(repeating: "</a>", count: 200)).document
    var element = try XCTUnwrap(doc.documentElement)
    for _ in 0..<depth {
      let child = try doc.createElement("a")
      element.insert(child, before: nil)
      element = child
    }
    let text = try serialize(doc)
    // Every element is "<a>" + "</a>" but the two empty ones, "<a/>".
    XCTAssertEqual(text.count, (depth + 200) * 7 - 2 * 3)
  }
}
