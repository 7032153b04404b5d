import CJavaScriptCore

/// Microtask checkpoints under the watchdog.
///
/// JSC drains its microtask queue (promise reactions, `queueMicrotask` callbacks) when a call from C into JS returns
/// and releases the API lock: outside any script, so each microtask is a script of its own for the watchdog, and an
/// endless chain (`function f() { Promise.resolve().then(f) }`) of short ones never ends. A ``ScriptGroup`` therefore
/// holds the queue shut (``ScriptGroup/microtaskGate``), and JSBridge drains it itself after every call from Swift
/// into JS made while no script runs (https://html.spec.whatwg.org/#clean-up-after-running-script): from inside a
/// native function, so the whole checkpoint is one script for the watchdog, which stops it after
/// ``ScriptContext/executionTimeLimit`` as it stops a loop.
extension ScriptContext {
  /// Runs `body`, a call from Swift into JS, then, when no script was running, the microtask checkpoint after it.
  ///
  /// - Throws: what `body` threw; a ``ScriptError`` of kind `.timeout` when the watchdog stopped the checkpoint
  ///   (that wins over the call's own error: the runaway is what must be reported).
  func runningScript<R>(_ body: () throws(ScriptError) -> R) throws(ScriptError) -> R {
    guard nativeDepth == 0, !shared.isPerformingMicrotaskCheckpoint else { return try body() }
    watchdogFired = false
    let outcome: Result<R, ScriptError>
    do { outcome = .success(try supervised(body)) } catch { outcome = .failure(error) }
    watchdogFired = false
    try performMicrotaskCheckpoint()
    return try outcome.get()
  }

  /// Runs `body`, which calls from Swift into JS many times (converting a value property by property), as one script:
  /// one deadline for the native-call watchdog and one microtask checkpoint after it, instead of one of each per
  /// call (a deadline reads the thread's CPU clock, a system call, and a checkpoint is a call into JS). Inside a
  /// script, it just runs `body`.
  public func runAsOneScript<R>(_ body: () throws -> R) throws -> R {
    guard nativeDepth == 0, !shared.isPerformingMicrotaskCheckpoint else { return try body() }
    var thrown: (any Error)?
    let result = try runningScript { () throws(ScriptError) -> R? in
      // The calls in `body` see a native call under way, as they would inside a script: they run as they are.
      nativeDepth += 1
      defer { nativeDepth -= 1 }
      do { return try body() } catch let error as ScriptError { throw error } catch {
        thrown = error
        return nil
      }
    }
    if let thrown { throw thrown }
    return result!
  }

  /// Runs every queued microtask, and those they queue, until the queue is empty
  /// (https://html.spec.whatwg.org/#perform-a-microtask-checkpoint). Does nothing while a script runs (the checkpoint
  /// comes when it returns) or during a checkpoint.
  ///
  /// - Throws: ``ScriptError`` of kind `.timeout` when the microtasks ran past ``executionTimeLimit`` and the watchdog
  ///   stopped them (what was still queued is dropped).
  public func performMicrotaskCheckpoint() throws(ScriptError) {
    guard !isClosed, nativeDepth == 0, !shared.isPerformingMicrotaskCheckpoint else { return }
    shared.isPerformingMicrotaskCheckpoint = true
    defer { shared.isPerformingMicrotaskCheckpoint = false }
    watchdogFired = false
    let drain = microtaskDrain()
    var exception: JSValueRef? = nil
    _ = try supervised { () throws(ScriptError) in JSObjectCallAsFunction(raw, drain.object, nil, 0, nil, &exception) }
    guard let exception else { return }
    var error = makeError(fromException: exception)
    watchdogFired = false
    if error.kind == .timeout {
      let limit = executionTimeLimit.map { " of \(Self.seconds($0))" } ?? ""
      error.message = "microtasks stopped: promise reactions and queueMicrotask callbacks ran past the execution time limit\(limit) without the queue emptying (an endless promise chain?)"
    }
    throw error
  }

  /// The native function that opens the gate (JSC drains the queue inside it) and shuts it again.
  private func microtaskDrain() -> ScriptValue {
    if let made = helperFunctions["microtaskDrain"] { return made.value }
    let gate = shared.microtaskGate
    let drain = makeFunction(name: "microtaskCheckpoint", length: 0) { args in
      WAMicrotaskDelayScopeDecrement(gate)
      WAMicrotaskDelayScopeIncrement(gate)
      return args.context.makeUndefined()
    }
    helperFunctions["microtaskDrain"] = ProtectedValue(drain)
    return drain
  }

  static func seconds(_ value: Double) -> String {
    value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
  }
}
