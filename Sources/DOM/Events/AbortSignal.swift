/// An abort signal (https://dom.spec.whatwg.org/#interface-AbortSignal): aborted once, with a reason, it runs its
/// abort algorithms and fires `abort`.
///
/// The reason is an opaque object the bindings keep alive (a JS value); DOM only passes it on.
public final class AbortSignal: EventTarget {
  /// True once the signal is aborted.
  public private(set) var isAborted = false
  /// Why it was aborted (nil until then).
  public private(set) var reason: AnyObject?
  /// https://dom.spec.whatwg.org/#abortsignal-abort-algorithms, keyed so they can be removed.
  private var algorithms: [(id: Int, run: () -> Void)] = []
  private var nextAlgorithmID = 0
  /// https://dom.spec.whatwg.org/#abortsignal-dependent
  public private(set) var isDependent = false
  /// https://dom.spec.whatwg.org/#abortsignal-source-signals (weak, as the spec's weak set).
  private var sourceSignals: [WeakSignal] = []
  /// https://dom.spec.whatwg.org/#abortsignal-dependent-signals
  private var dependentSignals: [AbortSignal] = []

  private struct WeakSignal { weak var signal: AbortSignal? }

  /// A signal that is not aborted.
  public override init() {}

  /// A signal already aborted with `reason` (`AbortSignal.abort(reason)`).
  public init(abortedWith reason: AnyObject) {
    isAborted = true
    self.reason = reason
  }

  /// Adds an algorithm run when the signal aborts; returns a key for ``removeAlgorithm(_:)``.
  ///
  /// https://dom.spec.whatwg.org/#abortsignal-add
  @discardableResult
  public func addAlgorithm(_ run: @escaping () -> Void) -> Int {
    nextAlgorithmID += 1
    if !isAborted { algorithms.append((nextAlgorithmID, run)) }
    return nextAlgorithmID
  }

  /// https://dom.spec.whatwg.org/#abortsignal-remove
  public func removeAlgorithm(_ id: Int) { algorithms.removeAll { $0.id == id } }

  /// Aborts the signal with `reason` and, after it, the signals that depend on it.
  ///
  /// https://dom.spec.whatwg.org/#abortsignal-signal-abort
  public func signalAbort(reason: AnyObject) {
    // Step 1.
    if isAborted { return }
    // Step 2.
    isAborted = true
    self.reason = reason
    // Steps 3-4.
    var dependentsToAbort: [AbortSignal] = []
    for dependent in dependentSignals where !dependent.isAborted {
      dependent.isAborted = true
      dependent.reason = reason
      dependentsToAbort.append(dependent)
    }
    // Step 5.
    runAbortSteps()
    // Step 6.
    for dependent in dependentsToAbort { dependent.runAbortSteps() }
  }

  /// https://dom.spec.whatwg.org/#run-the-abort-steps
  private func runAbortSteps() {
    // Steps 1-2.
    let pending = algorithms
    algorithms = []
    for algorithm in pending { algorithm.run() }
    // Step 3.
    fireEvent("abort")
  }

  /// A signal aborted when any of `signals` is (`AbortSignal.any`).
  ///
  /// https://dom.spec.whatwg.org/#create-a-dependent-abort-signal
  public static func dependent(on signals: [AbortSignal]) -> AbortSignal {
    // Step 1.
    let result = AbortSignal()
    // Step 2.
    if let aborted = signals.first(where: { $0.isAborted }) {
      result.isAborted = true
      result.reason = aborted.reason
      return result
    }
    // Step 3.
    result.isDependent = true
    // Step 4.
    for signal in signals {
      let sources = signal.isDependent ? signal.sourceSignals.compactMap(\.signal) : [signal]
      for source in sources where !result.sourceSignals.contains(where: { $0.signal === source }) {
        result.sourceSignals.append(WeakSignal(signal: source))
        source.dependentSignals.append(result)
      }
    }
    return result
  }
}
