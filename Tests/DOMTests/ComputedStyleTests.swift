import XCTest
@testable import DOM

/// The cascade and computed values (Sources/DOM/Style), without JS.
final class ComputedStyleTests: XCTestCase {
  private func style(_ html: String, _ id: String = "t") throws -> ComputedStyle {
    let document = Document.parse(html: "<!DOCTYPE html>" + html)
    let element = try XCTUnwrap(try document.querySelector("#" + id))
    return try XCTUnwrap(element.computedStyle)
  }

  func testUserAgentDefaults() throws {
    XCTAssertEqual(try style("<div id=t>")[.display], "block")
    XCTAssertEqual(try style("<span id=t>")[.display], "inline")
    XCTAssertEqual(try style("<pre id=t>").value(forProperty: "white-space"), "pre")
    XCTAssertEqual(try style("<table><tr><td id=t>x</table>")[.display], "table-cell")
    XCTAssertEqual(try style("<table><tr><th id=t>x</table>")[.textAlign], "center")
    XCTAssertEqual(try style("<b><b id=t>x</b></b>")[.fontWeight], "900")
    XCTAssertEqual(try style("<a id=t href=x>x</a>")[.color], "rgb(0, 0, 238)")
    XCTAssertEqual(try style("<div id=t hidden>")[.display], "none")
    XCTAssertEqual(try style("<head id=t>")[.display], "none")
    XCTAssertEqual(try style("<li id=t>")[.display], "list-item")
    XCTAssertEqual(try style("<nobr id=t>").value(forProperty: "white-space"), "nowrap")
  }

  func testCascadeOrder() throws {
    let sheet = "<style>#t { color: red } div.a { color: blue; display: flex } div { color: green !important }</style>"
    let computed = try style(sheet + "<div id=t class=a style='color: yellow; display: grid'>")
    XCTAssertEqual(computed[.color], "rgb(0, 128, 0)", "!important beats the style attribute")
    XCTAssertEqual(computed[.display], "grid", "the style attribute beats rules")
    XCTAssertEqual(try style("<style>p { display: inline } p { display: bogus }</style><p id=t>")[.display], "inline")
    XCTAssertEqual(try style("<style>.x.y { float: left } .y { float: right }</style><p id=t class='x y'>")[.float], "left")
    XCTAssertEqual(try style("<style>@layer a { p { float: left } } p { float: right }</style><p id=t>")[.float], "right")
    XCTAssertEqual(
      try style("<style>@layer a, b; @layer b { p { float: left !important } } @layer a { p { float: right !important } }</style><p id=t>")[.float],
      "right", "an earlier layer wins for important declarations")
    XCTAssertEqual(try style("<style>div { display: revert }</style><div id=t>")[.display], "block")
    // revert and revert-layer from every place a declaration comes from (the cascade keeps the values they go back
    // to only when some declaration reverts).
    XCTAssertEqual(try style("<style>div { display: inline }</style><div id=t style='display: revert'>")[.display], "block")
    XCTAssertEqual(
      try style("<style>@layer a { p { float: left } } @layer b { p { float: right; float: revert-layer } }</style><p id=t>")[.float],
      "left", "revert-layer goes back to the layer before")
    XCTAssertEqual(
      try style("<style>@layer a { p { float: left } } p { float: right }</style><p id=t style='float: revert-layer'>")[.float],
      "right", "the style attribute's revert-layer goes back to the rules")
    XCTAssertEqual(try style("<style>p { float: left }</style><p id=t>")[.float], "left")
    XCTAssertEqual(try style("<style>p::before, p { float: left } a::-moz-selection, p { position: fixed }</style><p id=t>")[.float], "left")
    XCTAssertEqual(try style("<style>a::-moz-selection, p { position: fixed }</style><p id=t>")[.position], "static")
  }

  func testMediaSupportsAndNesting() throws {
    let css = """
      <style>
      @media print { p { float: left } }
      @media screen and (max-width: 600px) { p { position: relative } }
      @media (min-width: 1000px) { p { display: none } }
      @supports (display: grid) and (not (display: bogus)) { p { visibility: hidden } }
      .card { & p { font-style: italic } > p { text-transform: uppercase } }
      </style>
      """
    let computed = try style(css + "<div class=card><p id=t>x</p></div>")
    XCTAssertEqual(computed[.float], "none")
    XCTAssertEqual(computed[.position], "relative")
    XCTAssertEqual(computed[.display], "block")
    XCTAssertEqual(computed[.visibility], "hidden")
    XCTAssertEqual(computed[.fontStyle], "italic")
    XCTAssertEqual(computed[.textTransform], "uppercase")
  }

  func testComputedValues() throws {
    XCTAssertEqual(try style("<span id=t style='float: left'>")[.display], "block")
    XCTAssertEqual(try style("<span id=t style='float: left; position: absolute'>")[.float], "none")
    XCTAssertEqual(try style("<div style='display: flex'><span id=t>")[.display], "block")
    XCTAssertEqual(try style("<div style='display: flex'><div style='display: contents'><span id=t>")[.display], "block")
    XCTAssertEqual(try style("<img id=t style='display: contents'>")[.display], "none")
    XCTAssertEqual(try style("<div id=t style='display: inline flow-root'>")[.display], "inline-block")
    XCTAssertEqual(try style("<div id=t style='color: #0f08'>")[.color], "rgba(0, 255, 0, 0.533)")
    XCTAssertEqual(try style("<div id=t style='color: hsl(120, 100%, 25%)'>")[.color], "rgb(0, 128, 0)")
    XCTAssertEqual(try style("<div style='color: red'><p id=t style='color: currentcolor'>")[.color], "rgb(255, 0, 0)")
    XCTAssertEqual(try style("<div id=t style='font: italic bold 12px/2 serif'>")[.fontWeight], "700")
    XCTAssertEqual(try style("<b><span id=t style='font: 12px serif'>")[.fontWeight], "400")
    XCTAssertEqual(try style("<div style='--d: flex; --c: blue'><p id=t style='display: var(--d); color: var(--c)'>")[.display], "flex")
    XCTAssertEqual(try style("<p id=t style='display: var(--missing)'>")[.display], "inline", "invalid at computed-value time")
    XCTAssertEqual(try style("<p id=t style='--x: a; --y: var(--x) b'>").value(forProperty: "--y"), "a b")
    let wrap = try style("<div id=t style='white-space-collapse: preserve-breaks; text-wrap-mode: nowrap'>")
    XCTAssertEqual(wrap.value(forProperty: "white-space"), "preserve-breaks nowrap")
    XCTAssertEqual(wrap.value(forProperty: "text-wrap"), "nowrap")
    XCTAssertEqual(try style("<ul style='text-align: center'><li id=t>")[.textAlign], "center")
  }

  /// The values WebKit 2.50 gives in Tests/webactionTests/Fixtures/webkit-differential/webkit/computed-style.
  func testFontSizesMarginsBackgroundsAndListStylesAsWebKit() throws {
    XCTAssertEqual(try style("<body id=t>")[.fontSize], "16px")
    XCTAssertEqual(try style("<body id=t>")[.marginTop], "8px")
    XCTAssertEqual(try style("<h1 id=t>")[.fontSize], "32px")
    XCTAssertEqual(try style("<h1 id=t>")[.marginTop], "21.4375px", "0.67em of 32px in 1/64 px, truncated")
    XCTAssertEqual(try style("<section><h1 id=t>")[.fontSize], "32px")
    XCTAssertEqual(try style("<h5 id=t>")[.fontSize], "13.28px")
    XCTAssertEqual(try style("<p id=t>")[.marginTop], "16px")
    XCTAssertEqual(try style("<p><code id=t>")[.fontSize], "13px", "monospace alone has a 13px medium")
    XCTAssertEqual(try style("<h2><code id=t>")[.fontSize], "19.5px", "1.5em of the monospace medium")
    XCTAssertEqual(try style("<code style='font-family: Menlo, monospace' id=t>")[.fontSize], "16px")
    XCTAssertEqual(try style("<h2><a id=t>")[.fontSize], "24px")
    XCTAssertEqual(try style("<p style='font-size: 10px'><small id=t>")[.fontSize], "8.33333px")
    XCTAssertEqual(try style("<html style='font-size: 20px'><p id=t style='font-size: 1.5rem; margin: 1em 2px'>")[.fontSize], "30px")
    XCTAssertEqual(try style("<p id=t style='font-size: 12pt; margin: 1em 2px 3% auto'>").value(forProperty: "margin"), "16px 2px 3% 0px")
    XCTAssertEqual(try style("<p id=t style='margin-block: 10vw'>")[.marginBottom], "39px", "vw of the 390px viewport")
    XCTAssertEqual(try style("<input id=t>")[.fontSize], "13px")
    XCTAssertEqual(try style("<input id=t type=checkbox>")[.marginTop], "3px")
    XCTAssertEqual(try style("<input id=t>")[.backgroundColor], "rgb(255, 255, 255)")
    XCTAssertEqual(try style("<input id=t type=checkbox>")[.backgroundColor], "rgba(0, 0, 0, 0)")
    XCTAssertEqual(try style("<div id=t>")[.backgroundColor], "rgba(0, 0, 0, 0)")
    XCTAssertEqual(try style("<div id=t style='background: url(x.png) no-repeat #369'>")[.backgroundColor], "rgb(51, 102, 153)")
    XCTAssertEqual(try style("<div id=t style='color: red; background-color: currentcolor'>")[.backgroundColor], "rgb(255, 0, 0)")
    XCTAssertEqual(try style("<table bgcolor=white><tr><td id=t>")[.backgroundColor], "rgba(0, 0, 0, 0)")
    XCTAssertEqual(try style("<table><tr><td id=t bgcolor=ff0000>")[.backgroundColor], "rgb(255, 0, 0)")
    XCTAssertEqual(try style("<li id=t>")[.listStyleType], "disc")
    XCTAssertEqual(try style("<ol><li id=t>")[.listStyleType], "decimal")
    XCTAssertEqual(try style("<ul><li><ul><li id=t>")[.listStyleType], "circle")
    XCTAssertEqual(try style("<ul style='list-style: inside none'><li id=t>")[.listStyleType], "none")
    XCTAssertEqual(try style("<ol type=A><li id=t>")[.listStyleType], "upper-alpha")
    XCTAssertEqual(try style("<ul><li id=t>")[.textAlign], "left", "match-parent of start, left to right")
    XCTAssertEqual(try style("<ul dir=rtl><li id=t>")[.textAlign], "right")
    XCTAssertEqual(try style("<font size=5><span id=t>")[.fontSize], "24px")
    XCTAssertNil(try style("<p id=t>").value(forProperty: "font-family"), "font-family is computed, not reported")
  }

  func testCacheFollowsChanges() throws {
    let document = Document.parse(html: "<!DOCTYPE html><style>.hide { display: none }</style><p id=t>x")
    let element = try XCTUnwrap(try document.querySelector("#t"))
    XCTAssertEqual(element.computedStyle?[.display], "block")
    try element.setAttribute("class", "hide")
    XCTAssertEqual(element.computedStyle?[.display], "none")
    let sheet = try XCTUnwrap(try document.querySelector("style"))
    sheet.textContent = ".hide { display: inline }"
    XCTAssertEqual(element.computedStyle?[.display], "inline")
    element.removeFromParent()
    XCTAssertNil(element.computedStyle, "an element outside the document has no computed style")
  }

  /// The box properties layout reads: shorthands, lengths computed to pixels, the UA sheet's box rules and the
  /// attributes that map to them.
  func testBoxPropertiesShorthandsAndHints() throws {
    let padded = try style("<div id=t style='padding: 1em 2px; border: 3px solid; margin: 0 auto; font-size: 10px'>")
    XCTAssertEqual(padded[.paddingTop], "10px")
    XCTAssertEqual(padded[.paddingRight], "2px")
    XCTAssertEqual(padded[.paddingBottom], "10px")
    XCTAssertEqual(padded[.borderLeftWidth], "3px")
    XCTAssertEqual(padded[.borderTopStyle], "solid")
    XCTAssertEqual(padded.value(forProperty: "border-bottom-width"), "3px")
    XCTAssertEqual(try style("<div id=t style='border-top: thick dashed'>")[.borderTopWidth], "5px")
    XCTAssertEqual(try style("<div id=t style='border-width: 4px; border-style: none'>")[.borderTopWidth], "0px",
                   "a border whose style is none has width 0")
    XCTAssertEqual(try style("<div id=t style='width: 50%; height: 2rem'>")[.width], "50%")
    XCTAssertEqual(try style("<div id=t style='width: 50%; height: 2rem'>")[.height], "32px")
    XCTAssertEqual(try style("<div id=t style='width: 10vw'>")[.width], "39px", "vw against the 390 px viewport")
    XCTAssertEqual(try style("<div id=t style='width: -5px'>")[.width], "auto", "a negative width is invalid")
    XCTAssertEqual(try style("<div id=t style='overflow: hidden auto'>")[.overflowY], "auto")
    XCTAssertEqual(try style("<div id=t style='flex: 2 1 10px'>")[.flexGrow], "2")
    XCTAssertEqual(try style("<div id=t style='flex: 2 1 10px'>")[.flexBasis], "10px")
    XCTAssertEqual(try style("<ul id=t>")[.paddingLeft], "40px")
    XCTAssertEqual(try style("<p id=t>")[.marginTop], "16px")
    XCTAssertEqual(try style("<table><tr><td id=t>x</table>")[.paddingTop], "1px")
    XCTAssertEqual(try style("<img id=t width=120 height='40%'>")[.width], "120px")
    XCTAssertEqual(try style("<img id=t width=120 height='40%'>")[.height], "40%")
    XCTAssertEqual(try style("<img id=t width=120 style='width: 7px'>")[.width], "7px", "the style attribute beats the hint")
    XCTAssertEqual(try style("<table cellpadding=5><tr><td id=t>x</table>")[.paddingLeft], "5px")
    XCTAssertEqual(try style("<table id=t border=2><tr><td>x</table>")[.borderTopWidth], "2px")
  }

  /// Siblings with the same parent, name and matched rules share one computed style (StyleEngine); any difference in
  /// what they match, their attributes' hints, their `style` attribute or their parent gives each its own.
  func testSharedStylesAreEachSiblingsOwn() throws {
    let document = Document.parse(html: """
      <!DOCTYPE html><style>.x { color: red } li:nth-child(3) { margin-left: 5px } b { font-weight: 900 }</style>
      <ul><li id=a>a<li id=b class=x>b<li id=c>c<li id=d>d<li id=e style="color: blue">e<li id=f>f</ul>
      <ol><li id=g>g</ol><table><tr><td id=h>h<td id=i width=50>i<td id=j>j</table><p><b id=k>k</b><i id=l>l</i>
      """)
    func computed(_ id: String) throws -> ComputedStyle {
      try XCTUnwrap(try XCTUnwrap(try document.querySelector("#" + id)).computedStyle)
    }
    XCTAssertEqual(try computed("a")[.color], "rgb(0, 0, 0)")
    XCTAssertEqual(try computed("b")[.color], "rgb(255, 0, 0)")
    XCTAssertEqual(try computed("c")[.marginLeft], "5px")
    XCTAssertEqual(try computed("d")[.marginLeft], "0px")
    XCTAssertEqual(try computed("e")[.color], "rgb(0, 0, 255)")
    XCTAssertEqual(try computed("f")[.color], "rgb(0, 0, 0)")
    XCTAssertEqual(try computed("g")[.listStyleType], "decimal", "a parent of its own")
    XCTAssertEqual(try computed("d")[.listStyleType], "disc")
    XCTAssertEqual(try computed("i")[.width], "50px", "presentational hints")
    XCTAssertEqual(try computed("j")[.width], "auto")
    XCTAssertEqual(try computed("k")[.fontWeight], "900", "another name")
    XCTAssertEqual(try computed("l")[.fontWeight], "400")
    XCTAssertEqual(try computed("l")[.fontStyle], "italic")
    // A change after sharing: the shared style is not the changed sibling's.
    try XCTUnwrap(try document.querySelector("#f")).setAttribute("class", "x")
    XCTAssertEqual(try computed("f")[.color], "rgb(255, 0, 0)")
    XCTAssertEqual(try computed("d")[.color], "rgb(0, 0, 0)")
  }

  /// Cousins share too: elements whose parents have one computed style, with the same name and rules, get one style
  /// object (layout then makes one BoxStyle for them); a parent whose style differs, by a rule or by an inherited
  /// value it passes down, gives its children their own, with the right values.
  func testCousinsWhoseParentsShareAStyleShareTheirs() throws {
    let document = Document.parse(html: """
      <!DOCTYPE html><style>.warm { color: red } .wide { margin-left: 3px }</style>
      <section><p><code id=a>a</code></p><p><code id=b>b</code></p></section>
      <section><p><code id=c>c</code></p></section>
      <section class=warm><p><code id=d>d</code></p></section>
      <section><p class=wide><code id=e>e</code></p></section>
      """)
    func computed(_ id: String) throws -> ComputedStyle {
      try XCTUnwrap(try XCTUnwrap(try document.querySelector("#" + id)).computedStyle)
    }
    let a = try computed("a")
    XCTAssertTrue(a.identity === (try computed("b")).identity, "cousins in one section")
    XCTAssertTrue(a.identity === (try computed("c")).identity, "cousins in sections that share a style")
    let d = try computed("d")
    XCTAssertFalse(a.identity === d.identity, "an inherited value differs")
    XCTAssertEqual(d[.color], "rgb(255, 0, 0)")
    XCTAssertEqual(a[.color], "rgb(0, 0, 0)")
    // The parent's own (not inherited) value differs: its child's values are the same, but it is not shared with
    // a child of a differently styled parent (the key is the parent's style, not its values).
    XCTAssertEqual((try computed("e"))[.marginLeft], "0px")
    XCTAssertEqual((try computed("e"))[.color], "rgb(0, 0, 0)")
  }

  /// Rules filed by an attribute their subject needs, or by the tag names of a subject `:is()`, apply as before.
  func testRulesFiledByAttributeOrByTheNamesInIs() throws {
    XCTAssertEqual(try style("<p id=t dir=RTL>").value(forProperty: "direction"), "rtl")
    XCTAssertEqual(try style("<p id=t popover>")[.display], "none")
    XCTAssertEqual(try style("<style>[data-x] { color: red }</style><p id=t data-x>")[.color], "rgb(255, 0, 0)")
    XCTAssertEqual(try style("<style>[data-x] { color: red }</style><p id=t data-y>")[.color], "rgb(0, 0, 0)")
    XCTAssertEqual(try style("<ul><li><ol><li><menu id=t>").value(forProperty: "list-style-type"), "square")
    XCTAssertEqual(try style("<ul><li><ol id=t>").value(forProperty: "list-style-type"), "decimal")
    XCTAssertEqual(try style("<ul><li><ol id=t>")[.marginTop], "0px")
    XCTAssertEqual(try style("<ol id=t>")[.marginTop], "16px")
  }
}
