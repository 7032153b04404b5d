import XCTest
@testable import DOM

/// innerText and outerText (Sources/DOM/Rendering), without JS. Expected values are what Chromium 156 gives
/// (the browser reference fixtures in Tests/webactionTests check many more).
final class InnerTextTests: XCTestCase {
  private func innerText(_ html: String, _ id: String = "t") throws -> String {
    let document = Document.parse(html: "<!DOCTYPE html><body>" + html)
    return try XCTUnwrap(try document.querySelector("#" + id)).innerText
  }

  func testWhiteSpaceAndLineBreaks() throws {
    XCTAssertEqual(try innerText("<div id=t>a <b> b</b><br>c</div>"), "a b\nc")
    XCTAssertEqual(try innerText("<div id=t>  <span>  a </span>  </div>"), "a")
    XCTAssertEqual(try innerText("<div id=t>a\n<p>b</p>\n<p>c</p>d</div>"), "a\n\nb\n\nc\n\nd")
    XCTAssertEqual(try innerText("<div id=t><div>a<br></div><div>b</div></div>"), "a\n\nb")
    XCTAssertEqual(try innerText("<div id=t>a<span style='white-space:pre'>  b  </span> c</div>"), "a  b   c")
    XCTAssertEqual(try innerText("<pre id=t>\n a\n\tb </pre>"), " a\n\tb ")
    XCTAssertEqual(try innerText("<div id=t style='white-space:pre-line'> a  \n  b </div>"), "a\nb")
    XCTAssertEqual(try innerText("<div id=t>a <span style='display:inline-block'> x </span> b</div>"), "a x b")
    XCTAssertEqual(try innerText("<div id=t>a <span style='float:left'>x</span> b</div>"), "a \nx\nb")
    XCTAssertEqual(try innerText("<div id=t>a <span style='float:left'>x</span></div>"), "a\nx")
    XCTAssertEqual(try innerText("<div id=t>abc <img> def</div>"), "abc  def")
    XCTAssertEqual(try innerText("<div id=t>漢\n字 a\u{200B}\nb</div>"), "漢 字 a\u{200B}b")
  }

  func testHiddenAndUnrenderedContent() throws {
    XCTAssertEqual(try innerText("<div id=t>x<div hidden>y</div>z</div>"), "xz")
    XCTAssertEqual(try innerText("<div id=t>x<span style='visibility:hidden'>y<b style='visibility:visible'>v</b></span>z</div>"), "xvz")
    XCTAssertEqual(try innerText("<div id=t>x<noscript>ns</noscript><script>s</script>z</div>"), "xz")
    XCTAssertEqual(try innerText("<div id=t>a<textarea>b</textarea>c<video>v</video><img alt=i></div>"), "ac")
    XCTAssertEqual(try innerText("<div id=t>a<details><summary>s</summary>body</details>c</div>"), "a\ns\nc")
    XCTAssertEqual(try innerText("<div id=t>a<details open><summary>s</summary>body</details>c</div>"), "a\ns\nbody\nc")
    XCTAssertEqual(try innerText("<div id=t hidden>a <b>b</b></div>"), "a b", "not rendered: the text content")
    XCTAssertEqual(try innerText("<div id=t style='display:contents'>a<p>b</p></div>"), "a\n\nb")
    XCTAssertEqual(try innerText("<div id=t>a<svg><title>no</title><text>hi</text></svg>c</div>"), "a\nhi\nc")
    let document = Document()
    let detached = try document.createElement("div")
    detached.innerHTML = "<p>a</p><b> b</b>"
    XCTAssertEqual(detached.innerText, "a b")
  }

  func testTablesListsAndForms() throws {
    XCTAssertEqual(
      try innerText("<table id=t><thead><tr><td>h</td></tr></thead><tfoot><tr><td>f</td></tr></tfoot><tbody><tr><td>a</td><td>b</td></tr></tbody></table>"),
      "h\nf\na\tb")
    XCTAssertEqual(try innerText("<ul id=t><li>a</li><li>b</li></ul>"), "a\nb")
    XCTAssertEqual(try innerText("<div id=t>a<select><option>x<option>y</select>c</div>"), "a\nx\ny\nc")
    XCTAssertEqual(try innerText("<select id=t><option>  a  b </option><optgroup label=g><option>c</option></optgroup></select>"), "a b\nc")
    XCTAssertEqual(try innerText("<select><option id=t>  a  b </option></select>"), "  a  b ", "an option in a select has no box")
    XCTAssertEqual(try innerText("<div id=t>a<button>b</button>c<input value=v>d</div>"), "abcd")
    XCTAssertEqual(try innerText("<div id=t style='display:flex'><span>a</span><span>b</span></div>"), "a\nb")
  }

  func testTextTransform() throws {
    XCTAssertEqual(
      try innerText("<div id=t style='text-transform:capitalize'>hello wORld o'neil foo-bar 3rd <b>x</b>y</div>"),
      "Hello WORld O'neil Foo-Bar 3rd Xy")
    XCTAssertEqual(try innerText("<div id=t style='text-transform:uppercase'>straße ﬁ</div>"), "STRASSE FI")
    XCTAssertEqual(try innerText("<div id=t style='text-transform:lowercase'>ABC <i>D</i></div>"), "abc d")
  }

  func testSetters() throws {
    let document = Document.parse(html: "<!DOCTYPE html><div id=t>a</div>")
    let element = try XCTUnwrap(try document.querySelector("#t"))
    element.innerText = "x\ny\r\nz\r\rw"
    XCTAssertEqual(element.innerHTML, "x<br>y<br>z<br><br>w")
    element.innerText = ""
    XCTAssertEqual(element.childNodes.count, 0)
    element.innerText = "q"
    let span = try document.createElement("span")
    try element.appendChild(span)
    try span.setOuterText("m\nn")
    XCTAssertEqual(element.innerHTML, "qm<br>n")
    XCTAssertEqual(element.childNodes.count, 3)
    let b = try XCTUnwrap(element.childNodes[1] as? Element)
    try b.setOuterText("")
    XCTAssertEqual(element.innerHTML, "qmn")
    XCTAssertEqual(element.childNodes.count, 1, "the empty text merges with both neighbours")
    XCTAssertThrowsDOMException(.noModificationAllowedError, try document.createElement("i").setOuterText("x"))
  }
}
