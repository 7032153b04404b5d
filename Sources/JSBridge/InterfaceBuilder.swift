/// Collects the members of an ``Interface`` table; used only inside `Interface.init`.
public final class InterfaceBuilder<T: AnyObject> {
  let interfaceName: String
  /// The identity of the interface being built: a wrapper passes the receiver check when its interface
  /// or an ancestor carries this brand.
  let brand = InterfaceBrand()
  var members: [InterfaceMember] = []
  var indexed: IndexedProperties?
  var named: NamedProperties?
  var construct: (@Sendable (Arguments) throws -> AnyObject)?
  var constructorLength = 0
  /// See ``wrappersAreCollectable()``.
  var collectable = false
  /// See ``legacyPlatformObject()``.
  var isLegacyPlatformObject = false

  /// Lets the garbage collector take an instance's wrapper once no script reaches it (the default keeps every
  /// wrapper until the context closes, as nodes need: their identity and expandos must survive).
  ///
  /// For objects scripts create in numbers and drop (ranges, iterators, events, records): a Swift object that
  /// outlives its collected wrapper gets a new one when it is next exposed, which no script can tell apart
  /// because nothing held the old one. Subinterfaces inherit it.
  public func wrappersAreCollectable() { collectable = true }

  /// Hands out each instance as a `Proxy` whose traps follow WebIDL's legacy platform objects exactly
  /// (https://webidl.spec.whatwg.org/#es-legacy-platform-objects): strict-mode assignments to and deletions of
  /// indexed and named properties throw, expandos and named properties shadow each other as the spec says, and
  /// own keys come as indices, then visible named properties, then expandos.
  ///
  /// For interfaces with ``indexed(length:item:)`` or ``namedProperties(get:set:delete:keys:overridesBuiltIns:enumerable:)``.
  /// Without it JSC's class callbacks serve them, which are faster (no trap) but cannot tell strict from sloppy
  /// code, ask the named getter before own properties and have no define hook. Wrappers are never collectable.
  public func legacyPlatformObject() { isLegacyPlatformObject = true }

  init(interfaceName: String) { self.interfaceName = interfaceName }

  /// Unwraps `this` as `T` when it is a wrapper made with this interface or one inheriting from it,
  /// or throws `TypeError: Illegal invocation` (the WebIDL brand check).
  ///
  /// Cost: one read of the wrapper's private data (no JSC lock), then a pointer compare per level of the wrapper's
  /// interface chain.
  static func receiver(_ args: Arguments, _ brand: InterfaceBrand) throws(ScriptError) -> T {
    guard let record = args.context.wrapperRecord(object: args.thisObject), record.interface.carries(brand),
      let object = record.object as? T
    else {
      throw .typeError("Illegal invocation")
    }
    return object
  }

  /// A `[SameObject]` attribute: `make` runs on the first read, and every later read returns the same object,
  /// kept in the receiver's wrapper record. `set` (for `[PutForwards]`) receives an assigned value.
  public func sameObject<R: AnyObject & ScriptConvertible>(
    _ name: String, set: (@Sendable (T, ScriptValue) throws -> Void)? = nil,
    _ make: @escaping @Sendable (T, ScriptContext) throws -> R
  ) {
    let brand = self.brand
    let getter: NativeBody = { args in
      guard let record = args.context.wrapperRecord(object: args.thisObject), record.interface.carries(brand),
        let object = record.object as? T
      else { throw ScriptError.typeError("Illegal invocation") }
      let value: R = try record.sameObject(name) { () throws -> R in try make(object, args.context) }
      return try value.scriptValue(in: args.context)
    }
    var setter: NativeBody?
    if let set {
      setter = { args in
        try set(Self.receiver(args, brand), args.value(0))
        return args.context.makeUndefined()
      }
    }
    members.append(.accessor(name: name, get: getter, set: setter))
  }

  /// A read-only attribute.
  public func getter<R: ScriptConvertible>(_ name: String, _ get: @escaping @Sendable (T) throws -> R) {
    let brand = self.brand
    members.append(
      .accessor(
        name: name,
        get: { args in try get(Self.receiver(args, brand)).scriptValue(in: args.context) },
        set: nil))
  }

  /// A read-write attribute; `set` receives the assigned JS value.
  public func accessor<R: ScriptConvertible>(
    _ name: String, get: @escaping @Sendable (T) throws -> R,
    set: @escaping @Sendable (T, ScriptValue) throws -> Void
  ) {
    let brand = self.brand
    members.append(
      .accessor(
        name: name,
        get: { args in try get(Self.receiver(args, brand)).scriptValue(in: args.context) },
        set: { args in
          try set(Self.receiver(args, brand), args.value(0))
          return args.context.makeUndefined()
        }))
  }

  /// A read-write string attribute (the assigned value goes through JS `ToString`).
  public func stringAccessor(
    _ name: String, get: @escaping @Sendable (T) throws -> String, set: @escaping @Sendable (T, String) throws -> Void
  ) {
    accessor(name, get: get, set: { object, value in try set(object, value.toString()) })
  }

  /// An operation on the prototype returning a value.
  public func method<R: ScriptConvertible>(
    _ name: String, length: Int = 0, _ body: @escaping @Sendable (T, Arguments) throws -> R
  ) {
    let brand = self.brand
    let qualified = "\(interfaceName).\(name)"
    members.append(
      .method(
        name: name, length: length,
        body: { args in
          let object = try Self.receiver(args, brand)
          let named = Arguments(renaming: args, callee: qualified)
          return try body(object, named).scriptValue(in: args.context)
        }))
  }

  /// An operation on the prototype returning `undefined`.
  public func method(_ name: String, length: Int = 0, _ body: @escaping @Sendable (T, Arguments) throws -> Void) {
    method(name, length: length) { (object: T, args: Arguments) throws -> ScriptUndefined in
      try body(object, args)
      return ScriptUndefined()
    }
  }

  /// Read-write attributes named `names` served by one getter and one setter that see the name: one native
  /// function pair for the whole family, which keeps a table of many similar attributes cheap to install.
  public func accessors<R: ScriptConvertible>(
    _ names: [String], get: @escaping @Sendable (T, String, ScriptContext) throws -> R,
    set: @escaping @Sendable (T, String, ScriptValue, ScriptContext) throws -> Void
  ) {
    let brand = self.brand
    members.append(
      .accessorFamily(
        names: names,
        get: Self.familyGetter(brand, get),
        set: { args in
          let object = try Self.receiver(args, brand)
          try set(object, args.string(0), args.value(1), args.context)
          return args.context.makeUndefined()
        }))
  }

  /// The one getter of an attribute family: argument 0 is the attribute's name.
  private static func familyGetter<R: ScriptConvertible>(
    _ brand: InterfaceBrand, _ get: @escaping @Sendable (T, String, ScriptContext) throws -> R
  ) -> NativeBody {
    { args in
      let object = try Self.receiver(args, brand)
      return try get(object, args.string(0), args.context).scriptValue(in: args.context)
    }
  }

  /// A `[LegacyUnforgeable]` read-only attribute: defined on each instance, not on the prototype.
  public func unforgeableGetter<R: ScriptConvertible>(_ name: String, _ get: @escaping @Sendable (T) throws -> R) {
    let brand = self.brand
    members.append(
      .unforgeable(name: name, get: { args in try get(Self.receiver(args, brand)).scriptValue(in: args.context) }))
  }

  /// Read-only attributes named `names` served by one getter that sees the name (the members of an init
  /// dictionary, say).
  public func getters<R: ScriptConvertible>(
    _ names: [String], _ get: @escaping @Sendable (T, String, ScriptContext) throws -> R
  ) {
    let brand = self.brand
    members.append(
      .accessorFamily(
        names: names,
        get: Self.familyGetter(brand, get),
        set: nil))
  }

  /// A `static` operation on the interface object (`AbortSignal.timeout(ms)`); `this` is not checked.
  public func staticMethod<R: ScriptConvertible>(
    _ name: String, length: Int = 0, _ body: @escaping @Sendable (Arguments) throws -> R
  ) {
    let qualified = "\(interfaceName).\(name)"
    members.append(
      .staticMethod(
        name: name, length: length,
        body: { args in try body(Arguments(renaming: args, callee: qualified)).scriptValue(in: args.context) }))
  }

  /// A numeric constant on both the constructor and the prototype (`Node.ELEMENT_NODE`).
  public func constant(_ name: String, _ value: Double) { members.append(.constant(name: name, value: .number(value))) }
  /// An integer constant on both the constructor and the prototype.
  public func constant(_ name: String, _ value: Int) { constant(name, Double(value)) }
  /// A string constant on both the constructor and the prototype.
  public func constant(_ name: String, _ value: String) { members.append(.constant(name: name, value: .string(value))) }
  /// `[Unscopable]` members: `prototype[Symbol.unscopables]` names them (https://webidl.spec.whatwg.org/#dfn-unscopable).
  public func unscopable(_ names: [String]) { members.append(.unscopables(names: names)) }

  /// An indexed getter: `object[i]` for `0 <= i < length`, a `length` attribute, and `Symbol.iterator` (Array's)
  /// on the prototype.
  public func indexed<R: ScriptConvertible>(
    length: @escaping @Sendable (T) -> Int, item: @escaping @Sendable (T, Int) throws -> R
  ) {
    indexed = IndexedProperties(
      length: { length($0 as! T) },
      item: { object, index, context in
        let object = object as! T
        return index < length(object) ? try item(object, index).scriptValue(in: context) : nil
      })
    getter("length") { length($0) }
  }

  /// An indexed getter whose `lookup` answers nil past the end, so `object[i]` need not compute `length`
  /// (a live collection then walks only as far as `i`). Otherwise as ``indexed(length:item:)``.
  ///
  /// `fixedItems` answers the items of an instance whose items never change (a static NodeList), nil for a live
  /// one. Such an instance is wrapped as an ordinary JS object: its items are own read-only index properties and
  /// the prototype's `length` getter reads its length from a JS table, so `list[i]` and `list.length` run at JIT
  /// speed. An exotic wrapper costs a native call on every property read (about 0.5 µs each in a debug build);
  /// web-platform-tests' NodeList-static-length-getter-tampered-*.html read 150 million. Unlike a platform object,
  /// such a list accepts new index properties (`list[99] = x`) and reports its items as non-configurable.
  public func indexed<R: ScriptConvertible>(
    length: @escaping @Sendable (T) -> Int, lookup: @escaping @Sendable (T, Int) throws -> R?,
    fixedItems: (@Sendable (T) -> [AnyObject]?)? = nil
  ) {
    var erasedFixedItems: (@Sendable (AnyObject) -> [AnyObject]?)?
    if let fixedItems { erasedFixedItems = { fixedItems($0 as! T) } }
    indexed = IndexedProperties(
      length: { length($0 as! T) },
      item: { object, index, context in
        guard let value = try lookup(object as! T, index) else { return nil }
        return try value.scriptValue(in: context)
      },
      fixedItems: erasedFixedItems)
    getter("length") { length($0) }
  }

  /// A value iterator (WebIDL `iterable<V>` beside an indexed getter): `keys`, `values`, `entries` and
  /// `forEach` on the prototype are Array's. An indexed getter alone gives only `Symbol.iterator`.
  public func valueIterable() { members.append(.valueIterable) }

  /// Named properties: `get` answers nil for names it does not own (lookup then continues normally),
  /// `set` answers false to let an ordinary property be created, `delete` (a WebIDL named deleter) answers false
  /// for names it does not own (an ordinary property is deleted then), `keys` lists the names (the supported
  /// property names, in order). `enumerable: false` is `[LegacyUnenumerableNamedProperties]`; it and the `set` and
  /// `delete` answers matter only for a ``legacyPlatformObject()``, whose named setter and deleter always handle a
  /// name they are called for.
  public func namedProperties(
    get: @escaping @Sendable (T, String) throws -> (any ScriptConvertible)?,
    set: (@Sendable (T, String, ScriptValue) throws -> Bool)? = nil,
    delete: (@Sendable (T, String) throws -> Bool)? = nil,
    keys: (@Sendable (T) -> [String])? = nil,
    overridesBuiltIns: Bool = true,
    enumerable: Bool = true
  ) {
    let erasedSet: (@Sendable (AnyObject, String, ScriptValue) throws -> Bool)?
    if let set {
      erasedSet = { object, name, value in try set(object as! T, name, value) }
    } else {
      erasedSet = nil
    }
    let erasedKeys: (@Sendable (AnyObject) -> [String])?
    if let keys {
      erasedKeys = { object in keys(object as! T) }
    } else {
      erasedKeys = nil
    }
    let erasedDelete: (@Sendable (AnyObject, String) throws -> Bool)?
    if let delete {
      erasedDelete = { object, name in try delete(object as! T, name) }
    } else {
      erasedDelete = nil
    }
    named = NamedProperties(
      get: { object, name, context in
        guard let value = try get(object as! T, name) else { return nil }
        return try value.scriptValue(in: context)
      },
      set: erasedSet, delete: erasedDelete, keys: erasedKeys, overridesBuiltIns: overridesBuiltIns, enumerable: enumerable)
  }

  /// A pair iterator (WebIDL `iterable<K, V>`, https://webidl.spec.whatwg.org/#idl-iterable): `entries`, `keys`,
  /// `values`, `forEach` and `@@iterator`, whose iterators read `length` and `entry` on each step, so they see
  /// changes made while iterating.
  public func pairIterable<K: ScriptConvertible, V: ScriptConvertible>(
    length: @escaping @Sendable (T) -> Int, entry: @escaping @Sendable (T, Int) -> (K, V)?
  ) {
    let brand = self.brand
    members.append(
      .pairIterable(
        length: { args in args.context.makeNumber(length(try Self.receiver(args, brand))) },
        entry: { args in
          let object = try Self.receiver(args, brand)
          guard let (key, value) = entry(object, try args.int(0)) else { return args.context.makeUndefined() }
          return args.context.makeArray([try key.scriptValue(in: args.context), try value.scriptValue(in: args.context)])
        }))
  }

  /// Makes `new Name(...)` work: `body` builds the Swift object, which is wrapped with this interface.
  /// Without it, the constructor throws `TypeError: Illegal constructor`.
  public func constructor(length: Int = 0, _ body: @escaping @Sendable (Arguments) throws -> T) {
    constructorLength = length
    construct = { args in try body(args) }
  }
}

extension Arguments {
  /// The same arguments with another callee name for error messages.
  init(renaming args: Arguments, callee: String) {
    self = args
    self.callee = callee
  }
}
