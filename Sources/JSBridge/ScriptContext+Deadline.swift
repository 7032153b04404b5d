import CJavaScriptCore
import Glibc

/// The watchdog for native calls.
///
/// JSC's watchdog stops JavaScript at its next check, so a long native call (one `querySelectorAll` over a huge tree)
/// runs to its end, however long. Each script (a call from Swift into JS, a microtask checkpoint) therefore gets a
/// deadline: its start plus ``executionTimeLimit``, in the thread's CPU time as JSC counts it. Long native operations
/// poll ``isPastScriptDeadline`` (DOMBindings hands it to the DOM's `Interruption`) and end early once it is true; the
/// call then throws the watchdog's error instead of returning, JSC's watchdog is set to zero so the script stops at
/// its next check (a `catch` cannot keep it going), and the script's caller gets a ``ScriptError/Kind/timeout`` error
/// naming the call.
extension ScriptContext {
  /// True when the running script has used up its time: a long native operation should stop now. The first true
  /// answer stops the script (see above); between scripts it is false.
  public var isPastScriptDeadline: Bool {
    guard let deadline = shared.scriptDeadline else { return false }
    if shared.stoppedNativeCall != nil { return true }
    guard ScriptGroup.cpuSeconds() > deadline else { return false }
    shared.stoppedNativeCall = shared.currentNativeCall ?? "a native property"
    shared.stopScripts()
    return true
  }

  /// Runs `body` as one script for the watchdog: sets the deadline, turns a native call stopped at it into the
  /// script's error, and afterwards gives the watchdog its own limit back after a stop (native call or memory).
  func supervised<R>(_ body: () throws(ScriptError) -> R) throws(ScriptError) -> R {
    shared.scriptDeadline = executionTimeLimit.map { ScriptGroup.cpuSeconds() + $0 }
    defer {
      shared.scriptDeadline = nil
      if shared.stoppedNativeCall != nil, shared.memoryLimitExceeded == nil {
        shared.stoppedNativeCall = nil
        shared.armWatchdog()
        absorbPendingTermination()
      }
      recoverFromMemoryStop()
    }
    let outcome: Result<R, ScriptError>
    do { outcome = .success(try body()) } catch { outcome = .failure(error) }
    if let stopped = nativeCallTimeout() {
      watchdogFired = false
      throw stopped
    }
    return try outcome.get()
  }

  /// A script stopped while JS caught the native call's error can leave JSC's termination pending, to be thrown by
  /// the next script from Swift (seen once, then never): an empty script takes it.
  func absorbPendingTermination() {
    let empty = JSString.create("")
    defer { JSStringRelease(empty) }
    var exception: JSValueRef? = nil
    JSEvaluateScript(raw, empty, nil, nil, 1, &exception)
    watchdogFired = false
  }

  /// The error of a native call stopped at the deadline, while its script runs; nil otherwise.
  func nativeCallTimeout() -> ScriptError? {
    guard let call = shared.stoppedNativeCall else { return nil }
    let limit = executionTimeLimit.map { " of \(Self.seconds($0))" } ?? ""
    return ScriptError(
      kind: .timeout, name: "TimeoutError",
      message: "script stopped: it ran past the execution time limit\(limit) inside \(call) (a long native call, cut short)")
  }
}

extension ScriptGroup {
  /// The current thread's CPU time in seconds (what JSC's watchdog counts).
  static func cpuSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
  }
}
