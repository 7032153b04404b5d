import XCTest
@testable import CSSSelectors

/// Every supported feature, as (selector, ids of the matches in document order) over `makeFixture()`.
final class MatchingTests: XCTestCase {
  let root = makeFixture()

  func ids(_ selector: String, in scope: TestElement? = nil, includeRoot: Bool = true,
           file: StaticString = #filePath, line: UInt = #line) -> [String] {
    do {
      return try SelectorList(parsing: selector).allMatches(in: scope ?? root, includeRoot: includeRoot).map(\.id)
    } catch {
      XCTFail("\(selector): \(error)", file: file, line: line)
      return []
    }
  }

  func check(_ cases: [(String, String)], file: StaticString = #filePath, line: UInt = #line) {
    for (selector, expected) in cases {
      let want = expected.split(separator: " ").map(String.init)
      XCTAssertEqual(ids(selector, file: file, line: line), want, "selector \(selector)", file: file, line: line)
    }
  }

  func testTypeAndUniversal() {
    check([
      ("p", "p1 p2 p3"), ("P", "p1 p2 p3"), ("clipPath", "clip"), ("clippath", ""), ("CLIPPATH", ""),
      ("*|clipPath", "clip"), ("*|p", "p1 p2 p3"), ("|p", ""), ("|*", ""),
      ("a", "a1 a2 svga"), ("div *", "p1 p2 s1 p3"),
    ])
    XCTAssertEqual(ids("*").count, 36)
  }

  func testIDAndClass() {
    check([
      ("#p1", "p1"), ("#P1", ""), ("p#p2", "p2"), ("span#p2", ""),
      (".a", "d1 p1"), (".A", "p2"), (".b.c", "d1"), (".c", "d1"), (".b", "d1 p3"), (".K", ""), (".even", "li2 li4 li6"),
    ])
  }

  func testAttributes() {
    check([
      ("[data-x]", "d1 s1 p3"), ("[DATA-X]", "d1 s1 p3"), ("[data-x=foo]", "s1"), ("[data-x='foo']", "s1"),
      ("[data-x=\"foo-bar\"]", "d1"), ("[data-x='']", "p3"), ("[ data-x = foo ]", "s1"), ("[data-x='foo", "s1"),
      ("[data-x|=foo]", "d1 s1"), ("[data-x^=foo]", "d1 s1"), ("[data-x^='']", ""), ("[data-x$=bar]", "d1"),
      ("[data-x$='']", ""), ("[data-x*=o-b]", "d1"), ("[data-x*='']", ""), ("[data-x*=x]", ""),
      ("[data-x=FOO i]", "s1"), ("[data-x=FOO I]", "s1"), ("[data-x=FOO]", ""), ("[data-x=foo s]", "s1"),
      ("[class~=b]", "d1 p3"), ("[class~=c]", "d1"), ("[class~='a b']", ""), ("[class~='']", ""),
      ("[title='Hello World']", "d1"), ("[title~=World]", "d1"), ("[title='hello world']", ""),
      ("[lang=en]", "s1"), ("[lang=en s]", ""), ("[lang|=en]", "body s1"), ("[type=radio]", "i2"),
      ("[Class]", "d1 p1 p2 p3 li2 li4 li6 clip"), ("[class=K]", ""), ("[viewBox]", "clip"), ("[viewbox]", ""),
      ("[*|href]", "a1 ar svga"), ("[|href=x]", "a1"),
    ])
  }

  /// `|E` is an element in no namespace; `[*|a]` finds namespaced attributes by local name, `[|a]` only
  /// attributes in no namespace, and `[a]` (by qualified name) neither.
  func testNamespaces() throws {
    let plain = TestElement("div", "plain", html: false)
    plain.namespaceURI = nil
    let linked = TestElement("svg", "linked", html: false)
    linked.namespacedAttributes = [("http://www.w3.org/1999/xlink", "href", "foo")]
    let root = TestElement("div", "r", [plain, TestElement("div", "xhtml"), linked])
    func ids(_ selector: String) throws -> [String] {
      try SelectorList(parsing: selector).allMatches(in: root).map(\.id)
    }
    XCTAssertEqual(try ids("|div"), ["plain"])
    XCTAssertEqual(try ids("|*"), ["plain"])
    XCTAssertEqual(try ids("*|div"), ["plain", "xhtml"])
    XCTAssertEqual(try ids(":not(|div)"), ["xhtml", "linked"])
    XCTAssertEqual(try ids("[*|href]"), ["linked"])
    XCTAssertEqual(try ids("[*|href=foo]"), ["linked"])
    XCTAssertEqual(try ids("[*|href=bar]"), [])
    XCTAssertEqual(try ids("[|href]"), [])
    XCTAssertEqual(try ids("[href]"), [])
  }

  func testCombinators() {
    check([
      ("div p", "p1 p2 p3"), ("body > p", ""), ("div > p", "p1 p2 p3"), ("div    >\tp", "p1 p2 p3"),
      ("div /*c*/ p", "p1 p2 p3"), ("div/* x */>p", "p1 p2 p3"), ("p\r\n+span", "s1"),
      ("p + span", "s1"), ("p ~ p", "p2 p3"), ("span ~ *", "p3"), ("#p1 + *", "p2"), ("#p1+p", "p2"),
      ("body > * > p", "p1 p2 p3"), ("ul li + li + li", "li3 li4 li5 li6"), ("html li:first-child", "li1"),
      ("form input", "i1 i2 i3 i4 i5 i6"), ("fieldset > input", "i6"), ("fieldset legend input", "i4 i5"),
      ("head ~ body ul > li.even ~ li", "li3 li4 li5 li6"), ("#head + * #p3", "p3"), ("html > body > div", "d1"),
      ("p, #list, span", "p1 p2 s1 p3 list"), ("span, span", "s1"),
    ])
  }

  /// A style engine asks which rules style an element's `::before` or `::after`: those whose subject names that
  /// pseudo-element (legacy one-colon forms too) and whose other simple selectors match the element.
  func testPseudoElementRulesMatchForTheirPseudoElementOnly() throws {
    func pseudoIDs(_ selector: String, _ name: String) throws -> [String] {
      let list = try SelectorList(parsing: selector)
      var found: [String] = []
      Matcher<TestElement>.forEachInDocumentOrder(below: root, includeRoot: true) { element in
        if list.matches(element, pseudoElement: name) { found.append(element.id) }
        return true
      }
      return found
    }
    XCTAssertEqual(try pseudoIDs("p::before", "before"), ["p1", "p2", "p3"])
    XCTAssertEqual(try pseudoIDs("p:after", "after"), ["p1", "p2", "p3"])
    XCTAssertEqual(try pseudoIDs("p::before", "after"), [])
    XCTAssertEqual(try pseudoIDs("div > p:first-child::after, #s1::after", "after"), ["p1", "s1"])
    XCTAssertEqual(try pseudoIDs("p", "before"), [], "a rule without a pseudo-element styles the element, not its ::before")
    XCTAssertEqual(ids("p::after"), [], "an element never matches a pseudo-element selector itself")
    XCTAssertTrue(try SelectorList(parsing: ".x, .group::after").stylesPseudoElements)
    XCTAssertFalse(try SelectorList(parsing: ".x, :is(.y)").stylesPseudoElements)
  }

  func testStructuralPseudoClasses() {
    check([
      (":root", "html"), ("body:root", ""), ("::before", ""), ("p::before", ""), ("p:first-letter", ""),
      ("::slotted(p", ""), ("p::before:hover, #p1", "p1"), ("p:empty", "p2"), ("span:empty", "s1"), ("legend:empty", ""),
      ("li:first-child", "li1"), ("li:last-child", "li6"), ("p:first-child", "p1"), ("p:last-child", "p3"),
      (":only-child", "html i4 i5 o1"), ("p:first-of-type", "p1"), ("p:last-of-type", "p3"),
      ("span:only-of-type", "s1"), ("p:only-of-type", ""), ("input:only-of-type", "i4 i5 i6"),
      ("li:nth-child(odd)", "li1 li3 li5"), ("li:nth-child(even)", "li2 li4 li6"),
      ("li:nth-child(-n+3)", "li1 li2 li3"), ("li:nth-child(2n+1)", "li1 li3 li5"), ("li:nth-child(+5)", "li5"),
      ("li:nth-child(3n)", "li3 li6"), ("li:nth-child(0n+2)", "li2"), ("li:nth-child(n)", "li1 li2 li3 li4 li5 li6"),
      ("li:nth-child(-2n+5)", "li1 li3 li5"), ("li:nth-child(n+5)", "li5 li6"), ("li:nth-child(0)", ""),
      ("li:nth-last-child(2)", "li5"), ("li:nth-last-child(-n+2)", "li5 li6"),
      ("li:nth-child(2 of .even)", "li4"), ("li:nth-child(odd of :not(.even))", "li1 li5"),
      ("li:nth-last-child(1 of .even)", "li6"), ("li:nth-child(1 of p)", ""),
      ("p:nth-of-type(2)", "p2"), ("p:nth-last-of-type(1)", "p3"), ("div > :nth-of-type(1)", "p1 s1"),
      ("svg > :nth-of-type(1)", "clip svga"),
    ])
  }

  func testLogicalPseudoClasses() {
    check([
      ("div > :not(p)", "s1"), ("div > :not(.a, .A)", "s1 p3"), ("div > :not(p):not(span)", ""),
      ("div > :is(span, .b)", "s1 p3"), (":where(#p1, #p3)", "p1 p3"), (":is(p, ::before)", "p1 p2 p3"),
      (":is()", ""), (":is(:unknown, #s1)", "s1"), (":is(p:foo(x), span)", "s1"), (":is(a b, #s1, )", "s1"),
      (":where(:is(#p1), [data-x=foo])", "p1 s1"), ("div :is(div p)", "p1 p2 p3"), (":is(div) > :is(#p1, #s1)", "p1 s1"),
      (":not(:is(html, head, body, div, p, span, ul, li, form, input, fieldset, legend, select, optgroup, option, button, a, area, svg, clipPath))", ""),
    ])
  }

  func testHas() {
    check([
      (":has(> p)", "d1"), ("div:has(span + p)", "d1"), (":has(~ ul)", "d1"), (":has(+ ul)", "d1"),
      (":has(li.even)", "html body list"), (":has(> li:nth-child(6))", "list"), ("li:has(+ .even)", "li1 li3 li5"),
      (":has(~ a[href])", "d1 list f clip"), ("body > :not(:has(*))", "a1 a2 ar"), (":has(input:checked)", "html body f"),
      (":has(+ * legend)", "head list i3"), (":has(> legend > input)", "fs"), (":has(> #zz, > #o1)", "og"),
      (":is(:has(#p1))", "html body d1"), ("p:has(*)", ""), ("ul:has(> li ~ li.even + li)", "list"),
    ])
  }

  func testHTMLStatePseudoClasses() {
    check([
      (":any-link", "a1 ar"), (":link", "a1 ar"), ("a:not(:any-link)", "a2 svga"),
      (":checked", "i1 i2 o1"), (":disabled", "i3 fs i5 i6 og o1"), (":enabled", "i1 i2 i4 sel o2 btn"),
      (":hover", ""), (":FOCUS", ""), ("a:not(:visited)", "a1 a2 svga"), (":modal, :popover-open, :playing", ""),
      ("a:defined", "a1 a2 svga"),
    ])
  }

  /// `:lang()` as Chromium matches it: the inherited language is the range or starts with it and `-`.
  func testLang() {
    check([
      (":lang(en)", "body d1 p1 p2 s1 p3 list li1 li2 li3 li4 li5 li6 f i1 i2 i3 fs lg1 i4 lg2 i5 i6 sel og o1 o2 btn a1 a2 ar svg clip svga"),
      ("p:lang(EN-us)", "p1 p2 p3"), ("span:lang(en)", "s1"), ("span:lang(en-US)", ""), (":lang(e)", ""),
      ("head:lang(en)", ""), (":not(:lang(en))", "html head"),
    ])
    let root = makeFixture()
    root.defaultLanguage = "fr"
    XCTAssertEqual(try SelectorList(parsing: ":lang(fr)").allMatches(in: root, includeRoot: true).map(\.id), ["html", "head"])
    let blank = TestElement("p", "blank", ["lang": ""])
    XCTAssertFalse(try SelectorList(parsing: ":lang(\\*)").matches(blank))
  }

  /// `:root` is the document element only: not a detached element's root, not a fragment's top elements.
  func testRootNeedsADocument() throws {
    let detached = TestElement("div", "detached", [TestElement("p", "inner")])
    XCTAssertFalse(try SelectorList(parsing: ":root").matches(detached))
    XCTAssertEqual(try SelectorList(parsing: ":root, :scope").allMatches(in: detached, includeRoot: true).map(\.id), [])
    XCTAssertTrue(try SelectorList(parsing: ":root").matches(root))
  }

  /// `:target`, `:valid` and `:invalid` ask the tree.
  func testTargetAndValidity() throws {
    let root = makeFixture()
    root.find("p2")?.isTarget = true
    root.find("i1")?.validity = true
    root.find("sel")?.validity = false
    root.find("f")?.validity = false
    func ids(_ selector: String) throws -> [String] {
      try SelectorList(parsing: selector).allMatches(in: root, includeRoot: true).map(\.id)
    }
    XCTAssertEqual(try ids(":target"), ["p2"])
    XCTAssertEqual(try ids("div > :target"), ["p2"])
    XCTAssertEqual(try ids(":valid"), ["i1"])
    XCTAssertEqual(try ids(":invalid"), ["f", "sel"])
  }

  func testScope() throws {
    let d1 = try XCTUnwrap(root.find("d1"))
    let body = try XCTUnwrap(root.find("body"))
    let p1 = try XCTUnwrap(root.find("p1"))
    XCTAssertEqual(ids(":scope", includeRoot: true), ["html"])
    XCTAssertEqual(ids(":scope > p", in: d1, includeRoot: false), ["p1", "p2", "p3"])
    XCTAssertEqual(ids(":scope", in: d1, includeRoot: false), [])
    XCTAssertEqual(ids("body p", in: d1, includeRoot: false), ["p1", "p2", "p3"])
    XCTAssertEqual(ids("div", in: d1, includeRoot: false), [])
    XCTAssertEqual(ids("div", in: d1, includeRoot: true), ["d1"])
    XCTAssertEqual(ids(":has(:scope)", in: body, includeRoot: false), [])
    XCTAssertEqual(ids(":scope :has(> #p1)", in: body, includeRoot: false), ["d1"])
    let child = try SelectorList(parsing: ":scope > p")
    XCTAssertTrue(child.matches(p1, scope: d1))
    XCTAssertFalse(child.matches(p1, scope: body))
    XCTAssertFalse(child.matches(p1))
    XCTAssertTrue(try SelectorList(parsing: ":scope").matches(root))
  }

  func testFirstMatchAndMatches() throws {
    XCTAssertEqual(try SelectorList(parsing: "p, span").firstMatch(in: root)?.id, "p1")
    XCTAssertEqual(try SelectorList(parsing: "li:last-child").firstMatch(in: root)?.id, "li6")
    XCTAssertNil(try SelectorList(parsing: "video").firstMatch(in: root))
    XCTAssertNil(try SelectorList(parsing: "html").firstMatch(in: root))
    XCTAssertEqual(try SelectorList(parsing: "html").firstMatch(in: root, includeRoot: true)?.id, "html")
    let list = try XCTUnwrap(root.find("list"))
    XCTAssertEqual(try SelectorList(parsing: "li").allMatches(in: list).count, 6)
    XCTAssertNil(try SelectorList(parsing: "li").firstMatch(in: try XCTUnwrap(root.find("li6"))))
    let s1 = try XCTUnwrap(root.find("s1"))
    XCTAssertTrue(try SelectorList(parsing: "div > span:nth-child(3)").matches(s1))
    XCTAssertFalse(try SelectorList(parsing: "div > span:nth-child(2)").matches(s1))
  }

  func testEscapesAndTokenizing() throws {
    let tree = TestElement("div", "top", [
      TestElement("p", "1a"), TestElement("p", "x", ["class": "a b:c", "title": "Hello World"]),
      TestElement("p", "\u{1F600}"),
    ])
    func idsIn(_ selector: String) throws -> [String] {
      try SelectorList(parsing: selector).allMatches(in: tree).map(\.id)
    }
    XCTAssertEqual(try idsIn("#\\31 a"), ["1a"])
    XCTAssertEqual(try idsIn("#\\000031a"), ["1a"])
    XCTAssertEqual(try idsIn(".b\\:c"), ["x"])
    XCTAssertEqual(try idsIn(".\\62\\:c"), ["x"])
    XCTAssertEqual(try idsIn("[title='Hello\\20World']"), ["x"])
    XCTAssertEqual(try idsIn("[title=\"Hello\\\nWorld\"]"), [])
    XCTAssertEqual(try idsIn("[title=Hello\\ World]"), ["x"])
    XCTAssertEqual(try idsIn("#\u{1F600}"), ["\u{1F600}"])
    XCTAssertEqual(try idsIn("#\\1F600"), ["\u{1F600}"])
    XCTAssertEqual(try idsIn("p\0"), [])
    XCTAssertEqual(try SelectorList(parsing: "p /* unterminated"), try SelectorList(parsing: "p"))
  }

  func testParsedListsCompareByValue() throws {
    XCTAssertEqual(try SelectorList(parsing: " div  >  p "), try SelectorList(parsing: "div>p"))
    XCTAssertNotEqual(try SelectorList(parsing: "div p"), try SelectorList(parsing: "div > p"))
    XCTAssertEqual(try SelectorList(parsing: ":FIRST-CHILD"), try SelectorList(parsing: ":nth-child(1)"))
  }
}
