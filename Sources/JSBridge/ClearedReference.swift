/// A reference that does not keep its object alive and reads nil once the object is gone, made without Swift's `weak`.
///
/// A `weak` reference gives its object a side table for life, and every retain and release of the object then takes
/// the runtime's slow path. A ``ScriptContext`` and its ``ScriptGroup`` are retained and released several times on
/// every call from JS into Swift: while something held them weakly, that slow path was a third of the cost of a
/// native getter such as `node.nodeType` (perf, 2026-11-27). So their holders keep this instead, which the object
/// makes once and clears when it goes (single-threaded, like the object).
public final class ClearedReference<Object: AnyObject> {
  /// The object, or nil once it went.
  public internal(set) unowned(unsafe) var object: Object?

  init() {}
}
