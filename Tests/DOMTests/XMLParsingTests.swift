import FoundationEssentials
import URLStandard
import XCTest
@testable import DOM

/// XML documents from text (DOMParser's XML types), their error documents, and XML fragment parsing.
final class XMLParsingTests: XCTestCase {
  let url = URLRecord("https://example.com/page.html")!

  func parse(_ xml: String, _ type: String = "application/xml") -> XMLDocument {
    Document.parse(xml: xml, contentType: type, url: url)
  }

  func serialize(_ node: Node) throws -> String { try node.xmlSerialization() }

  func testDocumentShapeNamesAndNamespaces() throws {
    let doc = parse(#"<?xml version="1.0"?><!DOCTYPE r><!--c--><?pi data?><r xmlns:a="urn:a" a:x="1" y="2"><a:b/><c xmlns="urn:c"><d/></c><![CDATA[x<y]]></r>"#)
    XCTAssertFalse(doc.isHTMLDocument)
    XCTAssertEqual(doc.contentType, "application/xml")
    XCTAssertEqual(doc.url, url)
    XCTAssertEqual(doc.readyState, .complete)
    XCTAssertFalse(doc.scriptingEnabled)
    XCTAssertEqual(doc.childNodes.map(\.nodeName), ["r", "#comment", "pi", "r"])
    let root = try XCTUnwrap(doc.documentElement)
    XCTAssertNil(root.namespaceURI)
    XCTAssertEqual(root.tagName, "r")
    // Declarations are attributes in the XMLNS namespace, before the others.
    XCTAssertEqual(root.attributes.map(\.name), ["xmlns:a", "a:x", "y"])
    XCTAssertEqual(root.attributes[0].namespaceURI, LibXML.Namespace.xmlns.rawValue)
    XCTAssertEqual(root.getAttributeNS("urn:a", "x"), "1")
    let b = try XCTUnwrap(root.firstElementChild)
    XCTAssertEqual([b.namespaceURI, b.prefix, b.localName, b.tagName], ["urn:a", "a", "b", "a:b"])
    let c = try XCTUnwrap(b.nextElementSibling), d = try XCTUnwrap(c.firstElementChild)
    XCTAssertEqual([c.namespaceURI, d.namespaceURI, d.prefix], ["urn:c", "urn:c", nil])
    XCTAssertTrue(root.lastChild is CDATASection)
    XCTAssertEqual(root.lastChild?.textContent, "x<y")
    XCTAssertEqual(try serialize(doc), #"<?xml version="1.0"?><!DOCTYPE r><!--c--><?pi data?><r xmlns:a="urn:a" a:x="1" y="2"><a:b/><c xmlns="urn:c"><d/></c><![CDATA[x<y]]></r>"#)
  }

  func testXHTMLElementsAreHTMLElements() throws {
    let doc = parse(#"<html xmlns="http://www.w3.org/1999/xhtml"><body><p id="x">t</p><template><b>in</b></template><noscript><i>n</i></noscript></body></html>"#,
                    "application/xhtml+xml")
    let p = try XCTUnwrap(doc.getElementById("x"))
    XCTAssertTrue(p.isHTML(named: "p"))
    XCTAssertEqual(p.tagName, "p", "an XML document keeps the case of HTML element names")
    let template = try XCTUnwrap(doc.querySelector("template"))
    XCTAssertNil(template.firstChild, "a template's parsed children are its contents")
    XCTAssertEqual(template.templateContent?.firstChild?.nodeName, "b")
    XCTAssertEqual(try doc.querySelector("noscript")?.children.map(\.localName), ["i"])
    XCTAssertEqual(try serialize(template), #"<template xmlns="http://www.w3.org/1999/xhtml"><b>in</b></template>"#)
  }

  func testInternalEntitiesExpandAndExternalOnesVanish() throws {
    let doc = parse(#"<!DOCTYPE foo [ <!ENTITY x "y<b>z</b>"> <!ENTITY t "a&#9;b"> ]><foo k="&t;!">1&x;2&amp;&#65;</foo>"#)
    XCTAssertEqual(doc.doctype?.name, "foo")
    XCTAssertEqual(doc.doctype?.publicId, "")
    let root = try XCTUnwrap(doc.documentElement)
    XCTAssertEqual(root.childNodes.map(\.nodeName), ["#text", "b", "#text"], "entity text joins the text around it")
    XCTAssertEqual(root.textContent, "1yz2&A")
    XCTAssertEqual(root.getAttribute("k"), "a\tb!", "replacement text keeps its tab in an attribute value, as in Chromium")
    XCTAssertEqual(try serialize(root), "<foo k=\"a&#9;b!\">1y<b>z</b>2&amp;A</foo>")
    XCTAssertEqual(try serialize(try XCTUnwrap(doc.doctype)), "<!DOCTYPE foo>")
  }

  func testXHTMLDoctypesAllowHTMLNamedReferences() throws {
    let doc = parse(#"<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "x.dtd"><html xmlns="http://www.w3.org/1999/xhtml" title="&eacute;&amp;">&nbsp;&LT;&NotNestedGreaterGreater;</html>"#,
                    "application/xhtml+xml")
    let root = try XCTUnwrap(doc.documentElement)
    XCTAssertEqual(root.getAttribute("title"), "é&")
    XCTAssertEqual(root.textContent, "\u{A0}<\u{2AA2}\u{338}")
    XCTAssertEqual(root.childNodes.count, 1)
    // Only those doctypes, and only names HTML knows.
    for xml in [#"<!DOCTYPE x SYSTEM "x.dtd"><x>&nbsp;</x>"#,
                #"<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "x"><x>&bogus;</x>"#, "<x>&eacute;</x>"] {
      XCTAssertNotNil(try parse(xml).querySelector("parsererror"), xml)
    }
  }

  func testExternalEntityToALocalFileIsNeverRead() throws {
    let marker = "secret content \(UInt64.random(in: 0...UInt64.max))"
    let path = "/tmp/webaction-xml-entity-\(UInt64.random(in: 0...UInt64.max)).txt"
    XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(marker.utf8)))
    defer { try? FileManager.default.removeItem(atPath: path) }
    for xml in [
      #"<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>"#,
      #"<!DOCTYPE x [<!ENTITY e SYSTEM "file://\#(path)">]><x>&e;</x>"#,
      #"<!DOCTYPE x [<!ENTITY e SYSTEM "\#(path)">]><x a="b">&e;</x>"#,
      #"<!DOCTYPE x SYSTEM "file://\#(path)"><x/>"#,
      #"<!DOCTYPE x [<!ENTITY % p SYSTEM "file://\#(path)"> %p;]><x/>"#,
    ] {
      let doc = parse(xml)
      let text = try serialize(doc)
      XCTAssertFalse(text.contains(marker), text)
      XCTAssertFalse(text.contains("root:"), text)
      XCTAssertEqual(doc.documentElement?.localName, "x", text)
      XCTAssertNil(try doc.querySelector("parsererror"), text)
    }
  }

  func testEntityBombsFinishFastWithAnError() throws {
    var laughs = #"<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">"#
    laughs += #"<!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">"#
    for level in 2...9 {
      laughs += "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">"
    }
    laughs += "]><lolz>&lol9;</lolz>"
    // Quadratic blowup: one big entity referenced many times (each reference is small, the total is not).
    let quadratic = "<!DOCTYPE q [<!ENTITY a \"" + String(repeating: "a", count: 50_000) + "\">]><q>"
      + String(repeating: "&a;", count: 50_000) + "</q>"
    for xml in [laughs, quadratic] {
      let started = ContinuousClock.now
      let doc = parse(xml)
      XCTAssertLessThan(ContinuousClock.now - started, .seconds(2))
      XCTAssertNotNil(try doc.querySelector("parsererror"))
      XCTAssertLessThan(doc.documentElement?.textContent?.count ?? 0, 100_000)
    }
  }

  func testErrorDocumentsAreChromiumsShape() throws {
    // The fixtures' serializations are Chromium's (Scripts/chromium-reference; messages differ: they are libxml2's).
    func shape(_ xml: String, _ type: String = "text/xml") throws -> String {
      let doc = parse(xml, type)
      XCTAssertEqual(doc.contentType, type)
      let report = try XCTUnwrap(doc.querySelector("parsererror"), xml)
      XCTAssertEqual(report.namespaceURI, LibXML.Namespace.html.rawValue)
      XCTAssertEqual(report.children.map(\.localName), ["h3", "div", "h3"])
      XCTAssertTrue(report.children[1].textContent!.hasPrefix("error on line 1 at column "), report.children[1].textContent!)
      var text = try serialize(doc)
      let start = try XCTUnwrap(text.range(of: "<parsererror")), end = try XCTUnwrap(text.range(of: "</parsererror>"))
      text.replaceSubrange(start.lowerBound..<end.upperBound, with: "[E]")
      return text
    }
    XCTAssertEqual(try shape("<foo>"), "<foo>[E]</foo>")
    XCTAssertEqual(try shape("<root><a>1</a><b>2<c></root>"), "<root>[E]<a>1</a><b>2<c/></b></root>")
    XCTAssertEqual(try shape("<a/><b/>"), "<a>[E]</a>")
    XCTAssertEqual(try shape(""), #"<html xmlns="http://www.w3.org/1999/xhtml"><body>[E]</body></html>"#)
    XCTAssertEqual(try shape(#"<span x:test="testing">1</span>"#, "application/xhtml+xml"),
                   #"<html xmlns="http://www.w3.org/1999/xhtml"><body>[E]</body></html>"#)
    XCTAssertEqual(try shape("<x>&nbsp;</x>"), "<x>[E]</x>")
    XCTAssertEqual(
      try shape(#"<svg xmlns="http://www.w3.org/2000/svg"><g></svg>"#, "image/svg+xml"),
      #"<html xmlns="http://www.w3.org/1999/xhtml"><head><style>html, body { height: 100% } parsererror + svg { width: 100%; height: 100% }</style></head><body>[E]<svg xmlns="http://www.w3.org/2000/svg"><g/></svg></body></html>"#)
  }

  func testDeclaredEncodingIsIgnored() throws {
    let doc = parse(#"<?xml version="1.0" encoding="latin2"?><x>é</x>"#)
    XCTAssertEqual(doc.characterSet, "UTF-8")
    XCTAssertEqual(doc.documentElement?.textContent, "é")
    XCTAssertEqual(try serialize(doc), #"<?xml version="1.0" encoding="latin2"?><x>é</x>"#)
  }

  func testXMLFragmentParsingUsesTheContextsNamespaces() throws {
    let doc = parse(#"<r xmlns="urn:d" xmlns:p="urn:p"><c/></r>"#)
    let c = try XCTUnwrap(doc.documentElement?.firstElementChild)
    try c.setInnerHTML(#"<e/><p:f/>t&amp;<?x y?>"#)
    XCTAssertEqual(c.childNodes.map(\.nodeName), ["e", "p:f", "#text", "x"])
    XCTAssertEqual(c.children.map(\.namespaceURI), ["urn:d", "urn:p"])
    XCTAssertEqual(c.innerHTML, #"<e xmlns="urn:d"/><p:f xmlns:p="urn:p"/>t&amp;<?x y?>"#)
    XCTAssertThrowsDOMException(.syntaxError, try c.setInnerHTML("<open>"))
    XCTAssertThrowsDOMException(.syntaxError, try c.setInnerHTML("<q:x/>"))
    XCTAssertEqual(c.childNodes.count, 4, "a failed parse changes nothing")
    try c.setInnerHTML("")
    XCTAssertNil(c.firstChild)
  }
}
