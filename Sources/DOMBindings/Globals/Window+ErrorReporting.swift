import DOM
import JSBridge

/// Uncaught exceptions and unhandled promise rejections: an `error` or `unhandledrejection` event at the window
/// first, then (unless a listener canceled it) the console.
extension Window {
  /// Routes the event loop's unhandled rejections through ``reportUnhandledRejection(promise:reason:)``.
  func installErrorReporting() {
    eventLoop.onUnhandledRejection = { [weak self] promise, reason in
      self?.reportUnhandledRejection(promise: promise, reason: reason) ?? false
    }
  }

  /// Reports an exception a listener, handler, timer or script threw: an `ErrorEvent` at the window, then (unless
  /// a listener canceled it) "Uncaught …" on the console.
  ///
  /// https://html.spec.whatwg.org/multipage/webappapis.html#report-an-exception
  ///
  /// A watchdog or memory-limit stop (a runaway script) is not an exception of the page: it only goes to the console, as does an
  /// exception thrown while the `error` event is dispatched (step 2). An unhandled rejection the loop reports here
  /// has had its `unhandledrejection` event already: it only goes to the console.
  public func reportException(_ error: any Error) {
    let scriptError = error as? ScriptError
    if scriptError?.kind == .unhandledRejection { return emit(.error, "\(error)") }
    let text = "Uncaught \(error)"
    guard !isReportingException, scriptError?.kind != .timeout, scriptError?.kind != .memoryLimit else { return emit(.error, text) }
    let message = scriptError.map { error in
      "Uncaught " + (error.name.map { "\($0): \(error.message)" } ?? error.message)
    } ?? text
    var values: [String: DictionaryEvent.Value] = [
      "message": .string(message), "filename": .string(scriptError?.file ?? ""),
      "lineno": .number(Double(scriptError?.line ?? 0)), "colno": .number(Double(scriptError?.column ?? 0)),
    ]
    if let thrown = scriptError?.value {
      values["error"] = .opaque(thrown)
    } else if let scriptError {
      // An error made in Swift (a handleEvent that is not callable...) becomes the JS error it would throw.
      let made = context.makeError(name: scriptError.name ?? "Error", message: scriptError.message)
      values["error"] = .opaque(ProtectedValue(made))
    }
    let event = DictionaryEvent(interface: "ErrorEvent", type: "error", cancelable: true, values: values)
    isReportingException = true
    let notCanceled = fireEvent(event)
    isReportingException = false
    if notCanceled { emit(.error, text) }
  }

  /// Fires `unhandledrejection` (a cancelable `PromiseRejectionEvent`) at the window for a promise rejected with
  /// no handler; true when a listener canceled it (the rejection is then not reported).
  ///
  /// https://html.spec.whatwg.org/multipage/webappapis.html#notify-about-rejected-promises step 4.2.
  /// `rejectionhandled` is not fired: JavaScriptCore does not say when a handler is attached later.
  func reportUnhandledRejection(promise: ScriptValue, reason: ScriptValue) -> Bool {
    let event = DictionaryEvent(
      interface: "PromiseRejectionEvent", type: "unhandledrejection", cancelable: true,
      values: ["promise": .opaque(ProtectedValue(promise)), "reason": .opaque(ProtectedValue(reason))])
    return !fireEvent(event)
  }
}
