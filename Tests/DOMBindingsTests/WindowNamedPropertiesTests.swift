import XCTest

/// `window.someId`: https://html.spec.whatwg.org/#named-access-on-the-window-object
final class WindowNamedPropertiesTests: BindingTestCase {
  override var html: String {
    """
    <!DOCTYPE html><body><div id="box">b</div><img name="pic"><form name="signup"></form><span name="plain"></span>
    <p id="twice"></p><p id="twice"></p><div id="addEventListener"></div><svg><g id="shape"/></svg></body>
    """
  }

  func testElementsByIdAndByNameOfNamedKinds() throws {
    assertTrue("box === document.getElementById('box') && window.box === box && 'box' in window")
    assertTrue("pic.tagName === 'IMG' && signup.tagName === 'FORM'")
    // A span's name does not name it on the window; SVG elements are not HTML elements.
    assertTrue("typeof plain === 'undefined' && !('plain' in window) && typeof shape === 'undefined'")
  }

  func testSeveralAreALiveCollection() throws {
    assertTrue("twice instanceof HTMLCollection && twice.length === 2 && twice[1] === document.querySelectorAll('p')[1]")
    try js("const extra = document.createElement('p'); extra.id = 'twice'; document.body.append(extra)")
    assertTrue("twice.length === 3")
  }

  func testEverythingElseWins() throws {
    // EventTarget's method, the window's own members and script globals are found before the document.
    assertTrue("typeof addEventListener === 'function' && typeof document === 'object'")
    try js("var box = 5")
    assertTrue("box === 5 && window.box === 5")
  }

  func testFollowsTheTreeAndIsNotEnumerable() throws {
    try js("const late = document.createElement('i'); late.id = 'late'; document.body.append(late)")
    assertTrue("window.late instanceof HTMLElement")
    try js("document.getElementById('late').remove()")
    assertTrue("window.late === undefined")
    assertTrue("!Object.keys(window).includes('pic') && (() => { for (const k in window) if (k === 'pic') return false; return true })()")
    assertTrue("Object.getPrototypeOf(Object.getPrototypeOf(window)) instanceof EventTarget && typeof WindowProperties === 'undefined'")
  }
}
