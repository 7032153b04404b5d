import XCTest
@testable import DOM

/// Records what the document reports, as compact strings.
private final class Recorder: TreeObserver {
  var log: [String] = []

  func nodesWillBeInserted(count: Int, into parent: Node, before child: Node?) {
    log.append("will-insert \(count) into \(parent.nodeName) before \(child?.nodeName ?? "end")")
  }
  func nodeWillBeRemoved(_ node: Node) {
    log.append("will-remove \(node.nodeName) from \(node.parentNode?.nodeName ?? "-")")
  }
  func childListChanged(_ parent: Node, added: [Node], removed: [Node], previousSibling: Node?, nextSibling: Node?) {
    let names = { (nodes: [Node]) in nodes.map(\.nodeName).joined(separator: ",") }
    log.append(
      "childList \(parent.nodeName) +[\(names(added))] -[\(names(removed))] "
        + "prev=\(previousSibling?.nodeName ?? "nil") next=\(nextSibling?.nodeName ?? "nil")")
  }
  func attributeChanged(_ element: Element, localName: String, namespaceURI: String?, oldValue: String?) {
    log.append("attr \(element.nodeName) \(localName) old=\(oldValue ?? "nil")")
  }
  func characterDataReplaced(_ node: CharacterData, offset: Int, removed: Int, inserted: Int, oldValue: String) {
    log.append("data \(offset) -\(removed) +\(inserted) old=\(oldValue)")
  }
  func textWasSplit(_ node: Text, at offset: Int, into newNode: Text) {
    log.append("split \(node.data) at \(offset) into \(newNode.data)")
  }
}

final class TreeObserverTests: XCTestCase {
  func testInsertRemoveAndReplaceReportOneRecordEach() throws {
    let document = Document()
    let body = try XCTUnwrap(document.body)
    let recorder = Recorder()
    document.addTreeObserver(recorder)
    let p = make(document, "p"), div = make(document, "div")

    try body.appendChild(p)
    try body.insertBefore(div, p)
    try body.replaceChild(make(document, "span"), div)
    try body.removeChild(p)
    XCTAssertEqual(recorder.log, [
      "will-insert 1 into BODY before end",
      "childList BODY +[P] -[] prev=nil next=nil",
      "will-insert 1 into BODY before P",
      "childList BODY +[DIV] -[] prev=nil next=P",
      // replaceChild: one record for the removal and the insertion (the suppress observers flag).
      "will-remove DIV from BODY",
      "will-insert 1 into BODY before P",
      "childList BODY +[SPAN] -[DIV] prev=nil next=P",
      "will-remove P from BODY",
      "childList BODY +[] -[P] prev=SPAN next=nil",
    ])
  }

  func testFragmentInsertionAndReplaceAllReportTheWholeChange() throws {
    let document = Document()
    let body = try XCTUnwrap(document.body)
    try body.appendChild(make(document, "hr"))
    let fragment = document.createDocumentFragment()
    try fragment.append(.node(make(document, "a")), .node(make(document, "b")))
    let recorder = Recorder()
    document.addTreeObserver(recorder)

    try body.appendChild(fragment)
    body.textContent = "x"
    XCTAssertEqual(recorder.log, [
      "will-remove A from #document-fragment", "will-remove B from #document-fragment",
      "childList #document-fragment +[] -[A,B] prev=nil next=nil",
      "will-insert 2 into BODY before end",
      "childList BODY +[A,B] -[] prev=HR next=nil",
      "will-remove HR from BODY", "will-remove A from BODY", "will-remove B from BODY",
      "will-insert 1 into BODY before end",
      "childList BODY +[#text] -[HR,A,B] prev=nil next=nil",
    ])
  }

  func testAttributeAndCharacterDataChangesCarryOldValues() throws {
    let document = Document()
    let p = make(document, "p", ["class": "a"])
    let text = document.createTextNode("hello world")
    try p.appendChild(text)
    let recorder = Recorder()
    document.addTreeObserver(recorder)

    try p.setAttribute("class", "b")
    try p.setAttribute("id", "x")
    p.removeAttribute("class")
    try p.setAttributeNS("urn:x", "x:y", "1")
    try text.replaceData(0, 5, "bye")
    text.data = "new"
    recorder.log.removeAll { $0.hasPrefix("will-") || $0.hasPrefix("childList") }
    XCTAssertEqual(recorder.log, [
      "attr P class old=a", "attr P id old=nil", "attr P class old=b", "attr P y old=nil",
      "data 0 -5 +3 old=hello world", "data 0 -9 +3 old=bye world",
    ])
  }

  func testSplitTextReportsTheSplitBetweenInsertionAndTruncation() throws {
    let document = Document()
    let p = make(document, "p")
    let text = document.createTextNode("abcdef")
    try p.appendChild(text)
    let recorder = Recorder()
    document.addTreeObserver(recorder)

    try text.splitText(2)
    XCTAssertEqual(recorder.log, [
      "will-insert 1 into P before end",
      "childList P +[#text] -[] prev=#text next=nil",
      "split abcdef at 2 into cdef",
      "data 2 -4 +0 old=abcdef",
    ])
  }

  func testTreeVersionMovesOnTreeChangesAndOnTheAttributesCollectionsSelectBy() throws {
    let document = Document()
    let body = try XCTUnwrap(document.body)
    let text = document.createTextNode("t")
    var version = document.treeVersion
    func moved() -> Bool {
      defer { version = document.treeVersion }
      return document.treeVersion != version
    }
    try body.appendChild(text)
    XCTAssertTrue(moved())
    try body.setAttribute("class", "x")
    XCTAssertTrue(moved())
    try body.setAttribute("name", "n")
    XCTAssertTrue(moved())
    body.removeAttribute("id")
    XCTAssertFalse(moved(), "removing an absent attribute changes nothing")
    try body.setAttribute("data-x", "1")
    XCTAssertFalse(moved(), "no live collection selects by data-x")
    try body.setAttributeNS("urn:x", "class", "y")
    XCTAssertFalse(moved(), "only the null-namespace class attribute is the class")
    text.data = "changed"
    XCTAssertFalse(moved(), "character data does not change what live collections contain")
    text.remove()
    XCTAssertTrue(moved())
  }

  func testObserversAreWeakAndRemovable() throws {
    let document = Document()
    let body = try XCTUnwrap(document.body)
    var recorder: Recorder? = Recorder()
    weak let weakRecorder = recorder
    document.addTreeObserver(recorder!)
    recorder = nil
    XCTAssertNil(weakRecorder, "the document must not keep its observers alive")
    XCTAssertFalse(document.treeObservers.contains { $0.observer != nil })

    let kept = Recorder()
    document.addTreeObserver(kept)
    try body.appendChild(make(document, "p"))
    XCTAssertEqual(kept.log.count, 2)
    document.removeTreeObserver(kept)
    try body.appendChild(make(document, "p"))
    XCTAssertEqual(kept.log.count, 2)
  }

  func testRegistrationDropsDeadObserversAsItGrows() {
    let document = Document()
    let kept = (0..<10).map { _ in Recorder() }
    kept.forEach(document.addTreeObserver)
    // Scripts make ranges by the thousand and drop them: the list must stay near the live count.
    for _ in 0..<10_000 { document.addTreeObserver(Recorder()) }
    XCTAssertLessThanOrEqual(document.treeObservers.count, 2 * kept.count + 16 + 1)
    XCTAssertEqual(document.treeObservers.filter { $0.observer != nil }.count, kept.count)
  }
}
