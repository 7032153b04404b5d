import XCTest
@testable import DOM

/// Break opportunities inside a run without spaces (LineBreaks.swift): WebKit's ASCII table between ASCII
/// characters, UAX 14's pairs elsewhere.
final class LineBreakTests: XCTestCase {
  private func pieces(_ run: String) -> [String] {
    var pieces: [String] = []
    LineBreaks.forEachSegment(Substring(run)) { pieces.append(String($0)) }
    return pieces
  }

  func testWebKitsASCIITable() {
    XCTAssertEqual(pieces("wordsanddigits123"), ["wordsanddigits123"], "letters and digits hold together")
    XCTAssertEqual(pieces("well-known"), ["well-", "known"], "after a hyphen")
    XCTAssertEqual(pieces("1-2"), ["1-2"], "not before a digit")
    XCTAssertEqual(pieces("a-,b"), ["a-,b"], "not before a comma")
    XCTAssertEqual(pieces("what?now"), ["what?", "now"], "after ? before a letter")
    XCTAssertEqual(pieces("x?(y)"), ["x?", "(y)"], "after ? before an opening bracket")
    XCTAssertEqual(pieces("x?!"), ["x?!"], "not after ? before !")
    XCTAssertEqual(pieces("f(x)"), ["f(x)"], "never after a letter")
    XCTAssertEqual(pieces("a[b](c)"), ["a[b]", "(c)"], "before ( after punctuation")
    XCTAssertEqual(pieces("fs.readFile(path)"), ["fs.readFile(path)"])
    XCTAssertEqual(pieces("x.{y}"), ["x.", "{y}"])
    XCTAssertEqual(pieces("https://example.org/a/b"), ["https://example.org/a/b"], "URLs hold together")
    XCTAssertEqual(pieces("a/(b)"), ["a/(b)"], "never after /")
    XCTAssertEqual(pieces(""), [""])
  }

  func testUAX14PairsOutsideASCII() {
    XCTAssertEqual(pieces("a\u{2014}b"), ["a", "\u{2014}", "b"], "before and after an em dash (B2)")
    XCTAssertEqual(pieces("a\u{00A0}b"), ["a\u{00A0}b"], "a no-break space glues")
    XCTAssertEqual(pieces("日本語"), ["日", "本", "語"], "between ideographs")
    XCTAssertEqual(pieces("“quoted”"), ["“quoted”"], "quotes hold")
  }
}
