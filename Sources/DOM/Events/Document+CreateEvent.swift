/// `document.createEvent(interface)`: the legacy way to make an uninitialized event.
extension Document {
  /// The interfaces `createEvent` accepts, by their lowercased legacy names
  /// (https://dom.spec.whatwg.org/#dom-document-createevent, step 2's table; TouchEvent is not exposed here).
  public static let createEventInterfaces: [String: String] = [
    "beforeunloadevent": "BeforeUnloadEvent", "compositionevent": "CompositionEvent", "customevent": "CustomEvent",
    "devicemotionevent": "DeviceMotionEvent", "deviceorientationevent": "DeviceOrientationEvent",
    "dragevent": "DragEvent", "event": "Event", "events": "Event", "focusevent": "FocusEvent",
    "hashchangeevent": "HashChangeEvent", "htmlevents": "Event", "keyboardevent": "KeyboardEvent",
    "messageevent": "MessageEvent", "mouseevent": "MouseEvent", "mouseevents": "MouseEvent",
    "storageevent": "StorageEvent", "svgevents": "Event", "textevent": "TextEvent", "uievent": "UIEvent",
    "uievents": "UIEvent",
  ]

  /// A new, uninitialized event of the interface `name` names (ASCII case-insensitively).
  ///
  /// - Throws: ``DOMException`` `NotSupportedError` for a name outside the table.
  ///
  /// https://dom.spec.whatwg.org/#dom-document-createevent
  public func createEvent(_ name: String) throws(DOMException) -> Event {
    // Steps 1-3. ASCII lowercase only: "U\u{130}Event" must not match "uievent".
    let key = String(String.UnicodeScalarView(name.unicodeScalars.map { scalar in
      ("A"..."Z").contains(scalar) ? Unicode.Scalar(scalar.value + 32)! : scalar
    }))
    guard let interface = Self.createEventInterfaces[key] else {
      throw DOMException(.notSupportedError, "createEvent: '\(name)' is not an event interface createEvent knows")
    }
    // Steps 4-6.
    let event = interface == "Event" ? Event(type: "") : DictionaryEvent(interface: interface, type: "")
    event.isInitialized = false
    return event
  }
}
