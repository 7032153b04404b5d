import DOM
import JSBridge

/// `localStorage` and `sessionStorage`, with their items as named properties (`localStorage.theme`).
extension StorageArea: ScriptExposed {
  public static var scriptInterface: AnyInterface { DOMInterfaces.storage.erased }
}

extension DOMInterfaces {
  /// https://html.spec.whatwg.org/multipage/webstorage.html#the-storage-interface. Named properties do not hide
  /// the prototype's members (no `[LegacyOverrideBuiltIns]`): `localStorage.key` stays the method.
  static let storage = Interface<StorageArea>("Storage") { b in
    b.getter("length") { $0.count }
    b.method("key", length: 1) { storage, args in
      try args.require(1)
      return storage.key(at: Int(args.optionalUInt32(0) ?? 0))
    }
    b.method("getItem", length: 1) { storage, args in
      try args.require(1)
      return storage.value(forKey: try args.string(0))
    }
    b.method("setItem", length: 2) { storage, args in
      try args.require(2)
      try storage.setValue(args.string(1), forKey: args.string(0))
    }
    b.method("removeItem", length: 1) { storage, args in
      try args.require(1)
      storage.removeValue(forKey: try args.string(0))
    }
    b.method("clear") { storage, _ in storage.removeAll() }
    b.namedProperties(
      get: { storage, name in storage.value(forKey: name) },
      set: { storage, name, value in
        try storage.setValue(value.toString(), forKey: name)
        return true
      },
      delete: { storage, name in
        guard storage.value(forKey: name) != nil else { return false }
        storage.removeValue(forKey: name)
        return true
      },
      keys: { $0.keys },
      overridesBuiltIns: false)
  }

}
