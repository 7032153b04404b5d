/// Per-context host objects: what bindings need besides the wrapped object (a page's window state, caches).
///
/// Stored by type; the context holds them strongly until ``ScriptContext/close()`` drops them, which also
/// breaks any cycle a host object forms with the context.
extension ScriptContext {
  /// The host object of type `T` set on this context, if any.
  public func hostState<T: AnyObject>(_ type: T.Type) -> T? {
    hostStates[ObjectIdentifier(type)] as? T
  }

  /// Sets (or with nil, removes) the host object of type `T`.
  public func setHostState<T: AnyObject>(_ value: T?, as type: T.Type = T.self) {
    hostStates[ObjectIdentifier(type)] = value
  }
}
