import DOM
import JSBridge

extension DOMInterfaces {
  /// https://dom.spec.whatwg.org/#interface-eventtarget (inherited by Node; the window gets the same three methods).
  static let eventTarget = Interface<EventTarget>("EventTarget") { b in
    b.constructor { _ in EventTarget() }
    b.method("addEventListener", length: 2) { target, args in try EventTargetCalls.add(to: target, args) }
    b.method("removeEventListener", length: 2) { target, args in try EventTargetCalls.remove(from: target, args) }
    b.method("dispatchEvent", length: 1) { target, args in try EventTargetCalls.dispatch(on: target, args) }
  }
}

/// The bodies of EventTarget's methods, shared by the interface table and the window's globals.
enum EventTargetCalls {
  /// `addEventListener(type, callback, options)`.
  ///
  /// https://dom.spec.whatwg.org/#dom-eventtarget-addeventlistener
  static func add(to target: EventTarget, _ args: Arguments) throws(ScriptError) {
    let type = try args.string(0)
    // Step 1 (flatten more): a boolean (or anything not an object) is `capture`.
    var options = try listenerOptions(args.value(2), full: true)
    let dictionary = args.value(2)
    let passive = dictionary.isObject ? try dictionary.property("passive") : dictionary
    if passive.isUndefined || !dictionary.isObject {
      options.passive = defaultPassiveValue(type, target)
    }
    let signal = try self.signal(args.value(2))
    guard let listener = try listener(args) else { return }
    target.addEventListener(type, listener, options: options, signal: signal)
  }

  /// `removeEventListener(type, callback, options)`: only `capture` matters.
  ///
  /// https://dom.spec.whatwg.org/#dom-eventtarget-removeeventlistener
  static func remove(from target: EventTarget, _ args: Arguments) throws(ScriptError) {
    let type = try args.string(0)
    let options = try listenerOptions(args.value(2), full: false)
    guard let listener = try listener(args) else { return }
    target.removeEventListener(type, listener, capture: options.capture)
  }

  /// `dispatchEvent(event)`: false when a listener canceled a cancelable event.
  ///
  /// https://dom.spec.whatwg.org/#dom-eventtarget-dispatchevent
  static func dispatch(on target: EventTarget, _ args: Arguments) throws -> Bool {
    let event = try args.object(0, as: Event.self)
    return try target.dispatchEvent(event)
  }

  /// Argument 1 as a listener: nil for `null`/`undefined` (the call does nothing), a TypeError for a primitive.
  private static func listener(_ args: Arguments) throws(ScriptError) -> ScriptEventListener? {
    guard args.count >= 2 else {
      throw .typeError("\(args.callee): 2 arguments required, but only \(args.count) present.")
    }
    let value = args.value(1)
    if value.isNull || value.isUndefined { return nil }
    guard value.isObject else {
      throw .typeError("\(args.callee): argument 2 is not an object (pass a function or an object with handleEvent).")
    }
    return ScriptEventListener(value, window: try args.context.window())
  }

  /// True for the scroll-blocking types on the window, a document, its root or its body.
  ///
  /// https://dom.spec.whatwg.org/#default-passive-value
  private static func defaultPassiveValue(_ type: String, _ target: EventTarget) -> Bool {
    guard ["touchstart", "touchmove", "wheel", "mousewheel"].contains(type) else { return false }
    if target is Window || target is Document { return true }
    guard let element = target as? Element else { return false }
    return element === element.document.documentElement || element === element.document.body
  }

  /// The `signal` member of an options dictionary: an AbortSignal, or nil when absent; anything else is a TypeError.
  ///
  /// https://dom.spec.whatwg.org/#event-flatten-more step 4
  private static func signal(_ value: ScriptValue) throws(ScriptError) -> AbortSignal? {
    guard value.isObject else { return nil }
    let signal = try value.property("signal")
    if signal.isUndefined { return nil }
    guard let unwrapped = value.context.unwrap(signal, as: AbortSignal.self) else {
      throw .typeError("addEventListener: the 'signal' option is not an AbortSignal.")
    }
    return unwrapped
  }

  /// https://dom.spec.whatwg.org/#event-flatten-more
  private static func listenerOptions(_ value: ScriptValue, full: Bool) throws(ScriptError) -> EventListenerOptions {
    guard value.isObject else { return EventListenerOptions(capture: value.toBool()) }
    var options = EventListenerOptions(capture: try value.property("capture").toBool())
    if full {
      options.once = try value.property("once").toBool()
      options.passive = try value.property("passive").toBool()
    }
    return options
  }
}

/// A JS listener (a function, or an object with `handleEvent`), protected for as long as it is registered.
///
/// Two registrations are the same listener when their callbacks are `===`. What the callback throws is reported
/// as a console error ("Uncaught …") and dispatch goes on with the next listener.
final class ScriptEventListener: EventListener {
  private let callback: ProtectedValue
  private weak var window: Window?

  init(_ callback: ScriptValue, window: Window) {
    self.callback = ProtectedValue(callback)
    self.window = window
  }

  /// https://dom.spec.whatwg.org/#concept-event-listener-inner-invoke step 2.10 and WebIDL "call a user object's operation".
  func handleEvent(_ event: Event) {
    guard callback.isAlive, let window else { return }
    window.withCurrentEvent(event) { call(event, in: window) }
  }

  private func call(_ event: Event, in window: Window) {
    let context = window.context
    do {
      let value = callback.value
      let eventValue = try context.wrap(event)
      if value.isFunction {
        try value.call(this: window.scriptValue(of: event.currentTarget), args: [eventValue])
      } else {
        let handle = try value.property("handleEvent")
        guard handle.isFunction else {
          throw ScriptError.typeError("the '\(event.type)' listener's handleEvent is not a function")
        }
        try handle.call(this: value, args: [eventValue])
      }
    } catch {
      window.reportException(error)
    }
  }

  /// The callback's cell: callbacks are objects (`listener(_:)` refuses others), and `===` on objects is the same
  /// cell. Nil once the context closed.
  var listenerIdentity: UnsafeRawPointer? { callback.objectIdentity }
}
