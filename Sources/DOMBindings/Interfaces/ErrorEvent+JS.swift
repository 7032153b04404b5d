import DOM
import JSBridge

extension DOMInterfaces {
  /// https://html.spec.whatwg.org/multipage/webappapis.html#the-errorevent-interface
  static let errorEventSpec = EventInterfaceSpec(name: "ErrorEvent", parent: nil, members: [
    EventMember("message", .string), EventMember("filename", .string), EventMember("lineno", .unsignedLong),
    EventMember("colno", .unsignedLong), EventMember("error", .any),
  ])

  /// https://html.spec.whatwg.org/multipage/webappapis.html#the-promiserejectionevent-interface
  static let promiseRejectionEventSpec = EventInterfaceSpec(name: "PromiseRejectionEvent", parent: nil, members: [
    EventMember("promise", .promise, required: true), EventMember("reason", .anyOrUndefined),
  ])
}
