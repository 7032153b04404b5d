import XCTest
@testable import DOM

/// The selection without JS: seeding from the host's text, ranges, anchor and focus.
final class SelectionTests: XCTestCase {
  let document = Document.parse(html: "<body><p>The old <b>bridge</b> crosses</p><p>the river</p></body>")

  func testTheHostTextSelectsItsFirstOccurrenceAcrossNodes() throws {
    let selection = Selection(document: document, hostText: "old bridge cross")
    let range = try selection.range(at: 0)
    XCTAssertEqual(range.text, "old bridge cross")
    XCTAssertEqual((range.startContainer as? Text)?.data, "The old ")
    XCTAssertEqual(range.startOffset, 4)
    XCTAssertEqual((range.endContainer as? Text)?.data, " crosses")
    XCTAssertEqual(range.endOffset, 6)
    XCTAssertEqual([selection.type, selection.text], ["Range", "old bridge cross"])
  }

  func testAHostTextMissingFromThePageStillReadsBack() {
    let selection = Selection(document: document, hostText: "not on the page")
    XCTAssertEqual(selection.text, "not on the page")
    XCTAssertEqual(selection.rangeCount, 1)
    XCTAssertFalse(selection.isCollapsed)
    selection.removeAllRanges()
    XCTAssertEqual([selection.text, selection.type], ["", "None"])
  }

  func testSetBaseAndExtentBackwardsSwapsAnchorAndFocus() throws {
    let selection = Selection(document: document)
    XCTAssertEqual(selection.type, "None")
    let second = document.body!.lastChild!
    let first = document.body!.firstChild!
    try selection.setBaseAndExtent(second, 1, first, 0)
    XCTAssertTrue(selection.anchor?.node === second && selection.focus?.node === first)
    XCTAssertEqual(selection.direction, .backwards)
    XCTAssertEqual(selection.text, "The old bridge crossesthe river")
    XCTAssertTrue(selection.containsNode(first))
    try selection.collapse(toStart: true)
    XCTAssertEqual(selection.type, "Caret")
    XCTAssertThrowsDOMException(.indexSizeError, try selection.collapse(first, 9))
  }

  func testAddRangeAndDeleteFromDocument() throws {
    let selection = Selection(document: document)
    let range = LiveRange(document: document)
    try range.selectNodeContents(document.body!.firstChild!)
    selection.addRange(range)
    XCTAssertTrue(try selection.range(at: 0) === range)
    XCTAssertThrowsDOMException(.indexSizeError, try selection.range(at: 1))
    try selection.deleteFromDocument()
    XCTAssertEqual(document.body!.firstChild!.childCount, 0)
    try selection.removeRange(range)
    XCTAssertEqual(selection.rangeCount, 0)
    XCTAssertThrowsDOMException(.notFoundError, try selection.removeRange(range))
  }
}
