/// Collects the members of an ``Interface`` table; used only inside `Interface.init`.
public final class InterfaceBuilder<T: AnyObject> {
  let interfaceName: String
  var members: [InterfaceMember] = []
  var indexed: IndexedProperties?
  var named: NamedProperties?
  var construct: (@Sendable (Arguments) throws -> AnyObject)?
  var constructorLength = 0

  init(interfaceName: String) { self.interfaceName = interfaceName }

  /// Unwraps `this` as `T`, or throws `TypeError: Illegal invocation`.
  static func receiver(_ args: Arguments) throws(ScriptError) -> T {
    guard let object = args.context.unwrap(args.this, as: T.self) else {
      throw .typeError("Illegal invocation")
    }
    return object
  }

  /// A read-only attribute.
  public func getter<R: ScriptConvertible>(_ name: String, _ get: @escaping @Sendable (T) throws -> R) {
    members.append(
      .accessor(
        name: name,
        get: { args in try get(Self.receiver(args)).scriptValue(in: args.context) },
        set: nil))
  }

  /// A read-write attribute; `set` receives the assigned JS value.
  public func accessor<R: ScriptConvertible>(
    _ name: String, get: @escaping @Sendable (T) throws -> R,
    set: @escaping @Sendable (T, ScriptValue) throws -> Void
  ) {
    members.append(
      .accessor(
        name: name,
        get: { args in try get(Self.receiver(args)).scriptValue(in: args.context) },
        set: { args in
          try set(Self.receiver(args), args.value(0))
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
    let qualified = "\(interfaceName).\(name)"
    members.append(
      .method(
        name: name, length: length,
        body: { args in
          let object = try Self.receiver(args)
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
    members.append(
      .accessorFamily(
        names: names,
        get: { args in
          let object = try Self.receiver(args)
          return try get(object, args.string(0), args.context).scriptValue(in: args.context)
        },
        set: { args in
          let object = try Self.receiver(args)
          try set(object, args.string(0), args.value(1), args.context)
          return args.context.makeUndefined()
        }))
  }

  /// A `[LegacyUnforgeable]` read-only attribute: defined on each instance, not on the prototype.
  public func unforgeableGetter<R: ScriptConvertible>(_ name: String, _ get: @escaping @Sendable (T) throws -> R) {
    members.append(
      .unforgeable(name: name, get: { args in try get(Self.receiver(args)).scriptValue(in: args.context) }))
  }

  /// Read-only attributes named `names` served by one getter that sees the name (the members of an init
  /// dictionary, say).
  public func getters<R: ScriptConvertible>(
    _ names: [String], _ get: @escaping @Sendable (T, String, ScriptContext) throws -> R
  ) {
    members.append(
      .accessorFamily(
        names: names,
        get: { args in
          let object = try Self.receiver(args)
          return try get(object, args.string(0), args.context).scriptValue(in: args.context)
        },
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

  /// An indexed getter: `object[i]` for `0 <= i < length`, a `length` attribute, and array iteration
  /// (`Symbol.iterator`, `keys`, `values`, `entries`, `forEach`) on the prototype.
  public func indexed<R: ScriptConvertible>(
    length: @escaping @Sendable (T) -> Int, item: @escaping @Sendable (T, Int) throws -> R
  ) {
    indexed = IndexedProperties(
      length: { length($0 as! T) },
      item: { object, index, context in try item(object as! T, index).scriptValue(in: context) })
    getter("length") { length($0) }
  }

  /// Named properties: `get` answers nil for names it does not own (lookup then continues normally),
  /// `set` answers false to let an ordinary property be created, `keys` lists the names for enumeration.
  public func namedProperties(
    get: @escaping @Sendable (T, String) throws -> (any ScriptConvertible)?,
    set: (@Sendable (T, String, ScriptValue) throws -> Bool)? = nil,
    keys: (@Sendable (T) -> [String])? = nil
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
    named = NamedProperties(
      get: { object, name, context in
        guard let value = try get(object as! T, name) else { return nil }
        return try value.scriptValue(in: context)
      },
      set: erasedSet, keys: erasedKeys)
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
