import DOM
import DOMBindings
import JSBridge
import XCTest

/// CSSOM View on the laid-out page: every member exists (a login-form collector calls getBoundingClientRect and
/// reads innerWidth before anything else), boxes have WebKit's geometry (WebKitGTK 2.50's answers for this page at
/// 390×844, from `webkit_host.py --ext` with the same expressions: the text field at 45,8 171×21; the password
/// field's offsetParent the body at offsetLeft 8; the body 374 wide; a label at (10, 10)), the viewport has its size,
/// and images are settled as the HTML spec settles requests that cannot be fetched (broken) or that have bytes (a
/// `data:` URL: available, with the header's size). WebKit's answers for the viewport and the data: GIF are in
/// ../shared/NOTES.md (390 × 844 window: innerWidth 390; a 1×1 data: GIF: naturalWidth 1, complete true).
final class CSSOMViewBindingTests: BindingTestCase {
  override var html: String {
    """
    <!DOCTYPE html><html><head><title>t</title></head><body>
    <form><label for="user">User</label><input id="user" name="user"><label>Pass <input id="pass" type="password"></label>
    <input id="hidden" type="hidden"><textarea id="notes">Default text</textarea></form>
    <img id="gif" src="data:image/gif;base64,R0lGODlhAQACAIAAAP///wAAACH5BAEAAAAALAAAAAABAAIAAAICRAEAOw==">
    <img id="png" src="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAMAAAAFCAYAAACAcVaiAAAADklEQVR42mNgQAKMOAQAAB4AAQmxCFYAAAAASUVORK5CYII=">
    <img id="remote" src="https://cdn.example.com/photo.jpg"><img id="none"><img id="sized" width="40" src="/nope.png">
    </body></html>
    """
  }

  func testEveryMemberExistsWithWebKitsGeometry() throws {
    XCTAssertEqual(try string("""
      ['getBoundingClientRect', 'getClientRects', 'scrollIntoView', 'scroll', 'scrollTo', 'scrollBy']
        .map(m => typeof document.body[m]).join()
      """), "function,function,function,function,function,function")
    XCTAssertEqual(try string("""
      const r = document.getElementById('user').getBoundingClientRect();
      [r instanceof DOMRect, r instanceof DOMRectReadOnly, r.x, r.y, r.width, r.height, r.top, r.right, r.bottom, r.left,
       JSON.stringify(r), document.body.getClientRects().length, document.body.getClientRects() instanceof DOMRectList].join()
      """), #"true,true,45,8,171,21,8,216,29,45,{"x":45,"y":8,"width":171,"height":21,"top":8,"right":216,"bottom":29,"left":45},1,true"#)
    XCTAssertEqual(try string("""
      const p = document.getElementById('pass');
      [p.offsetParent, p.offsetLeft, p.offsetWidth, p.offsetHeight, p.scrollTop, (p.scrollTop = 50, p.scrollTop)].join()
      """), "[object HTMLBodyElement],8,171,21,0,0")
    // A hidden input has no box: the values of an element without one.
    XCTAssertEqual(try string("""
      const h = document.getElementById('hidden'), hr = h.getBoundingClientRect();
      [h.offsetParent, h.offsetTop, h.offsetWidth, h.clientWidth, hr.width, h.getClientRects().length, h.checkVisibility(),
       document.getElementById('user').checkVisibility()].join()
      """), ",0,0,0,0,0,false,true")
    XCTAssertEqual(try string("new DOMRect(1, 2, -3, 4).left + ',' + new DOMRect(1, 2, 3, 4).bottom"), "-2,6")
  }

  func testTheViewportHasItsSizeAndHitTestingFindsTheForm() throws {
    XCTAssertEqual(try string("""
      [innerWidth, innerHeight, outerWidth, scrollX, scrollY, pageYOffset, devicePixelRatio,
       document.documentElement.clientWidth, document.documentElement.clientHeight, document.body.clientWidth,
       document.scrollingElement === document.documentElement, !!document.elementFromPoint(10, 10).closest('form'),
       document.elementsFromPoint(1, 1).length, document.elementFromPoint(400, 10), typeof scrollTo(0, 100), scrollY].join()
      """), "390,844,390,0,0,0,1,390,844,374,true,true,1,,undefined,0")
    XCTAssertEqual(thrown("document.elementFromPoint(1)")?.name, "TypeError")
    // [Replaceable]: a page's own value wins.
    XCTAssertEqual(try string("innerWidth = 1000; innerWidth"), "1000")
  }

  func testImagesAreAvailableFromTheirBytesElseBroken() throws {
    // `width` and `height` are the rendered content box's: WebKitGTK 2.50 gives a broken image without alt its
    // 20×20 icon, one with width=40 40×40 (a 1:1 ratio), one with no request 0×0 (webkit_host.py at 390×844).
    XCTAssertEqual(try string("""
      ['gif', 'png', 'remote', 'none', 'sized'].map(id => {
        const i = document.getElementById(id);
        return [id, i.complete, i.naturalWidth, i.naturalHeight, i.width, i.height, i.currentSrc.slice(0, 30)].join(' ');
      }).join(' | ')
      """), "gif true 1 2 1 2 data:image/gif;base64,R0lGODlh | png true 3 5 3 5 data:image/png;base64,iVBORw0K"
      + " | remote true 0 0 20 20 https://cdn.example.com/photo. | none true 0 0 0 0  | sized true 0 0 40 40 https://example.com/nope.png")
    XCTAssertEqual(try string("document.getElementById('gif').width = 7; document.getElementById('gif').outerHTML.includes('width=\"7\"')"), "true")
  }

  func testLabelsOfLabelableElements() throws {
    XCTAssertEqual(try string("""
      const user = document.getElementById('user'), pass = document.getElementById('pass');
      [user.labels.length, user.labels[0].textContent, pass.labels.length, pass.labels[0].firstChild.data.trim(),
       document.getElementById('hidden').labels, document.getElementById('notes').labels.length,
       user.labels instanceof NodeList].join()
      """), "1,User,1,Pass,,0,true")
  }

  /// A script's `value` is the dirty value: the attribute, and so the saved page, keeps the default, as in a browser
  /// (OTP and password fillers would otherwise leave what they typed in the page).
  func testValueIsTheDirtyValueNotTheAttribute() throws {
    XCTAssertEqual(try string("""
      const user = document.getElementById('user'), notes = document.getElementById('notes');
      user.setAttribute('value', 'default');
      const before = user.value;
      user.value = '123456';
      user.setAttribute('value', 'changed default');
      notes.value = 'typed';
      [before, user.value, user.defaultValue, user.getAttribute('value'), user.outerHTML,
       notes.value, notes.defaultValue, notes.textContent, notes.textLength, notes.type].join(' | ')
      """), #"default | 123456 | changed default | changed default | <input id="user" name="user" value="changed default"> | typed | Default text | Default text | 5 | textarea"#)
    XCTAssertEqual(try string("""
      const i = document.createElement('input'); i.value = 'a\\nb'; const c = document.createElement('input');
      c.type = 'checkbox'; c.value = 'yes';
      const clone = document.getElementById('user').cloneNode();
      [i.value, c.value, c.getAttribute('value'), clone.value, document.createElement('input').value === ''].join()
      """), "ab,yes,yes,123456,true")
    XCTAssertEqual(thrown("const f = document.createElement('input'); f.type = 'file'; f.value = 'x'")?.name, "InvalidStateError")
    // A form reset forgets the dirty value.
    XCTAssertEqual(try string("document.querySelector('form').reset(); document.getElementById('user').value"), "changed default")
  }
}
