import XCTest

@_spi(Harness) @testable import DOM

/// The fuzz target's property (`ParserHarness.checkRoundTrip`, run by Fuzz/ParseRoundTrip) on crafted inputs:
/// stable trees pass, each inherent exception is named, and a real divergence is reported with both texts.
final class ParseRoundTripFuzzReplayTests: XCTestCase {
  func testOrdinaryDocumentsAreStable() {
    let inputs = [
      "<!DOCTYPE html><title>t</title><p>a<div>b</div>",
      "<table>x<tr><td>y</td></tr></table>z",  // foster parenting
      "<b><i>a</b>c</i>",  // adoption agency
      "<template><td>cell</td></template>",
      "<svg viewBox='0 0 1 1'><foreignObject><p>html</p></foreignObject><path d=M0/></svg>",
      "<pre>\n\nkept newline</pre><textarea>\nx</textarea>",
      "<p title='a&quot;b'>&amp;&lt;&nbsp;</p><!-- note -->",
    ]
    for html in inputs {
      XCTAssertEqual(ParserHarness.checkRoundTrip(html), .stable, html)
    }
  }

  func testInherentExceptionsAreNamed() {
    let cases: [(String, RoundTripException)] = [
      ("<plaintext>a</plaintext>", .plaintext),
      ("<script><!--<script>", .scriptEscape),
      ("<p>a&#13;b</p>", .carriageReturn),
      ("<!DOCTYPE html PUB(LIC \"html\"><p><table>", .quirksMode),  // found by Scripts/fuzz
      ("<p><table></p>", .misnested),  // no-quirks: <table> closes the <p> on re-parse
      ("<a><table><a></table><p><a><div><a>", .misnested),
      ("<!doctype html><form><table></form><form></table></form>", .misnested),
      // Found by Scripts/fuzz: the foster-parented <b> gets the input.
      ("<select><table><b><input type=hidden>", .misnested),
      ("<select><p><table><option>X", .misnested),  // found by Scripts/fuzz: quirks <p> keeps the fostered option
      ("<p><table><g><form>", .misnested),  // found by Scripts/fuzz: quirks <p> keeps a fostered <g> with a form
      ("<select><table><option><hr>", .misnested),  // found by Scripts/fuzz (minimized): the table hid the select
      ("<ruby><table><rt><rt>", .misnested),  // found by Scripts/fuzz (minimized): the table hid the ruby
      ("<a><table><math><mi><a>", .misnested),  // found by Scripts/fuzz (minimized): <mi> hides the outer <a>
      // Found by Scripts/fuzz (minimized): <svg> in <annotation-xml> reconstructs the <nobr> there (Chromium too).
      ("<math><mtext><i><nobr>x</i></mtext><annotation-xml><svg>", .misnested),
    ]
    for (html, expected) in cases {
      XCTAssertEqual(ParserHarness.checkRoundTrip(html), .knownException(expected), html)
    }
  }

  func testAnUnexplainedDifferenceIsAViolationWithBothSerializations() {
    // A "parser" that appends an element on every parse: the second serialization has one more
    // (after </html>, so it lands at the end of <body>).
    let verdict = ParserHarness.checkRoundTrip("<p>a") { HTML5Parser.parseDocument($0 + "<i></i>") }
    guard case .violation(let first, let second) = verdict else {
      return XCTFail("expected a violation, got \(verdict)")
    }
    XCTAssertEqual(first, "<html><head></head><body><p>a<i></i></p></body></html>")
    XCTAssertEqual(second, "<html><head></head><body><p>a<i></i></p><i></i></body></html>")
  }

  func testEveryReasonIsDocumented() {
    for exception in RoundTripException.allCases {
      XCTAssertFalse(exception.reason.isEmpty, "\(exception) has no reason")
    }
  }

  func testEveryParserParsesAndRoundTrips() {
    let html = "<!DOCTYPE html><p id=x>Hello <b>world</b></p>"
    for parser in ParserHarness.Parser.allCases {
      ParserHarness.parseAndFree(html, with: parser)
      #if Gumbo
      guard parser != .gumboAlone else { continue }
      #endif
      let (first, second) = ParserHarness.roundTrip(html, with: parser)
      XCTAssertTrue(first.contains("<p id=\"x\">Hello <b>world</b></p>"), "\(parser): \(first)")
      XCTAssertEqual(first, second, "\(parser)")
    }
  }
}
