import DOM
import JSBridge

/// The HTML spec's event interfaces that `document.createEvent` names, as data
/// (https://html.spec.whatwg.org/multipage/indices.html#events-2, ../shared/wpt/interfaces/html.idl and
/// deviceorientation's): what they carry is kept, nothing more (no messaging, storage or sensors here).
extension DOMInterfaces {
  static let htmlEventSpecs: [EventInterfaceSpec] = [
    customEventSpec, errorEventSpec, promiseRejectionEventSpec,
    EventInterfaceSpec(name: "MessageEvent", parent: nil, members: [
      EventMember("data", .any), EventMember("origin", .string), EventMember("lastEventId", .string),
      EventMember("source", .any), EventMember("ports", .any, string: "[]"),
    ]),
    EventInterfaceSpec(name: "HashChangeEvent", parent: nil, members: [
      EventMember("oldURL", .string), EventMember("newURL", .string),
    ]),
    EventInterfaceSpec(name: "StorageEvent", parent: nil, members: [
      EventMember("key", .nullableString), EventMember("oldValue", .nullableString),
      EventMember("newValue", .nullableString), EventMember("url", .string), EventMember("storageArea", .any),
    ]),
    EventInterfaceSpec(name: "BeforeUnloadEvent", parent: nil, members: []),
    EventInterfaceSpec(name: "DeviceMotionEvent", parent: nil, members: [
      EventMember("acceleration", .any), EventMember("accelerationIncludingGravity", .any),
      EventMember("rotationRate", .any), EventMember("interval", .double),
    ]),
    EventInterfaceSpec(name: "DeviceOrientationEvent", parent: nil, members: [
      EventMember("alpha", .any), EventMember("beta", .any), EventMember("gamma", .any),
      EventMember("absolute", .boolean),
    ]),
  ]

  /// Every interface's additions beyond its dictionary, by interface name.
  static let eventExtras: [String: @Sendable (InterfaceBuilder<DictionaryEvent>) -> Void] =
    uiEventExtras.merging(["CustomEvent": customEventExtras]) { first, _ in first }
}
