/// The callback of an event listener: what `addEventListener` registers.
///
/// DOM stays free of JavaScript: bindings implement this for JS functions and `{handleEvent}` objects, and
/// report what a script throws themselves (a listener's failure never stops dispatch).
public protocol EventListener: AnyObject {
  /// Runs the listener for `event` (its `currentTarget` is set).
  func handleEvent(_ event: Event)
  /// What makes two registrations the same callback (duplicate registrations are ignored, removal matches it): equal
  /// identities are the same callback; nil is never the same as another.
  var listenerIdentity: UnsafeRawPointer? { get }
}

extension EventListener {
  /// The Swift object's address.
  public var listenerIdentity: UnsafeRawPointer? { UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque()) }
}

/// A listener running a Swift closure; two registrations are the same listener only when they are the same object.
///
/// The document keeps its nodes' listeners until it dies: a closure that captures the document (or anything
/// holding it strongly) makes a retain cycle. Capture nodes `unowned` or `weak`.
public final class ClosureEventListener: EventListener {
  private let body: (Event) -> Void
  /// A listener calling `body`.
  public init(_ body: @escaping (Event) -> Void) { self.body = body }
  public func handleEvent(_ event: Event) { body(event) }
}

/// The options of `addEventListener` (https://dom.spec.whatwg.org/#dictdef-addeventlisteneroptions).
public struct EventListenerOptions: Sendable, Equatable {
  /// Run in the capturing phase (and at the target, before the non-capture listeners).
  public var capture: Bool
  /// Remove the listener before its first call.
  public var once: Bool
  /// `preventDefault()` does nothing inside the listener.
  public var passive: Bool

  public init(capture: Bool = false, once: Bool = false, passive: Bool = false) {
    self.capture = capture
    self.once = once
    self.passive = passive
  }
}

/// One entry of a target's event listener list (https://dom.spec.whatwg.org/#concept-event-listener).
final class RegisteredListener {
  let type: String
  let callback: any EventListener
  /// The callback's ``EventListener/listenerIdentity``, read once: each `addEventListener` compares it with every
  /// listener of the target (8,000 registrations took 12 s through a cast and JavaScriptCore's `===` each).
  let identity: UnsafeRawPointer?
  let options: EventListenerOptions
  /// Set when the listener is removed, so a dispatch holding a snapshot skips it.
  var removed = false

  init(type: String, callback: any EventListener, options: EventListenerOptions) {
    self.type = type
    self.callback = callback
    self.identity = callback.listenerIdentity
    self.options = options
  }

  func matches(type: String, identity: UnsafeRawPointer?, capture: Bool) -> Bool {
    identity != nil && self.identity == identity && options.capture == capture && self.type == type
  }
}

/// Something events are dispatched to (https://dom.spec.whatwg.org/#interface-eventtarget): nodes, the window.
///
/// A node's listeners are kept by its document, keyed by the node; other targets keep their own.
open class EventTarget {
  private var ownListeners: [RegisteredListener] = []

  /// A target with no listeners.
  public init() {}

  /// The target's event listener list (nodes override this to use their document's table).
  var listeners: [RegisteredListener] {
    get { ownListeners }
    set { ownListeners = newValue }
  }

  /// The next target on an event's path ("get the parent"); nil ends the path.
  ///
  /// https://dom.spec.whatwg.org/#get-the-parent
  open func parent(for event: Event) -> EventTarget? { nil }

  /// Adds a listener unless the same (type, callback, capture) is already registered.
  /// With a `signal`, the listener is removed when it aborts (and not added if it already has).
  ///
  /// https://dom.spec.whatwg.org/#add-an-event-listener
  public func addEventListener(
    _ type: String, _ callback: any EventListener, options: EventListenerOptions = .init(), signal: AbortSignal? = nil
  ) {
    // Step 2.
    if let signal, signal.isAborted { return }
    // Step 4. No duplicate (type, callback, capture).
    let identity = callback.listenerIdentity
    if listeners.contains(where: { $0.matches(type: type, identity: identity, capture: options.capture) }) { return }
    let listener = RegisteredListener(type: type, callback: callback, options: options)
    listeners.append(listener)
    // Step 5.
    signal?.addAlgorithm { [weak self, weak listener] in
      if let self, let listener { self.remove(listener) }
    }
  }

  /// The first registered listener whose callback is a `L` satisfying `predicate` (event handlers find theirs so).
  public func firstListener<L: EventListener>(_ type: L.Type, where predicate: (L) -> Bool) -> L? {
    for entry in listeners where !entry.removed {
      if let callback = entry.callback as? L, predicate(callback) { return callback }
    }
    return nil
  }

  /// Adds `callback` for `type` at the front of the list (an event handler compiled from a parsed content
  /// attribute, which was set before any script ran).
  public func prependEventListener(_ type: String, _ callback: any EventListener) {
    listeners.insert(RegisteredListener(type: type, callback: callback, options: .init()), at: 0)
  }

  /// Removes the listeners whose callback is `callback` (by identity).
  public func removeEventListener(_ callback: any EventListener) {
    for entry in listeners where entry.callback === callback { remove(entry) }
  }

  /// Removes the listener registered with this type, callback and capture, if any.
  ///
  /// https://dom.spec.whatwg.org/#remove-an-event-listener
  public func removeEventListener(_ type: String, _ callback: any EventListener, capture: Bool = false) {
    let identity = callback.listenerIdentity
    guard let index = listeners.firstIndex(where: { $0.matches(type: type, identity: identity, capture: capture) })
    else { return }
    remove(listeners[index])
  }

  /// The number of registered listeners (for tests and diagnostics).
  public var eventListenerCount: Int { listeners.count }

  /// Marks `listener` removed and drops it from the list.
  func remove(_ listener: RegisteredListener) {
    listener.removed = true
    listeners.removeAll { $0 === listener }
  }

  /// Fires `event`, trusted, at this target; returns false when a listener canceled it.
  ///
  /// `targetOverride` is the "legacy target override" the window's `load` event uses: listeners see it as
  /// `event.target` (the document) while the path is the window's.
  ///
  /// https://dom.spec.whatwg.org/#concept-event-fire
  @discardableResult
  public func fireEvent(_ event: Event, targetOverride: EventTarget? = nil) -> Bool {
    event.isTrusted = true
    return dispatch(event, targetOverride: targetOverride)
  }

  /// Fires a trusted plain `Event` of `type` (https://dom.spec.whatwg.org/#concept-event-fire).
  @discardableResult
  public func fireEvent(
    _ type: String, bubbles: Bool = false, cancelable: Bool = false, targetOverride: EventTarget? = nil
  ) -> Bool {
    fireEvent(Event(type: type, bubbles: bubbles, cancelable: cancelable), targetOverride: targetOverride)
  }
}
