import XCTest
@testable import DOM

/// Ranges without JS: boundary points, comparisons, the live updates under each mutation, content operations.
final class LiveRangeTests: XCTestCase {
  var document: Document!
  var p: Element!
  var text: Text!
  var b: Element!

  /// `<p>Hello <b>bold</b> world</p>` in the body.
  override func setUpWithError() throws {
    document = Document.parse(html: "<!DOCTYPE html><body><p>Hello <b>bold</b> world</p></body>")
    p = document.body!.firstChild as? Element
    text = p.firstChild as? Text
    b = p.childNodes[1] as? Element
  }

  func range(_ start: Node, _ startOffset: Int, _ end: Node, _ endOffset: Int) throws -> LiveRange {
    let range = LiveRange(document: document)
    try range.setStart(start, startOffset)
    try range.setEnd(end, endOffset)
    return range
  }

  func testANewRangeIsCollapsedAtTheDocumentStart() {
    let range = LiveRange(document: document)
    XCTAssertTrue(range.startContainer === document && range.endContainer === document)
    XCTAssertEqual([range.startOffset, range.endOffset], [0, 0])
    XCTAssertTrue(range.collapsed)
  }

  func testSetStartAfterTheEndMovesTheEndAndBadPointsThrow() throws {
    let range = try self.range(text, 1, text, 3)
    try range.setStart(b, 1)
    XCTAssertTrue(range.endContainer === b && range.endOffset == 1)
    XCTAssertThrowsDOMException(.indexSizeError, try range.setStart(text, 7))
    XCTAssertThrowsDOMException(.invalidNodeTypeError, try range.setEnd(document.doctype!, 0))
    XCTAssertThrowsDOMException(.invalidNodeTypeError, try range.setStartBefore(document))
  }

  func testAPointInAnotherTreeCollapsesTheRangeThere() throws {
    let range = try self.range(text, 1, text, 3)
    let detached = document.createTextNode("detached")
    try range.setEnd(detached, 2)
    XCTAssertTrue(range.startContainer === detached && range.startOffset == 2 && range.collapsed)
  }

  func testSelectNodeContentsAndCommonAncestor() throws {
    let range = LiveRange(document: document)
    try range.selectNode(b)
    XCTAssertTrue(range.startContainer === p)
    XCTAssertEqual([range.startOffset, range.endOffset], [1, 2])
    try range.setStart(text, 2)
    XCTAssertTrue(range.commonAncestorContainer === p)
    try range.selectNodeContents(text)
    XCTAssertEqual(range.endOffset, 6)
    XCTAssertThrowsDOMException(.invalidNodeTypeError, try range.selectNode(document))
  }

  func testCompareBoundaryPointsAndComparePoint() throws {
    let first = try range(text, 0, text, 3)
    let second = try range(b.firstChild!, 1, p, 3)
    XCTAssertEqual(try first.compareBoundaryPoints(LiveRange.How.startToStart.rawValue, second), -1)
    XCTAssertEqual(try first.compareBoundaryPoints(LiveRange.How.endToStart.rawValue, second), -1)
    XCTAssertEqual(try second.compareBoundaryPoints(LiveRange.How.startToEnd.rawValue, first), 1)
    XCTAssertEqual(try first.compareBoundaryPoints(LiveRange.How.endToEnd.rawValue, first), 0)
    XCTAssertThrowsDOMException(.notSupportedError, try first.compareBoundaryPoints(4, second))
    let other = LiveRange(document: document)
    try other.selectNodeContents(document.createElement("div"))
    XCTAssertThrowsDOMException(.wrongDocumentError, try first.compareBoundaryPoints(0, other))
    XCTAssertEqual(try second.comparePoint(p, 1), -1)
    XCTAssertEqual(try second.comparePoint(b, 1), 0)
    XCTAssertEqual(try second.comparePoint(document.body!, 1), 1)
    XCTAssertTrue(try second.isPointInRange(p, 2))
    XCTAssertFalse(try second.isPointInRange(text, 2))
    XCTAssertFalse(try second.isPointInRange(document.createElement("i"), 0))
    XCTAssertThrowsDOMException(.wrongDocumentError, try second.comparePoint(document.createElement("i"), 0))
    XCTAssertTrue(second.intersectsNode(b))
    XCTAssertTrue(second.intersectsNode(p))
    XCTAssertFalse(second.intersectsNode(text))
  }

  func testTextCutsTheTextNodesAtTheBoundaries() throws {
    XCTAssertEqual(try range(text, 2, p.lastChild!, 3).text, "llo bold wo")
    XCTAssertEqual(try range(text, 1, text, 4).text, "ell")
    XCTAssertEqual(try range(p, 1, p, 2).text, "bold")
  }

  // MARK: Live updates

  func testInsertionBeforeTheBoundaryShiftsItsOffset() throws {
    let range = try self.range(p, 1, p, 3)
    try p.insertBefore(document.createComment("x"), b)
    XCTAssertEqual([range.startOffset, range.endOffset], [1, 4])
    try p.appendChild(document.createComment("y"))
    XCTAssertEqual(range.endOffset, 4)
    let fragment = document.createDocumentFragment()
    try fragment.append("a", "b")
    try p.insertBefore(fragment, text)
    XCTAssertEqual([range.startOffset, range.endOffset], [3, 6])
  }

  func testRemovalMovesBoundariesOutOfTheRemovedSubtree() throws {
    let range = try self.range(b.firstChild!, 2, p.lastChild!, 3)
    b.remove()
    XCTAssertTrue(range.startContainer === p && range.startOffset == 1)
    XCTAssertTrue(range.endContainer === p.lastChild && range.endOffset == 3)
    let around = try self.range(p, 0, p, 2)
    text.remove()
    XCTAssertEqual([around.startOffset, around.endOffset], [0, 1])
  }

  func testReplaceDataMovesOffsetsInsideTheData() throws {
    let range = try self.range(text, 2, text, 5)
    try text.replaceData(1, 2, "XYZW")
    XCTAssertEqual([range.startOffset, range.endOffset], [1, 7])
    text.appendData("!")
    XCTAssertEqual(range.endOffset, 7)
    text.data = "new"
    XCTAssertEqual([range.startOffset, range.endOffset], [0, 0])
  }

  func testSplitTextMovesBoundariesIntoTheNewNode() throws {
    let range = try self.range(text, 4, p, 1)
    let tail = try text.splitText(2)
    XCTAssertTrue(range.startContainer === tail && range.startOffset == 2)
    XCTAssertTrue(range.endContainer === p && range.endOffset == 2)
  }

  func testNormalizeMovesBoundariesIntoTheMergedNode() throws {
    let tail = try text.splitText(3)
    let range = try self.range(tail, 2, p, 2)
    let atTail = try self.range(p, 1, p, 1)
    p.normalize()
    XCTAssertTrue(range.startContainer === text && range.startOffset == 5)
    XCTAssertTrue(range.endContainer === p && range.endOffset == 1)
    XCTAssertTrue(atTail.startContainer === text && atTail.startOffset == 3 && atTail.collapsed)
    XCTAssertEqual(text.data, "Hello ")
  }

  func testRangesAreHeldWeakly() {
    weak var weakRange: LiveRange?
    do {
      let range = LiveRange(document: document)
      weakRange = range
      XCTAssertNotNil(weakRange)
    }
    XCTAssertNil(weakRange)
    text.appendData("still fine")
  }

  func testARangeFollowsItsNodesIntoAnotherDocument() throws {
    let container = try document.createElement("div")
    try container.appendChild(document.createElement("span"))
    let range = LiveRange(document: document)
    try range.selectNodeContents(container)
    let other = Document(skeleton: true)
    try other.body!.appendChild(container)
    container.firstChild!.remove()
    XCTAssertTrue(range.startContainer === container)
    XCTAssertEqual(range.endOffset, 0)
  }

  // MARK: Content operations

  func testDeleteContentsAcrossElements() throws {
    let range = try self.range(text, 2, b.firstChild!, 2)
    try range.deleteContents()
    XCTAssertEqual(shape(p), "<p>'He'<b>'ld'</b>' world'</p>")
    XCTAssertTrue(range.startContainer === p && range.startOffset == 1 && range.collapsed)
  }

  func testExtractContentsClonesPartialAncestorsAndMovesContainedNodes() throws {
    let range = try self.range(text, 3, p.lastChild!, 2)
    let fragment = try range.extractContents()
    XCTAssertEqual(shape(fragment), "'lo '<b>'bold'</b>' w'")
    XCTAssertEqual(shape(p), "<p>'Hel''orld'</p>")
    XCTAssertTrue(range.startContainer === p && range.startOffset == 1 && range.collapsed)
  }

  func testCloneContentsLeavesTheTreeAlone() throws {
    let range = try self.range(b.firstChild!, 1, p.lastChild!, 3)
    XCTAssertEqual(shape(try range.cloneContents()), "<b>'old'</b>' wo'")
    XCTAssertEqual(shape(p), "<p>'Hello '<b>'bold'</b>' world'</p>")
    XCTAssertEqual(range.startOffset, 1)
  }

  func testExtractingADoctypeThrows() throws {
    let range = try self.range(document, 0, document, 1)
    XCTAssertThrowsDOMException(.hierarchyRequestError, try range.cloneContents())
  }

  func testInsertNodeSplitsTextAndExtendsACollapsedRange() throws {
    let range = try self.range(text, 2, text, 2)
    try range.insertNode(document.createElement("i"))
    XCTAssertEqual(shape(p), "<p>'He'<i></i>'llo '<b>'bold'</b>' world'</p>")
    XCTAssertTrue(range.startContainer === text && range.startOffset == 2)
    XCTAssertTrue(range.endContainer === p && range.endOffset == 2)
    let comment = document.createComment("c")
    try p.appendChild(comment)
    try range.setStart(comment, 0)
    XCTAssertThrowsDOMException(.hierarchyRequestError, try range.insertNode(document.createElement("i")))
  }

  func testSurroundContentsWrapsTheRange() throws {
    let range = try self.range(text, 1, text, 4)
    let span = try document.createElement("span")
    try span.appendChild(document.createTextNode("gone"))
    try range.surroundContents(span)
    XCTAssertEqual(shape(p), "<p>'H'<span>'ell'</span>'o '<b>'bold'</b>' world'</p>")
    XCTAssertTrue(range.startContainer === p && range.startOffset == 1 && range.endOffset == 2)
    let partial = try self.range(p.firstChild!, 0, b.firstChild!, 1)
    XCTAssertThrowsDOMException(.invalidStateError, try partial.surroundContents(document.createElement("i")))
    XCTAssertThrowsDOMException(.invalidNodeTypeError, try range.surroundContents(document.createDocumentFragment()))
  }

  func testStaticRangeRefusesDoctypesButNotBadOffsets() throws {
    let range = try StaticRange(startContainer: text, startOffset: 99, endContainer: p, endOffset: 0)
    XCTAssertEqual(range.startOffset, 99)
    XCTAssertFalse(range.collapsed)
    text.remove()
    XCTAssertTrue(range.startContainer === text)
    XCTAssertThrowsDOMException(
      .invalidNodeTypeError, try StaticRange(startContainer: document.doctype!, startOffset: 0, endContainer: p, endOffset: 0))
  }
}
