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
    let setup = try context.evaluate(Self.eventPrelude, sourceURL: "webaction:window-events")
    try setup.call(args: [context.global, context.makeArray(names.map { context.makeString($0) }), get, set, current])
  }

  /// Defines the handler accessors and the `[Replaceable]` `event` attribute on the global.
  static let eventPrelude = #"""
    (function (global, names, get, set, current) {
      "use strict";
      for (const name of names) {
        const accessors = { get [name]() { return get(name); }, set [name](value) { set(name, value); } };
        const { get: g, set: s } = Object.getOwnPropertyDescriptor(accessors, name);
        Object.defineProperty(global, name, { get: g, set: s, enumerable: true, configurable: true });
      }
      Object.defineProperty(global, "event", {
        get: function event() { return current(); },
        set: function event(value) {
          Object.defineProperty(global, "event", { value, writable: true, enumerable: false, configurable: true });
        },
        enumerable: false, configurable: true });
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
}
