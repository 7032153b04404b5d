import DOM
import JSBridge

extension DOMInterfaces {
  /// https://dom.spec.whatwg.org/#interface-abortcontroller
  static let abortController = Interface<AbortController>("AbortController") { b in
    b.constructor { _ in AbortController() }
    b.contextGetter("signal") { controller, context in try context.wrap(controller.signal) }
    b.method("abort") { controller, args in
      controller.abort(reason: try AbortReasons.reason(args.value(0), window: args.context.window()))
    }
  }
}
