import JSBridge

extension Window {
  /// Reports an uncaught exception: fires an `error` event at the window, then logs it unless a listener cancelled it.
  ///
  /// https://html.spec.whatwg.org/#report-an-exception (for a page script, a timer, a microtask or an event listener)
  /// The event carries `message`, `filename`, `lineno`, `colno` and `error` (the thrown value), as an `ErrorEvent`.
  public func reportException(_ thrown: any Error) {
    let error = thrown as? ScriptError ?? ScriptError(message: "\(thrown)")
    // Step 2: an exception thrown while the error event is being handled is not reported again as an event.
    guard !isReportingException, error.kind != .timeout, let reporter = exceptionReporter?.value else {
      emit(.error, "Uncaught \(error)")
      return
    }
    isReportingException = true
    defer { isReportingException = false }
    // Steps 3-6: message, location, the thrown value.
    let message = "Uncaught " + (error.name.map { "\($0): " } ?? "") + error.message
    let value = error.value?.value ?? context.makeUndefined()
    let notCancelled: Bool
    do {
      notCancelled = try reporter.call(args: [
        value, context.makeString(message), context.makeString(error.file ?? ""),
        context.makeNumber(Double(error.line ?? 0)), context.makeNumber(Double(error.column ?? 0)),
      ]).toBool()
    } catch {
      notCancelled = true
    }
    // Step 7: not handled, so the developer console shows it.
    if notCancelled { emit(.error, "Uncaught \(error)") }
  }
}
