import XCTest
@testable import CSSSelectors

/// Invalid selectors: each must throw with this exact message and offset.
final class ParseErrorTests: XCTestCase {
  func testErrorTable() {
    let cases: [(String, String, Int)] = [
      ("", "expected a selector", 0),
      ("   ", "expected a selector", 3),
      ("a,", "expected a selector after ','", 2),
      ("a, ,b", "expected a selector after ','", 3),
      (",a", "expected a selector", 0),
      ("a >", "expected a selector after combinator '>'", 3),
      ("a > > b", "unexpected '>'", 4),
      ("> a", "unexpected '>'", 0),
      ("div)", "unexpected ')'", 3),
      (":not(p))", "unexpected ')'", 7),
      ("{}", "unexpected '{'", 0),
      ("div/**/p", "unexpected identifier \"p\"", 7),
      ("a|", "unexpected '|'", 1),
      ("p 'x'", "unexpected string \"x\"", 2),
      (":foo", "unknown pseudo-class :foo", 0),
      ("p:foo(1)", "unknown pseudo-class :foo()", 1),
      (":root()", "pseudo-class :root takes no arguments", 0),
      (":not", "pseudo-class :not needs arguments, as in :not(...)", 0),
      ("a:", "expected a pseudo-class name after ':'", 2),
      ("a: b", "expected a pseudo-class name after ':', found whitespace", 2),
      ("::example", "unknown pseudo-element ::example", 0),
      ("div::example(x)", "unknown pseudo-element ::example()", 3),
      (":::before", "expected a pseudo-element name after '::', found ':'", 2),
      (":: before", "expected a pseudo-element name after '::', found whitespace", 2),
      (":not(::before)", "pseudo-element ::before is not allowed inside a pseudo-class", 5),
      (":is(p):has(:after)", "pseudo-element ::after is not allowed inside a pseudo-class", 11),
      ("::before span", "nothing may follow the pseudo-element ::before but pseudo-classes", 9),
      ("p::after > a", "nothing may follow the pseudo-element ::after but pseudo-classes", 9),
      ("::before.a", "'.' cannot follow the pseudo-element ::before", 8),
      ("::before[a]", "'[' cannot follow the pseudo-element ::before", 8),
      ("::before:first-child", "only a user-action pseudo-class (:hover, :focus...) may follow ::before", 8),
      ("::before::after", "::after cannot follow ::before", 8),
      ("::marker::before", "::before cannot follow ::marker", 8),
      ("::slotted()", "::slotted() needs a compound selector", 10),
      ("::slotted(a b)", "unexpected identifier \"b\"", 12),
      ("::slotted(::before)", "pseudo-element ::before is not allowed inside a pseudo-class", 10),
      ("::part()", "::part() needs part names", 7),
      ("::highlight(a b)", "unexpected identifier \"b\"", 14),
      ("::highlight()", "::highlight() needs a highlight name", 12),
      ("ns|div", "undeclared namespace prefix 'ns'", 0),
      (":not(ns|div)", "undeclared namespace prefix 'ns'", 5),
      ("[ns|a]", "undeclared namespace prefix 'ns'", 1),
      ("[*|*=test]", "expected an attribute name after '['", 1),
      ("^|div", "unexpected '^'", 0),
      (":lang()", ":lang() needs a language code, as in :lang(en)", 6),
      (":lang('en')", ":lang() needs a language code, as in :lang(en)", 6),
      (":lang(en fr)", "unexpected identifier \"fr\"", 9),
      (":lang(en, fr)", "unexpected ','", 8),
      (":lang", "pseudo-class :lang needs arguments, as in :lang(...)", 0),
      ("#1a", "invalid ID selector '#1a': an ID must start like an identifier (escape a leading digit as '#\\31 a')", 0),
      (". a", "expected a class name after '.'", 1),
      ("[", "expected an attribute name after '['", 1),
      ("[=a]", "expected an attribute name after '['", 1),
      ("[a=]", "expected an attribute value (an identifier or a quoted string) after '='", 3),
      ("[a==b]", "expected an attribute value (an identifier or a quoted string) after '='", 3),
      ("[a b]", "expected ']' or one of = ~= |= ^= $= *= in attribute selector, found identifier \"b\"", 3),
      ("[a ~ = b]", "expected ']' or one of = ~= |= ^= $= *= in attribute selector, found '~'", 3),
      ("[a=b x]", "unknown attribute selector flag 'x'; use 'i' or 's'", 5),
      ("[a=b i c]", "unexpected identifier \"c\"", 7),
      ("[a='b\nc']", "unterminated string", 3),
      (":not([a)", "expected ']' or one of = ~= |= ^= $= *= in attribute selector, found ')'", 7),
      (":nth-child(foo)", "invalid An+B formula in :nth-child(); write it like 2n+1, -n+3, odd, even or 5", 11),
      (":nth-child()", "invalid An+B formula in :nth-child(); write it like 2n+1, -n+3, odd, even or 5", 11),
      (":NTH-CHILD(- n)", "invalid An+B formula in :NTH-CHILD(); write it like 2n+1, -n+3, odd, even or 5", 11),
      (":nth-child(2n+1 of)", "expected a selector", 18),
      (":nth-child(2 of p q!)", "unexpected '!'", 19),
      (":nth-of-type(2 of p)", "unexpected identifier \"of\"", 15),
      (":nth-child(n 1)", "unexpected number 1", 13),
      (":has(:has(a))", ":has() cannot be nested inside :has()", 5),
      (":has(:is(a):has(b))", ":has() cannot be nested inside :has()", 11),
      (":has()", "expected a selector", 5),
      (":not()", "expected a selector", 5),
      (":not(a,)", "expected a selector after ','", 7),
      (":has(>)", "expected a selector after combinator '>'", 6),
      (":has(a > )", "expected a selector after combinator '>'", 9),
      ("é:foo", "unknown pseudo-class :foo", 1),
      ("\u{1F600}x:foo", "unknown pseudo-class :foo", 3),
    ]
    for (selector, message, offset) in cases {
      do {
        let parsed = try SelectorList(parsing: selector)
        XCTFail("\(selector.debugDescription) parsed as \(parsed) but should fail with \(message)")
      } catch {
        XCTAssertEqual(error.message, "\(message) at \(offset)", "selector \(selector.debugDescription)")
        XCTAssertEqual(error.offset, offset, "selector \(selector.debugDescription)")
        XCTAssertEqual(error.description, error.message)
      }
    }
  }

  func testValidEdgeCasesParse() throws {
    for selector in [
      "[a='b", ":not(.a", "a:is(", "*|*", "|*", "|a", "[*|a]", "[|a]", "[a|=b]", "a\t>\nb", "a/**/ b",
      "::before", "p:after", "p::first-line", "P::FIRST-LETTER", ":first-letter", "::slotted(foo", "::slotted(foo)",
      "::slotted(.a:hover)::before", "::part(a b)::after", "::highlight(x)", "p::before:hover", "::after:focus-within",
      "::before::marker", "::-webkit-scrollbar", "input::placeholder", ":lang(en)", ":lang( en-US )", ":LANG(\\*-CH)",
      ":target", ":valid", ":invalid",
      ":is(::before)", ":where(:foo)", ":is(,)", "p:nth-child(2n + 1 of .a, .b)", "a:has(+ b, ~ c, > d, e)",
      "#\\31 a", "#-a", "#--", "#_a", ".-a", "[a=\"\"]", "A[HREF=X I]",
    ] {
      XCTAssertNoThrow(try SelectorList(parsing: selector), selector)
    }
  }
}
