import XCTest

@testable import DOM

/// The HTML parser's libxml2 trees: what the html5lib dump does not show.
final class ParsingTests: XCTestCase {
  func testQuirksModeFromDoctype() {
    XCTAssertEqual(withParsedDocument("<p>x") { $0.quirksMode }, .quirks)
    XCTAssertEqual(withParsedDocument("<!DOCTYPE html><p>x") { $0.quirksMode }, .noQuirks)
    let limited = "<!DOCTYPE html PUBLIC \"-//W3C//DTD XHTML 1.0 Transitional//EN\" \"http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd\">"
    XCTAssertEqual(withParsedDocument(limited) { $0.quirksMode }, .limitedQuirks)
    XCTAssertEqual(QuirksMode.limitedQuirks.rawValue, "limited-quirks")
    let html401 = "<!DOCTYPE HTML PUBLIC \"-//W3C//DTD HTML 4.01 Transitional//EN\""
    XCTAssertEqual(withParsedDocument(html401 + ">") { $0.quirksMode }, .quirks)
    XCTAssertEqual(withParsedDocument(html401 + " \"http://www.w3.org/TR/html4/loose.dtd\">") { $0.quirksMode }, .limitedQuirks)
    XCTAssertEqual(withParsedDocument("<!DOCTYPE html PUBLIC \"html\">") { $0.quirksMode }, .quirks)
    XCTAssertEqual(withParsedDocument("<!DOCTYPE html PUBLIC \"-//W3C//DTD HTML 3.2//EN\">") { $0.quirksMode }, .quirks)
    XCTAssertEqual(withParsedDocument("<!DOCTYPE foo>") { $0.quirksMode }, .quirks)
    XCTAssertEqual(withParsedDocument("<!DOCTYPE>") { $0.quirksMode }, .quirks)
  }

  func testDoctypeIsADocumentChildInSourceOrderAndTheInternalSubset() {
    let info = withParsedDocument("<!--before--><!DOCTYPE html PUBLIC \"pub\" \"sys\"><p>") { doctypeInfo($0.doc) }
    // https://html.spec.whatwg.org/#the-initial-insertion-mode: the comment is appended first, then the doctype.
    XCTAssertEqual(info.childKinds, ["#comment", "#doctype", "html"])
    XCTAssertEqual(info.firstChildIsDoctype, false)
    XCTAssertEqual(info.isInternalSubset, true)
    XCTAssertEqual(info.hasExternalSubset, false)
    XCTAssertEqual(info.name, "html")
    XCTAssertEqual(info.publicId, "pub")
    XCTAssertEqual(info.systemId, "sys")
    XCTAssertEqual(withParsedDocument("<p>") { doctypeInfo($0.doc).firstChildIsDoctype }, false)
  }

  func testNamespacesAreSharedPerDocument() {
    let html = "<svg><g xlink:href='#a'></g><g xlink:title='t'></g></svg><math><mi xml:lang=en></mi></math><p xlink:href=x>"
    let summary = withParsedDocument(html) { namespaceSummary($0.doc) }
    XCTAssertEqual(summary.htmlElementsHaveNoNamespace, true)
    XCTAssertEqual(summary.svgNamespaceCount, 1, "one shared xmlNs for all SVG elements")
    XCTAssertEqual(summary.namespacedAttributes, ["href http://www.w3.org/1999/xlink", "lang http://www.w3.org/XML/1998/namespace", "title http://www.w3.org/1999/xlink"])
    XCTAssertEqual(summary.plainAttributesOnHTML, ["xlink:href"], "xlink:href on an HTML element is a plain attribute")
    XCTAssertEqual(summary.headNamespaceIsXML, true, "libxml2 expects the XML namespace first on doc.oldNs")
  }

  func testTemplateContentIsAnUnlinkedFragmentOfTheSameDocument() {
    let info = withParsedDocument("<template><p>a</p>b</template>") { templateInfo($0) }
    XCTAssertEqual(info.count, 1)
    XCTAssertEqual(info.templateHasChildren, false)
    XCTAssertEqual(info.contentIsUnlinkedFragment, true)
    XCTAssertEqual(info.contentChildren, ["p", "#text"])
  }

  func testFragmentParsingReturnsUnlinkedNodesInTheGivenDocument() {
    let info = fragmentInfo("<td>a</td><td>b", context: "tr", namespace: .html)
    XCTAssertEqual(info.names, ["td", "td"])
    XCTAssertEqual(info.allUnlinkedAndInDocument, true)
    XCTAssertEqual(fragmentInfo("a<b>c</b>d", context: "div", namespace: .html).names, ["#text", "b", "#text"])
    XCTAssertEqual(fragmentInfo("<circle/>", context: "svg", namespace: .svg).names, ["circle"])
    XCTAssertEqual(fragmentInfo("", context: "div", namespace: .html).names, [])
  }

  func testUnusualFragmentContexts() {
    XCTAssertEqual(fragmentInnerHTML("<p>a<td>b", context: (localName: "my-widget", namespace: .html)), "<p>ab</p>")
    XCTAssertEqual(fragmentInnerHTML("<td>a", context: (localName: "template", namespace: .html)), "<td>a</td>")
    XCTAssertEqual(fragmentInnerHTML("<b>x</b>", context: (localName: "path", namespace: .svg)), "<b>x</b>")
    XCTAssertEqual(fragmentInnerHTML("a</textarea>b", context: (localName: "textarea", namespace: .html)),
                   "a&lt;/textarea&gt;b")
    XCTAssertEqual(fragmentInnerHTML("<x>&lt;", context: (localName: "script", namespace: .html)), "<x>&lt;")
  }

  func testFragmentTemplatesAreReported() {
    let html = fragmentInnerHTML("<template><i>x</i></template>", context: (localName: "div", namespace: .html))
    XCTAssertEqual(html, "<template><i>x</i></template>")
  }

  func testTextIsDecodedAndAdjacentTextMerged() {
    XCTAssertEqual(bodyInnerHTML("a&amp;b&#x41;&eacute;"), "a&amp;bAé")
    // Foster-parented text next to existing text becomes one node.
    XCTAssertEqual(withParsedDocument("<table>a<tr>b</table>") { bodyChildKinds($0.doc) }, ["#text", "table"])
  }

  func testSVGNamesAndAttributesAreCaseAdjusted() {
    XCTAssertEqual(bodyInnerHTML("<svg><lineargradient gradientunits=x></lineargradient><FOREIGNOBJECT></svg>"),
                   "<svg><linearGradient gradientUnits=\"x\"></linearGradient><foreignObject></foreignObject></svg>")
    XCTAssertEqual(bodyInnerHTML("<math definitionurl=u><Mi>x</Mi></math>"), "<math definitionURL=\"u\"><mi>x</mi></math>")
  }

  func testUnknownElementsKeepTheirLowercasedName() {
    XCTAssertEqual(bodyInnerHTML("<My-Widget Data-X=1>t</My-Widget>"), "<my-widget data-x=\"1\">t</my-widget>")
  }

  func testEmptyAndLargeInputs() {
    XCTAssertEqual(documentHTML(""), "<html><head></head><body></body></html>")
    let big = String(repeating: "<p class=\"c\">para &amp; <b>bold</b></p>\n", count: 20_000)
    XCTAssertEqual(bodyInnerHTML(big).utf8.count, big.utf8.count)
  }
}

/// `Document.parse(html:nestingLimit:)` (`--max-depth`): the stack of open elements may hold at most the limit.
final class NestingLimitTests: XCTestCase {
  func testMarkupNestingPastTheLimitThrowsWithTheLine() {
    let html = "<!doctype html>\n<body>\n<div>\n<div>\n<p><b><i>x"
    XCTAssertNoThrow(try Document.parse(html: html, nestingLimit: 7))  // html, body, div, div, p, b, i
    XCTAssertThrowsError(try Document.parse(html: html, nestingLimit: 6)) { error in
      XCTAssertEqual(error as? NestingLimitExceeded, NestingLimitExceeded(limit: 6, line: 5))
    }
  }

  func testElementsThatCloseDoNotCount() {
    let siblings = "<!doctype html><body>" + String(repeating: "<p>x</p><li>y<br><img>", count: 1_000)
    XCTAssertNoThrow(try Document.parse(html: siblings, nestingLimit: 4))
  }

  func testTheScriptingParserReportsTheLine() {
    let document = Document.loading()
    let exceeded = document.load(html: "<body>\n<div>\n<div>\n<div>x", nestingLimit: 4) { _ in }
    XCTAssertEqual(exceeded, NestingLimitExceeded(limit: 4, line: 4))
  }
}
