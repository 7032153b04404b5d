import CJavaScriptCore

// Every `@convention(c)` entry point from JSC into Swift lives in this file.

/// The JSC classes one context uses, created with the context and released when it closes.
struct NativeClasses {
  /// The global object's class (its private data is the owning `ScriptContext`, unretained).
  let global: JSClassRef
  /// Native functions (private data: a retained `NativeFunction`, released on finalize).
  let function: JSClassRef
  /// Plain wrappers of Swift objects (private data: the context's `WrapperRecord`, unretained).
  let wrapper: JSClassRef
  /// Wrappers whose interface has indexed or named properties.
  let exoticWrapper: JSClassRef
  /// Collectable plain and exotic wrappers (children of the two above; private data: the `WrapperRecord`,
  /// retained, released on finalize).
  let collectableWrapper: JSClassRef
  let collectableExoticWrapper: JSClassRef
  /// Interface objects (`Node`, `Element`; private data: the `AnyInterface`, unretained).
  let constructor: JSClassRef

  init() {
    var def = kJSClassDefinitionEmpty
    def.className = staticName("global")
    global = JSClassCreate(&def)

    def = kJSClassDefinitionEmpty
    def.className = staticName("Function")
    def.attributes = JSClassAttributes(kJSClassAttributeNoAutomaticPrototype)
    def.callAsFunction = nativeFunctionCall
    def.finalize = nativeFunctionFinalize
    function = JSClassCreate(&def)

    def = kJSClassDefinitionEmpty
    def.attributes = JSClassAttributes(kJSClassAttributeNoAutomaticPrototype)
    wrapper = JSClassCreate(&def)

    def.getProperty = exoticGetProperty
    def.setProperty = exoticSetProperty
    def.deleteProperty = exoticDeleteProperty
    def.getPropertyNames = exoticPropertyNames
    exoticWrapper = JSClassCreate(&def)

    def = kJSClassDefinitionEmpty
    def.attributes = JSClassAttributes(kJSClassAttributeNoAutomaticPrototype)
    def.finalize = collectableWrapperFinalize
    def.parentClass = wrapper
    collectableWrapper = JSClassCreate(&def)
    def.parentClass = exoticWrapper
    collectableExoticWrapper = JSClassCreate(&def)

    def = kJSClassDefinitionEmpty
    def.className = staticName("Function")
    def.attributes = JSClassAttributes(kJSClassAttributeNoAutomaticPrototype)
    def.callAsFunction = interfaceObjectCall
    def.callAsConstructor = interfaceObjectConstruct
    def.hasInstance = interfaceObjectHasInstance
    constructor = JSClassCreate(&def)
  }

  /// The class of one interface's instances: named after the interface (what
  /// `Object.prototype.toString` shows), inheriting the plain or exotic wrapper behaviour.
  func makeInstanceClass(for interface: AnyInterface) -> JSClassRef {
    interface.name.withCString { name in
      var def = kJSClassDefinitionEmpty
      def.className = name
      def.parentClass = switch (interface.isExotic, interface.isCollectable) {
      case (false, false): wrapper
      case (true, false): exoticWrapper
      case (false, true): collectableWrapper
      case (true, true): collectableExoticWrapper
      }
      def.attributes = JSClassAttributes(kJSClassAttributeNoAutomaticPrototype)
      return JSClassCreate(&def)  // JSC copies the name
    }
  }

  func release() {
    for c in [global, function, wrapper, exoticWrapper, collectableWrapper, collectableExoticWrapper, constructor] {
      JSClassRelease(c)
    }
  }
}

/// Class names must outlive every class; these literals are static C strings.
private func staticName(_ name: StaticString) -> UnsafePointer<CChar> {
  UnsafeRawPointer(name.utf8Start).assumingMemoryBound(to: CChar.self)
}

/// Runs a native entry point: finds the context, converts thrown Swift errors into a JS exception.
private func runNative<R>(
  _ ctx: JSContextRef?, _ exception: UnsafeMutablePointer<JSValueRef?>?, failure: R,
  _ body: (ScriptContext) throws -> R
) -> R {
  guard let context = ScriptContext.from(ctx) else { return failure }
  return runNative(in: context, exception, failure: failure, body)
}

/// ``runNative(_:_:failure:_:)`` in a context already found.
private func runNative<R>(
  in context: ScriptContext, _ exception: UnsafeMutablePointer<JSValueRef?>?, failure: R,
  _ body: (ScriptContext) throws -> R
) -> R {
  context.nativeDepth += 1
  defer { context.nativeDepth -= 1 }
  // Stopped at the deadline (ScriptContext+Deadline.swift), a call's result may be incomplete: the error replaces it
  // (not while the error's JS value is made: that reads globals, maybe through native getters).
  let raising = context.shared.isRaisingException
  do {
    let result = try body(context)
    if !raising, let stopped = context.nativeCallTimeout() { throw stopped }
    return result
  } catch {
    context.shared.isRaisingException = true
    defer { context.shared.isRaisingException = raising }
    exception?.pointee = context.exceptionValue(for: raising ? error : context.nativeCallTimeout() ?? error)
    return failure
  }
}

private func nativeFunctionCall(
  _ ctx: JSContextRef?, _ function: JSObjectRef?, _ this: JSObjectRef?, _ argc: Int,
  _ argv: UnsafePointer<JSValueRef?>?, _ exception: UnsafeMutablePointer<JSValueRef?>?
) -> JSValueRef? {
  guard let function, let p = JSObjectGetPrivate(function) else {
    return runNative(ctx, exception, failure: nil) { _ in throw ScriptError.typeError("Illegal invocation") }
  }
  let native = Unmanaged<NativeFunction>.fromOpaque(p).takeUnretainedValue()
  // A closed realm's function (still held by another frame of the group) does nothing, as ScriptContext.from finds.
  guard let realm = native.realm.object, !realm.isClosed else { return nil }
  return runNative(in: realm, exception, failure: nil) { context in
    let shared = context.shared
    let outermost = shared.currentNativeFunction == nil
    if outermost { shared.currentNativeFunction = native }
    defer { if outermost { shared.currentNativeFunction = nil } }
    let args = Arguments(context: context, thisObject: this, function: native, count: argc, values: argv)
    return try native.body(args).raw
  }
}

private func nativeFunctionFinalize(_ object: JSObjectRef?) {
  guard let object, let p = JSObjectGetPrivate(object) else { return }
  Unmanaged<NativeFunction>.fromOpaque(p).release()
}

/// A collectable wrapper died: its context forgets it (unless the context already closed) and the record,
/// with the Swift object it holds, is released. Runs inside the collector: no JS calls, no allocation of JS values.
private func collectableWrapperFinalize(_ object: JSObjectRef?) {
  guard let object, let p = JSObjectGetPrivate(object) else { return }
  let record = Unmanaged<WrapperRecord>.fromOpaque(p).takeRetainedValue()
  record.owner?.object?.forgetWrapper(record)
}

private func watchdogTerminate(_ ctx: JSContextRef?, _ info: UnsafeMutableRawPointer?) -> Bool {
  guard let info else { return true }
  return Unmanaged<ScriptGroup>.fromOpaque(info).takeUnretainedValue().watchdogDidFire()
}

/// The watchdog callback handed to `JSContextGroupSetExecutionTimeLimit` (its context is the ``ScriptGroup``).
let watchdogCallback: JSShouldTerminateCallback = watchdogTerminate

private func heapFinalized(_ group: JSContextGroupRef?, _ info: UnsafeMutableRawPointer?) {
  guard let info else { return }
  Unmanaged<ScriptGroup>.fromOpaque(info).takeUnretainedValue().garbageCollectionDidFinish()
}

/// The callback handed to `JSContextGroupAddHeapFinalizer` (its context is the ``ScriptGroup``).
let heapFinalizerCallback: JSHeapFinalizer = heapFinalized

/// The canonical array index a property name spells, if any ("0", "17"; not "01" or "-1").
private func arrayIndex(_ name: JSStringRef) -> Int? {
  let count = JSStringGetLength(name)
  guard count > 0, count <= 10, let chars = JSStringGetCharactersPtr(name) else { return nil }
  if count > 1 && chars[0] == 0x30 { return nil }
  var value = 0
  for i in 0..<count {
    let c = chars[i]
    guard c >= 0x30 && c <= 0x39 else { return nil }
    value = value * 10 + Int(c - 0x30)
  }
  return value < 4_294_967_295 ? value : nil
}

private func exoticGetProperty(
  _ ctx: JSContextRef?, _ object: JSObjectRef?, _ name: JSStringRef?, _ exception: UnsafeMutablePointer<JSValueRef?>?
) -> JSValueRef? {
  runNative(ctx, exception, failure: nil) { context in
    guard let name, let record = context.wrapperRecord(object: object) else { return nil }
    if let indexed = record.interface.effectiveIndexed, let index = arrayIndex(name) {
      return try indexed.item(record.object, index, context)?.raw
    }
    if let named = record.interface.effectiveNamed {
      if isHiddenByPrototype(ctx, object, name, named) { return nil }
      return try named.get(record.object, JSString.read(name), context)?.raw
    }
    return nil
  }
}

/// https://webidl.spec.whatwg.org/#dfn-named-property-visibility step 4: without `[LegacyOverrideBuiltIns]`, a
/// name the prototype chain has is not a named property.
private func isHiddenByPrototype(_ ctx: JSContextRef?, _ object: JSObjectRef?, _ name: JSStringRef, _ named: NamedProperties) -> Bool {
  guard !named.overridesBuiltIns, let proto = JSValueToObject(ctx, JSObjectGetPrototype(ctx, object), nil) else {
    return false
  }
  return JSObjectHasProperty(ctx, proto, name)
}

/// https://webidl.spec.whatwg.org/#legacy-platform-object-delete: a visible named property goes through the
/// named deleter; anything else is deleted as an ordinary property.
private func exoticDeleteProperty(
  _ ctx: JSContextRef?, _ object: JSObjectRef?, _ name: JSStringRef?, _ exception: UnsafeMutablePointer<JSValueRef?>?
) -> Bool {
  runNative(ctx, exception, failure: false) { context in
    guard let name, let record = context.wrapperRecord(object: object), let named = record.interface.effectiveNamed,
      let delete = named.delete, !isHiddenByPrototype(ctx, object, name, named)
    else { return false }
    return try delete(record.object, JSString.read(name))
  }
}

private func exoticSetProperty(
  _ ctx: JSContextRef?, _ object: JSObjectRef?, _ name: JSStringRef?, _ value: JSValueRef?,
  _ exception: UnsafeMutablePointer<JSValueRef?>?
) -> Bool {
  runNative(ctx, exception, failure: false) { context in
    guard let name, let value, let record = context.wrapperRecord(object: object) else { return false }
    if record.interface.effectiveIndexed != nil, arrayIndex(name) != nil { return true }  // no indexed setter: ignored
    // A name the prototype chain has is set as an ordinary property, as Chromium does (`localStorage.length = 1`).
    guard let named = record.interface.effectiveNamed, let set = named.set, !isHiddenByPrototype(ctx, object, name, named)
    else { return false }
    return try set(record.object, JSString.read(name), ScriptValue(value, in: context))
  }
}

private func exoticPropertyNames(_ ctx: JSContextRef?, _ object: JSObjectRef?, _ names: JSPropertyNameAccumulatorRef?) {
  runNative(ctx, nil, failure: ()) { context in
    guard let names, let record = context.wrapperRecord(object: object) else { return }
    if let indexed = record.interface.effectiveIndexed {
      for i in 0..<max(0, indexed.length(record.object)) {
        JSString.withRef(String(i)) { JSPropertyNameAccumulatorAddName(names, $0) }
      }
    }
    if let keys = record.interface.effectiveNamed?.keys {
      for key in keys(record.object) { JSString.withRef(key) { JSPropertyNameAccumulatorAddName(names, $0) } }
    }
  }
}

private func interfaceOf(_ object: JSObjectRef?) -> AnyInterface? {
  guard let object, let p = JSObjectGetPrivate(object) else { return nil }
  return Unmanaged<AnyInterface>.fromOpaque(p).takeUnretainedValue()
}

private func interfaceObjectCall(
  _ ctx: JSContextRef?, _ function: JSObjectRef?, _ this: JSObjectRef?, _ argc: Int,
  _ argv: UnsafePointer<JSValueRef?>?, _ exception: UnsafeMutablePointer<JSValueRef?>?
) -> JSValueRef? {
  runNative(ctx, exception, failure: nil) { _ in
    guard let interface = interfaceOf(function), interface.construct != nil else {
      throw ScriptError.typeError("Illegal constructor")
    }
    throw ScriptError.typeError("Failed to construct '\(interface.name)': Please use the 'new' operator.")
  }
}

private func interfaceObjectConstruct(
  _ ctx: JSContextRef?, _ constructor: JSObjectRef?, _ argc: Int, _ argv: UnsafePointer<JSValueRef?>?,
  _ exception: UnsafeMutablePointer<JSValueRef?>?
) -> JSObjectRef? {
  runNative(ctx, exception, failure: nil) { context in
    guard let interface = interfaceOf(constructor), let construct = interface.construct else {
      throw ScriptError.typeError("Illegal constructor")
    }
    var args = Arguments(context: context, thisObject: nil, function: nil, count: argc, values: argv)
    args.callee = "new \(interface.name)"
    let wrapped = try context.wrap(try construct(args), interface: interface)
    return wrapped.object
  }
}

private func interfaceObjectHasInstance(
  _ ctx: JSContextRef?, _ constructor: JSObjectRef?, _ candidate: JSValueRef?,
  _ exception: UnsafeMutablePointer<JSValueRef?>?
) -> Bool {
  runNative(ctx, exception, failure: false) { context in
    guard let interface = interfaceOf(constructor), let candidate, JSValueIsObject(context.raw, candidate),
      let state = context.installed[ObjectIdentifier(interface)]
    else { return false }
    var current = JSValueToObject(context.raw, candidate, nil).flatMap(context.prototype(of:))
    while let proto = current {
      if proto == state.prototype { return true }
      current = context.prototype(of: proto)
    }
    return false
  }
}

/// A kept group's parked unhandled-rejection callback (``ScriptGroup/parkedCallback``): does nothing.
func parkedFunction(
  _ ctx: JSContextRef?, _ function: JSObjectRef?, _ this: JSObjectRef?, _ count: Int,
  _ arguments: UnsafePointer<JSValueRef?>?, _ exception: UnsafeMutablePointer<JSValueRef?>?
) -> JSValueRef? {
  JSValueMakeUndefined(ctx)
}
