import DOM
import DOMBindings
import JSBridge
import XCTest

final class EventTargetBindingTests: BindingTestCase {
  func testEveryTargetHasTheEventTargetMethods() {
    assertTrue("typeof window.addEventListener === 'function' && typeof document.addEventListener === 'function'")
    assertTrue("document.body.addEventListener === EventTarget.prototype.addEventListener")
    assertTrue("document instanceof EventTarget && document.body instanceof EventTarget")
    assertTrue("window instanceof EventTarget")
    assertTrue("Node.prototype.__proto__ === EventTarget.prototype")
    assertTrue("addEventListener.length === 2 && dispatchEvent.length === 1")
  }

  func testBubblingReachesElementDocumentAndWindowInOrder() throws {
    let order = try string("""
      const log = [];
      const p = document.querySelector('p');
      window.addEventListener('ping', e => log.push('window-capture:' + e.eventPhase), true);
      document.addEventListener('ping', e => log.push('document-capture:' + e.eventPhase), { capture: true });
      p.addEventListener('ping', function (e) { log.push('p:' + e.eventPhase + ':' + (this === p) + ':' + (e.currentTarget === p)); });
      document.getElementById('main').addEventListener('ping', e => log.push('main:' + e.eventPhase + ':' + (e.target === p)));
      document.addEventListener('ping', e => log.push('document:' + (e.currentTarget === document)));
      window.addEventListener('ping', function (e) { log.push('window:' + (this === window) + ':' + (e.currentTarget === window)); });
      p.dispatchEvent(new Event('ping', { bubbles: true }));
      log.join(' ')
      """)
    XCTAssertEqual(order, "window-capture:1 document-capture:1 p:2:true:true main:3:true document:true window:true:true")
  }

  func testHandleEventObjectIsCalledWithItselfAsThis() throws {
    XCTAssertEqual(try string("""
      const seen = [];
      const handler = { name: 'h', handleEvent(e) { seen.push(this.name + ':' + e.type); } };
      document.body.addEventListener('go', handler);
      document.body.dispatchEvent(new Event('go'));
      handler.handleEvent = function (e) { seen.push('replaced:' + e.type); };
      document.body.dispatchEvent(new Event('go'));
      seen.join(' ')
      """), "h:go replaced:go")
  }

  func testCustomEventCarriesDetail() throws {
    XCTAssertEqual(try string("""
      let got;
      document.addEventListener('data', e => { got = e.detail; });
      const detail = { n: 42 };
      document.dispatchEvent(new CustomEvent('data', { detail }));
      const plain = new CustomEvent('x');
      [got === detail, got.n, plain.detail, plain instanceof Event, new CustomEvent('y', {detail: 0}).detail].join(',')
      """), "true,42,,true,0")
    assertTrue("new CustomEvent('x').detail === null")
  }

  func testPreventDefaultAndDispatchEventReturnValue() throws {
    XCTAssertEqual(try string("""
      const b = document.querySelector('b');
      b.addEventListener('try', e => e.preventDefault());
      const cancelable = new Event('try', { cancelable: true });
      const plain = new Event('try');
      [b.dispatchEvent(cancelable), cancelable.defaultPrevented, b.dispatchEvent(plain), plain.defaultPrevented,
       cancelable.isTrusted, cancelable.eventPhase, cancelable.currentTarget, cancelable.target === b].join(',')
      """), "false,true,true,false,false,0,,true")
  }

  func testPassiveListenerCannotCancel() throws {
    XCTAssertEqual(try string("""
      document.addEventListener('try', e => e.preventDefault(), { passive: true });
      String(document.dispatchEvent(new Event('try', { cancelable: true })))
      """), "true")
  }

  func testDuplicateAddIsOneListenerAndRemoveMatchesCapture() throws {
    XCTAssertEqual(try string("""
      let n = 0;
      const f = () => n++;
      document.addEventListener('count', f);
      document.addEventListener('count', f);
      document.addEventListener('count', f, false);
      document.addEventListener('count', f, { capture: true });
      document.dispatchEvent(new Event('count'));
      const first = n;
      document.removeEventListener('count', f, true);
      document.dispatchEvent(new Event('count'));
      const second = n - first;
      document.removeEventListener('count', f);
      document.dispatchEvent(new Event('count'));
      [first, second, n].join(',')
      """), "2,1,3")
  }

  func testOnceListenerRunsOnce() throws {
    XCTAssertEqual(try string("""
      let n = 0;
      window.addEventListener('tick', () => n++, { once: true });
      window.dispatchEvent(new Event('tick'));
      window.dispatchEvent(new Event('tick'));
      String(n)
      """), "1")
  }

  func testStopPropagationAndStopImmediatePropagation() throws {
    XCTAssertEqual(try string("""
      const log = [];
      const p = document.querySelector('p');
      p.addEventListener('a', e => { log.push('p1'); e.stopPropagation(); });
      p.addEventListener('a', () => log.push('p2'));
      document.addEventListener('a', () => log.push('doc'));
      p.addEventListener('b', e => { log.push('p1'); e.stopImmediatePropagation(); });
      p.addEventListener('b', () => log.push('p2'));
      p.dispatchEvent(new Event('a', { bubbles: true }));
      p.dispatchEvent(new Event('b', { bubbles: true }));
      log.join(' ')
      """), "p1 p2 p1")
  }

  func testListenerExceptionIsAConsoleErrorAndTheNextListenerRuns() throws {
    XCTAssertEqual(try string("""
      const log = [];
      document.addEventListener('boom', () => { throw new Error('first listener failed'); });
      document.addEventListener('boom', { handleEvent: 5 });
      document.addEventListener('boom', () => log.push('second ran'));
      const result = document.dispatchEvent(new Event('boom'));
      log.join() + ':' + result
      """), "second ran:true")
    let errors = messages.filter { $0.level == .error }.map(\.text)
    XCTAssertEqual(errors.count, 2, "\(messages)")
    XCTAssertTrue(errors[0].hasPrefix("Uncaught ") && errors[0].contains("Error: first listener failed"), errors[0])
    XCTAssertTrue(errors[1].contains("handleEvent is not a function"), errors[1])
    XCTAssertTrue(uncaught.isEmpty)
  }

  func testListenerIdentitySurvivesGarbageCollection() throws {
    try js("""
      globalThis.hits = 0;
      globalThis.kept = function () { hits += 100; };
      globalThis.refs = [];
      document.addEventListener('gc', kept);
      (function () {
        for (let i = 0; i < 50; i++) {
          const f = () => { hits++; };
          refs.push(new WeakRef(f));
          document.addEventListener('gc', f);
        }
      })();
      """)
    try js("for (let i = 0; i < 2000; i++) ({ garbage: [i, String(i)] });")
    context.collectGarbage()
    // Only the registration keeps the anonymous listeners alive: a collected one would leave its WeakRef empty.
    XCTAssertEqual(try string("String(refs.filter(r => r.deref() !== undefined).length)"), "50")
    XCTAssertEqual(try string("document.dispatchEvent(new Event('gc')); String(hits)"), "150")
    XCTAssertEqual(try string("""
      document.addEventListener('gc', kept);
      document.removeEventListener('gc', kept);
      hits = 0; document.dispatchEvent(new Event('gc')); String(hits)
      """), "50")
  }

  func testArgumentErrors() {
    XCTAssertEqual(thrown("document.addEventListener('x')")?.name, "TypeError")
    XCTAssertEqual(thrown("document.addEventListener('x', 'not a function')")?.name, "TypeError")
    XCTAssertEqual(thrown("document.dispatchEvent({ type: 'x' })")?.name, "TypeError")
    XCTAssertEqual(thrown("new Event()")?.name, "TypeError")
    XCTAssertEqual(thrown("EventTarget.prototype.addEventListener.call({}, 'x', () => {})")?.message, "Illegal invocation")
    assertTrue("document.addEventListener('x', null) === undefined")
  }

  func testRedispatchDuringDispatchIsInvalidState() throws {
    XCTAssertEqual(try string("""
      let name;
      document.addEventListener('re', e => { try { document.body.dispatchEvent(e); } catch (x) { name = x.name; } });
      document.dispatchEvent(new Event('re'));
      name
      """), "InvalidStateError")
  }

  func testStandaloneEventTargetAndComposedPath() throws {
    XCTAssertEqual(try string("""
      const t = new EventTarget();
      let ok = false;
      t.addEventListener('x', e => { ok = e.target === t && e.composedPath().length === 1; });
      t.dispatchEvent(new Event('x'));
      let path;
      document.querySelector('b').addEventListener('y', e => { path = e.composedPath(); });
      document.querySelector('b').dispatchEvent(new Event('y'));
      [ok, path.length, path[path.length - 1] === window, path[path.length - 2] === document].join(',')
      """), "true,7,true,true")
  }

  func testLegacyCancelBubbleAndReturnValue() throws {
    XCTAssertEqual(try string("""
      const log = [];
      document.body.addEventListener('l', e => { e.cancelBubble = true; e.returnValue = false; log.push(e.returnValue); });
      document.body.addEventListener('l', () => log.push('target'));
      document.addEventListener('l', () => log.push('document'));
      const r = document.body.dispatchEvent(new Event('l', { bubbles: true, cancelable: true }));
      log.join() + ':' + r
      """), "false,target:false")
  }
}
