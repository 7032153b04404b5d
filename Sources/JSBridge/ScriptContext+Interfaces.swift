import CJavaScriptCore

private let readOnlyHidden = JSPropertyAttributes(kJSPropertyAttributeReadOnly | kJSPropertyAttributeDontEnum)

extension ScriptContext {
  /// Installs `interface` (and its ancestors): its prototype, and its constructor as a global property.
  /// Returns the constructor. Installing twice returns the same constructor.
  @discardableResult
  public func install(_ interface: AnyInterface) throws(ScriptError) -> ScriptValue {
    ScriptValue(try installedState(interface).constructor, in: self)
  }

  /// Makes each of `interfaces` a global that installs itself on first use: when a script first reads its
  /// name, or an object of it is wrapped. A page then pays only for the interfaces it touches.
  public func installOnFirstUse(_ interfaces: [AnyInterface]) throws(ScriptError) {
    let byName = Dictionary(interfaces.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    let install = makeFunction(name: "install", length: 1) { args in
      guard let interface = byName[try args.string(0)] else { return args.context.makeUndefined() }
      return try args.context.install(interface)
    }
    try helper("defineLazyGlobals").call(args: [global, makeArray(interfaces) { makeString($0.name) }, install])
  }

  /// Defines `names` as globals that run `install` on the first read of any of them; `install` defines them all.
  ///
  /// A global a page rarely reads (`fetch`, `console`, `structuredClone`...) then costs nothing until it is read:
  /// each window's own preludes were most of a page's fixed cost. Until then each name is an accessor with the
  /// given enumerability. `install` gets a JS function, `owned(name)`, true for a name a page script made its own
  /// meanwhile (`function open() {}`, `var console`, an assignment): it must leave those alone (a declared one
  /// cannot even be redefined). Returns a function that runs `install` (once) for Swift code that needs the group
  /// before any script read it.
  public func defineOnFirstUse(
    _ names: [(name: String, enumerable: Bool)], install: @escaping (_ owned: ScriptValue) throws -> Void
  ) throws(ScriptError) -> ScriptValue {
    let installer = makeFunction(name: "install", length: 1) { args in
      try install(args.value(0))
      return args.context.makeUndefined()
    }
    // One fresh value at a time while the others are held in locals: the collector sees the stack, not Swift's
    // heap (an array literal of several fresh values could lose the first to a collection while making the next).
    let nameList = makeArray(names) { makeString($0.name) }
    let enumerableList = makeArray(names) { makeBool($0.enumerable) }
    return try withExtendedLifetime((installer, nameList, enumerableList)) { () throws(ScriptError) -> ScriptValue in
      try helper("defineLazyGroup").call(args: [global, nameList, enumerableList, installer])
    }
  }

  /// The prototype object of `interface` in this context (installing it if needed).
  public func prototype(of interface: AnyInterface) throws(ScriptError) -> ScriptValue {
    ScriptValue(try installedState(interface).prototype, in: self)
  }

  func installedState(_ interface: AnyInterface) throws(ScriptError) -> InstalledInterface {
    // A walk wraps node after node of one interface: the last one answered is checked before hashing into the table.
    if let last = lastInstalled, last.interface === interface { return last }
    if let state = installed[ObjectIdentifier(interface)] {
      lastInstalled = state
      return state
    }
    let parent = try interface.parent.map { (p) throws(ScriptError) in try installedState(p) }
    let ctx = raw
    // Step 1. The prototype object, chained to the parent's prototype (or Object.prototype).
    let proto = JSObjectMake(ctx, nil, nil)!
    if let parent { JSObjectSetPrototype(ctx, proto, parent.prototype) }
    // Step 2. The interface object: callable only if the table gives a constructor.
    let native = JSObjectMake(ctx, classes.constructor, Unmanaged.passUnretained(interface).toOpaque())!
    let functionProto = try functionPrototype().raw
    JSObjectSetPrototype(ctx, native, parent?.constructor ?? functionProto)
    // A constructible interface can be subclassed (`class Emitter extends EventTarget`): the C API does not
    // pass `new.target`, so a proxy's construct trap gives the made object the subclass's prototype.
    let ctor = interface.construct == nil
      ? native : try helper("subclassable").call(args: [ScriptValue(native, in: self)]).requireObject("interface object")
    JSValueProtect(ctx, proto)
    JSValueProtect(ctx, ctor)
    let state = InstalledInterface(
      interface: interface, prototype: proto, constructor: ctor, instanceClass: classes.makeInstanceClass(for: interface))
    state.unforgeable = parent?.unforgeable ?? []
    for case .unforgeable(let name, let get) in interface.members {
      state.unforgeable.append((name, ProtectedValue(makeNativeFunction(name: "get \(name)", length: 0, body: get))))
    }
    if interface.isLegacyPlatformObject { state.legacyProxyFactory = try makeLegacyProxyFactory(for: interface) }
    installed[ObjectIdentifier(interface)] = state
    let protoValue = ScriptValue(proto, in: self)
    let ctorValue = ScriptValue(ctor, in: self)
    // Every definition goes into one batch, made by one call into JS (a call per member was most of a window's
    // cost); the few helpers that do more than define a property flush it first, so the order stays the members'.
    var batch = MemberBatch(context: self)
    batch.value(.constructor, "prototype", protoValue, writable: false, enumerable: false, configurable: false)
    batch.value(.constructor, "name", makeString(interface.name), writable: false, enumerable: false, configurable: true)
    batch.value(.constructor, "length", makeNumber(interface.constructorLength), writable: false, enumerable: false,
                configurable: true)
    batch.value(.prototype, "constructor", ctorValue, writable: true, enumerable: false, configurable: true)
    batch.value(.prototype, MemberBatch.toStringTag, makeString(interface.name), writable: false, enumerable: false,
                configurable: true)
    // Step 3. Members: attributes as accessors, operations as functions, constants on both objects.
    for member in interface.members {
      switch member {
      case .accessor(let name, let get, let set):
        batch.accessor(name, get: makeNativeFunction(name: "get \(name)", length: 0, body: get),
                       set: set.map { makeNativeFunction(name: "set \(name)", length: 1, body: $0) })
      case .method(let name, let length, let body):
        batch.value(.prototype, name, makeNativeFunction(name: name, length: length, body: body), writable: true,
                    enumerable: true, configurable: true)
      case .accessorFamily(let names, let get, let set):
        batch.accessorFamily(names, get: makeNativeFunction(name: "get", length: 1, body: get),
                             set: set.map { makeNativeFunction(name: "set", length: 2, body: $0) })
      case .unforgeable:
        break  // Defined on each instance by wrap(_:interface:).
      case .staticMethod(let name, let length, let body):
        batch.value(.constructor, name, makeNativeFunction(name: name, length: length, body: body), writable: true,
                    enumerable: true, configurable: true)
      case .constant(let name, let value):
        let v: ScriptValue
        switch value {
        case .number(let d): v = makeNumber(d)
        case .string(let s): v = makeString(s)
        }
        batch.value(.constructor, name, v, writable: false, enumerable: true, configurable: false)
        batch.value(.prototype, name, v, writable: false, enumerable: true, configurable: false)
      case .unscopables, .valueIterable: break  // Collected into one object, or used with the indexed getter, below.
      case .pairIterable(let length, let entry):
        try batch.flush(prototype: protoValue, constructor: ctorValue)
        try helper("usePairIterator").call(args: [
          protoValue, makeString(interface.name), makeNativeFunction(name: "length", length: 0, body: length),
          makeNativeFunction(name: "entry", length: 1, body: entry),
        ])
      }
    }
    try batch.flush(prototype: protoValue, constructor: ctorValue)
    let unscopables = interface.members.flatMap { member -> [String] in
      if case .unscopables(let names) = member { return names } else { return [] }
    }
    if !unscopables.isEmpty {
      try helper("defineUnscopables").call(args: [protoValue, makeString(unscopables.joined(separator: ","))])
    }
    if interface.indexed != nil {
      let valueIterable = interface.members.contains { if case .valueIterable = $0 { true } else { false } }
      try helper("useArrayIterator").call(args: [protoValue, makeBool(valueIterable)])
    }
    if interface.indexed?.fixedItems != nil { try helper("useFixedLength").call(args: [protoValue]) }
    // Step 4. The interface object is a (non-enumerable) global property, unless a page script made the name its own.
    try helper("defineGlobal").call(args: [global, makeString(interface.name), ctorValue])
    return state
  }

  /// Defines an own data property (`Object.defineProperty` semantics, so inherited read-only
  /// properties such as `Function.prototype.name` do not block it).
  func define(_ target: ScriptValue, _ name: String, _ value: ScriptValue, attributes: JSPropertyAttributes) throws(ScriptError) {
    let writable = attributes & JSPropertyAttributes(kJSPropertyAttributeReadOnly) == 0
    let enumerable = attributes & JSPropertyAttributes(kJSPropertyAttributeDontEnum) == 0
    let configurable = attributes & JSPropertyAttributes(kJSPropertyAttributeDontDelete) == 0
    try helper("defineValue").call(
      args: [target, makeString(name), value, makeBool(writable), makeBool(enumerable), makeBool(configurable)])
  }

  /// `Function.prototype`, kept protected.
  func functionPrototype() throws(ScriptError) -> ScriptValue {
    ScriptValue(try functionPrototypeObject(), in: self)
  }

  /// ``functionPrototype()``'s object, kept in a stored property after the first lookup (every native function made
  /// asks for it).
  private func functionPrototypeObject() throws(ScriptError) -> JSObjectRef {
    if let cached = functionPrototypeCache { return cached }
    let proto = try global.property("Function").property("prototype")
    helperFunctions["Function.prototype"] = ProtectedValue(proto)
    let object = try proto.requireObject("Function.prototype")
    functionPrototypeCache = object
    return object
  }

  /// A JS function object that runs `body` (which sees `this` and the arguments through ``Arguments``).
  public func makeFunction(
    name: String, length: Int = 0, _ body: @escaping (Arguments) throws -> ScriptValue
  ) -> ScriptValue {
    makeNativeFunction(name: name, length: length, body: body)
  }

  func makeNativeFunction(name: String, length: Int, body: @escaping (Arguments) throws -> ScriptValue) -> ScriptValue {
    let box = Unmanaged.passRetained(NativeFunction(name: name, realm: self, body: body)).toOpaque()
    let function = JSObjectMake(raw, classes.function, box)!
    // Own `name` and `length` first: once Function.prototype is the prototype, its read-only ones block a put. Their
    // keys are the group's, made once: an interface installs hundreds of functions (a page's first `document.body`
    // about 500), each making both keys afresh.
    JSObjectSetProperty(raw, function, shared.nameKey, makeString(name).raw, readOnlyHidden, nil)
    JSObjectSetProperty(raw, function, shared.lengthKey, makeNumber(length).raw, readOnlyHidden, nil)
    if let proto = try? functionPrototypeObject() { JSObjectSetPrototype(raw, function, proto) }
    return ScriptValue(function, in: self)
  }

  /// The JS object for `object`, made with `interface` on first use; always the same object afterwards.
  public func wrap<T: AnyObject>(_ object: T, as interface: Interface<T>) throws(ScriptError) -> ScriptValue {
    try wrap(object, interface: interface.erased)
  }

  /// The JS object for `object`, with the interface picked by ``interfaceResolver`` or ``ScriptExposed``.
  public func wrap(_ object: AnyObject) throws(ScriptError) -> ScriptValue {
    ScriptValue(try record(wrapping: object).jsObject, in: self)
  }

  /// ``wrap(_:)`` for an object that keeps its wrapper's record: after the first call, one load and a comparison
  /// instead of a lookup in the group's table (a tenth of a DOM walk over a large page was that lookup).
  public func wrap<T: ScriptWrapperCaching>(caching object: T) throws(ScriptError) -> ScriptValue {
    ScriptValue(try record(wrapping: object, caching: object).jsObject, in: self)
  }

  /// Wraps with an explicit type-erased interface (checked against the object's type).
  public func wrap(_ object: AnyObject, interface: AnyInterface) throws(ScriptError) -> ScriptValue {
    let caching = object as? any ScriptWrapperCaching
    return ScriptValue(try record(wrapping: object, interface: interface, caching: caching).jsObject, in: self)
  }

  /// The record of `object`'s wrapper, made on first use.
  private func record(wrapping object: AnyObject) throws(ScriptError) -> WrapperRecord {
    try record(wrapping: object, caching: object as? any ScriptWrapperCaching)
  }

  /// The record of `object`'s wrapper, made on first use with `interface` (by default the one ``interfaceResolver``
  /// or ``ScriptExposed`` names). `caching` is `object` when it keeps its record (``ScriptWrapperCaching``).
  private func record(
    wrapping object: AnyObject, interface: AnyInterface? = nil, caching: (any ScriptWrapperCaching)?
  ) throws(ScriptError) -> WrapperRecord {
    if let record = existingRecord(of: object, caching: caching) { return record }
    let resolved: AnyInterface
    if let interface { resolved = interface } else { resolved = try resolveInterface(object) }
    return try makeRecord(object, interface: resolved, caching: caching)
  }

  /// The group's record of `object`'s wrapper, if it has one. A kept wrapper of a caching object is found through the
  /// object's cache when this group was the first to wrap it, through the group's table otherwise
  /// (``ScriptGroup/cachedRecords``).
  private func existingRecord(of object: AnyObject, caching: (any ScriptWrapperCaching)?) -> WrapperRecord? {
    if let cache = caching?.scriptWrapperCache {
      let record = Unmanaged<WrapperRecord>.fromOpaque(cache).takeUnretainedValue()
      if record.group == ObjectIdentifier(shared), record.world == world.id { return record }
    } else if caching != nil, shared.cachingObjectsInTable == 0 {
      return nil  // Not cached, and no record of a caching object is in the table: none was made.
    }
    return shared.wrappers[WrapperKey(object: ObjectIdentifier(object), world: world.id)]
  }

  private func resolveInterface(_ object: AnyObject) throws(ScriptError) -> AnyInterface {
    guard let interface = interfaceResolver?(object) ?? (object as? any ScriptExposed).map({ type(of: $0).scriptInterface })
    else {
      throw ScriptError(kind: .host, name: "TypeError",
        message: "no script interface for Swift type \(type(of: object)): add it to the context's interfaceResolver")
    }
    return interface
  }

  /// Makes the wrapper of `object`, which has none in this group. `caching` is `object` when it keeps its record.
  private func makeRecord(
    _ object: AnyObject, interface: AnyInterface, caching: (any ScriptWrapperCaching)?
  ) throws(ScriptError) -> WrapperRecord {
    // Another realm of the group may be the object's (a node of a frame's document); with one realm of this world
    // open (an extension's isolated world beside the page's main one), none is.
    if shared.openContextsByWorld[world.id, default: 0] > 1, let realm = realmResolver?(object), realm !== self,
      realm.shared === shared, realm.world == world, !realm.isClosed {
      return try realm.record(wrapping: object, interface: interface, caching: caching)
    }
    guard interface.accepts(object) else {
      throw ScriptError(kind: .host, name: "TypeError",
        message: "interface \(interface.name) cannot wrap a Swift \(type(of: object))")
    }
    let state = try installedState(interface)
    if let items = interface.effectiveIndexed?.fixedItems?(object) {
      return try wrapFixedList(object, interface: interface, state: state, items: items, caching: caching)
    }
    let js = JSObjectMake(raw, state.instanceClass, nil)!
    JSObjectSetPrototype(raw, js, state.prototype)
    let wrapper = ScriptValue(js, in: self)
    // A legacy platform object is its proxy; `js` is the proxy's target (ScriptContext+LegacyPlatformObjects.swift).
    let exposed = try state.legacyProxyFactory.map { (make) throws(ScriptError) in try make.value.call(args: [wrapper]).object } ?? js
    let stored = WrapperRecord(object: object, interface: interface, jsObject: exposed, group: shared, world: world)
    if interface.isCollectable {
      // The JS object owns its record; the finalizer releases it and removes it from `wrappers`.
      stored.owner = shared.reference
      JSObjectSetPrivate(js, Unmanaged.passRetained(stored).toOpaque())
      collectableWrapperMade()
    } else {
      JSObjectSetPrivate(js, Unmanaged.passUnretained(stored).toOpaque())
      shared.keep(exposed, in: raw)
    }
    if exposed != js {
      stored.proxyTarget = js
      shared.plainObjects[exposed] = stored
    }
    shared.add(stored, caching: caching)
    for (name, getter) in state.unforgeable {
      try helper("defineUnforgeable").call(args: [wrapper, makeString(name), getter.value])
    }
    return stored
  }

  /// The wrapper of an instance with fixed items: an ordinary object made by the `makeFixedList` helper (see
  /// ``InterfaceBuilder/indexed(length:lookup:fixedItems:)``), found again through `shared.plainObjects`.
  private func wrapFixedList(
    _ object: AnyObject, interface: AnyInterface, state: InstalledInterface, items: [AnyObject],
    caching: (any ScriptWrapperCaching)?
  ) throws(ScriptError) -> WrapperRecord {
    let values = try makeArray(items) { (item) throws(ScriptError) in try wrap(item) }
    let list = try helper("makeFixedList").call(args: [ScriptValue(state.prototype, in: self), values])
    let js = try list.requireObject("fixed list")
    shared.keep(js, in: raw)
    let stored = WrapperRecord(object: object, interface: interface, jsObject: js, group: shared, world: world, isFixedList: true)
    shared.add(stored, caching: caching)
    shared.plainObjects[js] = stored
    for (name, getter) in state.unforgeable {
      try helper("defineUnforgeable").call(args: [list, makeString(name), getter.value])
    }
    return stored
  }

  /// Keeps the number of dead-but-uncollected collectable wrappers bounded.
  ///
  /// The collector sees only small JS objects, and one that lived through a young-generation collection (a
  /// range alive while the test that made it allocated) waits for a full one, which a page that keeps most of
  /// what it allocates (every node wrapper does) rarely needs. But a dead range still costs work on every
  /// mutation of its document. So after as many new collectable wrappers as there were live ones at the last
  /// full collection (at least 512), collect fully: the cost, one heap walk per 512 or more wrappers, is
  /// amortised over them.
  private func collectableWrapperMade() {
    shared.liveCollectableWrappers += 1
    shared.collectableWrappersSinceCollection += 1
    let since = shared.collectableWrappersSinceCollection
    guard since >= max(512, shared.liveCollectableWrappers - since) else { return }
    shared.collectableWrappersSinceCollection = 0
    JSSynchronousGarbageCollectForDebugging(raw)
  }

  /// The wrapper record behind a JS value, if it is one of this context's wrappers (or a legacy platform object's
  /// proxy, or its target).
  func wrapperRecord(_ value: JSValueRef?) -> WrapperRecord? {
    // An object's value is its object reference (one type in Swift: both are opaque pointers to the cell).
    guard let value, JSValueIsObject(raw, value) else { return nil }
    return wrapperRecord(object: value)
  }

  /// ``wrapperRecord(_:)`` for a value known to be an object (what the class callbacks receive, a native
  /// function's `this`): no call that takes JSC's lock, which a class check or a type test does.
  func wrapperRecord(object: JSObjectRef?) -> WrapperRecord? {
    guard let object else { return nil }
    // Only instances of this file's classes have private data, always a Swift object: a wrapper's is its record
    // (a function's, a constructor's and a global object's are other classes).
    if let p = JSObjectGetPrivate(object) { return Unmanaged<AnyObject>.fromOpaque(p).takeUnretainedValue() as? WrapperRecord }
    // An ordinary object or a proxy: a fixed list or a legacy platform object, or nothing of ours. A cell's value
    // is its address, so an object is its own key; no other value can equal a live one's.
    return shared.plainObjects.isEmpty ? nil : shared.plainObjects[object]
  }

  /// The prototype of `object`, or nil at the end of the chain. JSC's C API answers a proxy's own (null), not its
  /// target's: a legacy platform object's answer is its target's (its handler has no `getPrototypeOf` trap).
  func prototype(of object: JSObjectRef) -> JSObjectRef? {
    let target = shared.plainObjects.isEmpty ? object : shared.plainObjects[object]?.proxyTarget ?? object
    let proto = JSObjectGetPrototype(raw, target)
    guard let proto, JSValueIsObject(raw, proto) else { return nil }
    return JSValueToObject(raw, proto, nil)
  }

  /// The `[SameObject]` value `member` of `object` (`classList`, `dataset`...): made by `make` on first use,
  /// then kept in the slot of `object`'s wrapper record, so it lives as long as the wrapper.
  public func sameObject<R: AnyObject>(of object: AnyObject, _ member: String, make: () throws -> R) throws -> R {
    try record(wrapping: object).sameObject(member, make: make)
  }

  /// The Swift object wrapped by `value`, if it wraps a `T`.
  public func unwrap<T: AnyObject>(_ value: ScriptValue, as type: T.Type) -> T? {
    wrapperRecord(value.raw)?.object as? T
  }

  /// A readable name for a Swift type in error messages.
  func interfaceName<T>(for type: T.Type) -> String { String(describing: type) }
}

extension ScriptGroup {
  /// Keeps a new record where the group finds it again: a kept wrapper of a caching object whose cache is free in
  /// that cache (and ``cachedRecords``), any other in ``wrappers``.
  func add(_ record: WrapperRecord, caching: (any ScriptWrapperCaching)?) {
    if let caching, caching.scriptWrapperCache == nil, record.isProtected {
      caching.scriptWrapperCache = Unmanaged.passUnretained(record).toOpaque()
      record.cachedIn = caching
      cachedRecords.append(record)
      return
    }
    if caching != nil { cachingObjectsInTable += 1 }
    wrappers[record.key] = record
  }

  /// Called when the collector takes a collectable wrapper: the next `wrap` of its object makes a new one.
  func forgetWrapper(_ record: WrapperRecord) {
    let key = record.key
    if wrappers[key] === record { wrappers[key] = nil }
    liveCollectableWrappers -= 1
  }
}

/// A Swift object that keeps the record of its JS wrapper itself, for ``ScriptContext/wrap(caching:)``.
///
/// Only JSBridge reads and writes the property: nil, or an unretained pointer to the record of the object's kept
/// wrapper in one group, which the group empties before the record goes (at its last context's close). An object
/// wrapped in two groups at once keeps the first group's; the other finds its wrapper in its table, as it finds a
/// collectable one.
public protocol ScriptWrapperCaching: AnyObject {
  var scriptWrapperCache: UnsafeMutableRawPointer? { get set }
}

/// Property definitions for one interface, collected and then made by one call of the `defineMembers` helper.
///
/// The helper reads the flat array five entries at a time: target (0 prototype, 1 constructor), key, value or
/// getter (or the names of an accessor family), setter, and flags (``Flag``). Each entry goes into a protected JS
/// array as soon as it is made: JSC's collector does not see values held only in Swift's heap, and an interface's
/// hundreds of fresh functions would otherwise be freed by a collection before the call (a crash it caused).
private struct MemberBatch {
  enum Target: Double { case prototype = 0, constructor = 1 }
  struct Flag {
    static let writable = 1.0, enumerable = 2.0, configurable = 4.0, accessor = 8.0, family = 16.0, toStringTag = 32.0
  }
  /// The key that stands for `Symbol.toStringTag`.
  static let toStringTag = "@@toStringTag"

  let context: ScriptContext
  private var array: JSObjectRef?
  private var count: UInt32 = 0

  init(context: ScriptContext) { self.context = context }

  mutating func value(
    _ target: Target, _ key: String, _ value: ScriptValue, writable: Bool, enumerable: Bool, configurable: Bool
  ) {
    var flags = (writable ? Flag.writable : 0) + (enumerable ? Flag.enumerable : 0)
      + (configurable ? Flag.configurable : 0)
    if key == Self.toStringTag { flags += Flag.toStringTag }
    append(target, context.makeString(key), value, nil, flags)
  }

  /// An enumerable, configurable accessor on the prototype.
  mutating func accessor(_ name: String, get: ScriptValue, set: ScriptValue?) {
    append(.prototype, context.makeString(name), get, set, Flag.accessor + Flag.enumerable + Flag.configurable)
  }

  /// One accessor per name on the prototype, each calling `get(name)` / `set(name, value)`.
  mutating func accessorFamily(_ names: [String], get: ScriptValue, set: ScriptValue?) {
    append(.prototype, context.makeArray(names) { context.makeString($0) }, get, set, Flag.family)
  }

  /// Stores one definition. The caller's fresh values are still in its frame (seen by the collector) until here.
  private mutating func append(_ target: Target, _ key: ScriptValue, _ a: ScriptValue, _ b: ScriptValue?, _ flags: Double) {
    let ctx = context.raw
    let array = self.array ?? {
      let made = ScriptContext.makeBareArray(in: ctx)
      JSValueProtect(ctx, made)
      return made
    }()
    self.array = array
    for value in [context.makeNumber(target.rawValue).raw, key.raw, a.raw, (b ?? context.makeUndefined()).raw,
                  context.makeNumber(flags).raw] {
      JSObjectSetPropertyAtIndex(ctx, array, count, value, nil)
      count += 1
    }
  }

  /// Defines what was collected, in order, and empties the batch.
  mutating func flush(prototype: ScriptValue, constructor: ScriptValue) throws(ScriptError) {
    guard let array else { return }
    self.array = nil
    count = 0
    defer { JSValueUnprotect(context.raw, array) }
    try context.helper("defineMembers").call(args: [prototype, constructor, ScriptValue(array, in: context)])
  }
}
