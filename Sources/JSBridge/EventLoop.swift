import CJavaScriptCore

/// How a run of the event loop ended.
public enum RunOutcome: Equatable, Sendable {
  /// The condition became true.
  case conditionMet
  /// Nothing is pending (no timers; microtasks drained) and the condition is still false.
  case idle
  /// The deadline came (or nothing can run before it) with the condition still false.
  case timedOut
  /// ``EventLoop/turnLimit`` timer callbacks ran with the condition still false (an endless timer chain?); the
  /// timers are still pending.
  case turnLimitReached
}

/// Timers and microtasks for one ``ScriptContext``, driven on its thread.
///
/// HTML timer semantics (https://html.spec.whatwg.org/multipage/timers-and-user-prompts.html#timers):
/// negative or NaN delays count as 0; timers run ordered by due time, then by the order they were set;
/// nesting clamps are not applied. Microtasks go through JSC's own promise job queue, which JSBridge drains
/// each time a call from Swift into JS returns (``ScriptContext/performMicrotaskCheckpoint()``), so
/// `Promise.resolve().then(f)` runs before `setTimeout(g, 0)`.
///
/// Runaway scripts: the context's watchdog stops one callback, or one microtask checkpoint, that runs too long; an
/// endless chain of timers ends at the deadline of ``runUntil(deadline:condition:)`` or after ``turnLimit`` callbacks,
/// whichever comes first.
public final class EventLoop {
  /// Receives exceptions thrown by timer callbacks and microtasks, and unhandled promise rejections (kind
  /// ``ScriptError/Kind/unhandledRejection``) that ``onUnhandledRejection`` did not take.
  public var onUncaughtException: ((ScriptError) -> Void)?
  /// Sees each promise still rejected without a handler at the end of a microtask checkpoint, with its reason,
  /// before it is reported (https://html.spec.whatwg.org/#notify-about-rejected-promises): answers true when it
  /// was handled there (an `unhandledrejection` listener canceled it), false to report it to ``onUncaughtException``.
  public var onUnhandledRejection: ((_ promise: ScriptValue, _ reason: ScriptValue) -> Bool)?
  /// The loop's time source.
  public let clock: EventLoopClock
  /// The most timer callbacks one ``runUntil(deadline:condition:)`` runs before it stops with
  /// ``RunOutcome/turnLimitReached``. A browser clamps nested zero-delay timers to 4 ms (at most 250 a second); this
  /// loop does not, so a `setTimeout(f, 0)` chain would otherwise spin, hundreds of thousands of times a second, until
  /// its deadline.
  public var turnLimit = 100_000
  private var contextReference: ClearedReference<ScriptContext>?
  private var context: ScriptContext? { contextReference?.object }
  private var timers: [Int: Timer] = [:]
  private var nextID = 1
  private var nextSequence = 0
  /// The `queueMicrotask` function installed on the context (kept even if a script replaces the global).
  private var microtaskQueuer: ProtectedValue?
  /// Microtasks queued from Swift while no script was running, queued for real at the next checkpoint.
  private var deferredMicrotasks: [() -> Void] = []

  private final class Timer {
    let id: Int
    let callback: ProtectedValue
    /// The realm whose script (or host code) set the timer: cleared with it (``cancelTimers(of:)``).
    var realmReference: ClearedReference<ScriptContext>?
    let arguments: [ProtectedValue]
    let interval: Double?
    var due: Double
    var sequence: Int
    init(id: Int, callback: ProtectedValue, arguments: [ProtectedValue], interval: Double?, due: Double, sequence: Int) {
      self.id = id
      self.callback = callback
      self.arguments = arguments
      self.interval = interval
      self.due = due
      self.sequence = sequence
    }
  }

  /// Creates a loop on `clock` (a ``ManualClock`` in tests).
  public init(clock: EventLoopClock = RealClock()) { self.clock = clock }

  /// The number of pending timers.
  public var pendingTimerCount: Int { timers.count }

  /// Adds `setTimeout`, `setInterval`, `clearTimeout`, `clearInterval` and `queueMicrotask` to the
  /// context's global object, and routes unhandled promise rejections to ``onUncaughtException``.
  ///
  /// A page's frames are realms of one group on one thread, so one loop serves them all: install it on each.
  /// The first context stays the loop's own (Swift microtasks queue through it; a string timer handler is
  /// compiled there).
  public func install(on context: ScriptContext) throws(ScriptError) {
    let isFirst = self.context == nil || self.context?.isClosed == true
    if isFirst { contextReference = context.reference }
    let global = context.global
    let hidden = JSPropertyAttributes(kJSPropertyAttributeDontEnum)
    try context.define(global, "setTimeout", context.makeFunction(name: "setTimeout", length: 1) { [weak self] args in
      guard let self else { return args.context.makeUndefined() }
      return args.context.makeNumber(try self.schedule(args, repeating: false))
    }, attributes: hidden)
    try context.define(global, "setInterval", context.makeFunction(name: "setInterval", length: 1) { [weak self] args in
      guard let self else { return args.context.makeUndefined() }
      return args.context.makeNumber(try self.schedule(args, repeating: true))
    }, attributes: hidden)
    for name in ["clearTimeout", "clearInterval"] {
      try context.define(global, name, context.makeFunction(name: name, length: 0) { [weak self] args in
        if let id = args.optionalInt(0) { self?.cancel(id) }
        return args.context.makeUndefined()
      }, attributes: hidden)
    }
    let report = context.makeFunction(name: "reportError", length: 1) { [weak self] args in
      self?.report(args.context.makeError(fromThrown: args.value(0)))
      return args.context.makeUndefined()
    }
    let resolved = try context.global.property("Promise").property("resolve").call(
      this: context.global.property("Promise"), args: [])
    let queueMicrotask = try context.helper("queueMicrotask").call(args: [resolved, report])
    try context.define(global, "queueMicrotask", queueMicrotask, attributes: hidden)
    if isFirst { microtaskQueuer = ProtectedValue(queueMicrotask) }
    let onRejection = context.makeFunction(name: "onUnhandledRejection", length: 2) { [weak self] args in
      guard let self, self.onUnhandledRejection?(args.value(0), args.value(1)) != true else {
        return args.context.makeUndefined()
      }
      var error = args.context.makeError(fromThrown: args.value(1))
      error.kind = .unhandledRejection
      error.message = "Unhandled promise rejection: \(error.message)"
      self.report(error)
      return args.context.makeUndefined()
    }
    try context.checked { JSGlobalContextSetUnhandledRejectionCallback(context.raw, onRejection.object, $0) }
  }

  /// `setTimeout`/`setInterval`: step 1-5 of the timer initialization steps, without nesting clamps.
  private func schedule(_ args: Arguments, repeating: Bool) throws(ScriptError) -> Int {
    // Step 1. A non-callable handler is compiled as script source when the timer fires.
    let handler = args.value(0)
    let callback = handler.isFunction ? handler : args.context.makeString(try handler.toString())
    // Step 2. Negative or NaN timeouts become 0.
    var delay = args.optionalDouble(1) ?? 0
    if !(delay >= 0) { delay = 0 }
    let id = nextID
    nextID += 1
    let timer = Timer(
      id: id, callback: ProtectedValue(callback), arguments: args.rest(from: 2).map(ProtectedValue.init),
      interval: repeating ? delay / 1000 : nil, due: clock.now + delay / 1000, sequence: takeSequence())
    timer.realmReference = args.context.reference
    timers[id] = timer
    return id
  }

  /// Runs `callback` (a JS function) once after `milliseconds`, as `setTimeout` would, without going through
  /// the global (a script may have replaced it); returns the timer id.
  @discardableResult
  public func schedule(_ callback: ScriptValue, afterMilliseconds milliseconds: Double) -> Int {
    let delay = milliseconds >= 0 ? milliseconds : 0
    let id = nextID
    nextID += 1
    let timer = Timer(
      id: id, callback: ProtectedValue(callback), arguments: [], interval: nil, due: clock.now + delay / 1000,
      sequence: takeSequence())
    timer.realmReference = callback.context.reference
    timers[id] = timer
    return id
  }

  /// True while timer `id` is pending (not yet fired, cleared or cancelled).
  public func isScheduled(_ id: Int) -> Bool { timers[id] != nil }

  /// Cancels timer `id` (nothing happens when it is not pending).
  public func cancel(_ id: Int) { timers[id] = nil }

  /// Cancels every pending timer set in `realm` (a frame whose iframe left the document: its global's timers
  /// are cleared, https://html.spec.whatwg.org/#unload-a-document).
  public func cancelTimers(of realm: ScriptContext) {
    timers = timers.filter { $0.value.realmReference?.object !== realm }
  }

  private func takeSequence() -> Int {
    nextSequence += 1
    return nextSequence
  }

  /// The timer that runs next: earliest due time, then earliest set.
  private var nextTimer: Timer? {
    timers.values.min { ($0.due, $0.sequence) < ($1.due, $1.sequence) }
  }

  /// Queues `body` as a microtask (https://html.spec.whatwg.org/#queue-a-microtask), in JSC's queue with
  /// promise jobs: it runs when the script that is running returns, before any timer.
  ///
  /// Queued from Swift while no script runs (a host-side DOM change), it waits for the next
  /// ``performMicrotaskCheckpoint()`` rather than running inside the Swift caller.
  public func queueMicrotask(_ body: @escaping () -> Void) {
    guard let context, !context.isClosed else { return }
    guard context.nativeDepth > 0 else {
      deferredMicrotasks.append(body)
      return
    }
    enqueue(body, in: context)
  }

  /// Runs the microtasks queued from Swift outside scripts (https://html.spec.whatwg.org/#perform-a-microtask-checkpoint).
  /// ``runUntil(deadline:condition:)`` does it before each timer.
  public func performMicrotaskCheckpoint() {
    guard let context, !context.isClosed else { return }
    let bodies = deferredMicrotasks
    deferredMicrotasks = []
    // Each call from Swift into JS drains JSC's queue when it returns, so each body runs here.
    for body in bodies { enqueue(body, in: context) }
    // What was queued outside a call (a getter the host read, say) runs now.
    do { try context.performMicrotaskCheckpoint() } catch { report(error) }
  }

  private func enqueue(_ body: @escaping () -> Void, in context: ScriptContext) {
    guard let queuer = microtaskQueuer, queuer.isAlive else { return }
    let task = context.makeFunction(name: "microtask", length: 0) { args in
      body()
      return args.context.makeUndefined()
    }
    do {
      try queuer.value.call(args: [task])
    } catch {
      report(error)
    }
  }

  /// Runs timers (waiting on the clock between them) until `condition` holds, nothing is pending,
  /// or no timer is due by `deadline` (clock seconds). Returns as soon as the outcome is known.
  public func runUntil(deadline: Double, condition: () -> Bool = { false }) -> RunOutcome {
    var turns = 0
    while true {
      performMicrotaskCheckpoint()
      if condition() { return .conditionMet }
      guard let context, !context.isClosed, let timer = nextTimer else { return .idle }
      if timer.due > deadline { return .timedOut }
      if turns == turnLimit { return .turnLimitReached }
      turns += 1
      clock.sleep(until: timer.due)
      fire(timer, in: context)
    }
  }

  /// Runs timers until none is pending or none is due by `deadline`.
  @discardableResult
  public func drain(until deadline: Double) -> RunOutcome { runUntil(deadline: deadline) }

  /// Runs one timer callback, reporting what it throws, and re-arms intervals.
  private func fire(_ timer: Timer, in context: ScriptContext) {
    if let interval = timer.interval {
      timer.due = clock.now + interval
      timer.sequence = takeSequence()
    } else {
      timers[timer.id] = nil
    }
    do {
      let callback = timer.callback.value
      if callback.isFunction {
        try callback.call(this: context.global, args: timer.arguments.map(\.value))
      } else {
        try context.evaluate(try callback.toString(), sourceURL: "timer-\(timer.id)")
      }
    } catch {
      report(error)
    }
  }

  private func report(_ error: ScriptError) {
    onUncaughtException?(error)
  }

  /// Cancels all timers (their callbacks are unprotected).
  public func cancelAll() { timers = [:] }
}

extension ScriptContext {
  /// A ``ScriptError`` describing any thrown JS value (used for values reported rather than thrown).
  public func makeError(fromThrown value: ScriptValue) -> ScriptError {
    makeError(fromException: value.raw)
  }
}
