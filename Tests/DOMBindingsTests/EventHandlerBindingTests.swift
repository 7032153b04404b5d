import DOM
import DOMBindings
import JSBridge
import XCTest

/// `on*` handlers, `window.event`, exception reporting and AbortController/AbortSignal through scripts.
final class EventHandlerBindingTests: BindingTestCase {
  override var html: String {
    """
    <!DOCTYPE html><html><body>
    <div id="main" title="from-element" onclick="window.log.push('attr:' + title + ':' + (this === event.currentTarget)); return false">x</div>
    </body></html>
    """
  }

  func testContentAttributeCompilesWithTheElementInScopeAndReturnFalseCancels() throws {
    XCTAssertEqual(try string("""
      window.log = [];
      const main = document.getElementById('main');
      main.addEventListener('click', () => log.push('listener'));
      const notCanceled = main.dispatchEvent(new MouseEvent('click', { cancelable: true }));
      [log.join(' '), notCanceled, typeof main.onclick, main.onclick.name].join()
      """), "attr:from-element:true listener,false,function,onclick")
    XCTAssertEqual(try string("""
      log = [];
      main.setAttribute('onclick', "log.push('changed')");
      main.click();
      main.removeAttribute('onclick');
      main.click();
      [log.join(' '), main.onclick].join()
      """), "changed listener listener,")
  }

  func testIDLAttributeKeepsItsPlaceAndNullRemovesIt() throws {
    XCTAssertEqual(try string("""
      const log = [];
      const b = document.body;
      b.onping = 1;
      b.addEventListener('click', () => log.push('first'));
      b.onclick = () => log.push('handler1');
      b.addEventListener('click', () => log.push('last'));
      b.onclick = () => log.push('handler2');
      b.click();
      b.onclick = null;
      b.click();
      b.onclick = 'not a function';
      [log.join(' '), b.onclick, typeof document.onclick, 'onclick' in window, window.onload].join()
      """), "first handler2 last first last,,object,true,")
  }

  func testHandlersOnDocumentWindowAndAbortSignal() throws {
    XCTAssertEqual(try string("""
      const log = [];
      document.onclick = function (e) { log.push('document:' + (this === document)); };
      window.onclick = function (e) { log.push('window:' + (this === window)); };
      document.getElementById('main').removeAttribute('onclick');
      document.getElementById('main').click();
      const controller = new AbortController();
      controller.signal.onabort = e => log.push('abort:' + e.type + ':' + (e.target === controller.signal));
      controller.abort();
      log.join(' ')
      """), "document:true window:true abort:abort:true")
  }

  func testBodyForwardsWindowReflectingHandlersToTheWindow() throws {
    load("<!DOCTYPE html><body onload=\"window.loaded = [this === window, typeof document]\" onclick=\"window.clicked = this\">")
    window.fireEvent("load", targetOverride: document)
    XCTAssertEqual(try string("loaded.join()"), "true,object")
    XCTAssertEqual(try string("""
      const body = document.body;
      const f = () => {};
      body.onblur = f;
      const forwarded = window.onblur === f && body.onblur === f;
      body.click();
      const other = document.createElement('body');
      other.onfocus = f;
      [forwarded, clicked === body, window.onfocus === f, typeof window.onload].join()
      """), "true,true,true,function")
  }

  func testWindowReflectingContentAttributeOnAnyBodySetsTheWindowHandler() throws {
    // A body or frameset that is not document.body still forwards: its content attribute becomes the
    // window's handler, compiled with that element in scope.
    XCTAssertEqual(try string("""
      const other = document.createElement('frameset');
      other.title = 'detached';
      other.setAttribute('onresize', 'window.ran = title; return 1');
      const compiled = typeof window.onresize === 'function' && window.onresize === other.onresize;
      window.dispatchEvent(new Event('resize'));
      const nop = () => {};
      document.createElement('body').onscroll = nop;
      [compiled, window.ran, window.onscroll === nop, document.body.onresize === window.onresize].join()
      """), "true,detached,true,true")
  }

  func testWindowEventIsTheCurrentEventOnlyDuringDispatch() throws {
    XCTAssertEqual(try string("""
      const seen = [];
      const ping = new Event('ping');
      document.body.addEventListener('ping', () => {
        seen.push(window.event === ping);
        document.body.dispatchEvent(new Event('inner'));
        seen.push(window.event === ping);
      });
      document.body.addEventListener('inner', e => seen.push(window.event === e));
      document.body.dispatchEvent(ping);
      seen.push(window.event === undefined);
      seen.join()
      """), "true,true,true,true")
  }

  func testListenerExceptionsReachWindowOnerrorWithTheirParts() throws {
    XCTAssertEqual(try string("""
      const got = [];
      window.onerror = function (message, source, lineno, colno, error) {
        got.push(message, typeof source, lineno > 0, error && error.message);
        return true;
      };
      document.body.addEventListener('boom', () => { throw new Error('bad'); });
      document.body.addEventListener('boom', { handleEvent: 5 });
      document.body.dispatchEvent(new Event('boom'));
      got.join('|')
      """), "Uncaught Error: bad|string|true|bad|Uncaught TypeError: the 'boom' listener's handleEvent is not a function|string|false|the 'boom' listener's handleEvent is not a function")
    XCTAssertTrue(messages.filter { $0.level == .error }.isEmpty, "a handler returning true cancels the report")
    try js("window.onerror = null; document.body.dispatchEvent(new Event('boom'))")
    XCTAssertEqual(messages.filter { $0.level == .error }.count, 2)
  }

  func testAbortControllerReasonsAndThrowIfAborted() throws {
    XCTAssertEqual(try string("""
      const c = new AbortController();
      const before = c.signal.aborted;
      c.abort();
      const r = c.signal.reason;
      let thrown;
      try { c.signal.throwIfAborted(); } catch (e) { thrown = e; }
      const custom = AbortSignal.abort('why');
      const any = AbortSignal.any([new AbortController().signal, custom]);
      [before, c.signal.aborted, r instanceof DOMException, r.name, thrown === r, custom.reason, any.aborted,
       any.reason, AbortSignal.abort().reason.name].join()
      """), "false,true,true,AbortError,true,why,true,why,AbortError")
  }

  func testAddEventListenerSignalAndTimeout() throws {
    XCTAssertEqual(try string("""
      const log = [];
      const c = new AbortController();
      document.body.addEventListener('ping', () => log.push('ping'), { signal: c.signal });
      document.body.dispatchEvent(new Event('ping'));
      c.abort();
      document.body.dispatchEvent(new Event('ping'));
      let threw = false;
      try { document.body.addEventListener('ping', () => {}, { signal: 1 }); } catch (e) { threw = e instanceof TypeError; }
      globalThis.setTimeout = null;  // the timeout uses the event loop, not the global
      globalThis.timed = AbortSignal.timeout(20);
      timed.onabort = () => log.push('timeout:' + timed.reason.name);
      log.push(timed.aborted, threw);
      log.join()
      """), "ping,false,true")
    XCTAssertEqual(loop.drain(until: clock.now + 1), .idle)
    assertTrue("timed.aborted && timed.reason.name === 'TimeoutError'")
  }

  func testScrollBlockingListenersOnTheWindowArePassiveByDefault() throws {
    XCTAssertEqual(try string("""
      const out = [];
      const check = (target, options) => {
        target.addEventListener('touchstart', e => e.preventDefault(), options);
        out.push(target.dispatchEvent(new Event('touchstart', { cancelable: true })));
      };
      check(window);
      check(document);
      check(document.body, { passive: false });
      check(document.getElementById('main'));
      out.join()
      """), "true,true,false,false")
  }

  func testFragmentLinksFireHashchangeFromTheEventLoop() throws {
    try js("""
      globalThis.changes = [];
      window.onhashchange = e => changes.push(e.constructor.name + ' ' + e.oldURL.split('#')[1] + '>' + e.newURL.split('#')[1] + ' ' + location.hash);
      const a = document.createElement('a');
      a.setAttribute('href', '#later');
      document.body.append(a);
      a.click();
      """)
    XCTAssertEqual(try string("changes.length + location.hash"), "0#later")
    XCTAssertEqual(loop.drain(until: clock.now + 1), .idle)
    XCTAssertEqual(try string("changes.join()"), "HashChangeEvent top>later #later")
  }
}
