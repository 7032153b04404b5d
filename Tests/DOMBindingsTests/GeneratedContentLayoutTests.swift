import DOM
import JSBridge
import XCTest

/// `::before` and `::after` boxes in layout: WebKitGTK 2.50's boxes for this page at 390×844 (`webkit_host.py --ext`
/// reading getBoundingClientRect of every element with an id): the clearfix idiom holds its floats (50 px high where
/// a plain container is 0), generated text takes its width in the line (`\201C Note: ` and `attr(data-end)` around
/// "quoted": 118 px), a block `::before` adds its height, and `content: none` makes no box.
final class GeneratedContentLayoutTests: BindingTestCase {
  override var html: String {
    """
    <!doctype html><html><head><style>
    .group:after { content: ""; display: table; clear: both }
    .f { float: left; width: 100px; height: 50px }
    .q::before { content: "\\201C Note: " }
    .q::after { content: attr(data-end) }
    .b::before { content: "Block"; display: block; height: 30px }
    .n::before { content: none; display: block; height: 30px }
    </style></head><body>
    <div id=g class=group><div class=f></div><div class=f></div></div>
    <div id=plain><div class=f></div></div>
    <p id=p>next</p>
    <span id=q class=q data-end="!">quoted</span>
    <div id=b class=b>after a block</div>
    <div id=n class=n>no box</div>
    </body></html>
    """
  }

  func testPseudoElementBoxesAreWebKits() throws {
    XCTAssertEqual(try string("""
      ['g', 'plain', 'p', 'q', 'b', 'n'].map(id => {
        const r = document.getElementById(id).getBoundingClientRect();
        return [id, r.x, r.y, r.width, r.height].join(' ');
      }).join('\\n')
      """), """
      g 8 8 374 50
      plain 8 58 374 0
      p 8 74 374 19
      q 8 109 118 19
      b 8 128 374 49
      n 8 177 374 19
      """)
  }

  func testGeneratedContentIsNotInTheDOM() throws {
    XCTAssertEqual(try string("[document.getElementById('q').textContent, document.getElementById('q').childNodes.length].join()"), "quoted,1")
  }
}
