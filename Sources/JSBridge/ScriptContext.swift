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
  /// The world the realm belongs to (``ScriptWorld``): its wrappers are its world's own.
  public let world: ScriptWorld
  /// What the contexts of one group share: the JSC group, the wrapper classes and the wrappers.
  let shared: ScriptGroup
  var group: JSContextGroupRef { shared.raw }
  var classes: NativeClasses { shared.classes }
  private let rawContext: JSGlobalContextRef
  /// True once ``close()`` ran.
  public private(set) var isClosed = false
  /// This context, for what must not keep it alive (use it rather than a `weak` reference: see the type).
  public let reference = ClearedReference<ScriptContext>()

  /// Picks the interface for a Swift object that ``wrap(_:)`` is asked to expose (most derived first).
  @exclusivity(unchecked) public var interfaceResolver: ((AnyObject) -> AnyInterface?)?

  /// The context whose realm makes the wrapper of a Swift object that has none yet (a node: its document's
  /// window's); nil, or this context, to make it here.
  @exclusivity(unchecked) public var realmResolver: ((AnyObject) -> ScriptContext?)?

  /// Per-context state of installed interfaces, keyed by the interface's identity.
  @exclusivity(unchecked) var installed: [ObjectIdentifier: InstalledInterface] = [:]
  /// The entry of ``installed`` that ``installedState(_:)`` answered last.
  @exclusivity(unchecked) var lastInstalled: InstalledInterface?
  /// Every live ``ProtectedValue`` made in this context, so `close()` can unprotect them.
  var protectedValues: [ObjectIdentifier: WeakProtectedValue] = [:]
  /// `Function.prototype`, once looked up (protected through ``helperFunctions``).
  var functionPrototypeCache: JSObjectRef?
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
  public convenience init(name: String, sharingGroupWith other: ScriptContext? = nil, world: ScriptWorld = .main) {
    self.init(name: name, shared: other?.shared ?? ScriptGroup(keptAcrossPages: false), world: world)
  }

  /// Creates a context in `group`, a group its owner keeps from page to page (see ``ScriptGroup/init()``); a
  /// page's frames then join it with ``init(name:sharingGroupWith:)``.
  public convenience init(name: String, in group: ScriptGroup, world: ScriptWorld = .main) {
    precondition(group.isOnCurrentThread, "ScriptContext '\(name)': a group serves the thread that made it")
    self.init(name: name, shared: group, world: world)
  }

  private init(name: String, shared: ScriptGroup, world: ScriptWorld) {
    self.name = name
    self.world = world
    self.shared = shared
    shared.openContexts += 1
    shared.openContextsByWorld[world.id, default: 0] += 1
    rawContext = JSGlobalContextCreateInGroup(shared.raw, shared.classes.global)
    JSString.withRef(name) { JSGlobalContextSetName(rawContext, $0) }
    JSObjectSetPrivate(JSContextGetGlobalObject(rawContext), Unmanaged.passUnretained(self).toOpaque())
    reference.object = self
  }

  deinit {
    // First, as a weak reference reads nil once deinit begins.
    reference.object = nil
    close()
  }

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
  /// With `keepCompiled`, the group parses `source` once and keeps it, keyed by `sourceURL`, for every later
  /// evaluation in any of its contexts: for the same scripts run on every page (the bindings' preludes, an extension's
  /// `Action.js`), which otherwise are converted to JSC's string and hashed again each time. A script that starts at
  /// another line than 1, or does not parse, is evaluated as without it.
  ///
  /// - Throws: ``ScriptError`` of kind `.syntax` when it does not parse, `.timeout` when the watchdog
  ///   stopped it, `.exception` when it threw.
  @discardableResult
  public func evaluate(
    _ source: String, sourceURL: String, startingLine: Int = 1, keepCompiled: Bool = false
  ) throws(ScriptError) -> ScriptValue {
    // A compiled script's errors count lines from 1 (JSScriptEvaluate ignores the starting line it was made with).
    if keepCompiled, startingLine == 1, let compiled = shared.compiledScript(source, sourceURL: sourceURL) {
      return try runningScript { () throws(ScriptError) in
        if nativeDepth == 0 { watchdogFired = false }
        var exception: JSValueRef? = nil
        let result = JSScriptEvaluate(raw, compiled, JSContextGetGlobalObject(raw), &exception)
        return try evaluated(result, exception)
      }
    }
    let script = JSString.create(source)
    let url = JSString.create(sourceURL)
    defer { JSStringRelease(script); JSStringRelease(url) }
    return try runningScript { () throws(ScriptError) in
      if nativeDepth == 0 { watchdogFired = false }
      var exception: JSValueRef? = nil
      let result = JSEvaluateScript(raw, script, nil, url, Int32(clamping: startingLine), &exception)
      return try evaluated(result, exception) { error in
        guard error.kind == .exception, error.name == "SyntaxError",
          !JSCheckScriptSyntax(raw, script, url, Int32(clamping: startingLine), nil)
        else { return }
        error.kind = .syntax
        error.file = error.file ?? sourceURL
        error.locateColumn(in: source, startingLine: startingLine)
      }
    }
  }

  /// The value of an evaluation, or its exception as a ``ScriptError`` (which `adjust` may correct first).
  private func evaluated(
    _ result: JSValueRef?, _ exception: JSValueRef?, adjust: (inout ScriptError) -> Void = { _ in }
  ) throws(ScriptError) -> ScriptValue {
    if let exception {
      var error = makeError(fromException: exception)
      adjust(&error)
      if nativeDepth == 0 { watchdogFired = false }
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
    functionPrototypeCache = nil
    shared.openContexts -= 1
    shared.openContextsByWorld[world.id, default: 1] -= 1
    if shared.openContexts == 0 {
      // A group of its own: no unprotecting, since the group's VM, and its heap with every wrapper, goes with this
      // context (below), and a locked hash-table removal per wrapper was a twentieth of a DOM walk over a large page.
      // A kept group outlives the page: its wrappers are unprotected, for the collector to take.
      shared.dropWrappers(unprotectingIn: shared.isKept ? ctx : nil)
    }
    for state in installed.values {
      JSValueUnprotect(ctx, state.prototype)
      JSValueUnprotect(ctx, state.constructor)
    }
    let instanceClasses = installed.values.map(\.instanceClass)
    installed = [:]
    lastInstalled = nil
    interfaceResolver = nil
    realmResolver = nil
    hostStates = [:]
    // JSC keeps the unhandled-rejection callback as a strong root in the global object: in a kept VM, that function
    // (and through it this realm) would never be collected. A function of the group's parking realm takes its place.
    if let parked = shared.parkedCallback { JSGlobalContextSetUnhandledRejectionCallback(ctx, parked, nil) }
    if shared.openContexts == 0 { shared.isKept ? shared.endPage(in: ctx) : shared.disarm() }
    JSObjectSetPrivate(JSContextGetGlobalObject(ctx), nil)
    isClosed = true
    JSGlobalContextRelease(ctx)
    // The group's last context: the VM goes now (finalizing what it still holds, native closures included), unless
    // the group is kept for the next page.
    if shared.openContexts == 0, !shared.isKept { shared.release() }
    instanceClasses.forEach(JSClassRelease)
  }

}

/// An object value; objects and other values share one type, ``ScriptValue``.
public typealias ScriptObject = ScriptValue

/// What the contexts of one JSC context group share: one JavaScriptCore VM, its heap, the wrapper classes and the
/// wrappers.
///
/// A context makes its own group, which goes with its last context (``ScriptContext/init(name:sharingGroupWith:)``).
/// A host that runs page after page on one thread keeps one instead (``init()``, then
/// ``ScriptContext/init(name:in:)`` for each page): a VM costs about a millisecond to make, and JavaScriptCore keeps
/// about a kilobyte of every VM it ever made. Each page still gets fresh global objects; when a page's last context
/// closes, its wrappers are unprotected and forgotten and the group's per-page state (watchdog, limits) is reset.
public final class ScriptGroup {
  // `@exclusivity(unchecked)` (here, on ScriptContext's resolvers and interface table, and on the DOM's node links):
  // state that every wrap or native call reads or writes, on the group's one thread, never inside an overlapping
  // access of the same property (no inout passes, no closures holding it), so the runtime's exclusivity check can
  // only cost: 76 instructions an access, about twenty accesses per text node a walk wraps and reads, 5% of what a
  // text walk over 10 bench pages adds to the no-op (callgrind profile, 2026-12-05). Swift's static checks still
  // apply.
  let raw: JSContextGroupRef
  /// A kept group's realm of its own (no ScriptContext), and a function of it that does nothing: what a closing
  /// context leaves as its unhandled-rejection callback, which JSC roots. Nil for a group that goes with its last
  /// context.
  let parkingRealm: JSGlobalContextRef?
  let parkedCallback: JSObjectRef?
  /// True for a group made with ``init()``, kept by its owner across pages.
  var isKept: Bool { parkingRealm != nil }
  /// True when no context of the group is open: a kept group is between pages and can take the next.
  public var isIdle: Bool { openContexts == 0 }
  let classes: NativeClasses
  /// The keys `name` and `length`, which every native function made in the group sets (kept by the group, on its
  /// thread, rather than made twice per function).
  let nameKey: JSStringRef
  let lengthKey: JSStringRef
  /// Scripts parsed once for the group (``ScriptContext/evaluate(_:sourceURL:startingLine:keepCompiled:)``), by URL.
  var compiledScripts: [String: CompiledScript] = [:]
  /// The one JS object of each wrapped Swift object, whichever realm made it, unless the object keeps it in its
  /// cache (``cachedRecords``); keeps both alive until the group's last context closes (a collectable wrapper: until
  /// the collector takes it).
  @exclusivity(unchecked) var wrappers: [WrapperKey: WrapperRecord] = [:]
  /// The records of kept wrappers that their objects' caches hold (``ScriptWrapperCaching``: a node's), instead of
  /// ``wrappers``: an append instead of hashing into a table that grows with the page. With the other changes of its
  /// commit, a batch page whose script reads the `data` of each of its 33,689 text nodes (2 MB) went from 150–163 to
  /// 135–146 ms.
  @exclusivity(unchecked) var cachedRecords: [WrapperRecord] = []
  /// How many records of caching objects are in ``wrappers`` (their cache held another group's record, or the wrapper
  /// is collectable); while none is, an object with an empty cache has no wrapper in the group. Only grows until
  /// ``dropWrappers(unprotectingIn:)``: a collected wrapper leaves it high, which costs a lookup, not a wrong answer.
  @exclusivity(unchecked) var cachingObjectsInTable = 0
  /// The records of wrappers whose JS object is not a wrapper-class instance (a fixed list's ordinary object, a
  /// legacy platform object's proxy), by that object; protected, so their addresses stay theirs while listed.
  @exclusivity(unchecked) var plainObjects: [JSObjectRef: WrapperRecord] = [:]
  /// The array (no prototype, protected) holding every wrapper the group keeps until its last context closes, and
  /// how many it holds (``keep(_:in:)``); nil before the first.
  @exclusivity(unchecked) var keeper: JSObjectRef?
  @exclusivity(unchecked) var keptCount = 0
  /// Collectable wrappers made and not yet collected, and made since the last full collection they caused.
  @exclusivity(unchecked) var liveCollectableWrappers = 0
  @exclusivity(unchecked) var collectableWrappersSinceCollection = 0
  /// Contexts made in the group and not yet closed.
  @exclusivity(unchecked) var openContexts = 0
  /// The same count for each world (``ScriptWorld/id``): while a realm is its world's only open one, no other realm
  /// can make its wrappers (``ScriptContext/realmResolver`` is not asked).
  @exclusivity(unchecked) var openContextsByWorld: [Int: Int] = [:]
  var watchdogFired = false
  @exclusivity(unchecked) var nativeDepth = 0
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
  var currentNativeCall: String? { currentNativeFunction?.name }
  /// The function behind ``currentNativeCall``, kept unretained: it is on the stack while set.
  @exclusivity(unchecked) unowned(unsafe) var currentNativeFunction: NativeFunction?
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
  /// This group, for what must not keep it alive (use it rather than a `weak` reference: see the type).
  let reference = ClearedReference<ScriptGroup>()

  /// A group to keep across pages on this thread (see the type's documentation).
  public convenience init() { self.init(keptAcrossPages: true) }

  init(keptAcrossPages: Bool) {
    raw = JSContextGroupCreate()
    if keptAcrossPages {
      parkingRealm = JSGlobalContextCreateInGroup(raw, nil)
      parkedCallback = JSObjectMakeFunctionWithCallback(parkingRealm, nil, parkedFunction)
      JSValueProtect(parkingRealm, parkedCallback)
    } else {
      parkingRealm = nil
      parkedCallback = nil
    }
    classes = NativeClasses()
    nameKey = JSStringCreateWithUTF8CString("name")
    lengthKey = JSStringCreateWithUTF8CString("length")
    // Eight times the size the scope has on the checked version, zeroed: if a later JavaScriptCore grows the class
    // (before the layout test catches it), its constructor writes into this block, not past it.
    microtaskGate = .allocate(capacity: 8)
    microtaskGate.initialize(repeating: WAMicrotaskDelayScope(vm: nil), count: 8)
    WAMicrotaskDelayScopeCreate(microtaskGate, raw)
    JSContextGroupAddHeapFinalizer(raw, heapFinalizerCallback, Unmanaged.passUnretained(self).toOpaque())
    reference.object = self
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

  /// True on the thread that made the group, the only one its contexts may be made and used on.
  public var isOnCurrentThread: Bool { pthread_equal(thread, pthread_self()) != 0 }

  /// Forgets every wrapper (the group's last context is closing). With `context`, a context of the group still
  /// open, protected wrappers are unprotected and detached from their records first, so the collector can take
  /// them and no callback reaches a released record; without, the VM is about to go with them.
  func dropWrappers(unprotectingIn context: JSGlobalContextRef?) {
    func drop(_ record: WrapperRecord) {
      // An exotic wrapper's class has callbacks: it is detached from its record. A plain wrapper's has none, so only
      // a script could reach its record, and no script of the page runs again (a cache miss per wrapper saved).
      guard context != nil, record.isProtected, record.proxyTarget != nil || record.interface.isExotic else { return }
      JSObjectSetPrivate(record.proxyTarget ?? record.jsObject, nil)
    }
    for record in cachedRecords {
      record.uncache()
      drop(record)
    }
    wrappers.values.forEach(drop)
    if let context, let keeper { JSValueUnprotect(context, keeper) }
    keeper = nil
    keptCount = 0
    wrappers = [:]
    cachedRecords = []
    cachingObjectsInTable = 0
    plainObjects = [:]
  }

  /// Keeps `object` (a protected wrapper) alive until ``dropWrappers(unprotectingIn:)``: it is appended to
  /// ``keeper``. One protected array instead of a `JSValueProtect` per wrapper, and a `JSValueUnprotect` per wrapper
  /// at the end of a kept group's page, took a tenth of a page's cost off a walk over every text node (an append is
  /// about 90 ns; a protection and its removal about 340 ns, each taking JSC's lock and its protected-values table).
  func keep(_ object: JSObjectRef, in context: JSGlobalContextRef) {
    let keeper = self.keeper ?? makeKeeper(in: context)
    JSObjectSetPropertyAtIndex(context, keeper, UInt32(keptCount), object, nil)
    keptCount += 1
  }

  private func makeKeeper(in context: JSGlobalContextRef) -> JSObjectRef {
    // No prototype: an indexed setter a page defined must not take a put (the wrapper would then be kept by nothing,
    // and collected while its record points to it).
    let array = ScriptContext.makeBareArray(in: context)
    JSValueProtect(context, array)
    keeper = array
    return array
  }

  /// A kept group's page ended (its last context is closing; `context` is still open): the watchdog, limits and
  /// stop state are reset for the next page, and a full collection takes the page before it (this one's objects are
  /// still referenced until the context is released). Collecting every page keeps a worker's memory flat (61.2 MB
  /// from page 50 to page 3,000 of a 134 KB page); JSC's own heuristics, told with `JSGarbageCollect`, let it
  /// grow to 80 MB, in the same time.
  func endPage(in context: JSGlobalContextRef) {
    executionTimeLimit = nil
    JSContextGroupClearExecutionTimeLimit(raw)
    memoryLimit = nil
    memoryLimitExceeded = nil
    memoryThreshold = 0
    watchdogFired = false
    scriptDeadline = nil
    stoppedNativeCall = nil
    currentNativeFunction = nil
    JSSynchronousGarbageCollectForDebugging(context)
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
    // Before the group: releasing a compiled script takes its VM's lock.
    forgetCompiledScripts()
    // Dropped without draining: the count goes up first, so the scope's destructor does not run what is still queued.
    WAMicrotaskDelayScopeIncrement(microtaskGate)
    WAMicrotaskDelayScopeDestroy(microtaskGate)
    microtaskGate.deallocate()
    if let parkingRealm {
      JSValueUnprotect(parkingRealm, parkedCallback)
      JSGlobalContextRelease(parkingRealm)
    }
    JSContextGroupRelease(raw)
    classes.release()
    JSStringRelease(nameKey)
    JSStringRelease(lengthKey)
  }

  deinit {
    reference.object = nil
    release()
  }
}
