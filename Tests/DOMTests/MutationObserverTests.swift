import XCTest
@testable import DOM

/// An agent whose microtasks wait in a list until the test runs them.
private final class ManualAgent {
  var microtasks: [() -> Void] = []
  lazy var agent = MutationObserverAgent { [unowned self] task in self.microtasks.append(task) }

  func runMicrotasks() {
    while !microtasks.isEmpty { microtasks.removeFirst()() }
  }
}

private func describe(_ record: MutationRecord) -> String {
  let names = { (nodes: [Node]) in nodes.map(\.nodeName).joined(separator: ",") }
  switch record.type {
  case .childList:
    return "childList \(record.target.nodeName) +[\(names(record.addedNodes))] -[\(names(record.removedNodes))] "
      + "prev=\(record.previousSibling?.nodeName ?? "nil") next=\(record.nextSibling?.nodeName ?? "nil")"
  case .attributes:
    return "attributes \(record.target.nodeName) \(record.attributeName ?? "?") old=\(record.oldValue ?? "nil")"
  case .characterData:
    return "characterData \(record.target.nodeName) old=\(record.oldValue ?? "nil")"
  }
}

final class MutationObserverTests: XCTestCase {
  private let manual = ManualAgent()
  private var delivered: [String] = []

  private func makeObserver(_ name: String) -> MutationObserver {
    MutationObserver(agent: manual.agent) { [unowned self] _, records in
      delivered.append("\(name): " + records.map(describe).joined(separator: " | "))
    }
  }

  func testRecordsAreDeliveredTogetherInOneMicrotask() throws {
    let document = Document.parse(html: "<body><p id=a>x</p></body>")
    let body = try XCTUnwrap(document.body)
    let observer = makeObserver("mo")
    try observer.observe(body, options: .init(childList: true, attributes: true, attributeOldValue: true))
    let div = try document.createElement("div")
    try body.appendChild(div)
    try body.setAttribute("class", "c")
    try body.setAttribute("class", "d")
    XCTAssertEqual(manual.microtasks.count, 1, "one microtask for many records")
    XCTAssertTrue(delivered.isEmpty)
    manual.runMicrotasks()
    XCTAssertEqual(delivered, [
      "mo: childList BODY +[DIV] -[] prev=P next=nil | attributes BODY class old=nil | attributes BODY class old=c"
    ])
  }

  func testOptionsSelectWhatIsRecorded() throws {
    let document = Document.parse(html: "<body><p id=a>x</p></body>")
    let body = try XCTUnwrap(document.body)
    let p = try XCTUnwrap(document.getElementById("a"))
    let text = try XCTUnwrap(p.firstChild as? CharacterData)
    let filtered = makeObserver("filtered"), deep = makeObserver("deep")
    try filtered.observe(p, options: .init(attributeFilter: ["title"]))
    try deep.observe(body, options: .init(characterData: true, subtree: true, characterDataOldValue: true))
    try p.setAttribute("lang", "en")
    try p.setAttribute("title", "t")
    text.data = "y"
    manual.runMicrotasks()
    XCTAssertEqual(delivered, ["filtered: attributes P title old=nil", "deep: characterData #text old=x"])
  }

  func testNodesTheParserInsertsAfterAScriptObservedTheDocumentAreRecorded() throws {
    // As in a browser (WPT MutationObserver-document.html; the records are Chromium's for this page, where the
    // microtask checkpoint before each parser script delivers them): each node the parser inserts is one childList
    // record, a node the adoption agency moves is removed then inserted, and insertions into a subtree a script
    // removed are not seen once the records were delivered.
    let document = Document.loading()
    let observer = makeObserver("mo")
    document.load(html: "<body><script>A</script><p id=n></p><script>B</script><b>1<p>2</b>"
                    + "<div id=d><script>C</script><i></i></div><script>D</script>") { script in
      self.manual.runMicrotasks()  // the checkpoint before a parser script
      switch script.text {
      case "A": try? observer.observe(script.element.document, options: .init(childList: true, subtree: true))
      case "C": script.element.document.getElementById("d")?.remove()
      default: break
      }
      self.manual.runMicrotasks()  // the checkpoint after a script
    }
    manual.runMicrotasks()
    XCTAssertEqual(delivered, [
      "mo: childList BODY +[P] -[] prev=SCRIPT next=nil | childList BODY +[SCRIPT] -[] prev=P next=nil | "
        + "childList SCRIPT +[#text] -[] prev=nil next=nil",
      "mo: childList BODY +[B] -[] prev=SCRIPT next=nil | childList B +[#text] -[] prev=nil next=nil | "
        + "childList B +[P] -[] prev=#text next=nil | childList P +[#text] -[] prev=nil next=nil | "
        + "childList B +[] -[P] prev=#text next=nil | childList BODY +[P] -[] prev=B next=nil | "
        + "childList P +[] -[#text] prev=nil next=nil | childList P +[B] -[] prev=nil next=nil | "
        + "childList BODY +[DIV] -[] prev=P next=nil | childList DIV +[SCRIPT] -[] prev=nil next=nil | "
        + "childList SCRIPT +[#text] -[] prev=nil next=nil",
      "mo: childList BODY +[] -[DIV] prev=P next=nil",
      "mo: childList BODY +[SCRIPT] -[] prev=P next=nil | childList SCRIPT +[#text] -[] prev=nil next=nil",
    ])
  }

  func testInvalidOptionsThrow() throws {
    let document = Document.parse(html: "<body></body>")
    let body = try XCTUnwrap(document.body)
    let observer = makeObserver("mo")
    XCTAssertThrowsError(try observer.observe(body, options: .init()))
    XCTAssertThrowsError(try observer.observe(body, options: .init(attributes: false, attributeOldValue: true)))
    XCTAssertThrowsError(try observer.observe(body, options: .init(attributes: false, attributeFilter: [])))
    XCTAssertThrowsError(try observer.observe(body, options: .init(characterData: false, characterDataOldValue: true)))
    XCTAssertNoThrow(try observer.observe(body, options: .init(attributeOldValue: true)))
  }

  func testObserveAgainReplacesOptionsAndDisconnectStops() throws {
    let document = Document.parse(html: "<body></body>")
    let body = try XCTUnwrap(document.body)
    let observer = makeObserver("mo")
    try observer.observe(body, options: .init(attributes: true))
    try observer.observe(body, options: .init(childList: true))
    try body.setAttribute("title", "t")
    try body.appendChild(try document.createElement("i"))
    XCTAssertEqual(observer.takeRecords().map(describe), ["childList BODY +[I] -[] prev=nil next=nil"])
    observer.disconnect()
    try body.appendChild(try document.createElement("b"))
    manual.runMicrotasks()
    XCTAssertTrue(delivered.isEmpty, "takeRecords emptied the queue and disconnect stopped recording")
  }

  func testReplacingWithASiblingRecordsItsMoveFirst() throws {
    let document = Document.parse(html: "<body><p><i></i><b></b></p></body>")
    let p = try XCTUnwrap(document.body?.firstChild)
    let observer = makeObserver("mo")
    try observer.observe(p, options: .init(childList: true))
    try p.replaceChild(try XCTUnwrap(p.lastChild), try XCTUnwrap(p.firstChild))
    try p.replaceChild(try XCTUnwrap(p.firstChild), try XCTUnwrap(p.firstChild))
    // As WPT MutationObserver-childList.html expects ("internal replacement" and "self internal replacement").
    XCTAssertEqual(observer.takeRecords().map(describe), [
      "childList P +[] -[B] prev=I next=nil", "childList P +[B] -[I] prev=nil next=nil",
      "childList P +[] -[B] prev=nil next=nil", "childList P +[B] -[] prev=nil next=nil",
    ])
  }

  func testRemovedNodesStayObservedUntilDelivery() throws {
    let document = Document.parse(html: "<body><div><p></p></div></body>")
    let body = try XCTUnwrap(document.body)
    let div = try XCTUnwrap(body.firstChild as? Element)
    let observer = makeObserver("mo")
    try observer.observe(body, options: .init(attributes: true, subtree: true))
    try body.removeChild(div)
    try XCTUnwrap(div.firstChild as? Element).setAttribute("title", "seen")
    manual.runMicrotasks()
    try XCTUnwrap(div.firstChild as? Element).setAttribute("title", "not seen")
    manual.runMicrotasks()
    XCTAssertEqual(delivered, ["mo: attributes P title old=nil"])
  }

  func testRegistrationsFollowANodeIntoAnotherDocument() throws {
    let first = Document.parse(html: "<body><div></div></body>"), second = Document.parse(html: "<body></body>")
    let div = try XCTUnwrap(first.body?.firstChild as? Element)
    let observer = makeObserver("mo")
    try observer.observe(div, options: .init(attributes: true))
    try XCTUnwrap(second.body).appendChild(div)
    try div.setAttribute("title", "moved")
    XCTAssertEqual(observer.takeRecords().map(describe), ["attributes DIV title old=nil"])
    observer.disconnect()
    try div.setAttribute("title", "after")
    manual.runMicrotasks()
    XCTAssertEqual(delivered, [], "disconnect finds the registration in the new document")
  }

  func testADocumentWithoutObserversStopsComputingForThem() throws {
    let document = Document.parse(html: "<body></body>")
    let observer = makeObserver("mo")
    try observer.observe(try XCTUnwrap(document.body), options: .init(childList: true))
    XCTAssertTrue(document.isObserved)
    observer.disconnect()
    XCTAssertFalse(document.isObserved)
  }

  func testObserversDoNotKeepNodesAlive() throws {
    weak var weakDocument: Document?
    let observer = makeObserver("mo")
    do {
      let document = Document.parse(html: "<body></body>")
      weakDocument = document
      try observer.observe(try XCTUnwrap(document.body), options: .init(childList: true))
    }
    XCTAssertNil(weakDocument)
    observer.disconnect()
  }
}
