import DOM
import DOMBindings
import JSBridge
import XCTest

/// atob/btoa, structuredClone, requestAnimationFrame, matchMedia, crypto, queueMicrotask and performance.now.
/// Expected answers and messages are Chromium 156's (Scripts/chromium-reference).
final class WindowWebAPIsTests: BindingTestCase {
  func testBtoaAndAtobAreForgivingBase64OverLatin1() throws {
    XCTAssertEqual(try string("btoa('\\u00ff\\u00e9abc')"), "/+lhYmM=")
    XCTAssertEqual(try string("atob(' YW Jj\\nZA== ')"), "abcd")
    XCTAssertEqual(try string("atob('YWJjZA')"), "abcd")
    XCTAssertEqual(try string("atob(btoa('\\u0000\\u0080\\u00ff')) === '\\u0000\\u0080\\u00ff'"), "true")
    XCTAssertEqual(try string("[...atob(null)].map(c => c.charCodeAt(0)).join()"), "158,233,101", "null is the string 'null'")
    XCTAssertEqual(try string("atob.length + ',' + btoa.length"), "1,1")
    for source in ["btoa('\\u0100')", "btoa('😀')", "atob('YWJjZ')", "atob('YW*J')", "atob('YQ=a')", "atob(undefined)"] {
      let error = thrown(source)
      XCTAssertEqual(error?.name, "InvalidCharacterError", source)
    }
    XCTAssertEqual(thrown("btoa('\\u0100')")?.message,
                   "Failed to execute 'btoa' on 'Window': The string to be encoded contains characters outside of the Latin1 range.")
    assertTrue("(() => { try { atob('*') } catch (e) { return e instanceof DOMException && e.code === 5 } })()")
    XCTAssertEqual(thrown("atob()")?.name, "TypeError")
  }

  func testStructuredCloneCopiesValuesAndKeepsTheGraphsShape() throws {
    XCTAssertEqual(try string("""
      const shared = { n: 1 };
      const source = { shared, again: shared, list: [1, , 3], date: new Date(5), re: /a+/gi, map: new Map([[shared, 'v']]),
                       set: new Set([shared]), wrappers: [new Number(3), new String('s'), new Boolean(false), Object(10n)],
                       big: 12n, nothing: undefined, nan: NaN };
      source.self = source;
      source.list.extra = 'kept';
      const c = structuredClone(source);
      [c !== source, c.self === c, c.shared === c.again, c.shared !== shared, c.list.length, 1 in c.list, c.list.extra,
       c.date.getTime(), c.date !== source.date, c.re.source, c.re.flags, c.re.lastIndex,
       c.map.keys().next().value === c.shared, c.set.has(c.shared),
       c.wrappers.map(w => typeof w + ':' + w.valueOf()).join(' '), typeof c.big, 'nothing' in c, Number.isNaN(c.nan)].join()
      """), "true,true,true,true,3,false,kept,5,true,a+,gi,0,true,true,object:3 object:s object:false object:10,bigint,true,true")
  }

  func testStructuredCloneOfBuffersViewsAndErrors() throws {
    XCTAssertEqual(try string("""
      {
      const b = new ArrayBuffer(8); new Uint8Array(b).set([1, 2, 3, 4, 5, 6, 7, 8]);
      const v = new Uint8Array(b, 2, 3); const d = new DataView(b, 1);
      const c = structuredClone({ v, d, b });
      [c.v.buffer === c.b, c.d.buffer === c.b, c.b !== b, c.v.byteOffset, c.v.length, [...c.v].join(' '), c.d.byteOffset,
       c.d.getUint8(0)].join()
      }
      """), "true,true,true,2,3,3 4 5,1,2")
    XCTAssertEqual(try string("""
      {
      const e = structuredClone(new RangeError('m'));
      const x = new Error('n'); x.name = 'Custom'; x.extra = 1;
      const y = structuredClone(x);
      [e instanceof RangeError, e.message, e.name, y.name, y.constructor === Error, 'extra' in y].join()
      }
      """), "true,m,RangeError,Error,true,false")
    XCTAssertEqual(try string("""
      {
      class A { constructor() { this.x = 1; } get y() { return 2; } }
      let n = 0;
      const c = structuredClone(Object.assign(new A(), { get g() { return ++n; } }));
      const hidden = Object.defineProperty({}, 'h', { value: 1, enumerable: false });
      [Object.getPrototypeOf(c) === Object.prototype, c.x, c.y, JSON.stringify(Object.getOwnPropertyDescriptor(c, 'g')),
       Object.keys(structuredClone(hidden)).length, Object.getOwnPropertySymbols(structuredClone({ [Symbol()]: 1 })).length].join()
      }
      """), #"true,1,,{"value":1,"writable":true,"enumerable":true,"configurable":true},0,0"#)
    XCTAssertEqual(try string("""
      {
      const d = structuredClone(new DOMException('gone', 'NotFoundError'));
      [d instanceof DOMException, d.name, d.message, d.code].join()
      }
      """), "true,NotFoundError,gone,8")
  }

  func testStructuredCloneTransfersArrayBuffers() throws {
    XCTAssertEqual(try string("""
      const b = new Uint8Array([9, 8, 7]).buffer;
      const c = structuredClone({ b }, { transfer: [b] });
      [b.byteLength, c.b.byteLength, new Uint8Array(c.b).join(' ')].join()
      """), "0,3,9 8 7")
    let prefix = "Failed to execute 'structuredClone' on 'Window': "
    XCTAssertEqual(thrown("{ const t = new ArrayBuffer(1); structuredClone(t, { transfer: [t, t] }) }")?.message,
                   prefix + "ArrayBuffer at index 1 is a duplicate of an earlier ArrayBuffer.")
    XCTAssertEqual(thrown("structuredClone(1, { transfer: [{}] })")?.message, prefix + "Value at index 0 does not have a transferable type.")
    XCTAssertEqual(thrown("{ const t = new ArrayBuffer(1); t.transfer(); structuredClone(t) }")?.message,
                   prefix + "An ArrayBuffer is detached and could not be cloned.")
    XCTAssertEqual(thrown("structuredClone(1, 5)")?.name, "TypeError")
  }

  func testStructuredCloneRefusesFunctionsSymbolsAndPlatformObjects() throws {
    let cases = [
      "structuredClone(() => {})": "() => {} could not be cloned.",
      "structuredClone({ a: function foo() {} })": "function foo() {} could not be cloned.",
      "structuredClone(Symbol('s'))": "Symbol(s) could not be cloned.",
      "structuredClone(document.body)": "HTMLBodyElement object could not be cloned.",
      "structuredClone([document.createTextNode('t')])": "Text object could not be cloned.",
      "structuredClone(window)": "#<Window> could not be cloned.",
      "structuredClone(Promise.resolve())": "#<Promise> could not be cloned.",
      "structuredClone(new WeakMap())": "#<WeakMap> could not be cloned.",
      "structuredClone(Object(Symbol('w')))": "[object Symbol] could not be cloned.",
    ]
    for (source, message) in cases {
      let error = thrown(source)
      XCTAssertEqual(error?.name, "DataCloneError", source)
      XCTAssertEqual(error?.message, "Failed to execute 'structuredClone' on 'Window': " + message, source)
    }
    assertTrue("(() => { try { structuredClone(() => 1) } catch (e) { return e instanceof DOMException && e.code === 25 } })()")
    XCTAssertEqual(thrown("structuredClone()")?.name, "TypeError")
    XCTAssertEqual(try string("structuredClone.length"), "1")
  }

  func testStructuredCloneIgnoresPatchedBuiltIns() throws {
    XCTAssertEqual(try string("""
      const original = { m: new Map([[1, 2]]), list: [1, 2] };
      Map.prototype.set = Map.prototype.has = Array.prototype[Symbol.iterator] = () => { throw new Error('patched'); };
      Object.prototype.toString = () => '[object Promise]';
      const copied = structuredClone(original);
      String(copied.m.get(1)) + copied.list.length
      """), "22")
  }

  func testAnimationFramesRunTogetherOnTheEventLoopWithOneTimestamp() throws {
    try js("""
      var log = [];
      var first = requestAnimationFrame(function (t) { log.push('a:' + typeof t); window.ts1 = t;
        requestAnimationFrame(function () { log.push('next frame'); }); cancelAnimationFrame(third); });
      var second = requestAnimationFrame(function (t) { log.push('b'); window.ts2 = t; });
      var third = requestAnimationFrame(function () { log.push('cancelled by a'); });
      var gone = requestAnimationFrame(function () { log.push('cancelled before'); });
      cancelAnimationFrame(gone);
      setTimeout(function () { log.push('timeout 0'); }, 0);
      """)
    XCTAssertEqual(try string("[typeof first, first < second, second < third].join()"), "number,true,true")
    context.collectGarbage()  // the queued callbacks are protected
    let start = clock.now
    XCTAssertEqual(loop.runUntil(deadline: start + 0.017) { (try? self.string("log.length")) == "3" }, .conditionMet)
    XCTAssertEqual(try string("log.join()"), "timeout 0,a:number,b")
    XCTAssertEqual(clock.now - start, 1.0 / 60, accuracy: 1e-9, "one frame is a 60 Hz timer")
    XCTAssertEqual(try string("ts1 === ts2 && ts1 <= performance.now()"), "true")
    loop.drain(until: clock.now + 1)
    XCTAssertEqual(try string("log.join()"), "timeout 0,a:number,b,next frame")
    XCTAssertEqual(loop.pendingTimerCount, 0, "no frames are scheduled while nothing waits")
    XCTAssertEqual(thrown("requestAnimationFrame(5)")?.name, "TypeError")
  }

  func testAnimationFramesResumeAfterTheHostCancelsTimers() throws {
    try js("var frames = 0; requestAnimationFrame(function () { frames++; });")
    loop.cancelAll()
    try js("requestAnimationFrame(function () { frames++; });")
    loop.drain(until: clock.now + 1)
    XCTAssertEqual(try string("frames"), "2", "both callbacks waited for the frame the second request scheduled")
  }

  func testAnimationFrameExceptionsAreReported() throws {
    try js("""
      var caught = '';
      addEventListener('error', function (e) { caught = e.message; e.preventDefault(); });
      requestAnimationFrame(function () { throw new Error('in a frame'); });
      requestAnimationFrame(function () { caught += '|still ran'; });
      """)
    loop.drain(until: clock.now + 1)
    XCTAssertEqual(try string("caught"), "Uncaught Error: in a frame|still ran")
  }

  func testMatchMediaAnswersForThePhoneScreen() throws {
    XCTAssertEqual(try string("""
      ['all', 'screen', 'only screen', 'not print', 'print', '(min-width: 100px)', '(min-width: 600px)', 'SCREEN , tv']
        .map(q => matchMedia(q).media + '=' + matchMedia(q).matches).join('|')
      """), "all=true|screen=true|only screen=true|not print=true|print=false|(min-width: 100px)=true|(min-width: 600px)=false|screen, tv=true")
    XCTAssertEqual(try string("""
      const list = matchMedia('screen');
      const listener = () => {};
      list.addListener(listener); list.removeListener(listener); list.addListener(null);
      list.addEventListener('change', listener); list.onchange = listener;
      [list instanceof MediaQueryList, list instanceof EventTarget, list.onchange === listener, list !== matchMedia('screen'),
       Object.prototype.toString.call(list), matchMedia.length].join()
      """), "true,true,true,true,[object MediaQueryList],1")
    XCTAssertEqual(thrown("matchMedia()")?.name, "TypeError")
    XCTAssertEqual(thrown("matchMedia('all').addListener(5)")?.name, "TypeError")
  }

  func testCryptoFillsIntegerArraysUpTo65536Bytes() throws {
    XCTAssertEqual(try string("""
      const a = new Uint8Array(65536);
      const same = crypto.getRandomValues(a) === a;
      const distinct = new Set(a).size;
      const words = crypto.getRandomValues(new Uint32Array(64));
      const view = new Uint8Array(new ArrayBuffer(8), 2, 4);
      crypto.getRandomValues(view);
      [same, distinct > 200, words.some(w => w > 255), new Uint8Array(view.buffer)[0], new Uint8Array(view.buffer)[7],
       typeof crypto.getRandomValues(new BigInt64Array(2))[0]].join()
      """), "true,true,true,0,0,bigint")
    XCTAssertEqual(thrown("crypto.getRandomValues(new Uint8Array(65537))")?.message,
                   "Failed to execute 'getRandomValues' on 'Crypto': The ArrayBufferView's byte length (65537) exceeds the number of bytes of entropy available via this API (65536).")
    XCTAssertEqual(thrown("crypto.getRandomValues(new Uint32Array(16385))")?.name, "QuotaExceededError")
    XCTAssertEqual(thrown("crypto.getRandomValues(new Float32Array(1))")?.message,
                   "Failed to execute 'getRandomValues' on 'Crypto': The provided ArrayBufferView is of type 'Float32', which is not an integer array type.")
    XCTAssertEqual(thrown("crypto.getRandomValues(new DataView(new ArrayBuffer(1)))")?.name, "TypeMismatchError")
    XCTAssertEqual(thrown("crypto.getRandomValues([1])")?.name, "TypeError")
    XCTAssertEqual(thrown("crypto.getRandomValues(new ArrayBuffer(1))")?.name, "TypeError")
  }

  func testCryptoRandomUUIDIsAVersion4UUID() throws {
    assertTrue("""
      (() => {
        const seen = new Set();
        for (let i = 0; i < 100; i++) {
          const id = crypto.randomUUID();
          if (!/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(id)) return false;
          seen.add(id);
        }
        return seen.size === 100 && crypto instanceof Crypto && crypto === window.crypto;
      })()
      """)
  }

  func testQueueMicrotaskAndPerformanceNow() throws {
    XCTAssertEqual(try string("""
      var order = [];
      queueMicrotask(() => order.push('micro'));
      Promise.resolve().then(() => order.push('promise'));
      order.push('sync');
      typeof queueMicrotask + ',' + queueMicrotask.length
      """), "function,1")
    XCTAssertEqual(try string("order.join()"), "sync,micro,promise")
    XCTAssertEqual(thrown("queueMicrotask(5)")?.name, "TypeError")
    XCTAssertEqual(try string("""
      const a = performance.now(), b = performance.now();
      const e = new Event('x');
      [typeof a, a >= 0, b >= a, e.timeStamp <= performance.now(), Math.abs(performance.timeOrigin + a - Date.now()) < 1000].join()
      """), "number,true,true,true,true")
  }

  func testPerformanceIsTheWindowsEvenWhenAnElementIsNamedSo() throws {
    // Chromium: `performance` is a Window attribute; an element with that id does not replace it.
    load(#"<!DOCTYPE html><body><div id="performance"></div><img name="performance">"#)
    XCTAssertEqual(try string("typeof performance.now + ',' + (performance instanceof HTMLElement)"), "function,false")
  }
}
