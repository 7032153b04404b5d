import DOMBindings
import JSBridge
import XCTest

/// iframes: nested windows in realms of the page's context group.
final class WindowFramesTests: BindingTestCase {
  override var html: String {
    #"<!DOCTYPE html><body><iframe name="named" srcdoc="<p id=inner>in the frame</p>"></iframe></body>"#
  }

  private func runTasks() { _ = loop.runUntil(deadline: clock.now + 1) }

  func testTopLevelWindowIsItsOwnParentAndTop() {
    assertTrue("parent === window && top === window && frames === window && frameElement === null && opener === null")
  }

  func testInsertedIframeGetsAnAboutBlankWindowInItsOwnRealm() throws {
    try js("""
      globalThis.frame = document.createElement('iframe');
      globalThis.loads = 0;
      frame.onload = () => loads++;
      document.body.append(frame);
      """)
    assertTrue("frame.contentWindow !== null && frame.contentWindow !== window && length === 2 && window[1] === frame.contentWindow && window[0] === named")
    assertTrue("frame.contentDocument === frame.contentWindow.document && frame.contentDocument.URL === 'about:blank'")
    assertTrue("frame.contentDocument.body !== null && frame.contentDocument.body === frame.contentDocument.body")
    // Its own realm: its nodes are instances of its own interfaces, and it knows its parent and element.
    assertTrue("!(frame.contentDocument instanceof Document) && frame.contentDocument instanceof frame.contentWindow.Document")
    assertTrue("frame.contentWindow.parent === window && frame.contentWindow.top === window && frame.contentWindow.frameElement === frame")
    // Nodes move between the realms and keep their one wrapper.
    assertTrue("(() => { const p = frame.contentDocument.createElement('p'); document.body.append(p); return p.ownerDocument === document && document.body.lastChild === p; })()")
    runTasks()
    assertTrue("loads === 1")
    try js("frame.remove()")
    assertTrue("frame.contentWindow === null && frame.contentDocument === null && length === 1")
  }

  func testSrcdocLoadsInATaskThenTheIframeGetsLoad() throws {
    assertTrue("window.named === frames[0] && named.document.getElementById('inner') === null")
    runTasks()
    assertTrue("named.document.getElementById('inner').textContent === 'in the frame' && named.document.URL === 'about:srcdoc'")
    assertTrue("document.querySelector('iframe').contentDocument === named.document")
  }

  /// A removed iframe's window keeps its realm (a script may hold its objects) but its timers are cleared, as when a
  /// browser unloads the frame's document (WPT dom/abort/abort-signal-timeout.html).
  func testRemovingAnIframeClearsItsTimersButNotThePages() throws {
    try js("""
      globalThis.fired = [];
      const frameWindow = frames[0];
      frameWindow.setTimeout(() => fired.push('frame timeout'), 5);
      frameWindow.AbortSignal.timeout(5).onabort = () => fired.push('frame signal');
      setTimeout(() => fired.push('page timeout'), 5);
      document.querySelector('iframe').remove();
      """)
    _ = loop.runUntil(deadline: clock.now + 1)
    XCTAssertEqual(try string("fired.join()"), "page timeout")
  }

  /// Setting srcdoc (or src) on a connected iframe navigates it again; the navigation it supersedes never loads,
  /// so the iframe gets one load event, for the last document (WPT dom/ranges: Range-test-iframe.html).
  func testChangingSrcdocNavigatesAgainAndSupersedesThePendingLoad() throws {
    try js("""
      globalThis.frame = document.createElement('iframe');
      document.body.append(frame);
      globalThis.loaded = [];
      frame.onload = () => loaded.push(frame.contentDocument.body.textContent);
      frame.srcdoc = 'first';
      frame.srcdoc = 'second';
      """)
    runTasks()
    XCTAssertEqual(try string("loaded.join()"), "second")
    try js("frame.srcdoc = 'third'")
    runTasks()
    XCTAssertEqual(try string("loaded.join()"), "second,third")
  }
}
