/// The moment event time stamps count from (process start, as a monotonic instant).
let eventTimeOrigin = ContinuousClock.now

/// A DOM event (https://dom.spec.whatwg.org/#interface-event): its type, flags and, while dispatched, its targets.
///
/// Script-made events are untrusted (`isTrusted == false`); events the host fires with
/// ``EventTarget/fireEvent(_:bubbles:cancelable:)`` are trusted. Subclass it for richer events (`CustomEvent`).
open class Event {
  /// The phases of dispatch (https://dom.spec.whatwg.org/#dom-event-eventphase).
  public enum Phase: Int, Sendable {
    case none = 0, capturing, atTarget, bubbling
  }

  /// The event type (`click`, `load`...).
  public internal(set) var type: String
  /// True when the event goes back up the path after the target.
  public internal(set) var bubbles: Bool
  /// True when `preventDefault()` can cancel it.
  public internal(set) var cancelable: Bool
  /// True for `composed` events (kept for scripts; there is no shadow DOM to cross).
  public let composed: Bool
  /// Milliseconds since the process's time origin when the event was created.
  public let timeStamp: Double
  /// True only for events the host dispatched (`fireEvent`), false for events scripts make.
  public internal(set) var isTrusted = false

  /// The target it was last dispatched to, or nil.
  public internal(set) var target: EventTarget?
  /// The target whose listeners are running now; nil outside dispatch.
  public internal(set) var currentTarget: EventTarget?
  /// Where dispatch is.
  public internal(set) var eventPhase: Phase = .none
  /// The path of the running dispatch (target first), empty outside dispatch.
  var path: [EventTarget] = []

  // https://dom.spec.whatwg.org/#stop-propagation-flag and the flags after it.
  var stopPropagationFlag = false
  var stopImmediatePropagationFlag = false
  var canceledFlag = false
  var inPassiveListenerFlag = false
  /// True while the event is being dispatched.
  public internal(set) var isDispatching = false
  /// False for an event `document.createEvent` made, until `initEvent` (dispatching it throws before that).
  ///
  /// https://dom.spec.whatwg.org/#initialized-flag
  public var isInitialized = true

  /// An untrusted event of `type`.
  public init(type: String, bubbles: Bool = false, cancelable: Bool = false, composed: Bool = false) {
    self.type = type
    self.bubbles = bubbles
    self.cancelable = cancelable
    self.composed = composed
    timeStamp = Event.now()
  }

  /// Milliseconds since the time origin, as `timeStamp` and `performance.now()` count them, coarsened to
  /// 100 µs as for a page that is not cross-origin isolated (https://w3c.github.io/hr-time/#dfn-coarsen-time).
  public static func now() -> Double {
    let elapsed = ContinuousClock.now - eventTimeOrigin
    let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
    return (milliseconds * 10).rounded(.down) / 10
  }

  /// True when a listener canceled the event (https://dom.spec.whatwg.org/#dom-event-defaultprevented).
  public var defaultPrevented: Bool { canceledFlag }

  /// True when propagation was stopped (the legacy `cancelBubble`).
  public var propagationStopped: Bool { stopPropagationFlag }

  /// Re-initializes a created event's type and flags; does nothing while it is dispatched.
  ///
  /// https://dom.spec.whatwg.org/#dom-event-initevent and #concept-event-initialize
  public func initEvent(type: String, bubbles: Bool, cancelable: Bool) {
    // initEvent, step 1.
    if isDispatching { return }
    // Initialize, steps 1-6.
    isInitialized = true
    stopPropagationFlag = false
    stopImmediatePropagationFlag = false
    canceledFlag = false
    isTrusted = false
    target = nil
    self.type = type
    self.bubbles = bubbles
    self.cancelable = cancelable
  }

  /// Stops the event after the listeners of the current target.
  public func stopPropagation() { stopPropagationFlag = true }

  /// Stops the event at once: no further listener runs, even on the current target.
  public func stopImmediatePropagation() {
    stopPropagationFlag = true
    stopImmediatePropagationFlag = true
  }

  /// Cancels the event if it is cancelable and the running listener is not passive.
  ///
  /// https://dom.spec.whatwg.org/#set-the-canceled-flag
  public func preventDefault() {
    if cancelable && !inPassiveListenerFlag { canceledFlag = true }
  }

  /// The dispatch path as scripts see it (target first, then its ancestors); empty outside dispatch.
  ///
  /// https://dom.spec.whatwg.org/#dom-event-composedpath (no shadow trees, so every entry is visible).
  public func composedPath() -> [EventTarget] { isDispatching ? path : [] }
}
