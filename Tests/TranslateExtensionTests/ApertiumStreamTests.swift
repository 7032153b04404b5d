import XCTest

@testable import TranslateExtension

/// The HTML ↔ Apertium stream conversion, without running Apertium.
final class ApertiumStreamTests: XCTestCase {
  func testEncodesInlineElementsAsWordBoundBlanksAndVoidsAsSuperblanks() {
    let stream = ApertiumStream(segments: [#"A <b>big <i>red</i> car</b><br>x&amp;y [z]"#, "Two"])
    XCTAssertEqual(
      stream.request,
      #"A [[t:b:0]]big[[/]] [[t:b:0; t:i:1]]red[[/]] [[t:b:0]]car[[/]][<br 0>]x&y \[z\][<_0>].[]Two[<_1>].[]"#)
    XCTAssertEqual(stream.elements.map(\.html), ["<b>", "<i>"])
  }

  func testNULCannotEndARequestEarly() {
    XCTAssertEqual(ApertiumStream(segments: ["a\0b"]).request, "ab[<_0>].[]")
  }

  func testRebuildsMovedWordsAndMergesSplitSpans() {
    let stream = ApertiumStream(segments: [#"The <a href="h">big house</a> is <i>old</i>."#])
    let answer = #"La [[t:a:0]]casa[[/]] [[t:a:0]]grande[[/]] es [[t:i:1]]vieja[[/]].[<_0>].[]"#
    XCTAssertEqual(
      stream.decode(answer, originals: ["x"]), [.translated(#"La <a href="h">casa grande</a> es <i>vieja</i>."#)])
  }

  func testStretchesAnElementOverWordsThatMovedBetweenItsOwn() {
    let stream = ApertiumStream(segments: ["<b>very old</b> bridge"])
    let answer = "[[t:b:0]]muy[[/]] puente [[t:b:0]]viejo[[/]][<_0>].[]"
    XCTAssertEqual(stream.decode(answer, originals: ["x"]), [.translated("<b>muy puente viejo</b>")])
  }

  func testALostTagIsDamage() {
    let stream = ApertiumStream(segments: ["The <i>old</i> bridge"])
    let result = stream.decode("El puente viejo[<_0>].[]", originals: ["The <i>old</i> bridge"])
    XCTAssertEqual(result?.first?.isDamaged, true)
    XCTAssertEqual(result?.first?.html, "The <i>old</i> bridge")
  }

  func testADuplicatedVoidElementIsDamage() {
    let stream = ApertiumStream(segments: ["a<br>b"])
    let result = stream.decode("a[<br 0>]b[<br 0>][<_0>].[]", originals: ["a<br>b"])
    guard case .damaged(_, let reason)? = result?.first else { return XCTFail("\(String(describing: result))") }
    XCTAssertTrue(reason.contains("<br>"), reason)
  }

  func testCrossingElementsAreDamage() {
    let stream = ApertiumStream(segments: ["<b>one</b> <i>two</i>"])
    let answer = "[[t:b:0]]uno[[/]] [[t:i:1]]dos[[/]] [[t:b:0]]tres[[/]][<_0>].[]"
    XCTAssertEqual(stream.decode(answer, originals: ["o"])?.first?.isDamaged, true)
  }

  func testAMissingSeparatorMakesTheGroupUndecodable() {
    let stream = ApertiumStream(segments: ["One", "Two"])
    XCTAssertNil(stream.decode("Uno[<_0>].[]Dos", originals: ["One", "Two"]))
    XCTAssertNil(stream.decode("Uno[<_1>].[]Dos[<_0>].[]", originals: ["One", "Two"]))
  }

  func testTagsFromAnotherSegmentAreDamage() {
    let stream = ApertiumStream(segments: ["<b>one</b>", "two"])
    let answer = "[[t:b:0]]uno[[/]][<_0>].[][[t:b:0]]dos[[/]][<_1>].[]"
    let result = stream.decode(answer, originals: ["<b>one</b>", "two"])
    XCTAssertEqual(result?[0], .translated("<b>uno</b>"))
    XCTAssertEqual(result?[1].isDamaged, true)
  }

  func testFragmentParsingToleratesStrayAndUnclosedTags() {
    XCTAssertEqual(
      FragmentTree.parse("a</i><b>c"),
      [.text("a"), .element(name: "b", html: "<b>", children: [.text("c")])])
    XCTAssertEqual(HTMLFragment.decodeEntities("&lt;&#233;&#xE9;&bogus;&amp"), "<éé&bogus;&amp")
  }
}
