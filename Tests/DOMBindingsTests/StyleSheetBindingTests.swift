import DOM
import DOMBindings
import JSBridge
import XCTest

/// `document.styleSheets`, `style.sheet` and `cssRules` (the dark-mode and adblock-picker scripts of the WebKit
/// differential suite read them).
final class StyleSheetBindingTests: BindingTestCase {
  override var html: String {
    """
    <!DOCTYPE html><html><head>
    <style id=s>p { color: red } @media (min-width: 10px) { .a, .b > i { display: none } } p::before { content: "x" }
    @charset "utf-8"; p >> q { color: blue } @font-face { font-family: X } @import url(a.css);</style>
    <link rel=stylesheet href=missing.css id=l><link rel=icon href=x.png><style type=text/plain>p {}</style>
    </head><body><p>x</p></body></html>
    """
  }

  func testTheDocumentListsEachSheetOnce() throws {
    XCTAssertEqual(try string("""
      const s = document.getElementById('s'), l = document.getElementById('l');
      [document.styleSheets.length, document.styleSheets[0] === s.sheet, document.styleSheets.item(1) === l.sheet,
       document.styleSheets === document.styleSheets, s.sheet instanceof CSSStyleSheet, s.sheet instanceof StyleSheet,
       s.sheet.ownerNode === s, s.sheet.href, l.sheet.href, l.sheet.cssRules.length, s.sheet.type,
       document.querySelector('style[type]').sheet, document.createElement('div').sheet === undefined,
       s.sheet.cssRules === s.sheet.cssRules].join('|')
      """), "2|true|true|true|true|true|true||https://example.com/dir/missing.css|0|text/css||true|true")
  }

  func testRulesAreTheSheetsTopLevelRules() throws {
    XCTAssertEqual(try string("""
      const rules = document.getElementById('s').sheet.cssRules;
      [rules.length, ...[...rules].map(r => r.type + ':' + r.cssText), rules[0].selectorText, rules[1].cssRules.length,
       rules[1].cssRules[0].selectorText, rules[0].parentStyleSheet === document.styleSheets[0], CSSRule.MEDIA_RULE].join('|')
      """), "4|1:p { color: red; }|4:@media (min-width: 10px) { .a, .b > i { display: none; } }|1:p::before { content: \"x\"; }"
        + "|5:@font-face { font-family: X }|p|1|.a, .b > i|true|4", "a misplaced @import and a bad selector are dropped")
  }

  func testImportsComeFirst() throws {
    XCTAssertEqual(try string("""
      const style = document.createElement('style');
      style.textContent = '@charset "utf-8"; @layer base; @import url(x.css) screen; @namespace svg url(http://www.w3.org/2000/svg); p {}';
      document.head.appendChild(style);
      [...style.sheet.cssRules].map(r => r.type + ':' + r.cssText).join('|')
      """), "0:@layer base;|3:@import url(x.css) screen;|10:@namespace svg url(http://www.w3.org/2000/svg);|1:p { }")
  }

  func testAStyleAnExtensionInsertsHasItsRulesAtOnce() throws {
    XCTAssertEqual(try string("""
      const style = document.createElement('style');
      style.textContent = 'nav { display: none !important; } footer { display: none !important; }';
      document.head.appendChild(style);
      [style.sheet.cssRules.length, document.styleSheets.length, style.sheet.cssRules[1].cssText].join('|')
      """), "2|3|footer { display: none !important; }")
  }
}
