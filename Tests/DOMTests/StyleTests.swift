import XCTest
@testable import DOM

final class StyleTests: XCTestCase {
  func testWritesSerializeLikeChrome() throws {
    let document = Document()
    let element = try document.createElement("div")
    element.style.setProperty("background-color", "red")
    element.style.setProperty("Color", " blue ", priority: "important")
    XCTAssertEqual(element.getAttribute("style"), "background-color: red; color: blue !important;")
    element.style.setProperty("background-color", "green")
    XCTAssertEqual(element.style.cssText, "background-color: green; color: blue !important;")
    XCTAssertEqual(element.style.removeProperty("background-color"), "green")
    XCTAssertEqual(element.getAttribute("style"), "color: blue !important;")
    element.style.setProperty("color", "")
    XCTAssertEqual(element.getAttribute("style"), "")
    element.style.setProperty("color", "red", priority: "bogus")
    XCTAssertEqual(element.style.length, 0, "an invalid priority is ignored")
  }

  /// WebKit's serialization (Tests/webactionTests/Fixtures/webkit-differential: dark-mode, annotate-attributes,
  /// apple-template): colors as rgb(), a shorthand replacing its longhands.
  func testWritesSerializeColorsAndShorthandsAsWebKit() throws {
    let document = Document()
    let element = try document.createElement("div")
    element.style.cssText = "color: #336699; margin: 0px auto; border: 1px solid #F00A; --brand: #fff"
    XCTAssertEqual(element.getAttribute("style"),
      "color: rgb(51, 102, 153); margin: 0px auto; border: 1px solid rgba(255, 0, 0, 0.667); --brand: #fff;")
    element.style.setProperty("background-color", "white")
    element.style.setProperty("background", "#fffaf0")
    XCTAssertEqual(element.style.getPropertyValue("background"), "rgb(255, 250, 240)")
    XCTAssertEqual(element.getAttribute("style")?.contains("background-color"), false, "the shorthand replaced the longhand")
    // The longhand reads its part of the shorthand back. WebKit 2.50's answers, from ../shared/reference/webkit_host.py
    // running `d.style.background = V; d.style.backgroundColor` for each V below: rgb(255, 250, 240), red,
    // transparent, blue.
    XCTAssertEqual(element.style.getPropertyValue("background-color"), "rgb(255, 250, 240)")
    for (shorthand, color) in [("red", "red"), ("url(x.png) no-repeat", "transparent"), ("url(a.png), BLUE url(b.png)", "blue")] {
      element.style.setProperty("background", shorthand)
      XCTAssertEqual(element.style[camelCase: "backgroundColor"], color, shorthand)
    }
    element.style.setProperty("background-image", "linear-gradient(hsl(120, 100%, 25%), red) , url(\"#x\")")
    XCTAssertEqual(element.style.getPropertyValue("background-image"), "linear-gradient(rgb(0, 128, 0), red) , url(\"#x\")")
    element.style.setProperty("content", "'#abc rgb(1, 2, 3)'")
    XCTAssertEqual(element.style.getPropertyValue("content"), "'#abc rgb(1, 2, 3)'", "strings are left alone")
    element.style.setProperty("grid-area", "#1")
    XCTAssertEqual(element.style.getPropertyValue("grid-area"), "#1")
  }

  func testReadsSeeAttributeChanges() throws {
    let document = Document()
    let element = try document.createElement("div")
    try element.setAttribute("style", "margin:0;COLOR : Red ! important;;  width: calc(1px + 2px)")
    let style = element.style
    XCTAssertEqual(style.getPropertyValue("color"), "Red")
    XCTAssertEqual(style.getPropertyPriority("color"), "important")
    XCTAssertEqual(style.getPropertyValue("width"), "calc(1px + 2px)")
    XCTAssertEqual(style.length, 3)
    XCTAssertEqual(style.item(1), "color")
    XCTAssertEqual(style.item(9), "")
    try element.setAttribute("style", "top: 1px")
    XCTAssertEqual(style.getPropertyValue("margin"), "")
    XCTAssertEqual(style.getPropertyValue("top"), "1px")
  }

  func testParsingKeepsQuotedAndParenthesizedSemicolons() throws {
    let document = Document()
    let element = try document.createElement("div")
    element.style.cssText = #"background: url("a;b.png") /* c; d */; content: 'x;y'; --My-Var: 1; bad; :novalue; color: red; color: blue"#
    XCTAssertEqual(element.style.declarations.map(\.name), ["background", "content", "--My-Var", "color"])
    XCTAssertEqual(element.style.getPropertyValue("background"), #"url("a;b.png")"#)
    XCTAssertEqual(element.style.getPropertyValue("content"), "'x;y'")
    XCTAssertEqual(element.style.getPropertyValue("color"), "blue")
    XCTAssertEqual(element.style.getPropertyValue("--my-var"), "", "custom properties are case-sensitive")
    element.style.cssText = "color: red !important; color: blue"
    XCTAssertEqual(element.style.cssText, "color: red !important;")
  }

  func testCamelCaseNames() throws {
    XCTAssertEqual(CSSStyleDeclaration.propertyName(forAttribute: "backgroundColor"), "background-color")
    XCTAssertEqual(CSSStyleDeclaration.propertyName(forAttribute: "cssFloat"), "float")
    XCTAssertEqual(CSSStyleDeclaration.propertyName(forAttribute: "webkitTransform"), "-webkit-transform")
    XCTAssertEqual(CSSStyleDeclaration.propertyName(forAttribute: "WebkitTransform"), "-webkit-transform")
    XCTAssertEqual(CSSStyleDeclaration.propertyName(forAttribute: "color"), "color")
    XCTAssertEqual(CSSStyleDeclaration.attributeName(forProperty: "background-color"), "backgroundColor")
    XCTAssertEqual(CSSStyleDeclaration.attributeName(forProperty: "float"), "cssFloat")
    XCTAssertEqual(CSSStyleDeclaration.attributeName(forProperty: "-webkit-transform"), "webkitTransform")
    let document = Document()
    let element = try document.createElement("p")
    element.style[camelCase: "fontSize"] = "12px"
    element.style[camelCase: "cssFloat"] = "left"
    XCTAssertEqual(element.getAttribute("style"), "font-size: 12px; float: left;")
    XCTAssertTrue(element.style === element.style, "one declaration object per element")
    XCTAssertEqual(element.style[camelCase: "fontSize"], "12px")
  }
}
