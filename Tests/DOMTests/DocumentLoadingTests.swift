import XCTest
@testable import DOM

/// `Document.load(html:runScript:)`: scripts run as the parser reaches them, with document.write streaming.
/// The "scripts" here are Swift closures keyed by the script's text, so these tests need no JavaScript.
final class DocumentLoadingTests: XCTestCase {
  /// Loads `html`, running `actions[text]` for each classic script; returns the document and the scripts seen.
  private func load(_ html: String, _ actions: [String: (Document) -> Void] = [:]) -> (Document, [ParserScript]) {
    let document = Document.loading()
    var seen: [ParserScript] = []
    document.load(html: html) { script in
      seen.append(script)
      if script.kind == .classic { actions[script.text]?(script.element.document) }
    }
    return (document, seen)
  }

  private func body(_ document: Document) -> String { document.body?.innerHTML ?? "<no body>" }

  func testWrittenMarkupLandsRightAfterTheScript() {
    let (document, scripts) = load("<body><script>A</script><div>after</div>", ["A": { $0.write("<p>written</p>") }])
    XCTAssertEqual(body(document), "<script>A</script><p>written</p><div>after</div>")
    XCTAssertEqual(scripts.map(\.index), [1])
  }

  func testWriteInHeadGoesWhereTheParserWouldPutIt() {
    let (document, _) = load("<html><head><script>A</script><title>t</title></head><body><i>b</i>",
                             ["A": { $0.write("<meta name=m>") }])
    XCTAssertEqual(document.head?.innerHTML, "<script>A</script><meta name=\"m\"><title>t</title>")
    XCTAssertEqual(body(document), "<i>b</i>")
  }

  func testNestedWritesRunTheWrittenScriptFirst() {
    let (document, scripts) = load("<body><script>A</script><div>after</div>", [
      "A": { $0.write("<script>B</script><i>1</i>") },
      "B": { $0.write("<b>2</b>") },
    ])
    XCTAssertEqual(body(document), "<script>A</script><script>B</script><b>2</b><i>1</i><div>after</div>")
    XCTAssertEqual(scripts.map(\.text), ["A", "B"])
  }

  func testTwoWritesInOneScriptKeepTheirOrder() {
    let (document, _) = load("<body><script>A</script>tail", ["A": { $0.write("one "); $0.write("two ") }])
    XCTAssertEqual(body(document), "<script>A</script>one two tail")
  }

  func testPartialTagAcrossWrites() {
    let (document, _) = load("<body><script>A</script><p>next</p>", ["A": { $0.write("<b"); $0.write(">x</b>") }])
    XCTAssertEqual(body(document), "<script>A</script><b>x</b><p>next</p>")
  }

  func testWrittenMarkupIsParsedBeforeWriteReturns() {
    var seenInside: String?
    let (_, _) = load("<body><script>A</script>", ["A": { document in
      document.write("<p id=w>w</p>")
      seenInside = document.getElementById("w")?.textContent
    }])
    XCTAssertEqual(seenInside, "w")
  }

  func testScriptSeesOnlyWhatIsParsedSoFar() {
    var counts: [Int] = []
    var states: [DocumentReadyState] = []
    let (document, _) = load("<body><p>1</p><p>2</p><script>A</script><p>3</p><script>A</script>", ["A": { d in
      counts.append(d.body?.children.count ?? -1)
      states.append(d.readyState)
    }])
    XCTAssertEqual(counts, [3, 5])
    XCTAssertEqual(states, [.loading, .loading])
    XCTAssertEqual(document.readyState, .interactive)
  }

  func testTextBeforeTheScriptIsInTheTreeWhenItRuns() {
    var text: String?
    _ = load("<body>hello <script>A</script>", ["A": { text = $0.body?.textContent }])
    XCTAssertEqual(text, "hello A")
  }

  func testKindsOfScripts() {
    let (_, scripts) = load("""
      <script src="a.js"></script><script type=module>m</script><script type="application/ld+json">{}</script>
      <script type=" TEXT/JavaScript ">c</script><script language=javascript>l</script><script nomodule>n</script>
      <script></script><svg><script>s</script></svg><script type=module src=m.js></script>
      """)
    XCTAssertEqual(scripts.map(\.kind), [
      .external(src: "a.js"), .module, .dataBlock(type: "application/ld+json"), .classic, .classic,
      .external(src: "m.js"),
    ])
    XCTAssertEqual(scripts.map(\.index), [1, 2, 3, 4, 5, 6])
  }

  func testLineOfTheScriptText() {
    let (_, scripts) = load("<!DOCTYPE html>\n<title>x</title>\n\n<script>\nA</script>\n<p>\n<script>B</script>")
    XCTAssertEqual(scripts.map(\.line), [4, 7])
  }

  func testScriptInASubtreeAnEarlierScriptRemovedDoesNotRun() {
    var ran: [String] = []
    let (document, scripts) = load("<body><div id=d><script>A</script><script>B</script></div><script>C</script>", [
      "A": { d in ran.append("A"); d.getElementById("d")?.remove() },
      "B": { _ in ran.append("B") },
      "C": { _ in ran.append("C") },
    ])
    XCTAssertEqual(ran, ["A", "C"])
    XCTAssertEqual(scripts.map(\.text), ["A", "C"])
    XCTAssertEqual(body(document), "<script>C</script>")
  }

  func testScriptsCanMutateTheTreeTheParserIsBuilding() throws {
    let (document, _) = load("<body><div id=a><script>A</script><p>in</p></div><p>out</p>", ["A": { d in
      d.getElementById("a")?.remove()
    }])
    // The parser keeps inserting into the removed div (as browsers do); the later sibling lands in body.
    XCTAssertEqual(body(document), "<p>out</p>")
  }

  func testOpenAndCloseDoNothingWhileLoading() {
    let (document, _) = load("<body><script>A</script><p>rest</p>", ["A": { d in
      d.open(); d.write("<i>w</i>"); d.close()
    }])
    XCTAssertEqual(body(document), "<script>A</script><i>w</i><p>rest</p>")
  }

  func testWriteAfterLoadReplacesTheDocumentAsBefore() {
    let (document, _) = load("<body><p>old</p>")
    document.write("<p>new</p>")
    XCTAssertEqual(body(document), "<p>new</p>")
  }

  func testTemplatesAndQuirksModeReachTheDocument() throws {
    var mode: QuirksMode?
    var templateHTML: String?
    let (document, _) = load("<template id=t><b>x</b></template><script>A</script>", ["A": { d in
      mode = d.quirksMode
      templateHTML = d.getElementById("t")?.innerHTML
    }])
    XCTAssertEqual(mode, .quirks)
    XCTAssertEqual(templateHTML, "<b>x</b>")
    XCTAssertEqual(try document.querySelector("template")?.innerHTML, "<b>x</b>")
  }

  /// Scripts that tear apart the tree the parser is building (open elements removed, moved, emptied; the root
  /// removed) must leave a document that serializes, and every node must stay owned (run under ASan too).
  func testHostileScriptsLeaveAConsistentDocument() throws {
    let mutations: [(Document) -> Void] = [
      { $0.body?.lastChild?.remove() },
      { $0.body?.innerHTML = "" },
      { d in if let b = d.body?.firstElementChild { _ = try? d.head?.appendChild(b) } },
      { $0.write("<table><b><tr><td>cell<i>") },
      { d in (try? d.querySelectorAll("b, i, table"))?.forEach { $0.remove() } },
      { d in if let t = try? d.querySelector("template") { t.innerHTML = "<p>new" } },
      { $0.documentElement?.remove() },
      { $0.write("</table></b>text<script>A</script>") },
    ]
    var generator = SplitMix64(seed: 7)
    var totalRan = 0
    for round in 0..<200 {
      var html = "<!DOCTYPE html><body>"
      for _ in 0..<12 {
        html += ["<div>", "<table><tr><td>", "<b>", "<i>x", "</b>", "</div>", "<p>t", "<template><b>", "</template>",
                 "<select><option>", "<svg><g>", "</svg>", "<frameset>", "</td></tr></table>", "<script>A</script>",
                 "<script>A</script>"].randomElement(using: &generator)!
      }
      html += "<script>A</script><p id=end>end"
      var ran = 0
      let document = Document.loading()
      document.load(html: html) { script in
        guard script.kind == .classic, ran < 50 else { return }
        ran += 1
        mutations[Int.random(in: 0..<mutations.count, using: &generator)](script.element.document)
      }
      totalRan += ran
      let serialized = document.serialize()
      XCTAssertTrue(serialized.hasPrefix("<!DOCTYPE html>"), "round \(round): \(html)")
      _ = Document.parse(html: serialized).serialize()
    }
    // Scripts in SVG, in template contents or after the root was removed do not run; most others do.
    XCTAssertGreaterThan(totalRan, 200)
  }
}

/// A small seeded generator, so a failing round can be replayed.
private struct SplitMix64: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
