import XCTest

@testable import DOM

/// The tokenizer's fast paths, streaming input, insertion point and the tree builder's switches.
final class HTML5LibTokenizerFastPathTests: XCTestCase {
  /// Every token up to and including `.endOfFile`.
  private func tokens(_ tokenizer: HTMLTokenizer) -> [HTMLToken] {
    var result: [HTMLToken] = []
    while true {
      let token = tokenizer.nextToken()
      result.append(token)
      if token == .endOfFile { return result }
    }
  }

  /// Tokens until the tokenizer waits for input (not included).
  private func drain(_ tokenizer: HTMLTokenizer) -> [HTMLToken] {
    var result: [HTMLToken] = []
    while let token = tokenizer.nextTokenIfAvailable() { result.append(token) }
    return result
  }

  private func start(_ name: String, _ attributes: [(String, String)] = [], selfClosing: Bool = false) -> HTMLToken {
    .startTag(HTMLTag(name: name, attributes: attributes.map { HTMLAttribute(name: $0.0, value: $0.1) },
                      selfClosing: selfClosing))
  }

  private func end(_ name: String) -> HTMLToken { .endTag(HTMLTag(name: name)) }

  func testLongTextRunIsOneCharacterToken() {
    let text = String(repeating: "plain text, déjà vu 漢字 — ", count: 8_000)
    XCTAssertEqual(tokens(HTMLTokenizer(text)), [.characters(text), .endOfFile])
  }

  func testTextRunsStopAtTagsAndReferencesOnly() {
    XCTAssertEqual(tokens(HTMLTokenizer("a&amp;b <p>c&lt</p>\0")), [
      .characters("a&b "), start("p"), .characters("c<"), end("p"), .characters("\0"), .endOfFile,
    ])
  }

  func testAttributeValuesAreScannedAsSlices() {
    let long = String(repeating: "x/y?z=1 ", count: 2_000)
    let html = "<a href=\"\(long)&amp;q\" title='it&apos;s' data-x=un&quot;quoted id=a&notit; lang=&not>"
    guard case .startTag(let tag) = HTMLTokenizer(html).nextToken() else { return XCTFail("no start tag") }
    XCTAssertEqual(tag.attributes.map(\.name), ["href", "title", "data-x", "id", "lang"])
    XCTAssertTrue(tag.attribute("href") == long + "&q", "the long value, with its reference decoded")
    XCTAssertEqual(tag.attribute("title"), "it's")
    XCTAssertEqual(tag.attribute("data-x"), "un\"quoted")
    XCTAssertEqual(tag.attribute("id"), "a&notit;", "legacy `&not` before an alphanumeric stays as written")
    XCTAssertEqual(tag.attribute("lang"), "¬")
  }

  func testAttributeNamesLowercasedAndDuplicatesDropped() {
    let tokenizer = HTMLTokenizer("<DIV Class=a CLASS=b data-Ü=\"c\"/>", reportErrors: true)
    XCTAssertEqual(tokens(tokenizer), [start("div", [("class", "a"), ("data-Ü", "c")], selfClosing: true), .endOfFile])
    XCTAssertEqual(tokenizer.errors, [HTMLParseError(code: "duplicate-attribute", line: 1, column: 19)])
    let fast = HTMLTokenizer("<div class=a class=b data-x=\"1\" data-x='2' id>")
    XCTAssertEqual(tokens(fast), [start("div", [("class", "a"), ("data-x", "1"), ("id", "")]), .endOfFile])
  }

  func testCarriageReturnsBecomeLineFeeds() {
    XCTAssertEqual(tokens(HTMLTokenizer("a\r\nb\rc\n\rd<p title=\"x\r\ny\">")), [
      .characters("a\nb\nc\n\nd"), start("p", [("title", "x\ny")]), .endOfFile,
    ])
  }

  func testCRLFSplitAcrossAppendInputChunks() {
    let tokenizer = HTMLTokenizer(streamingWithReportErrors: false)
    var seen: [HTMLToken] = []
    for chunk in ["a\r", "\nb\r", "\r", "\nc\r", "d"] {
      tokenizer.appendInput(chunk)
      seen += drain(tokenizer)
    }
    XCTAssertTrue(tokenizer.isWaitingForInput)
    tokenizer.closeInput()
    seen += tokens(tokenizer)
    let text = seen.compactMap { if case .characters(let s) = $0 { s } else { nil } }.joined()
    XCTAssertEqual(text, "a\nb\n\nc\nd")
    XCTAssertEqual(seen.last, .endOfFile)
  }

  func testCharacterReferenceSplitAcrossChunksWaitsForTheLongestMatch() {
    let tokenizer = HTMLTokenizer(streamingWithReportErrors: false)
    tokenizer.appendInput("x &no")
    XCTAssertEqual(drain(tokenizer), [.characters("x ")], "`&no` could still become `&notin;`")
    tokenizer.appendInput("tin; y &not")
    tokenizer.closeInput()
    XCTAssertEqual(tokens(tokenizer), [.characters("∉ y ¬"), .endOfFile])
  }

  func testMarkupDeclarationSplitAcrossChunks() {
    let fresh = HTMLTokenizer("<!--x--><!DOCTYPE html><![CDATA[y]]>")
    let streamed = HTMLTokenizer(streamingWithReportErrors: false)
    var all: [HTMLToken] = []
    for chunk in ["<!", "-", "-x--", "><!DOC", "TYPE html><![CDA", "TA[y]]>"] {
      streamed.appendInput(chunk)
      all += drain(streamed)
    }
    streamed.closeInput()
    all += tokens(streamed)
    XCTAssertEqual(all, tokens(fresh))
    XCTAssertEqual(all.first, .comment("x"))
  }

  func testInsertDuringStreamingRunsBeforeTheRestOfTheInput() {
    // The tree builder's view of `<script>document.write("<b>x</b>"); document.write("<i>")</script>rest`.
    let tokenizer = HTMLTokenizer(streamingWithReportErrors: false)
    tokenizer.appendInput("<script>w()</script>rest")
    XCTAssertEqual(tokenizer.nextToken(), start("script"))
    tokenizer.textState = .scriptData
    XCTAssertEqual(tokenizer.nextToken(), .characters("w()"))
    XCTAssertEqual(tokenizer.nextToken(), end("script"))
    tokenizer.insert("<b>x</b>")
    XCTAssertEqual(drain(tokenizer), [start("b"), .characters("x"), end("b")])
    XCTAssertTrue(tokenizer.isWaitingForInput, "paused at the insertion point, before `rest`")
    tokenizer.insert("<i title=\"a&amp")
    XCTAssertEqual(drain(tokenizer), [])
    tokenizer.insert(";b\">")
    XCTAssertEqual(drain(tokenizer), [start("i", [("title", "a&b")])])
    tokenizer.removeInsertionPoint()
    XCTAssertEqual(drain(tokenizer), [.characters("rest")])
    tokenizer.closeInput()
    XCTAssertEqual(tokens(tokenizer), [.endOfFile])
  }

  func testTextStatesSetByTheTreeBuilder() {
    let tokenizer = HTMLTokenizer("<title>a<b>&amp;</title><style>&amp;</b></style><p>")
    XCTAssertEqual(tokenizer.nextToken(), start("title"))
    tokenizer.textState = .rcdata
    XCTAssertEqual(tokenizer.lastStartTagName, "title", "set by the tokenizer when it emits a start tag")
    XCTAssertEqual(tokenizer.nextToken(), .characters("a<b>&"))
    XCTAssertEqual(tokenizer.nextToken(), end("title"))
    XCTAssertEqual(tokenizer.textState, .data)
    XCTAssertEqual(tokenizer.nextToken(), start("style"))
    tokenizer.textState = .rawtext
    XCTAssertEqual(tokenizer.nextToken(), .characters("&amp;</b>"))
    XCTAssertEqual(tokenizer.nextToken(), end("style"))
    XCTAssertEqual(tokenizer.nextToken(), start("p"))
    XCTAssertEqual(tokenizer.nextToken(), .endOfFile)
    XCTAssertEqual(tokenizer.nextToken(), .endOfFile, "end of file forever")
  }

  func testCDATAOnlyInForeignContent() {
    XCTAssertEqual(tokens(HTMLTokenizer("<![CDATA[x<y]]>")), [.comment("[CDATA[x<y]]"), .endOfFile])
    let foreign = HTMLTokenizer("<![CDATA[x<y]]]>")
    foreign.allowsCDATA = true
    XCTAssertEqual(tokens(foreign), [.characters("x<y]"), .endOfFile])
  }

  func testErrorsCarryLineAndColumnOnlyWhenAsked() {
    let html = "<p>\n  déjà \0<a b=1 b=2>\n&#x80;</p x>"
    let quiet = HTMLTokenizer(html)
    _ = tokens(quiet)
    XCTAssertEqual(quiet.errors, [])
    let checked = HTMLTokenizer(html, reportErrors: true)
    _ = tokens(checked)
    XCTAssertEqual(checked.errors.map(\.description), [
      "2:8: unexpected-null-character", "2:17: duplicate-attribute", "3:7: control-character-reference",
      "3:12: end-tag-with-attributes",
    ])
  }

  func testNumericReferencesReplaceWhatTheSpecReplaces() {
    let html = "&#0;&#x80;&#x9F;&#xD800;&#x110000;&#xFFFE;&#128512;&#x41"
    XCTAssertEqual(tokens(HTMLTokenizer(html)), [.characters("\u{FFFD}€Ÿ\u{FFFD}\u{FFFD}\u{FFFE}😀A"), .endOfFile])
  }

  func testNamedReferenceTableIsTheWHATWGList() {
    let table = NamedCharacterReferenceTable.shared
    XCTAssertEqual(table.names.count, 2231)
    XCTAssertEqual(table.names, table.names.sorted { $0.lexicographicallyPrecedes($1) })
    XCTAssertEqual(table.names.filter { $0.last != HTMLTokenizer.Byte.semicolon }.count, 106, "legacy names without `;`")
    let index = table.names.firstIndex(of: Array("NotEqualTilde;".utf8))!
    XCTAssertEqual(String(decoding: table.values[index], as: UTF8.self), "\u{2242}\u{338}")
  }
}
