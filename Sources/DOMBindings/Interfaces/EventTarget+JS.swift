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
    let options = try listenerOptions(args.value(2), full: true)
    guard let listener = try listener(args) else { return }
    target.addEventListener(type, listener, options: options)
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

  /// https://dom.spec.whatwg.org/#event-flatten-more (no `signal`: there is no AbortController here).
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
/// (an `error` event at the window, then a console error "Uncaught …") and dispatch goes on with the next listener.
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

  func isSameListener(as other: any EventListener) -> Bool {
    guard let other = other as? ScriptEventListener, callback.isAlive, other.callback.isAlive else { return false }
    return callback.value === other.callback.value
  }
}
