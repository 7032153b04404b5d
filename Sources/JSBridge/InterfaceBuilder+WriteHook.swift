/// Write observation for ``InterfaceBuilder``: lets a binding layer keep caches (live collections) valid.
extension InterfaceBuilder {
  /// Makes every setter, named-property setter and method declared so far call `hook` before and after it
  /// runs, except the methods named in `readOnlyMethods`.
  ///
  /// Call it last in a table. Listing a method that writes as read-only leaves caches stale; forgetting a
  /// read-only one only costs a cache refresh.
  public func observeWrites(exceptMethods readOnlyMethods: Set<String>, _ hook: @escaping @Sendable (ScriptContext) -> Void) {
    members = members.map { member in
      switch member {
      case .accessor(let name, let get, let set?):
        return .accessor(name: name, get: get, set: { args in
          hook(args.context)
          defer { hook(args.context) }
          return try set(args)
        })
      case .method(let name, let length, let body) where !readOnlyMethods.contains(name):
        return .method(name: name, length: length, body: { args in
          hook(args.context)
          defer { hook(args.context) }
          return try body(args)
        })
      default:
        return member
      }
    }
    if let named, let set = named.set {
      self.named = NamedProperties(
        get: named.get,
        set: { object, name, value in
          hook(value.context)
          defer { hook(value.context) }
          return try set(object, name, value)
        }, keys: named.keys)
    }
  }
}
