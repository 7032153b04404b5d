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
    let setup = try context.evaluate(Self.eventPrelude, sourceURL: "webaction:window-events", keepCompiled: true)
    try setup.call(args: [context.global, context.makeArray(names) { context.makeString($0) }, get, set, current, now])
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
      // An own-property check: `in` would reach the window's named properties, and indexing the document's ids and
      // names for that cost every page a whole-tree walk.
      if (!Object.prototype.hasOwnProperty.call(global, "performance")) {
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
      """#, sourceURL: "webaction:event-handler-compiler", keepCompiled: true)
    handlerCompiler = ProtectedValue(compiler)
    return compiler
  }
}
