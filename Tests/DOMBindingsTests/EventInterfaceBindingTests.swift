import DOM
import DOMBindings
import JSBridge
import XCTest

/// The dictionary-made event interfaces, `createEvent` and the legacy `init*` methods through scripts.
final class EventInterfaceBindingTests: BindingTestCase {
  func testInterfacesInheritAndReadTheirDictionaries() throws {
    assertTrue("Object.getPrototypeOf(WheelEvent.prototype) === MouseEvent.prototype")
    assertTrue("Object.getPrototypeOf(MouseEvent.prototype) === UIEvent.prototype")
    assertTrue("Object.getPrototypeOf(UIEvent.prototype) === Event.prototype")
    assertTrue("new PointerEvent('x') instanceof MouseEvent && new ErrorEvent('x') instanceof Event")
    XCTAssertEqual(try string("""
      const e = new WheelEvent('wheel', { bubbles: 1, view: window, detail: 2.9, screenX: -3, button: 65537,
        buttons: -1, ctrlKey: 'yes', deltaX: 1.5, deltaMode: 2, relatedTarget: document });
      [e.bubbles, e.view === window, e.detail, e.screenX, e.button, e.buttons, e.ctrlKey, e.shiftKey, e.deltaX,
       e.deltaMode, e.relatedTarget === document, e.getModifierState('Control'), WheelEvent.DOM_DELTA_PAGE].join()
      """), "true,true,2,-3,1,65535,true,false,1.5,2,true,true,2")
    XCTAssertEqual(try string("""
      const k = new KeyboardEvent('keydown', { key: 'a', keyCode: 65, modifierCapsLock: true });
      const p = new PointerEvent('pointerdown');
      const i = new InputEvent('input');
      [k.key, k.code, k.keyCode, k.which, k.getModifierState('CapsLock'), 'modifierCapsLock' in k,
       p.width, p.pointerType === '', i.data, new FocusEvent('focus').relatedTarget].join()
      """), "a,,65,0,true,false,1,true,,")
    assertTrue("new InputEvent('x').data === null && new CustomEvent('x').detail === null")
  }

  func testIsTrustedIsAnUnforgeableOwnProperty() {
    assertTrue("""
      const a = Object.getOwnPropertyDescriptor(new Event('x'), 'isTrusted');
      const b = Object.getOwnPropertyDescriptor(new MouseEvent('x'), 'isTrusted');
      a.get === b.get && !a.configurable && a.enumerable && !('isTrusted' in Event.prototype) && a.get.call(new Event('y')) === false
      """)
    assertTrue("let trusted; document.body.addEventListener('click', e => { trusted = e.isTrusted; }); document.body.click(); trusted === false")
  }

  func testEventTargetAndEventCanBeSubclassed() throws {
    XCTAssertEqual(try string("""
      class Emitter extends EventTarget { on(type, f) { this.addEventListener(type, f); } }
      class Ping extends Event { constructor() { super('ping', { bubbles: true }); this.extra = 1; } get fixed() { return 17; } }
      const emitter = new Emitter();
      let got;
      emitter.on('ping', e => { got = e; });
      const ping = new Ping();
      emitter.dispatchEvent(ping);
      [got === ping, ping instanceof Ping, ping instanceof Event, ping.fixed, ping.extra, ping.type, ping.bubbles,
       Object.getPrototypeOf(Ping.prototype) === Event.prototype, Event.prototype.constructor === Event,
       Object.getPrototypeOf(CustomEvent) === Event, emitter instanceof EventTarget].join()
      """), "true,true,true,17,1,ping,true,true,true,true,true")
    XCTAssertEqual(thrown("Event('x')")?.name, "TypeError")
  }

  func testDictionaryConversionErrors() {
    XCTAssertEqual(thrown("new UIEvent('x', { view: 7 })")?.name, "TypeError")
    XCTAssertEqual(thrown("new UIEvent('x', { view: document })")?.name, "TypeError")
    XCTAssertEqual(thrown("new WheelEvent('x', { deltaY: NaN })")?.name, "TypeError")
    XCTAssertEqual(thrown("new FocusEvent('x', { relatedTarget: {} })")?.name, "TypeError")
    XCTAssertEqual(thrown("new MouseEvent('x', 5)")?.name, "TypeError")
    XCTAssertEqual(thrown("Object.getOwnPropertyDescriptor(MouseEvent.prototype, 'clientX').get.call(new UIEvent('x'))")?.name, "TypeError")
  }

  func testDictionaryMembersAreReadBaseFirstInLexicographicOrder() throws {
    XCTAssertEqual(try string("""
      const seen = [];
      const init = new Proxy({}, { get(target, name) { if (typeof name === 'string') seen.push(name); } });
      new FocusEvent('x', init);
      seen.join()
      """), "bubbles,cancelable,composed,detail,view,which,relatedTarget")
  }

  func testCreateEventAndTheLegacyInitMethods() throws {
    assertTrue("Object.getPrototypeOf(document.createEvent('MouseEvents')) === MouseEvent.prototype")
    assertTrue("Object.getPrototypeOf(document.createEvent('htmlevents')) === Event.prototype")
    XCTAssertEqual(thrown("document.createEvent('ErrorEvent')")?.name, "NotSupportedError")
    XCTAssertEqual(thrown("document.body.dispatchEvent(document.createEvent('Event'))")?.name, "InvalidStateError")
    XCTAssertEqual(try string("""
      const m = document.createEvent('MouseEvent');
      m.initMouseEvent('click', true, true, window, 3, 1, 2, 10, 20, true, false, false, true, 2, document.body);
      const c = document.createEvent('CustomEvent');
      c.initCustomEvent('data', false, true, { n: 1 });
      const k = document.createEvent('KeyboardEvent');
      k.initKeyboardEvent('keyup', true, false, null, 'Enter', 3);
      [m.type, m.bubbles, m.detail, m.clientY, m.ctrlKey, m.metaKey, m.button, m.relatedTarget === document.body,
       c.type, c.cancelable, c.detail.n, k.key, k.location, k.view].join()
      """), "click,true,3,20,true,true,2,true,data,true,1,Enter,3,")
  }

  func testClickDispatchesAPointerEventAndTogglesCheckboxes() throws {
    load("<!DOCTYPE html><body><label><input type=checkbox id=box></label><button id=b>go</button>")
    XCTAssertEqual(try string("""
      const log = [];
      const box = document.getElementById('box');
      box.addEventListener('click', e => log.push(e.constructor.name + ':' + e.bubbles + ':' + e.isTrusted + ':' + box.checked));
      box.addEventListener('change', e => log.push('change:' + box.checked));
      box.click();
      box.addEventListener('click', e => e.preventDefault());
      box.click();
      [log.join(' '), box.checked, box.defaultChecked].join()
      """), "PointerEvent:true:false:true change:true PointerEvent:true:false:false,true,false")
  }
}
