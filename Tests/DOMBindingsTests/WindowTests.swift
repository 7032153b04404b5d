import DOM
import DOMBindings
import JSBridge
import XCTest

final class WindowTests: BindingTestCase {
  func testWindowSelfAndGlobalThisAreOneObject() {
    assertTrue("window === globalThis && self === window && window.window === window")
    assertTrue("document.defaultView === window")
  }

  func testNoFileSystemNetworkOrModuleLoader() throws {
    XCTAssertEqual(try string("""
      [typeof require, typeof process, typeof module].join()
      """), "undefined,undefined,undefined")
    // The interfaces that would connect or load a script exist, as in a browser, and refuse to be made.
    for name in ["WebSocket", "EventSource", "Worker", "SharedWorker"] {
      XCTAssertEqual(try string("""
        (() => { try { new \(name)("ws://example.org/"); return "made"; } catch (e) { return e.name + ": " + e.message; } })()
        """), #"SecurityError: \#(name)("ws://example.org/"): network access is disabled: webaction opens no connections and loads no scripts from a page"#)
    }
    // fetch() and XMLHttpRequest exist, but without a host answer (WindowOptions.fetch) every request fails.
    try js("var failed = []; fetch('https://example.org/').catch(e => failed.push(e instanceof TypeError));")
    loop.drain(until: clock.now + 1)
    assertTrue("failed.length === 1 && failed[0]")
    assertTrue("""
      (() => { const x = new XMLHttpRequest(); x.open('GET', 'https://example.org/', false);
               try { x.send(); } catch (e) { return e.name === 'NetworkError'; } })()
      """)
  }

  func testConsoleCapturesLevelsAndFormatsLikeBrowsers() throws {
    try js("""
      console.log("plain", 1, true, null, undefined);
      console.info("%s has %d items, %i%%", "cart", 3.7, 42);
      console.warn({a: 1, b: "x", c: [1, 2, {d: {e: {f: 1}}}]});
      console.error(document.getElementById("main"));
      console.debug("%o", "quoted");
      console.log(new TypeError("bad thing"));
      """)
    XCTAssertEqual(messages.map(\.level), [.log, .info, .warn, .error, .debug, .log])
    XCTAssertEqual(messages.map(\.text), [
      "plain 1 true null undefined",
      "cart has 3 items, 42%",
      "{a: 1, b: \"x\", c: [1, 2, [Object]]}",
      "<div id=main class=\"a b\">",
      "\"quoted\"",
      "TypeError: bad thing",
    ])
  }

  func testConsoleDepthLimitNodesAndStyleSpecifier() throws {
    try js("""
      console.log("%cstyled", "color: red", "extra");
      console.log([1, [2, [3, [4]]]], {"two words": 1});
      console.log(document.createTextNode("t"), document.body.lastChild, document, document.doctype);
      console.log("%d%% of %s", "7", {toString() { return "ignored" }});
      console.log(function named() {}, Symbol("s"), -0, 1.5);
      """)
    XCTAssertEqual(messages.map(\.text), [
      "styled extra",
      "[1, [2, [Array]]] {\"two words\": 1}",
      "#text \"t\" <!--note--> #document <!DOCTYPE html>",
      "7% of {toString: function toString()}",
      "function named() Symbol(s) -0 1.5",
    ])
  }

  func testConsoleGroupAssertAndTrace() throws {
    try js("""
      console.group("outer"); console.log("inside"); console.groupEnd(); console.log("after");
      console.assert(true, "never"); console.assert(1 === 2, "math is %s", "broken");
      console.trace("here");
      """)
    XCTAssertEqual(messages.map(\.text), ["outer", "  inside", "after", "Assertion failed: math is broken", "Trace: here"])
    XCTAssertEqual(messages[3].level, .error)
  }

  func testDialogsLogAndAnswerLikeADismissedBrowser() throws {
    XCTAssertTrue(try js("alert('hi')").isUndefined)
    XCTAssertTrue(try js("confirm('sure?')").toBool() == false)
    XCTAssertTrue(try js("prompt('name?', 'x')").isNull)
    XCTAssertEqual(messages.map(\.text), ["alert: hi", "confirm: sure?", "prompt: name?"])
    XCTAssertTrue(messages.allSatisfy { $0.level == .info })
  }

  func testTimersRunOnTheManualClock() throws {
    try js("""
      globalThis.log = [];
      setTimeout(() => log.push("t50"), 50);
      const id = setTimeout(() => log.push("cancelled"), 10); clearTimeout(id);
      queueMicrotask(() => log.push("micro"));
      let n = 0; const iv = setInterval(() => { log.push("i" + (++n)); if (n === 2) clearInterval(iv); }, 20);
      """)
    XCTAssertEqual(try string("log.join()"), "micro")
    XCTAssertEqual(loop.drain(until: clock.now + 1), .idle)
    XCTAssertEqual(try string("log.join()"), "micro,i1,i2,t50")
    XCTAssertEqual(clock.now, 100.05, accuracy: 1e-9)
  }

  func testLocationReadsTheDocumentURLAndRefusesNavigation() throws {
    XCTAssertEqual(try string("""
      [location.href, location.protocol, location.host, location.hostname, location.port, location.pathname,
       location.search, location.hash, location.origin, String(location), document.location === location].join(" | ")
      """), "https://example.com/dir/page.html?q=1#top | https: | example.com | example.com |  | /dir/page.html | ?q=1 | #top | https://example.com | https://example.com/dir/page.html?q=1#top | true")
    try js("location.href = 'https://evil.example/'; location = 'https://other.example/'")
    XCTAssertEqual(try string("location.href"), "https://example.com/dir/page.html?q=1#top")
    XCTAssertEqual(messages.map(\.level), [.warn, .warn])
    XCTAssertTrue(messages[0].text.contains("https://evil.example/"), messages[0].text)
  }

  func testNavigatorLooksLikeSafariOnIPhone() throws {
    XCTAssertEqual(try string("[navigator.language, navigator.platform].join()"), "en-US,iPhone")
    assertTrue("navigator.userAgent.includes('iPhone OS 18_0') && navigator.userAgent.includes('Safari')")
  }

  func testSelectionReportsTheHostText() throws {
    XCTAssertEqual(try string("String(getSelection())"), "selected words")
    assertTrue("getSelection() === document.getSelection()")
    XCTAssertEqual(try string("[getSelection().rangeCount, getSelection().isCollapsed, getSelection().type].join()"), "1,false,Range")
    load("<p>x</p>", options: WindowOptions())
    XCTAssertEqual(try string("[getSelection().toString(), getSelection().rangeCount, getSelection().type].join()"), ",0,None")
  }

  func testDOMExceptionHasNameCodeAndIsAnError() throws {
    XCTAssertEqual(try string("""
      try { document.createElement("1bad") } catch (e) {
        [e instanceof DOMException, e instanceof Error, e.name, e.code, e.code === DOMException.INVALID_CHARACTER_ERR,
         e.message.includes("1bad")].join()
      }
      """), "true,true,InvalidCharacterError,5,true,true")
    XCTAssertEqual(try string("""
      try { document.body.removeChild(document.head) } catch (e) { e.name + " " + e.code }
      """), "NotFoundError 8")
    XCTAssertEqual(try string("new DOMException('m', 'SyntaxError').code"), "12")
  }

  func testInterfaceObjectsAndConstants() {
    assertTrue("document.body instanceof HTMLElement && document.body instanceof Element && document.body instanceof Node")
    assertTrue("document instanceof Document && !(document instanceof Element)")
    assertTrue("document.createTextNode('x') instanceof Text && document.createTextNode('x') instanceof CharacterData")
    assertTrue("Node.ELEMENT_NODE === 1 && document.body.TEXT_NODE === 3 && Node.DOCUMENT_FRAGMENT_NODE === 11")
    assertTrue("NodeFilter.SHOW_ALL === 0xFFFFFFFF && NodeFilter.SHOW_TEXT === 4 && NodeFilter.FILTER_SKIP === 3")
    assertTrue("Object.prototype.toString.call(document.body) === '[object HTMLBodyElement]'")
    assertTrue("document.querySelector('a') === null")
  }

  func testIllegalInvocationOnTheWrongReceiver() throws {
    let error = thrown("Object.getOwnPropertyDescriptor(Node.prototype, 'firstChild').get.call({})")
    XCTAssertEqual(error?.name, "TypeError")
    XCTAssertEqual(error?.message, "Illegal invocation")
    XCTAssertEqual(thrown("Element.prototype.getAttribute.call(document, 'x')")?.message, "Illegal invocation")
    XCTAssertEqual(thrown("new Element()")?.message, "Illegal constructor")
  }

  func testWrapIsTheSameObjectScriptsSee() throws {
    let body = window.wrap(document.body!)
    XCTAssertTrue(body === (try js("document.body")))
    try js("globalThis.kept = document.body")
    context.collectGarbage()
    XCTAssertTrue(window.wrap(document.body!) === (try js("kept")))
  }
}
