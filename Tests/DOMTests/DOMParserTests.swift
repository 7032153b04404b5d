import FoundationEssentials
import URLStandard
import XCTest
@testable import DOM

/// DOMParser, Document.parseHTMLUnsafe, setHTMLUnsafe/getHTML and Range.createContextualFragment.
final class DOMParserTests: XCTestCase {
  var page: Document!

  override func setUp() {
    page = Document.parse(html: "<!DOCTYPE html><body><p>x</p>", url: URLRecord("https://example.com/a/page.html")!)
  }

  override func tearDown() { page = nil }

  func testHTMLIsParsedInertWithScriptingDisabled() throws {
    let parser = DOMParser(owner: page)
    let doc = parser.parseFromString(
      #"<meta charset="latin2"><script>x()</script><body><noscript><p id="n">a</p></noscript>"#, type: .html)
    XCTAssertTrue(doc.isHTMLDocument)
    XCTAssertFalse(doc is XMLDocument)
    XCTAssertEqual(doc.contentType, "text/html")
    XCTAssertEqual(doc.url, page.url)
    XCTAssertEqual(doc.characterSet, "UTF-8")
    XCTAssertEqual(doc.compatMode, "BackCompat")
    XCTAssertNil(doc.defaultView)
    XCTAssertFalse(doc.scriptingEnabled)
    XCTAssertEqual(try doc.querySelector("noscript")?.firstElementChild?.id, "n", "noscript content is markup")
    XCTAssertEqual(try doc.querySelector("noscript")?.outerHTML, #"<noscript><p id="n">a</p></noscript>"#)
    XCTAssertTrue(page.madeDocuments.contains { $0 === doc }, "the owner keeps the parsed document alive")
    // The page itself has scripting enabled: its parser keeps noscript content as text.
    XCTAssertTrue(page.scriptingEnabled)
    let element = page.createElement(unchecked: "div")
    element.innerHTML = "<noscript><p>a</p></noscript>"
    XCTAssertEqual(element.firstElementChild?.firstChild is Text, true)
    // An inert document made by createHTMLDocument has it disabled.
    let made = page.implementation.createHTMLDocument()
    made.body!.innerHTML = "<noscript><p>a&amp;</p></noscript>"
    XCTAssertEqual(made.body!.firstElementChild?.firstElementChild?.localName, "p")
    XCTAssertEqual(made.body!.innerHTML, "<noscript><p>a&amp;</p></noscript>")
  }

  func testXMLTypesKeepTheirContentType() throws {
    let parser = DOMParser(owner: page)
    for type in DOMParser.SupportedType.allCases where type != .html {
      let good = parser.parseFromString("<foo/>", type: type)
      XCTAssertTrue(good is XMLDocument)
      XCTAssertEqual([good.contentType, good.url.href, good.documentElement?.tagName],
                     [type.rawValue, page.url.href, "foo"])
      let bad = parser.parseFromString("<foo>", type: type)
      XCTAssertEqual(bad.contentType, type.rawValue)
      XCTAssertEqual(try bad.querySelectorAll("parsererror").count, 1)
    }
  }

  func testParseHTMLUnsafeAndSetHTMLUnsafe() throws {
    let doc = Document.parseHTMLUnsafe("<!DOCTYPE html><title>t</title><body><noscript><b>b</b></noscript>")
    XCTAssertEqual(doc.url.href, "about:blank")
    XCTAssertEqual(doc.compatMode, "CSS1Compat")
    XCTAssertEqual(try doc.querySelector("noscript b")?.textContent, "b")
    // In an XML document, setHTMLUnsafe and getHTML still speak HTML (innerHTML speaks XML there).
    let xml = Document.parse(xml: "<r/>", contentType: "application/xml", url: page.url)
    let root = try XCTUnwrap(xml.documentElement)
    root.setHTMLUnsafe("<p>a<br>b")
    XCTAssertEqual(root.getHTML(), "<p>a<br>b</p>")
    XCTAssertEqual(root.innerHTML, #"<p xmlns="http://www.w3.org/1999/xhtml">a<br />b</p>"#)
    let template = page.createElement(unchecked: "template")
    template.setHTMLUnsafe("<i>x</i>")
    XCTAssertNil(template.firstChild)
    XCTAssertEqual(template.getHTML(), "<i>x</i>")
  }

  func testCreateContextualFragmentParsesInTheStartsContext() throws {
    let range = LiveRange(document: page)
    let p = try XCTUnwrap(page.querySelector("p"))
    try range.setStart(p.firstChild!, 0)
    let inParagraph = try range.createContextualFragment("<td>cell</td><b>bold</b>")
    XCTAssertEqual(inParagraph.childNodes.map(\.nodeName), ["#text", "B"], "a <td> outside a table is dropped")
    // <html> (and no element at all) parse as in <body>; an <html> in another namespace is not special.
    try range.setStart(page.documentElement!, 0)
    XCTAssertEqual(try range.createContextualFragment("<body><p>x").childNodes.map(\.nodeName), ["P"])
    try range.setStart(page, 0)
    XCTAssertEqual(try range.createContextualFragment("<body><p>x").childNodes.map(\.nodeName), ["P"])
    let foreign = try page.createElementNS("http://fake-namespace", "html")
    try range.selectNodeContents(foreign)
    XCTAssertEqual(try range.createContextualFragment("<body><p>x").childNodes.map(\.nodeName), ["P"])
    // In an XML document the markup is XML, in the start's namespaces.
    let xml = Document.parse(xml: #"<r xmlns="urn:r"><c/></r>"#, contentType: "application/xml", url: page.url)
    let xmlRange = LiveRange(document: xml)
    try xmlRange.selectNodeContents(xml.documentElement!.firstElementChild!)
    let fragment = try xmlRange.createContextualFragment("<d/>")
    XCTAssertEqual((fragment.firstChild as? Element)?.namespaceURI, "urn:r")
    XCTAssertThrowsDOMException(.syntaxError, try xmlRange.createContextualFragment("<d>"))
  }
}
