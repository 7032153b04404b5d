/// An event whose interface adds members initialized from a dictionary: `CustomEvent`, `UIEvent`, `MouseEvent`,
/// `KeyboardEvent`, `FocusEvent`, `InputEvent`, `CompositionEvent`, `WheelEvent`, `PointerEvent`...
///
/// One type for the whole family keeps the interfaces declarative: an interface is a name plus a table of
/// members with their defaults (kept by the bindings), and an event holds only the members set to something
/// else. The host makes one with ``init(interface:type:bubbles:cancelable:composed:values:)``, as `click()` does.
public final class DictionaryEvent: Event {
  /// The value of one member.
  public enum Value {
    case bool(Bool)
    case number(Double)
    case string(String)
    /// A nullable `DOMString`'s null.
    case null
    /// An `EventTarget?` member (`view`, `relatedTarget`).
    case target(EventTarget?)
    /// An `any` member (`detail` of a CustomEvent): an opaque value the bindings keep alive.
    case opaque(AnyObject)
  }

  /// The IDL interface name (`MouseEvent`...), which picks the event's prototype.
  public let interface: String
  /// The members that differ from their interface's defaults.
  public var values: [String: Value]

  /// An untrusted event of `interface` with `values` for its members.
  public init(
    interface: String, type: String, bubbles: Bool = false, cancelable: Bool = false, composed: Bool = false,
    values: [String: Value] = [:]
  ) {
    self.interface = interface
    self.values = values
    super.init(type: type, bubbles: bubbles, cancelable: cancelable, composed: composed)
  }

  /// The interfaces that are `MouseEvent` or inherit from it (a `click` of one of these activates elements).
  public static let mouseEventInterfaces: Set<String> = ["MouseEvent", "PointerEvent", "WheelEvent", "DragEvent"]

  /// True when the event is a `MouseEvent` (https://dom.spec.whatwg.org/#concept-event-dispatch step 5.4).
  public var isMouseEvent: Bool { Self.mouseEventInterfaces.contains(interface) }

  /// The event's `view` or `relatedTarget`... when that member holds a target.
  public func target(_ member: String) -> EventTarget? {
    if case .target(let target)? = values[member] { return target }
    return nil
  }
}
