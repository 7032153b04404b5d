/// The request an extension is handling (Apple's `NSExtensionContext`), and the host's handle on its outcome.
///
/// Thread-safe: an extension may complete or cancel from any thread. The host typically waits on the main thread
/// with `waitRunningMainRunLoop(timeout:)`, so that extensions that hop through `DispatchQueue.main.async` or
/// `OperationQueue.main.addOperation` (as Apple's template does) make progress.
public final class ExtensionContext: @unchecked Sendable {
  /// How a request ended.
  public enum Outcome: Sendable {
    /// `completeRequest(returningItems:)` was called with these items (empty when it passed nil).
    case completed([ExtensionItem])
    /// `cancelRequest(withError:)` was called.
    case cancelled(any Error)
  }

  /// The items the host passed in; `[Any]` like Apple's, so `context.inputItems as! [ExtensionItem]` ports.
  public let inputItems: [Any]

  private let lock = NSCondition()
  private var recordedOutcome: Outcome?
  private var recordedDiagnostics: [String] = []
  private var recordedOpenedURLs: [URL] = []
  private var observers: [@Sendable (Outcome) -> Void] = []

  /// Makes a context for a request (host side).
  public init(inputItems: [ExtensionItem]) {
    self.inputItems = inputItems
  }

  /// The outcome, once the extension completed or cancelled; nil before.
  public var outcome: Outcome? {
    lock.lock()
    defer { lock.unlock() }
    return recordedOutcome
  }

  /// Warnings about misuse, for example a second `completeRequest`; the host shows them to the user.
  public var diagnostics: [String] {
    lock.lock()
    defer { lock.unlock() }
    return recordedDiagnostics
  }

  /// The URLs the extension asked to open with ``open(_:completionHandler:)``, in order.
  public var openedURLs: [URL] {
    lock.lock()
    defer { lock.unlock() }
    return recordedOpenedURLs
  }

  /// Asks the host to open `url` (Apple's `open(_:completionHandler:)`).
  ///
  /// Apple lets only some extension points open URLs (Today widgets and iMessage apps, not Action extensions), so a
  /// webaction host never opens one: it records the URL, reports it with the run's results, and calls
  /// `completionHandler` with `false`, on the calling thread, before this returns.
  public func open(_ url: URL, completionHandler: ((Bool) -> Void)? = nil) {
    lock.lock()
    recordedOpenedURLs.append(url)
    lock.unlock()
    completionHandler?(false)
  }

  /// Ends the request, returning `items` (Apple: `[NSExtensionItem]`) to the host.
  ///
  /// `completionHandler` is called with `true` once the host recorded the items, on the calling thread, before this
  /// returns. Items that are not `ExtensionItem`s are dropped with a diagnostic. A second completion or cancellation
  /// is ignored, with a diagnostic, and its handler gets `false`.
  public func completeRequest(returningItems items: [Any]?, completionHandler: ((Bool) -> Void)? = nil) {
    var extensionItems: [ExtensionItem] = []
    var problems: [String] = []
    for (index, item) in (items ?? []).enumerated() {
      if let item = item as? ExtensionItem {
        extensionItems.append(item)
      } else {
        problems.append(
          "completeRequest(returningItems:): item \(index) is a \(type(of: item)), not an ExtensionItem; it was ignored")
      }
    }
    let accepted = record(.completed(extensionItems), by: "completeRequest(returningItems:)", problems: problems)
    completionHandler?(accepted)
  }

  /// Ends the request with an error (Apple: `cancelRequest(withError:)`).
  public func cancelRequest(withError error: any Error) {
    _ = record(.cancelled(error), by: "cancelRequest(withError:)", problems: [])
  }

  /// Calls `handler` once with the outcome: at once when there is one already, else when it is recorded,
  /// on the thread that records it.
  public func onOutcome(_ handler: @escaping @Sendable (Outcome) -> Void) {
    lock.lock()
    if let outcome = recordedOutcome {
      lock.unlock()
      handler(outcome)
      return
    }
    observers.append(handler)
    lock.unlock()
  }

  /// Waits until the request ends or `timeout` seconds pass, calling `pumping` repeatedly meanwhile.
  ///
  /// `pumping` should do a bounded amount of work and return, for example run the main run loop for a few
  /// milliseconds. Returns the outcome, or nil on timeout.
  public func wait(timeout: TimeInterval, pumping: () -> Void) -> Outcome? {
    let deadline = Date(timeIntervalSinceNow: timeout)
    while true {
      if let outcome { return outcome }
      if Date() >= deadline { return nil }
      pumping()
    }
  }

  /// Waits on the main thread, running `RunLoop.main` (which also drains `DispatchQueue.main` and
  /// `OperationQueue.main`) until the request ends or `timeout` seconds pass; nil on timeout.
  public func waitRunningMainRunLoop(timeout: TimeInterval) -> Outcome? {
    let deadline = Date(timeIntervalSinceNow: timeout)
    return wait(timeout: timeout) {
      // Completion from another thread enqueues a no-op on the main queue (see `record`), which wakes this run.
      let slice = min(deadline, Date(timeIntervalSinceNow: 0.05))
      _ = RunLoop.main.run(mode: .default, before: slice)
    }
  }

  /// Blocks the calling thread (not the main run loop) until the request ends or `timeout` passes; nil on timeout.
  /// Use it off the main thread, or for extensions that do not rely on the main queue.
  public func waitBlocking(timeout: TimeInterval) -> Outcome? {
    let deadline = Date(timeIntervalSinceNow: timeout)
    lock.lock()
    defer { lock.unlock() }
    while recordedOutcome == nil {
      if !lock.wait(until: deadline) { break }
    }
    return recordedOutcome
  }

  private func record(_ outcome: Outcome, by call: String, problems: [String]) -> Bool {
    lock.lock()
    recordedDiagnostics += problems
    guard recordedOutcome == nil else {
      let first = if case .completed = recordedOutcome! { "completed" } else { "cancelled" }
      recordedDiagnostics.append("\(call) was called after the request had already \(first); the second call was ignored")
      lock.unlock()
      return false
    }
    recordedOutcome = outcome
    let toNotify = observers
    observers = []
    lock.broadcast()
    lock.unlock()
    for observer in toNotify { observer(outcome) }
    if !Thread.isMainThread { DispatchQueue.main.async {} }
    return true
  }
}
