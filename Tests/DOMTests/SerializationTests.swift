import XCTest

@testable import DOM

/// The HTML fragment serialization algorithm, on trees the parser builds.
final class SerializationTests: XCTestCase {
  /// The innerHTML of `<body>` after parsing `html` as a document.
  private func body(_ html: String) -> String { bodyInnerHTML(html) }

  func testTextEscaping() {
    XCTAssertEqual(body("<p>a &amp; b &lt; c &gt; d&nbsp;e \"q\" 'r'</p>"),
                   "<p>a &amp; b &lt; c &gt; d&nbsp;e \"q\" 'r'</p>")
  }

  func testAttributeEscaping() {
    XCTAssertEqual(body("<a title='x \"y\" &amp; <z> &nbsp;' href=\"a?b=1&c=2\">t</a>"),
                   "<a title=\"x &quot;y&quot; &amp; &lt;z&gt; &nbsp;\" href=\"a?b=1&amp;c=2\">t</a>")
  }

  func testAttributesKeepSourceOrderAndEmptyValues() {
    XCTAssertEqual(body("<input z=1 a hidden=\"\" B=2>"), "<input z=\"1\" a=\"\" hidden=\"\" b=\"2\">")
  }

  func testVoidElementsHaveNoEndTag() {
    XCTAssertEqual(body("<br><img src=a><hr><input><wbr><p>x</p>"), "<br><img src=\"a\"><hr><input><wbr><p>x</p>")
    XCTAssertEqual(head("<link rel=a><meta charset=utf-8><base href=/>"),
                   "<link rel=\"a\"><meta charset=\"utf-8\"><base href=\"/\">")
  }

  func testRawTextElementsAreNotEscaped() {
    XCTAssertEqual(body("<p>x</p><script>if (a < b && c > d) {}</script><xmp><b>&</xmp><iframe><p>&amp;</iframe>"),
                   "<p>x</p><script>if (a < b && c > d) {}</script><xmp><b>&</xmp><iframe><p>&amp;</iframe>")
    XCTAssertEqual(head("<style>a > b { content: \"&\" }</style>"), "<style>a > b { content: \"&\" }</style>")
    XCTAssertEqual(body("<noembed><b></noembed><noframes><i></noframes>"), "<noembed><b></noembed><noframes><i></noframes>")
  }

  func testNoscriptIsRawTextWithScriptingOnAndMarkupWithScriptingOff() {
    // Scripting on (webaction's documents, like Safari's): noscript content is text, written back literally.
    XCTAssertEqual(body("<p>x</p><noscript>&lt;b&gt;</noscript><noscript><b>x</b></noscript>"),
                   "<p>x</p><noscript>&lt;b&gt;</noscript><noscript><b>x</b></noscript>")
    // Scripting off: noscript content is markup, and its text is escaped.
    let html = fragmentInnerHTML("<noscript>a&lt;b<i>c</i></noscript>", context: (localName: "body", namespace: .html),
                                 scripting: false)
    XCTAssertEqual(html, "<noscript>a&lt;b<i>c</i></noscript>")
  }

  func testForeignElementsAndNamespacedAttributes() {
    let html = "<svg viewBox='0 0 1 1' xmlns:xlink='http://www.w3.org/1999/xlink'><foreignObject><p>x</p></foreignObject>"
      + "<a xlink:href='#a'><path d='M0'/></a><clipPath></clipPath></svg><math><mi xml:lang='en'>x</mi></math>"
    XCTAssertEqual(body(html),
                   "<svg viewBox=\"0 0 1 1\" xmlns:xlink=\"http://www.w3.org/1999/xlink\"><foreignObject><p>x</p></foreignObject>"
                   + "<a xlink:href=\"#a\"><path d=\"M0\"></path></a><clipPath></clipPath></svg>"
                   + "<math><mi xml:lang=\"en\">x</mi></math>")
  }

  func testForeignTextIsEscapedEvenInsideSVGStyleAndScript() {
    XCTAssertEqual(body("<svg><style>a&lt;b</style><script>1 &lt; 2</script></svg>"),
                   "<svg><style>a&lt;b</style><script>1 &lt; 2</script></svg>")
  }

  func testTemplateSerializesItsContent() {
    XCTAssertEqual(head("<template id=t><tr><td>b</td></tr></template><template><p>a</p></template>"),
                   "<template id=\"t\"><tr><td>b</td></tr></template><template><p>a</p></template>")
  }

  func testCommentsAndProcessingInstructionLikeComments() {
    XCTAssertEqual(body("<p>x</p><!--a -- b--><?php x ?>"), "<p>x</p><!--a -- b--><!--?php x ?-->")
  }

  func testDocumentKeepsDoctypeIdsAndComments() {
    let html = "<!DOCTYPE html PUBLIC \"-//W3C//DTD HTML 4.01//EN\" \"http://www.w3.org/TR/html4/strict.dtd\"><!--c--><title>t</title>"
    XCTAssertEqual(documentHTML(html),
                   "<!DOCTYPE html PUBLIC \"-//W3C//DTD HTML 4.01//EN\" \"http://www.w3.org/TR/html4/strict.dtd\">"
                   + "<!--c--><html><head><title>t</title></head><body></body></html>")
    XCTAssertEqual(documentHTML("<!doctype html><p>x"), "<!DOCTYPE html><html><head></head><body><p>x</p></body></html>")
    XCTAssertEqual(documentHTML("<!DOCTYPE html SYSTEM \"about:legacy-compat\">"),
                   "<!DOCTYPE html SYSTEM \"about:legacy-compat\"><html><head></head><body></body></html>")
  }

  func testLeadingNewlineInPreTextareaListingSurvivesRoundTrip() {
    // The parser drops one newline after <pre>; the serializer writes one back when the text starts with one.
    XCTAssertEqual(body("<pre>\n\nx</pre>"), "<pre>\n\nx</pre>")
    XCTAssertEqual(body("<pre>\nx</pre>"), "<pre>x</pre>")
    XCTAssertEqual(body("<textarea>\n\na</textarea><listing>\n\nb</listing>"),
                   "<textarea>\n\na</textarea><listing>\n\nb</listing>")
    let once = body("<pre>\n\n\nx</pre>")
    XCTAssertEqual(body(once), once)
  }

  func testOuterHTMLOfAnElement() {
    XCTAssertEqual(outerHTMLOfFirstBodyChild("<div class=a><b>x</b>y</div><p>"), "<div class=\"a\"><b>x</b>y</div>")
  }

  func testDeepTreesSerializeWithoutRecursion() {
    // 200,000 nested elements would overflow the stack of a recursive serializer.
    let depth = 200_000
    let out = serializeDeepTree(depth: depth)
    XCTAssertTrue(out.hasPrefix("<span><span>"))
    XCTAssertTrue(out.hasSuffix("</span></span>"))
    XCTAssertTrue(out.contains("<span>x</span>"))
    XCTAssertEqual(out.utf8.count, depth * "<span></span>".utf8.count + 1)
  }

  func testNonASCIITextIsKeptAsIs() {
    XCTAssertEqual(body("<p title=\"日本\">café – 😀</p>"), "<p title=\"日本\">café – 😀</p>")
  }
}
