/// An abort controller (https://dom.spec.whatwg.org/#interface-abortcontroller): a signal and the means to abort it.
public final class AbortController {
  /// The controller's signal.
  public let signal = AbortSignal()

  /// A controller with a fresh signal.
  public init() {}

  /// https://dom.spec.whatwg.org/#dom-abortcontroller-abort
  public func abort(reason: AnyObject) { signal.signalAbort(reason: reason) }
}
