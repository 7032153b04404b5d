import DOM
import JSBridge

/// The window's event globals: `window.event` and the event handler attributes (`window.onload`...).
extension Window {
  func installEventGlobals() throws(ScriptError) {
    let names = DOMInterfaces.globalEventHandlers + DOMInterfaces.windowEventHandlers
    let get = context.makeFunction(name: "get", length: 1) { [weak self] args in
      guard let self else { return args.context.makeUndefined() }
      return EventHandlers.value(try args.string(0), of: self, window: self)
    }
    let set = context.makeFunction(name: "set", length: 2) { [weak self] args in
      if let self { EventHandlers.set(try args.string(0), on: self, to: args.value(1), window: self) }
      return args.context.makeUndefined()
    }
    let current = context.makeFunction(name: "event", length: 0) { [weak self] args in
      guard let self, let event = self.currentEvent else { return args.context.makeUndefined() }
      return try args.context.wrap(event)
    }
    let now = context.makeFunction(name: "now", length: 0) { args in args.context.makeNumber(Event.now()) }
    let setup = try context.evaluate(Self.eventPrelude, sourceURL: "webaction:window-events")
    try setup.call(args: [context.global, context.makeArray(names.map { context.makeString($0) }), get, set, current, now])
  }

  /// Defines the handler accessors, the `[Replaceable]` `event` attribute and `performance.now()` (the clock of
  /// `Event.timeStamp`, https://w3c.github.io/hr-time/#dom-performance-now) on the global.
  static let eventPrelude = #"""
    (function (global, names, get, set, current, now) {
      "use strict";
      for (const name of names) {
        Object.defineProperty(global, name, {
          get() { return get(name); }, set(value) { set(name, value); }, enumerable: true, configurable: true });
      }
      Object.defineProperty(global, "event", {
        get: function event() { return current(); },
        set: function event(value) {
          Object.defineProperty(global, "event", { value, writable: true, enumerable: false, configurable: true });
        },
        enumerable: false, configurable: true });
      if (!("performance" in global)) {
        const timeOrigin = Date.now() - now();
        const performance = { now: function now_() { return now(); }, timeOrigin };
        Object.defineProperty(performance.now, "name", { value: "now" });
        Object.defineProperty(global, "performance", { value: performance, writable: true, enumerable: true, configurable: true });
      }
    })
    """#

  /// Runs `body` with `event` as the window's current event, restoring the previous one after.
  ///
  /// https://dom.spec.whatwg.org/#concept-event-listener-inner-invoke steps 2.8 and 2.11
  func withCurrentEvent(_ event: Event, _ body: () -> Void) {
    let previous = currentEvent
    currentEvent = event
    body()
    currentEvent = previous
  }

  /// The compiler of event handler content attributes: `(element, document, name, parameters, body)` → a function
  /// named `name` whose scope chain is the element, then the document, then the global.
  ///
  /// https://html.spec.whatwg.org/multipage/webappapis.html#getting-the-current-value-of-the-event-handler step 3
  func eventHandlerCompiler() throws(ScriptError) -> ScriptValue {
    if let handlerCompiler, handlerCompiler.isAlive { return handlerCompiler.value }
    let compiler = try context.evaluate(
      #"""
      (function (element, document, name, parameters, body) {
        return Function("element", "document",
          "with (document) with (element) return function " + name + "(" + parameters + ") {\n" + body + "\n};"
        )(element, document);
      })
      """#, sourceURL: "webaction:event-handler-compiler")
    handlerCompiler = ProtectedValue(compiler)
    return compiler
  }

  /// Reports an exception a listener or handler threw: an `ErrorEvent` at the window, then (unless a listener
  /// canceled it) "Uncaught …" on the console.
  ///
  /// https://html.spec.whatwg.org/multipage/webappapis.html#report-an-exception
  ///
  /// A watchdog stop (a runaway script) is not an exception of the page: it only goes to the console, as does an
  /// exception thrown while the `error` event is dispatched (step 2).
  public func reportException(_ error: any Error) {
    let scriptError = error as? ScriptError
    let text = "Uncaught \(error)"
    guard !isReportingException, scriptError?.kind != .timeout else { return emit(.error, text) }
    let message = scriptError.map { error in
      "Uncaught " + (error.name.map { "\($0): \(error.message)" } ?? error.message)
    } ?? text
    var values: [String: DictionaryEvent.Value] = [
      "message": .string(message), "filename": .string(scriptError?.file ?? ""),
      "lineno": .number(Double(scriptError?.line ?? 0)), "colno": .number(Double(scriptError?.column ?? 0)),
    ]
    if let thrown = scriptError?.value {
      values["error"] = .opaque(thrown)
    } else if let scriptError {
      // An error made in Swift (a handleEvent that is not callable...) becomes the JS error it would throw.
      let made = context.makeError(name: scriptError.name ?? "Error", message: scriptError.message)
      values["error"] = .opaque(ProtectedValue(made))
    }
    let event = DictionaryEvent(interface: "ErrorEvent", type: "error", cancelable: true, values: values)
    isReportingException = true
    let notCanceled = fireEvent(event)
    isReportingException = false
    if notCanceled { emit(.error, text) }
  }
}
