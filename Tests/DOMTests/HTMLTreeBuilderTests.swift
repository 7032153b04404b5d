import XCTest

@testable import DOM

/// HTMLTreeBuilder driven by hand-made tokens: each test pins one part of the tree construction algorithm.
final class HTMLTreeBuilderTests: XCTestCase {
  private func tree(_ lines: String...) -> String { lines.joined(separator: "\n") }

  func testImpliedElementsAndOneTextNodePerRun() {
    let built = buildDocument(TokenList([text("a"), text("b"), .characters("c")]))
    XCTAssertEqual(built.dump, tree("| <html>", "|   <head>", "|   <body>", "|     \"abc\""))
    XCTAssertEqual(built.textNodes, 1, "adjacent character tokens must coalesce into one text node")
    XCTAssertEqual(built.quirks, .quirks, "no doctype is quirks mode")
  }

  func testDoctypeSetsModeAndIsFirstChild() {
    let html5 = buildDocument(TokenList([.doctype(HTMLDoctype(name: "html")), text("x")]))
    XCTAssertEqual(html5.quirks, .noQuirks)
    XCTAssertTrue(html5.dump.hasPrefix("| <!DOCTYPE html>\n| <html>"))
    let transitional = HTMLDoctype(name: "html", publicIdentifier: "-//W3C//DTD XHTML 1.0 Transitional//EN",
                                   systemIdentifier: "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd")
    XCTAssertEqual(buildDocument(TokenList([.doctype(transitional)])).quirks, .limitedQuirks)
    XCTAssertEqual(buildDocument(TokenList([.doctype(HTMLDoctype(name: "html", forceQuirks: true))])).quirks, .quirks)
  }

  func testAdoptionAgencyMovesTheBlockOutOfTheFormattingElement() {
    // <a><p>x</a>y
    let dump = buildDocument([start("a"), start("p"), text("x"), end("a"), text("y")])
    XCTAssertEqual(dump, tree("| <html>", "|   <head>", "|   <body>", "|     <a>", "|     <p>", "|       <a>",
                              "|         \"x\"", "|       \"y\""))
  }

  func testMisnestedFormattingIsReconstructed() {
    // <b>1<i>2</b>3</i>4
    let dump = buildDocument([start("b"), text("1"), start("i"), text("2"), end("b"), text("3"), end("i"), text("4")])
    XCTAssertEqual(dump, tree("| <html>", "|   <head>", "|   <body>", "|     <b>", "|       \"1\"", "|       <i>",
                              "|         \"2\"", "|     <i>", "|       \"3\"", "|     \"4\""))
  }

  func testNoahsArkKeepsThreeEqualFormattingElements() {
    // <p><b><b><b><b><p>x: four equal <b>s are open, only the last three are reconstructed.
    let dump = buildDocument([start("p")] + Array(repeating: start("b"), count: 4) + [start("p"), text("x")])
    XCTAssertEqual(dump, tree("| <html>", "|   <head>", "|   <body>", "|     <p>", "|       <b>", "|         <b>",
                              "|           <b>", "|             <b>", "|     <p>", "|       <b>", "|         <b>",
                              "|           <b>", "|             \"x\""))
  }

  func testFosterParentingPutsTextBeforeTheTable() {
    // <table>x<tr><td>y
    let dump = buildDocument([start("table"), text("x"), start("tr"), start("td"), text("y")])
    XCTAssertEqual(dump, tree("| <html>", "|   <head>", "|   <body>", "|     \"x\"", "|     <table>",
                              "|       <tbody>", "|         <tr>", "|           <td>", "|             \"y\""))
  }

  func testFosterParentedTextMergesWithTheTextBeforeTheTable() {
    // a<table>b<tr>c
    let built = buildDocument(TokenList([text("a"), start("table"), text("b"), start("tr"), text("c")]))
    XCTAssertTrue(built.dump.contains("|     \"abc\"\n|     <table>"), built.dump)
    XCTAssertEqual(built.textNodes, 1)
  }

  func testTokenizerStatesFollowTheElements() {
    let source = TokenList([start("title"), text("t"), end("title"), start("script"), end("script"),
                            start("body"), start("textarea"), end("textarea"), start("plaintext")])
    _ = buildDocument(source)
    XCTAssertEqual(source.states, [.rcdata, .scriptData, .rcdata, .plaintext])
  }

  func testCDATAIsAllowedOnlyInForeignContent() {
    let source = TokenList([start("p"), start("svg"), start("g"), end("g"), end("svg"), text("x")])
    _ = buildDocument(source)
    // Asked before: <p>, <svg>, <g>, </g>, </svg>, x, EOF.
    XCTAssertEqual(source.cdataLog, [false, false, true, true, true, false, false])
  }

  func testSVGNamesAndForeignAttributesAreAdjusted() {
    let dump = buildDocument([start("svg", [("viewbox", "0 0 1 1"), ("xlink:href", "#a"), ("xml:lang", "en")]),
                              start("foreignobject"), start("div"), text("x")])
    XCTAssertEqual(dump, tree("| <html>", "|   <head>", "|   <body>", "|     <svg svg>", "|       viewBox=\"0 0 1 1\"",
                              "|       xlink href=\"#a\"", "|       xml lang=\"en\"", "|       <svg foreignObject>",
                              "|         <div>", "|           \"x\""))
  }

  func testHTMLBreaksOutOfForeignContent() {
    let dump = buildDocument([start("math"), start("mi"), end("mi"), start("p"), text("x")])
    XCTAssertEqual(dump, tree("| <html>", "|   <head>", "|   <body>", "|     <math math>", "|       <math mi>",
                              "|     <p>", "|       \"x\""))
  }

  func testTemplateContentsAreAFragmentNotChildren() {
    let dump = buildDocument([start("template"), start("tr"), start("td"), text("x")])
    XCTAssertEqual(dump, tree("| <html>", "|   <head>", "|     <template>", "|       content", "|         <tr>",
                              "|           <td>", "|             \"x\"", "|   <body>"))
  }

  func testScriptingFlagDecidesHowNoscriptParses() {
    let tokens = [start("head"), start("noscript"), start("style"), end("style"), end("noscript")]
    let on = TokenList(tokens)
    _ = buildDocument(on, scripting: true)
    XCTAssertEqual(on.states.first, .rawtext, "scripting on: noscript is raw text")
    let off = buildDocument(tokens, scripting: false)
    XCTAssertTrue(off.contains("|     <noscript>\n|       <style>"), off)
  }

  func testLineFeedRightAfterPreIsDropped() {
    let dump = buildDocument([start("pre"), text("\nx\n")])
    XCTAssertTrue(dump.hasSuffix("|     <pre>\n|       \"x\n\""), dump)
  }

  func testFragmentInTableRowContext() {
    let dump = buildFragment(TokenList([start("td"), text("x"), start("td"), text("y")]), context: "tr")
    XCTAssertEqual(dump, tree("| <td>", "|   \"x\"", "| <td>", "|   \"y\""))
  }

  func testFragmentInTemplateContext() {
    let dump = buildFragment(TokenList([start("tr"), start("td"), text("x")]), context: "template")
    XCTAssertEqual(dump, tree("| <tr>", "|   <td>", "|     \"x\""))
  }

  func testFragmentInSVGContextStaysForeign() {
    let dump = buildFragment(TokenList([start("lineargradient"), end("lineargradient"), start("p")]),
                             context: "svg", namespace: .svg)
    XCTAssertEqual(dump, tree("| <svg linearGradient>", "| <p>"))
  }

  func testSVGContextAllowsCDATAFromTheFirstToken() {
    let source = TokenList([text("x")])
    _ = buildFragment(source, context: "svg", namespace: .svg)
    XCTAssertEqual(source.cdataLog.first, true)
  }

  func testTitleContextPutsTheTokenizerInRCDATA() {
    let source = TokenList([text("<b>")])
    XCTAssertEqual(buildFragment(source, context: "title"), "| \"<b>\"")
    XCTAssertEqual(source.states, [.rcdata])
  }

  func testSecondBodyAndHTMLStartTagsAddMissingAttributes() {
    let dump = buildDocument([start("body", [("a", "1")]), start("body", [("a", "2"), ("b", "3")]),
                              start("html", [("lang", "en")])])
    XCTAssertEqual(dump, tree("| <html>", "|   lang=\"en\"", "|   <head>", "|   <body>", "|     a=\"1\"",
                              "|     b=\"3\""))
  }

  func testSelectedOptionIsClonedIntoSelectedContent() {
    // <select><button><selectedcontent></button><option>X<option selected>Y
    let dump = buildDocument([start("select"), start("button"), start("selectedcontent"), end("button"),
                              start("option"), text("X"), start("option", [("selected", "")]), text("Y")])
    XCTAssertEqual(dump, tree("| <html>", "|   <head>", "|   <body>", "|     <select>", "|       <button>",
                              "|         <selectedcontent>", "|           \"Y\"", "|       <option>", "|         \"X\"",
                              "|       <option>", "|         selected=\"\"", "|         \"Y\""))
  }

  func testOptionInsideSelectedContentIsNotClonedIntoItself() {
    let dump = buildDocument([start("select"), start("selectedcontent"), start("option"), text("X"), end("option")])
    XCTAssertEqual(dump, tree("| <html>", "|   <head>", "|   <body>", "|     <select>", "|       <selectedcontent>",
                              "|         <option>", "|           \"X\""))
  }

  func testFramesetReplacesTheBody() {
    let dump = buildDocument([start("div"), start("span"), start("frameset"), start("frame")])
    XCTAssertEqual(dump, tree("| <html>", "|   <head>", "|   <frameset>", "|     <frame>"))
  }

  func testReplacedSelectedContentTemplatesLeaveTheMap() {
    let source = TokenList([start("select"), start("button"), start("selectedcontent"), start("template"),
                            end("template"), end("selectedcontent"), end("button"), start("option"), text("X")])
    let parsed = HTML5Parser.parseDocument(tokens: source)
    defer { xmlFreeDocAndTemplates(parsed.doc, Array(parsed.templateContents.values)) }
    XCTAssertEqual(parsed.templateContents.count, 0, "a template freed by the parser must leave the map")
    XCTAssertTrue(TreeDump.dump(document: parsed.doc, templateContents: { parsed.templateContents[$0] })
      .contains("|         <selectedcontent>\n|           \"X\"\n|       <option>"))
  }

  func testSelectKeepsMarkupAndInputClosesIt() {
    let dump = buildDocument([start("select"), start("div"), text("d"), end("div"), start("input")])
    XCTAssertEqual(dump, tree("| <html>", "|   <head>", "|   <body>", "|     <select>", "|       <div>",
                              "|         \"d\"", "|     <input>"))
  }
}
