import CJavaScriptCore

/// One JavaScript global context, with its own `JSContextGroup`, confined to the thread that made it.
///
/// Everything the context keeps (wrappers, interface prototypes, ``ProtectedValue``s) stays protected from
/// JSC's garbage collector until ``close()``, which unprotects it all and releases the context.
/// Always call `close()`: wrapped Swift objects and native closures may refer back to the context.
public final class ScriptContext {
  /// The name given at creation (also shown by JSC debugging tools).
  public let name: String
  let group: JSContextGroupRef
  private let rawContext: JSGlobalContextRef
  let classes: NativeClasses
  /// True once ``close()`` ran.
  public private(set) var isClosed = false

  /// Picks the interface for a Swift object that ``wrap(_:)`` is asked to expose (most derived first).
  public var interfaceResolver: ((AnyObject) -> AnyInterface?)?

  /// Per-context state of installed interfaces, keyed by the interface's identity.
  var installed: [ObjectIdentifier: InstalledInterface] = [:]
  /// The one JS object of each wrapped Swift object; keeps both alive until close (a collectable wrapper:
  /// until the collector takes it).
  var wrappers: [ObjectIdentifier: WrapperRecord] = [:]
  /// Collectable wrappers made and not yet collected, and made since the last full collection they caused.
  var liveCollectableWrappers = 0
  var collectableWrappersSinceCollection = 0
  /// Every live ``ProtectedValue`` made in this context, so `close()` can unprotect them.
  var protectedValues: [ObjectIdentifier: WeakProtectedValue] = [:]
  /// Small JS helper functions (Object.defineProperty and friends), made on first use.
  var helperFunctions: [String: ProtectedValue] = [:]
  /// Set by the watchdog callback when it terminated a script.
  var watchdogFired = false
  /// How many native (Swift) calls from JS are on the stack right now.
  var nativeDepth = 0
  /// Host objects by type (see ScriptContext+HostState.swift); dropped at close.
  var hostStates: [ObjectIdentifier: AnyObject] = [:]

  /// The wall-clock seconds a script may run before it is terminated; nil for no limit.
  public var executionTimeLimit: Double? {
    didSet {
      if let limit = executionTimeLimit {
        JSContextGroupSetExecutionTimeLimit(
          group, limit, watchdogCallback, Unmanaged.passUnretained(self).toOpaque())
      } else {
        JSContextGroupClearExecutionTimeLimit(group)
      }
    }
  }

  /// Creates a context with its own context group.
  public init(name: String) {
    self.name = name
    group = JSContextGroupCreate()
    classes = NativeClasses()
    rawContext = JSGlobalContextCreateInGroup(group, classes.global)
    JSString.withRef(name) { JSGlobalContextSetName(rawContext, $0) }
    JSObjectSetPrivate(JSContextGetGlobalObject(rawContext), Unmanaged.passUnretained(self).toOpaque())
  }

  deinit { close() }

  /// The raw context; traps if the context is closed (using a value after `close()` is a programming error).
  var raw: JSGlobalContextRef {
    precondition(!isClosed, "ScriptContext '\(name)' was used after close()")
    return rawContext
  }

  /// Finds the Swift context that owns a JSC context passed to a callback, or nil once closed.
  static func from(_ ctx: JSContextRef?) -> ScriptContext? {
    guard let ctx, let global = JSContextGetGlobalObject(ctx), let p = JSObjectGetPrivate(global) else { return nil }
    return Unmanaged<ScriptContext>.fromOpaque(p).takeUnretainedValue()
  }

  /// The global object (`globalThis`).
  public var global: ScriptObject { ScriptValue(JSContextGetGlobalObject(raw), in: self) }

  /// Evaluates a script as a classic script and returns its completion value.
  ///
  /// - Throws: ``ScriptError`` of kind `.syntax` when it does not parse, `.timeout` when the watchdog
  ///   stopped it, `.exception` when it threw.
  @discardableResult
  public func evaluate(_ source: String, sourceURL: String, startingLine: Int = 1) throws(ScriptError) -> ScriptValue {
    let script = JSString.create(source)
    let url = JSString.create(sourceURL)
    defer { JSStringRelease(script); JSStringRelease(url) }
    watchdogFired = false
    var exception: JSValueRef? = nil
    let result = JSEvaluateScript(raw, script, nil, url, Int32(clamping: startingLine), &exception)
    if let exception {
      var error = makeError(fromException: exception)
      if error.kind == .exception, error.name == "SyntaxError",
        !JSCheckScriptSyntax(raw, script, url, Int32(clamping: startingLine), nil)
      {
        error.kind = .syntax
        error.file = error.file ?? sourceURL
        error.locateColumn(in: source, startingLine: startingLine)
      }
      watchdogFired = false
      throw error
    }
    return ScriptValue(result ?? JSValueMakeUndefined(raw), in: self)
  }

  /// Parses `source` without running it.
  ///
  /// - Throws: ``ScriptError`` of kind `.syntax` with the position of the first error.
  public func checkSyntax(_ source: String, sourceURL: String, startingLine: Int = 1) throws(ScriptError) {
    let script = JSString.create(source)
    let url = JSString.create(sourceURL)
    defer { JSStringRelease(script); JSStringRelease(url) }
    var exception: JSValueRef? = nil
    if !JSCheckScriptSyntax(raw, script, url, Int32(clamping: startingLine), &exception), let exception {
      var error = makeError(fromException: exception, kind: .syntax)
      error.file = error.file ?? sourceURL
      error.locateColumn(in: source, startingLine: startingLine)
      throw error
    }
  }

  /// Runs a full, synchronous garbage collection (tests use it to prove values are protected).
  public func collectGarbage() {
    JSSynchronousGarbageCollectForDebugging(raw)
  }

  /// Unprotects everything the context kept, releases wrapped Swift objects and the JSC context.
  ///
  /// Values of this context must not be used afterwards. Calling `close()` twice is harmless.
  public func close() {
    guard !isClosed else { return }
    let ctx = rawContext
    for entry in protectedValues.values { entry.value?.invalidate(unprotectingIn: ctx) }
    protectedValues = [:]
    helperFunctions = [:]
    for record in wrappers.values where !record.interface.isCollectable { JSValueUnprotect(ctx, record.jsObject) }
    wrappers = [:]
    for state in installed.values {
      JSValueUnprotect(ctx, state.prototype)
      JSValueUnprotect(ctx, state.constructor)
    }
    let instanceClasses = installed.values.map(\.instanceClass)
    installed = [:]
    interfaceResolver = nil
    hostStates = [:]
    JSContextGroupClearExecutionTimeLimit(group)
    JSObjectSetPrivate(JSContextGetGlobalObject(ctx), nil)
    isClosed = true
    JSGlobalContextRelease(ctx)
    JSContextGroupRelease(group)
    classes.release()
    instanceClasses.forEach(JSClassRelease)
  }

  /// Called by the watchdog trampoline: remember that this context's script was terminated.
  func watchdogDidFire() -> Bool {
    watchdogFired = true
    return true
  }
}

/// An object value; objects and other values share one type, ``ScriptValue``.
public typealias ScriptObject = ScriptValue
