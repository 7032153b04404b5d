import DOM
import JSBridge

extension DOMInterfaces {
  /// https://dom.spec.whatwg.org/#interface-event
  static let event = Interface<Event>("Event") { b in
    b.wrappersAreCollectable()
    b.constructor(length: 1) { args in
      let type = try args.string(0)
      let dictionary = try EventInit(args.value(1), callee: "Event")
      return Event(type: type, bubbles: dictionary.bubbles, cancelable: dictionary.cancelable, composed: dictionary.composed)
    }
    addEventMembers(b)
  }

  /// https://dom.spec.whatwg.org/#interface-customevent (a dictionary-made event: `detail` is its `any` member).
  static let customEventSpec = EventInterfaceSpec(name: "CustomEvent", parent: nil, members: [EventMember("detail", .any)])

  /// `initCustomEvent(type, bubbles, cancelable, detail)` (https://dom.spec.whatwg.org/#dom-customevent-initcustomevent).
  static let customEventExtras: @Sendable (InterfaceBuilder<DictionaryEvent>) -> Void = { b in
    addLegacyInit(b, "initCustomEvent", interface: "CustomEvent", [EventMember("detail", .any)])
  }

  /// The CustomEvent table (built with the other dictionary-made events).
  static var customEvent: AnyInterface { dictionaryEventInterfaces["CustomEvent"]! }

  private static func addEventMembers(_ b: InterfaceBuilder<Event>) {
    for (i, name) in ["NONE", "CAPTURING_PHASE", "AT_TARGET", "BUBBLING_PHASE"].enumerated() { b.constant(name, i) }
    b.getter("type") { $0.type }
    b.getter("bubbles") { $0.bubbles }
    b.getter("cancelable") { $0.cancelable }
    b.getter("composed") { $0.composed }
    b.getter("defaultPrevented") { $0.defaultPrevented }
    b.unforgeableGetter("isTrusted") { $0.isTrusted }
    b.getter("timeStamp") { $0.timeStamp }
    b.getter("eventPhase") { $0.eventPhase.rawValue }
    b.contextGetter("target") { event, context in try context.window().scriptValue(of: event.target) }
    b.contextGetter("srcElement") { event, context in try context.window().scriptValue(of: event.target) }
    b.contextGetter("currentTarget") { event, context in try context.window().scriptValue(of: event.currentTarget) }
    b.method("composedPath") { event, args in
      let window = try args.context.window()
      return args.context.makeArray(event.composedPath()) { window.scriptValue(of: $0) }
    }
    b.method("stopPropagation") { event, _ in event.stopPropagation() }
    b.method("stopImmediatePropagation") { event, _ in event.stopImmediatePropagation() }
    b.method("preventDefault") { event, _ in event.preventDefault() }
    b.method("initEvent", length: 1) { event, args in
      event.initEvent(type: try args.string(0), bubbles: args.bool(1), cancelable: args.bool(2))
    }
    // Legacy aliases (https://dom.spec.whatwg.org/#dom-event-cancelbubble, #dom-event-returnvalue).
    b.accessor("cancelBubble", get: { $0.propagationStopped }, set: { event, value in
      if value.toBool() { event.stopPropagation() }
    })
    b.accessor("returnValue", get: { !$0.defaultPrevented }, set: { event, value in
      if !value.toBool() { event.preventDefault() }
    })
  }
}

/// An `EventInit` dictionary argument (https://dom.spec.whatwg.org/#dictdef-eventinit); absent members are false.
struct EventInit {
  let value: ScriptValue
  let bubbles: Bool
  let cancelable: Bool
  let composed: Bool

  init(_ value: ScriptValue, callee: String) throws(ScriptError) {
    self.value = value
    if value.isUndefined || value.isNull {
      (bubbles, cancelable, composed) = (false, false, false)
      return
    }
    guard value.isObject else {
      throw .typeError("\(callee) constructor: argument 2 is not an object (pass an init dictionary such as {bubbles: true}).")
    }
    bubbles = try value.property("bubbles").toBool()
    cancelable = try value.property("cancelable").toBool()
    composed = try value.property("composed").toBool()
  }

  /// A member of the dictionary (`undefined` when there is no dictionary).
  func property(_ name: String) throws(ScriptError) -> ScriptValue {
    value.isObject ? try value.property(name) : value.context.makeUndefined()
  }
}
