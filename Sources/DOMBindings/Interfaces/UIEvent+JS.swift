import DOM
import JSBridge

/// The UI Events family as data (https://w3c.github.io/uievents/, ../shared/wpt/interfaces/uievents.idl;
/// PointerEvent from https://w3c.github.io/pointerevents/): each interface's init dictionary members.
extension DOMInterfaces {
  /// `EventModifierInit` (https://w3c.github.io/uievents/#dictdef-eventmodifierinit): MouseEventInit and
  /// KeyboardEventInit both derive from it; the `modifier*` members have no attribute.
  static let eventModifierMembers: [EventMember] =
    ["ctrlKey", "shiftKey", "altKey", "metaKey"].map { EventMember($0, .boolean) }
    + ["AltGraph", "CapsLock", "Fn", "FnLock", "Hyper", "NumLock", "ScrollLock", "Super", "Symbol", "SymbolLock"]
    .map { EventMember("modifier" + $0, .boolean, attribute: false) }

  static let uiEventSpecs: [EventInterfaceSpec] = [
    EventInterfaceSpec(name: "UIEvent", parent: nil, members: [
      EventMember("view", .window), EventMember("detail", .long), EventMember("which", .unsignedLong),
    ]),
    EventInterfaceSpec(name: "FocusEvent", parent: "UIEvent", members: [EventMember("relatedTarget", .target)]),
    EventInterfaceSpec(name: "MouseEvent", parent: "UIEvent", members: eventModifierMembers + [
      EventMember("screenX", .long), EventMember("screenY", .long), EventMember("clientX", .long),
      EventMember("clientY", .long), EventMember("button", .short), EventMember("buttons", .unsignedShort),
      EventMember("relatedTarget", .target),
    ]),
    EventInterfaceSpec(name: "WheelEvent", parent: "MouseEvent", members: [
      EventMember("deltaX", .double), EventMember("deltaY", .double), EventMember("deltaZ", .double),
      EventMember("deltaMode", .unsignedLong),
    ]),
    EventInterfaceSpec(name: "DragEvent", parent: "MouseEvent", members: [EventMember("dataTransfer", .any)]),
    EventInterfaceSpec(name: "PointerEvent", parent: "MouseEvent", members: [
      EventMember("pointerId", .long), EventMember("width", .double, number: 1), EventMember("height", .double, number: 1),
      EventMember("pressure", .unrestrictedDouble), EventMember("tangentialPressure", .unrestrictedDouble),
      EventMember("tiltX", .long), EventMember("tiltY", .long), EventMember("twist", .long),
      EventMember("altitudeAngle", .double, number: Double.pi / 2), EventMember("azimuthAngle", .double),
      EventMember("pointerType", .string), EventMember("isPrimary", .boolean),
    ]),
    EventInterfaceSpec(name: "KeyboardEvent", parent: "UIEvent", members: eventModifierMembers + [
      EventMember("key", .string), EventMember("code", .string), EventMember("location", .unsignedLong),
      EventMember("repeat", .boolean), EventMember("isComposing", .boolean), EventMember("charCode", .unsignedLong),
      EventMember("keyCode", .unsignedLong),
    ]),
    EventInterfaceSpec(name: "CompositionEvent", parent: "UIEvent", members: [EventMember("data", .string)]),
    EventInterfaceSpec(name: "TextEvent", parent: "UIEvent", members: [EventMember("data", .string)]),
    EventInterfaceSpec(name: "InputEvent", parent: "UIEvent", members: [
      EventMember("data", .nullableString), EventMember("isComposing", .boolean), EventMember("inputType", .string),
    ]),
  ]

  /// What the UI Events interfaces add beyond their dictionaries: constants, derived attributes, legacy `init*`.
  static let uiEventExtras: [String: @Sendable (InterfaceBuilder<DictionaryEvent>) -> Void] = [
    "UIEvent": { b in
      addLegacyInit(b, "initUIEvent", interface: "UIEvent", [EventMember("view", .window), EventMember("detail", .long)])
    },
    "MouseEvent": { b in
      // CSSOM View's aliases (https://drafts.csswg.org/cssom-view/#extensions-to-the-mouseevent-interface):
      // without layout, page and offset coordinates are the client ones.
      for (alias, member) in [("pageX", "clientX"), ("pageY", "clientY"), ("x", "clientX"), ("y", "clientY"),
                              ("offsetX", "clientX"), ("offsetY", "clientY")] {
        b.getter(alias) { event in
          guard isEvent(event, a: "MouseEvent") else { throw ScriptError.typeError("Illegal invocation") }
          if case .number(let n)? = event.values[member] { return n }
          return 0
        }
      }
      b.method("getModifierState", length: 1) { event, args in modifierState(event, try args.string(0)) }
      addLegacyInit(b, "initMouseEvent", interface: "MouseEvent", [
        EventMember("view", .window), EventMember("detail", .long), EventMember("screenX", .long),
        EventMember("screenY", .long), EventMember("clientX", .long), EventMember("clientY", .long),
        EventMember("ctrlKey", .boolean), EventMember("altKey", .boolean), EventMember("shiftKey", .boolean),
        EventMember("metaKey", .boolean), EventMember("button", .short), EventMember("relatedTarget", .target),
      ])
    },
    "WheelEvent": { b in
      for (i, name) in ["DOM_DELTA_PIXEL", "DOM_DELTA_LINE", "DOM_DELTA_PAGE"].enumerated() { b.constant(name, i) }
    },
    "KeyboardEvent": { b in
      for (i, name) in ["DOM_KEY_LOCATION_STANDARD", "DOM_KEY_LOCATION_LEFT", "DOM_KEY_LOCATION_RIGHT",
                        "DOM_KEY_LOCATION_NUMPAD"].enumerated() { b.constant(name, i) }
      b.method("getModifierState", length: 1) { event, args in modifierState(event, try args.string(0)) }
      addLegacyInit(b, "initKeyboardEvent", interface: "KeyboardEvent", [
        EventMember("view", .window), EventMember("key", .string), EventMember("location", .unsignedLong),
        EventMember("ctrlKey", .boolean), EventMember("altKey", .boolean), EventMember("shiftKey", .boolean),
        EventMember("metaKey", .boolean),
      ])
    },
    "CompositionEvent": { b in
      addLegacyInit(b, "initCompositionEvent", interface: "CompositionEvent", [
        EventMember("view", .window), EventMember("data", .string),
      ])
    },
    "TextEvent": { b in
      addLegacyInit(b, "initTextEvent", interface: "TextEvent", [EventMember("view", .window), EventMember("data", .string)])
    },
  ]

  /// https://w3c.github.io/uievents/#dom-mouseevent-getmodifierstate: the key's modifier flag from the init values.
  static func modifierState(_ event: DictionaryEvent, _ key: String) -> Bool {
    let member: String
    switch key {
    case "Control": member = "ctrlKey"
    case "Shift": member = "shiftKey"
    case "Alt": member = "altKey"
    case "Meta": member = "metaKey"
    default: member = "modifier" + key
    }
    if case .bool(let on)? = event.values[member] { return on }
    return false
  }
}
