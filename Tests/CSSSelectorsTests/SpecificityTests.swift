import XCTest
@testable import CSSSelectors

/// Specificity as https://drafts.csswg.org/selectors-4/#specificity-rules counts it, and what style sheets
/// read from a list: its selectors one by one, their subject keys, and why a selector failed.
final class SpecificityTests: XCTestCase {
  func testSpecificityTable() throws {
    let cases: [(String, Specificity)] = [
      ("*", Specificity()),
      ("li", Specificity(types: 1)),
      ("ul li", Specificity(types: 2)),
      ("ul ol+li", Specificity(types: 3)),
      ("h1 + *[rel=up]", Specificity(classes: 1, types: 1)),
      ("ul ol li.red", Specificity(classes: 1, types: 3)),
      ("li.red.level", Specificity(classes: 2, types: 1)),
      ("#x34y", Specificity(ids: 1)),
      ("#s12:not(FOO)", Specificity(ids: 1, types: 1)),
      (".foo :is(.bar, #baz)", Specificity(ids: 1, classes: 1)),
      ("a:where(#x, .y) b", Specificity(types: 2)),
      (":has(> #a, .b)", Specificity(ids: 1)),
      ("li:only-child", Specificity(classes: 1, types: 1)),
      (":nth-child(2n of .a, #b)", Specificity(ids: 1, classes: 1)),
      ("a:hover", Specificity(classes: 1, types: 1)),
      ("p::before", Specificity(types: 2)),
      ("p:first-line", Specificity(types: 2)),
      ("|p", Specificity(types: 1)),
      ("*|*[|a]", Specificity(classes: 1)),
      (":lang(en):target", Specificity(classes: 2)),
    ]
    for (text, expected) in cases {
      XCTAssertEqual(try SelectorList(parsing: text).specificity, expected, text)
    }
  }

  func testSeparatedSelectorsKeepTheirOwnSpecificityAndKey() throws {
    let parts = try SelectorList(parsing: "p, #main .note, div.a.b, *[x]").separated
    XCTAssertEqual(parts.map(\.specificity), [
      Specificity(types: 1), Specificity(ids: 0, classes: 1) + Specificity(ids: 1), Specificity(classes: 2, types: 1),
      Specificity(classes: 1),
    ])
    XCTAssertEqual(parts.map(\.subjectKey), [.type("p"), .className("note"), .className("a"), nil])
    XCTAssertEqual(try SelectorList(parsing: "DIV#Top").subjectKey, .id("Top"))
    XCTAssertNil(try SelectorList(parsing: "a, b").subjectKey)
  }

  /// The keys a style sheet's index files a rule under: one of them is on every element the rule matches.
  func testSubjectKeys() throws {
    let cases: [(String, [SelectorSubjectKey])] = [
      ("DIV#Top", [.id("Top")]), ("p.note", [.className("note")]), ("ul li", [.type("li")]),
      (":is(ul, ol) :is(UL, menu, ul.x)", [.type("ul"), .type("menu")]), (":where(p, h1)", [.type("p"), .type("h1")]),
      ("[popover]", [.attribute("popover")]), ("[DIR=rtl i]:hover", [.attribute("dir")]), ("p[dir]", [.type("p")]),
      // Not filed: an argument without a tag name, a namespaced attribute, several selectors.
      (":is(ul, .x)", []), (":is(ul > li)", []), ("[xlink\\:href]", []), ("a, b", []), (":not(p)", []),
    ]
    for (text, keys) in cases {
      XCTAssertEqual(try SelectorList(parsing: text).subjectKeys, keys, text)
    }
  }

  func testErrorKinds() {
    func kind(_ text: String) -> SelectorParseError.Kind? {
      do { _ = try SelectorList(parsing: text) } catch { return error.kind }
      return nil
    }
    XCTAssertEqual(kind("p::-moz-selection"), .pseudoElement)
    XCTAssertNil(kind("p::before"))
    XCTAssertNil(kind("p:first-line"))
    XCTAssertEqual(kind("a:-moz-any-link"), .unknownPseudoClass)
    XCTAssertEqual(kind("p:dir(ltr)"), .unknownPseudoClass)
    XCTAssertEqual(kind("ns|p"), .syntax)
    XCTAssertEqual(kind(":not(::before)"), .syntax)
    XCTAssertEqual(kind("p >"), .syntax)
    XCTAssertNil(kind("p"))
  }
}
