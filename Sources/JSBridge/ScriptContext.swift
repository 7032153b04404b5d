import CJavaScriptCore
import Glibc

/// One JavaScript global context (a realm), confined to the thread that made it.
///
/// A context has its own `JSContextGroup`, or shares one with the contexts of other frames of the same page
/// (``init(name:sharingGroupWith:)``): objects then pass between them, and each Swift object still has exactly one
/// JS object, made in the realm ``realmResolver`` picks.
///
/// Everything the context keeps (wrappers, interface prototypes, ``ProtectedValue``s) stays protected from
/// JSC's garbage collector until ``close()``, which unprotects it all and releases the context (wrappers of a
/// shared group: when its last context closes, since another realm may still hold them).
/// Always call `close()`: wrapped Swift objects and native closures may refer back to the context.
public final class ScriptContext {
  /// The name given at creation (also shown by JSC debugging tools).
  public let name: String
  /// What the contexts of one group share: the JSC group, the wrapper classes and the wrappers.
  let shared: ScriptGroup
  var group: JSContextGroupRef { shared.raw }
  var classes: NativeClasses { shared.classes }
  private let rawContext: JSGlobalContextRef
  /// True once ``close()`` ran.
  public private(set) var isClosed = false

  /// Picks the interface for a Swift object that ``wrap(_:)`` is asked to expose (most derived first).
  public var interfaceResolver: ((AnyObject) -> AnyInterface?)?

  /// The context whose realm makes the wrapper of a Swift object that has none yet (a node: its document's
  /// window's); nil, or this context, to make it here.
  public var realmResolver: ((AnyObject) -> ScriptContext?)?

  /// Per-context state of installed interfaces, keyed by the interface's identity.
  var installed: [ObjectIdentifier: InstalledInterface] = [:]
  /// Every live ``ProtectedValue`` made in this context, so `close()` can unprotect them.
  var protectedValues: [ObjectIdentifier: WeakProtectedValue] = [:]
  /// Small JS helper functions (Object.defineProperty and friends), made on first use.
  var helperFunctions: [String: ProtectedValue] = [:]
  /// Set by the watchdog callback when it terminated a script (of any realm of the group: one thread runs them).
  var watchdogFired: Bool {
    get { shared.watchdogFired }
    set { shared.watchdogFired = newValue }
  }
  /// How many native (Swift) calls from JS are on the stack right now, in any realm of the group.
  var nativeDepth: Int {
    get { shared.nativeDepth }
    set { shared.nativeDepth = newValue }
  }
  /// Host objects by type (see ScriptContext+HostState.swift); dropped at close.
  var hostStates: [ObjectIdentifier: AnyObject] = [:]

  /// The seconds (of the thread's CPU time) one script may run before it is terminated; nil for no limit. Shared by
  /// the contexts of one group.
  public var executionTimeLimit: Double? {
    get { shared.executionTimeLimit }
    set {
      shared.executionTimeLimit = newValue
      shared.armWatchdog()
    }
  }

  /// Creates a context with its own context group, or in the group of `other` (another frame of the same page,
  /// on the same thread; the group's watchdog limit is then shared too).
  public init(name: String, sharingGroupWith other: ScriptContext? = nil) {
    self.name = name
    shared = other?.shared ?? ScriptGroup()
    shared.openContexts += 1
    rawContext = JSGlobalContextCreateInGroup(shared.raw, shared.classes.global)
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
    return try runningScript { () throws(ScriptError) in
      if nativeDepth == 0 { watchdogFired = false }
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
        if nativeDepth == 0 { watchdogFired = false }
        throw error
      }
      return ScriptValue(result ?? JSValueMakeUndefined(raw), in: self)
    }
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

  /// The JavaScriptCore library's version (major, minor, micro), as it reports itself at run time.
  public static var engineVersion: (major: Int, minor: Int, micro: Int) {
    (Int(jsc_get_major_version()), Int(jsc_get_minor_version()), Int(jsc_get_micro_version()))
  }

  /// The major and minor version whose private microtask class (Sources/CJavaScriptCore/shim.h) was checked by
  /// disassembly: another version must be checked again and added here.
  public static let checkedEngineVersions: [(major: Int, minor: Int)] = [(2, 50)]

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
    shared.openContexts -= 1
    if shared.openContexts == 0 {
      // No unprotecting: the group's VM, and its heap with every wrapper, goes with this context (below), and a
      // locked hash-table removal per wrapper was a twentieth of a DOM walk over a large page.
      for record in shared.wrappers.values { record.uncache() }
      shared.wrappers = [:]
      shared.plainObjects = [:]
    }
    for state in installed.values {
      JSValueUnprotect(ctx, state.prototype)
      JSValueUnprotect(ctx, state.constructor)
    }
    let instanceClasses = installed.values.map(\.instanceClass)
    installed = [:]
    interfaceResolver = nil
    realmResolver = nil
    hostStates = [:]
    if shared.openContexts == 0 { shared.disarm() }
    JSObjectSetPrivate(JSContextGetGlobalObject(ctx), nil)
    isClosed = true
    JSGlobalContextRelease(ctx)
    // The group's last context: the VM goes now (finalizing what it still holds, native closures included).
    if shared.openContexts == 0 { shared.release() }
    instanceClasses.forEach(JSClassRelease)
  }

}

/// An object value; objects and other values share one type, ``ScriptValue``.
public typealias ScriptObject = ScriptValue

/// What the contexts of one JSC context group share (see ``ScriptContext/init(name:sharingGroupWith:)``).
final class ScriptGroup {
  let raw: JSContextGroupRef
  let classes: NativeClasses
  /// The one JS object of each wrapped Swift object, whichever realm made it; keeps both alive until the
  /// group's last context closes (a collectable wrapper: until the collector takes it).
  var wrappers: [ObjectIdentifier: WrapperRecord] = [:]
  /// The records of wrappers whose JS object is not a wrapper-class instance (a fixed list's ordinary object, a
  /// legacy platform object's proxy), by that object; protected, so their addresses stay theirs while listed.
  var plainObjects: [JSObjectRef: WrapperRecord] = [:]
  /// Collectable wrappers made and not yet collected, and made since the last full collection they caused.
  var liveCollectableWrappers = 0
  var collectableWrappersSinceCollection = 0
  /// Contexts made in the group and not yet closed.
  var openContexts = 0
  var watchdogFired = false
  var nativeDepth = 0
  /// See ``ScriptContext/executionTimeLimit``.
  var executionTimeLimit: Double?
  /// See ``ScriptContext/memoryLimit`` (ScriptContext+MemoryLimit.swift).
  var memoryLimit: Int?
  /// The resident size (bytes) that stopped the running script, from the check that found it past ``memoryLimit``.
  var memoryLimitExceeded: Int?
  /// The resident size a check compares with, once a stop left more resident than the limit (see
  /// ``ScriptContext/recoverFromMemoryStop()``); 0 until then.
  var memoryThreshold = 0
  /// When the running script's time is up, in the thread's CPU seconds (ScriptContext+Deadline.swift); nil between
  /// scripts.
  var scriptDeadline: Double?
  /// The outermost native function running now (for messages).
  var currentNativeCall: String?
  /// True while a native entry point makes the JS value of the error it throws.
  var isRaisingException = false
  /// The native call that was stopped at the deadline, until the script it belongs to ends.
  var stoppedNativeCall: String?
  /// The thread the group was made on: the only one whose garbage collections may stop a script.
  let thread = pthread_self()
  /// True while a microtask checkpoint runs (ScriptContext+Microtasks.swift).
  var isPerformingMicrotaskCheckpoint = false
  /// Holds JSC's microtask queue shut between checkpoints: JSC would otherwise drain it when each call from Swift
  /// returns, outside any script, where the watchdog does not see an endless promise chain.
  let microtaskGate: UnsafeMutablePointer<WAMicrotaskDelayScope>

  private var isReleased = false

  init() {
    raw = JSContextGroupCreate()
    classes = NativeClasses()
    // Eight times the size the scope has on the checked version, zeroed: if a later JavaScriptCore grows the class
    // (before the layout test catches it), its constructor writes into this block, not past it.
    microtaskGate = .allocate(capacity: 8)
    microtaskGate.initialize(repeating: WAMicrotaskDelayScope(vm: nil), count: 8)
    WAMicrotaskDelayScopeCreate(microtaskGate, raw)
    JSContextGroupAddHeapFinalizer(raw, heapFinalizerCallback, Unmanaged.passUnretained(self).toOpaque())
  }

  /// Sets JSC's watchdog to ``executionTimeLimit`` (clears it for nil).
  func armWatchdog() {
    if let limit = executionTimeLimit {
      JSContextGroupSetExecutionTimeLimit(raw, limit, watchdogCallback, Unmanaged.passUnretained(self).toOpaque())
    } else {
      JSContextGroupClearExecutionTimeLimit(raw)
    }
  }

  /// Stops whatever script runs now, at its next check (the watchdog with no time left).
  func stopScripts() {
    JSContextGroupSetExecutionTimeLimit(raw, 0, watchdogCallback, Unmanaged.passUnretained(self).toOpaque())
  }

  /// Called by the watchdog trampoline: remember that a script of the group was terminated.
  func watchdogDidFire() -> Bool {
    watchdogFired = true
    return true
  }

  /// No more watchdog, heap checks or callbacks into the group (its last context closed).
  func disarm() {
    JSContextGroupClearExecutionTimeLimit(raw)
    JSContextGroupRemoveHeapFinalizer(raw, heapFinalizerCallback, Unmanaged.passUnretained(self).toOpaque())
  }

  /// Releases the JSC group and the classes (when the last context closed; at the latest on deinit).
  func release() {
    guard !isReleased else { return }
    isReleased = true
    // Dropped without draining: the count goes up first, so the scope's destructor does not run what is still queued.
    WAMicrotaskDelayScopeIncrement(microtaskGate)
    WAMicrotaskDelayScopeDestroy(microtaskGate)
    microtaskGate.deallocate()
    JSContextGroupRelease(raw)
    classes.release()
  }

  deinit { release() }
}
