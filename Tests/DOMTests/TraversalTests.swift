import XCTest
@testable import DOM

final class TraversalTests: XCTestCase {
  /// body > [div#a > [p#b > ['x'], <!--c-->, span#skip > [i#d]], 'y', section#reject > [b#e]]
  private func sampleTree(_ document: Document) throws -> Element {
    let body = try XCTUnwrap(document.body)
    try body.append(
      .node(make(document, "div", ["id": "a"], [
        make(document, "p", ["id": "b"], [document.createTextNode("x")]),
        document.createComment("c"),
        make(document, "span", ["id": "skip"], [make(document, "i", ["id": "d"])]),
      ])),
      "y",
      .node(make(document, "section", ["id": "reject"], [make(document, "b", ["id": "e"])])))
    return body
  }

  private func label(_ node: Node?) -> String {
    switch node {
    case let element as Element: return element.id.isEmpty ? element.localName : element.id
    case let text as Text: return "'\(text.data)'"
    case let comment as Comment: return "<!--\(comment.data)-->"
    case nil: return "nil"
    default: return node!.nodeName
    }
  }

  private func skipAndReject(_ node: Node) -> FilterResult {
    guard let element = node as? Element else { return .accept }
    if element.id == "skip" { return .skip }
    if element.id == "reject" { return .reject }
    return .accept
  }

  func testNextNodeSkipVersusReject() throws {
    let document = Document()
    let body = try sampleTree(document)
    let walker = document.createTreeWalker(body, whatToShow: [.element, .text], filter: skipAndReject)
    var seen: [String] = []
    while let node = try walker.nextNode() { seen.append(label(node)) }
    // SKIP hides span#skip but not its child i#d; REJECT hides section#reject and b#e.
    XCTAssertEqual(seen, ["a", "b", "'x'", "d", "'y'"])
    var back: [String] = []
    while let node = try walker.previousNode() { back.append(label(node)) }
    // previousNode climbs back to the root itself (when shown), then stops.
    XCTAssertEqual(back, ["d", "'x'", "b", "a", "body"])
    XCTAssertTrue(walker.currentNode === body)
  }

  func testOtherFilterResultIsRejectForChildrenAndSkipElsewhere() throws {
    let document = Document()
    let body = try sampleTree(document)
    // Elements answer 0 (a script filter returning false): neither accept, reject nor skip.
    let walker = document.createTreeWalker(body, whatToShow: [.element, .text]) { $0 is Element ? .other : .accept }
    // firstChild() does not descend into div#a (SKIP would find 'x'); nextNode() does.
    XCTAssertEqual(label(try walker.firstChild()), "'y'")
    walker.currentNode = body
    var seen: [String] = []
    while let node = try walker.nextNode() { seen.append(label(node)) }
    XCTAssertEqual(seen, ["'x'", "'y'"])
  }

  func testChildAndSiblingNavigation() throws {
    let document = Document()
    let body = try sampleTree(document)
    let walker = document.createTreeWalker(body, whatToShow: .element, filter: skipAndReject)
    XCTAssertEqual(label(try walker.firstChild()), "a")
    XCTAssertEqual(label(try walker.lastChild()), "d", "lastChild descends into skipped span")
    XCTAssertEqual(label(try walker.previousSibling()), "b")
    XCTAssertEqual(label(try walker.nextSibling()), "d")
    XCTAssertEqual(label(try walker.nextSibling()), "nil")
    XCTAssertEqual(label(try walker.parentNode()), "a", "parentNode passes over skipped span")
    XCTAssertEqual(label(try walker.nextSibling()), "nil", "the rejected section is not a sibling")
    XCTAssertEqual(label(try walker.parentNode()), "body")
    XCTAssertEqual(label(try walker.parentNode()), "nil", "never leaves the root")
    XCTAssertEqual(label(try walker.lastChild()), "a")
  }

  func testWhatToShowAndCurrentNode() throws {
    let document = Document()
    let body = try sampleTree(document)
    let walker = document.createTreeWalker(body, whatToShow: .comment)
    XCTAssertEqual(label(try walker.nextNode()), "<!--c-->")
    XCTAssertNil(try walker.nextNode())
    walker.currentNode = try XCTUnwrap(document.getElementById("d"))
    let texts = document.createTreeWalker(body, whatToShow: .text)
    texts.currentNode = walker.currentNode
    XCTAssertEqual(label(try texts.nextNode()), "'y'")
  }

  func testFilterErrorsPropagateAndReentryIsRejected() throws {
    struct Boom: Error {}
    let document = Document()
    let body = try sampleTree(document)
    let failing = document.createTreeWalker(body) { _ in throw Boom() }
    XCTAssertThrowsError(try failing.nextNode()) { XCTAssertTrue($0 is Boom) }
    XCTAssertTrue(failing.currentNode === body)
    var reentrant: TreeWalker!
    reentrant = document.createTreeWalker(body) { _ in _ = try reentrant.nextNode(); return .accept }
    XCTAssertThrowsDOMException(.invalidStateError, try reentrant.nextNode())
    reentrant = nil  // the filter captured its own walker
  }

  func testNodeIteratorOrderAndFilter() throws {
    let document = Document()
    let body = try sampleTree(document)
    let iterator = document.createNodeIterator(body, whatToShow: .element, filter: skipAndReject)
    var seen: [String] = []
    while let node = try iterator.nextNode() { seen.append(label(node)) }
    // A NodeIterator treats REJECT like SKIP: b#e inside the rejected section is still shown.
    XCTAssertEqual(seen, ["body", "a", "b", "d", "e"])
    XCTAssertEqual(label(try iterator.previousNode()), "e")
    XCTAssertEqual(label(try iterator.previousNode()), "d")
  }

  func testNodeIteratorFollowsRemovals() throws {
    let document = Document()
    let body = try sampleTree(document)
    let iterator = document.createNodeIterator(body, whatToShow: .element)
    XCTAssertEqual(label(try iterator.nextNode()), "body")
    XCTAssertEqual(label(try iterator.nextNode()), "a")
    XCTAssertEqual(label(try iterator.nextNode()), "b")
    // Removing the reference node's ancestor moves the reference to the preceding node.
    try XCTUnwrap(document.getElementById("a")).remove()
    XCTAssertTrue(iterator.referenceNode === body)
    XCTAssertFalse(iterator.pointerBeforeReferenceNode)
    XCTAssertEqual(label(try iterator.nextNode()), "reject")
    XCTAssertEqual(label(try iterator.nextNode()), "e")
    XCTAssertNil(try iterator.nextNode())
  }

  func testNodeIteratorIgnoresRemovalOfRootAncestor() throws {
    let document = Document()
    let body = try sampleTree(document)
    let paragraph = try XCTUnwrap(document.getElementById("b"))
    let iterator = document.createNodeIterator(paragraph)
    // Removing an ancestor of root leaves the iterator's subtree, and so its reference, unchanged.
    try XCTUnwrap(document.getElementById("a")).remove()
    XCTAssertTrue(iterator.referenceNode === paragraph)
    XCTAssertTrue(iterator.pointerBeforeReferenceNode)
    XCTAssertEqual(label(try iterator.nextNode()), "b")
    XCTAssertEqual(label(try iterator.nextNode()), "'x'")
    XCTAssertNil(try body.querySelector("#b"))
  }

  func testDescendantsInTreeOrder() throws {
    let document = Document()
    let body = try sampleTree(document)
    XCTAssertEqual(body.descendants().map(label), ["a", "b", "'x'", "<!--c-->", "skip", "d", "'y'", "reject", "e"])
    XCTAssertEqual(Array(body.descendants(includingSelf: true)).first.map(label), "body")
    XCTAssertEqual(document.createTextNode("t").descendants().map(label), [])
  }

  /// nextNode walks the raw tree: a node gets a wrapper when whatToShow shows it, not for being passed.
  func testNextNodeMakesWrappersOnlyForTheNodesShown() throws {
    let document = Document.parse(html: "<!doctype html><body>" + String(repeating: "<div><p>a <b>b</b></p></div>", count: 40))
    let body = try XCTUnwrap(document.body)
    let before = document.wrapperCount
    let walker = document.createTreeWalker(body, whatToShow: .text)
    var texts = 0
    while try walker.nextNode() != nil { texts += 1 }
    XCTAssertEqual(texts, 80)
    XCTAssertEqual(document.wrapperCount - before, 80)
  }

  /// A filter that moves the node it is shown into another document: the walk goes on in that document's tree, and
  /// the nodes it reaches there are that document's (the walker follows the raw links from the moved node).
  func testAFilterThatAdoptsTheNodeLeadsTheWalkIntoTheOtherDocument() throws {
    let document = Document.parse(html: "<!doctype html><body><div id=a><p id=b><i id=c></i></p></div><span id=d></span>")
    let other = Document()
    let walker = document.createTreeWalker(try XCTUnwrap(document.body), whatToShow: .element) { node in
      if (node as? Element)?.id == "a" { _ = try other.adoptNode(node) }
      return .accept
    }
    XCTAssertEqual((try walker.nextNode() as? Element)?.id, "a")
    let next = try XCTUnwrap(try walker.nextNode() as? Element)
    XCTAssertEqual(next.id, "b")
    XCTAssertTrue(next.document === other)
    XCTAssertTrue(try walker.nextNode()?.document === other)
  }
}
