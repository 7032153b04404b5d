import XCTest
@testable import CSSSelectors

/// Selectors back to text (https://drafts.csswg.org/cssom/#serializing-selectors).
final class SerializationTests: XCTestCase {
  func testSerializationTable() throws {
    let cases: [(String, String)] = [
      ("div", "div"), ("DIV", "DIV"), ("*", "*"), ("*|p", "p"), ("|p", "|p"), ("|*", "|*"),
      ("#a.b.c", "#a.b.c"), ("a  >  b+c~d e", "a > b + c ~ d e"), ("a,b ,  c", "a, b, c"),
      ("[x]", "[x]"), ("[x=y]", "[x=\"y\"]"), ("[ x ~= 'y z' i ]", "[x~=\"y z\" i]"), ("[x|=y s]", "[x|=\"y\" s]"),
      ("[x^=a][x$=b][x*=c]", "[x^=\"a\"][x$=\"b\"][x*=\"c\"]"), ("[*|x]", "[*|x]"), ("[|x=\"\"]", "[|x=\"\"]"),
      (":link", ":any-link"), (":only-child", ":first-child:last-child"), (":only-of-type", ":first-of-type:last-of-type"),
      (":nth-child(odd)", ":nth-child(2n+1)"), (":nth-child(even)", ":nth-child(2n)"), (":nth-child(1)", ":first-child"),
      (":nth-last-of-type(-n + 3)", ":nth-last-of-type(-n+3)"), (":nth-child(0n-2)", ":nth-child(-2)"),
      (":nth-child(n of .a, p)", ":nth-child(n of .a, p)"), (":NOT(a,b)", ":not(a, b)"), (":is()", ":is()"),
      (":is(a, ::before, b)", ":is(a, b)"), (":where(:hover)", ":where(:hover)"), (":has(> a, + b, c)", ":has(> a, + b, c)"),
      (":lang(en-US)", ":lang(en-US)"), ("a:before", "a::before"), ("::PART( x  y )", "::part(x y)"),
      ("::slotted( .a:hover )", "::slotted(.a:hover)"), ("::highlight(h)", "::highlight(h)"), ("p::before:hover", "p::before:hover"),
      // Identifiers and strings escaped only where they must be.
      (".\\31 a", ".\\31 a"), ("#\\-1", "#-\\31 "), (".\\-", ".\\-"), (".a\\ b", ".a\\ b"), (".\\7f x", ".\\7f x"),
      // A pseudo-element name is an identifier too (found by fuzz-selectors: `\c` is U+000C in `::-webkit-s\ct`).
      ("::-webkit-s\\ct", "::-webkit-s\\c t"), ("::-WEBKIT-\\41", "::-webkit-a"),
      (".é_-9", ".é_-9"), ("[a='\"\\\\']", "[a=\"\\\"\\\\\"]"), ("[a='\\A']", "[a=\"\\a \"]"), (".\\0", ".\u{FFFD}"),
    ]
    for (text, expected) in cases {
      let list = try SelectorList(parsing: text)
      XCTAssertEqual(list.serialized, expected, text)
      // The serialization parses to a list that serializes the same way.
      XCTAssertEqual(try SelectorList(parsing: expected).serialized, expected, text)
    }
  }

  /// Parsed again, the serialization is the same selector (the same structure; `:only-child` aside, whose two
  /// halves are written apart and count twice in specificity).
  func testSerializationParsesToTheSameSelector() throws {
    for text in [
      "div > p.a:nth-child(2n+1 of .x), :is(a) ~ [data-x|=\"foo\" i]", ":has(> li, + ul) :not(.even):nth-last-of-type(-n+3)",
      "*|* |rect [*|href^=\"#\"] [|title$=World s]", ":where(:lang(fr), :root, :scope > *):first-child:empty",
      ".\\31 a#\\-- [a~=\"b c\"][f=\"\\\"\\\\\"]:not(:is(:not(:is(p))))", "::part(a b):focus", "::slotted(.a#b)",
      ":nth-child(n-2147483648)", ":nth-child(-2147483648n+2147483647)",
    ] {
      let list = try SelectorList(parsing: text)
      XCTAssertEqual(try SelectorList(parsing: list.serialized), list, text)
    }
  }
}
