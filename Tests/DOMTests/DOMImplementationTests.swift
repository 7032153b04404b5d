import URLStandard
import XCTest
@testable import DOM

/// DOMImplementation, XML documents, processing instructions, CDATA sections and namespace lookups.
final class DOMImplementationTests: XCTestCase {
  func testCreateHTMLDocument() throws {
    let page = Document.parse(html: "<p>x</p>")
    XCTAssertTrue(page.implementation === page.implementation)
    let made = page.implementation.createHTMLDocument(title: "T")
    XCTAssertEqual(made.contentType, "text/html")
    XCTAssertTrue(made.isHTMLDocument)
    XCTAssertEqual(made.doctype?.name, "html")
    XCTAssertEqual(made.documentElement?.outerHTML, "<html><head><title>T</title></head><body></body></html>")
    XCTAssertNil(made.defaultView)
    XCTAssertEqual(made.url.href, "about:blank")
    XCTAssertNil(page.implementation.createHTMLDocument().head?.firstChild)
    XCTAssertTrue(page.implementation.hasFeature())
  }

  func testCreateDocumentContentTypesAndNames() throws {
    let owner = Document()
    let implementation = owner.implementation
    let xhtml = try implementation.createDocument(LibXML.Namespace.html.rawValue, "html", doctype: nil)
    XCTAssertEqual(xhtml.contentType, "application/xhtml+xml")
    XCTAssertFalse(xhtml.isHTMLDocument)
    XCTAssertEqual(try xhtml.createElement("DIV").namespaceURI, LibXML.Namespace.html.rawValue)
    XCTAssertEqual(try xhtml.createElement("DIV").localName, "DIV")
    let svg = try implementation.createDocument(LibXML.Namespace.svg.rawValue, "svg", doctype: nil)
    XCTAssertEqual(svg.contentType, "image/svg+xml")
    let doctype = try implementation.createDocumentType("root", publicId: "p", systemId: "s")
    let xml = try implementation.createDocument("urn:x", "x:root", doctype: doctype)
    XCTAssertEqual(xml.contentType, "application/xml")
    XCTAssertTrue(xml.doctype === doctype)
    XCTAssertEqual(xml.documentElement?.prefix, "x")
    XCTAssertNil(try xml.createElement("Foo").namespaceURI)
    XCTAssertEqual(try xml.createElement("Foo").tagName, "Foo")
    XCTAssertNil(try implementation.createDocument(nil, "", doctype: nil).documentElement)
    XCTAssertThrowsDOMException(.invalidCharacterError, try implementation.createDocumentType("1x", publicId: "", systemId: ""))
  }

  func testQualifiedNamesSplitOnScalarsNotCharacters() throws {
    let owner = Document()
    // U+0BC6 starts a name; U+0300 may not. Both combine with the ":" before them into one Character.
    let xml = try owner.implementation.createDocument("http://example.com/", "a:\u{0BC6}", doctype: nil)
    XCTAssertEqual(xml.documentElement?.prefix, "a")
    XCTAssertEqual(xml.documentElement?.localName, "\u{0BC6}")
    XCTAssertThrowsDOMException(.invalidCharacterError, try owner.createElementNS("http://example.com/", "a:\u{0300}"))
  }

  func testProcessingInstructionAndCDATASection() throws {
    let html = Document()
    let pi = try html.createProcessingInstruction("target", "data")
    XCTAssertEqual([pi.nodeName, pi.target, pi.data], ["target", "target", "data"])
    XCTAssertEqual(pi.nodeType, .processingInstruction)
    pi.data = "more"
    XCTAssertEqual(pi.nodeValue, "more")
    XCTAssertThrowsDOMException(.invalidCharacterError, try html.createProcessingInstruction("a b", ""))
    XCTAssertThrowsDOMException(.invalidCharacterError, try html.createProcessingInstruction("a", "?>"))
    XCTAssertThrowsDOMException(.notSupportedError, try html.createCDATASection("x"))
    let xml = try html.implementation.createDocument(nil, "r", doctype: nil)
    let cdata = try xml.createCDATASection("a]b")
    XCTAssertEqual(cdata.nodeType, .cdataSection)
    XCTAssertEqual(cdata.nodeName, "#cdata-section")
    XCTAssertThrowsDOMException(.invalidCharacterError, try xml.createCDATASection("]]>"))
    let copy = try XCTUnwrap(html.importNode(cdata) as? CDATASection)
    XCTAssertEqual(copy.data, "a]b")
    XCTAssertTrue(pi.isEqualNode(pi.cloneNode()))
    XCTAssertFalse(pi.isEqualNode(try html.createProcessingInstruction("target", "other")))
  }

  func testNamespaceLookups() throws {
    let document = Document.parse(html: "<div id=d></div>")
    let div = try XCTUnwrap(document.getElementById("d"))
    let svg = try document.createElementNS(LibXML.Namespace.svg.rawValue, "s:svg")
    try svg.setAttributeNS(LibXML.Namespace.xmlns.rawValue, "xmlns:q", "urn:q")
    try svg.setAttributeNS(LibXML.Namespace.xmlns.rawValue, "xmlns", "urn:default")
    try div.appendChild(svg)
    let text = document.createTextNode("t")
    try svg.appendChild(text)
    XCTAssertEqual(text.lookupNamespaceURI("s"), LibXML.Namespace.svg.rawValue)
    XCTAssertEqual(text.lookupNamespaceURI("q"), "urn:q")
    XCTAssertEqual(text.lookupNamespaceURI(nil), "urn:default")
    XCTAssertEqual(div.lookupNamespaceURI(""), LibXML.Namespace.html.rawValue)
    XCTAssertEqual(text.lookupPrefix("urn:q"), "q")
    XCTAssertEqual(svg.lookupPrefix(LibXML.Namespace.svg.rawValue), "s")
    XCTAssertNil(text.lookupPrefix(nil))
    XCTAssertTrue(div.isDefaultNamespace(LibXML.Namespace.html.rawValue))
    XCTAssertFalse(document.createDocumentFragment().isDefaultNamespace(LibXML.Namespace.html.rawValue))
    XCTAssertTrue(document.createDocumentFragment().isDefaultNamespace(""))
    XCTAssertEqual(LiveCollection.elements(byNamespace: LibXML.Namespace.svg.rawValue, localName: "svg", under: document).elements, [svg])
    XCTAssertEqual(LiveCollection.elements(byNamespace: "*", localName: "div", under: document).elements, [div])
    XCTAssertEqual(LiveCollection.elements(byNamespace: LibXML.Namespace.html.rawValue, localName: "*", under: div).elements, [])
  }
}
