import DOM
import JSBridge

/// `--scripts`: the page's own inline scripts run while it is parsed, as in a browser without network.
extension Page {
  /// Parses `html` into the (empty, loading) document, evaluating each inline classic script at its end tag.
  ///
  /// https://html.spec.whatwg.org/#parsing and https://html.spec.whatwg.org/#the-end
  /// A script's exception is a console error, as in a browser, and parsing goes on. External and module scripts are
  /// not run; each is reported once. Then DOMContentLoaded and load fire (readyState "interactive", then "complete",
  /// each change with a readystatechange event), and the page's timers run for `timersTime` seconds; those still pending
  /// then are cancelled. Until then, what a page timer or promise throws is a console error too.
  func load(html: String, pageName: String, timersTime: Double, report: @escaping (Diagnostic) -> Void) {
    let context = self.context
    loop.onUncaughtException = { error in
      report(Diagnostic(.error, source: "console", "Uncaught \(error)"))
    }
    let window = self.window
    document.load(html: html) { script in
      let name = "\(pageName)#script-\(script.index)"
      switch script.kind {
      case .classic:
        do {
          try context.evaluate(script.text, sourceURL: name, startingLine: script.line)
        } catch {
          report(Diagnostic(.error, source: "console", "Uncaught \(error)"))
        }
      case .external(let src):
        report(Diagnostic(.warning, source: "webaction",
                          "\(name) (line \(script.line)): <script src=\"\(src)\"> was not run: --scripts does not fetch external scripts"))
      case .module:
        report(Diagnostic(.warning, source: "webaction",
                          "\(name) (line \(script.line)): an inline module script was not run: --scripts runs classic scripts only"))
      case .dataBlock:
        break
      }
    }
    // https://html.spec.whatwg.org/#the-end steps 4-7: readyState is "interactive" now; DOMContentLoaded on the
    // document (bubbling to the window), then "complete" and load on the window (its target is the document).
    // A listener's exception is a console error (the bindings report it) and the next listener still runs.
    document.fireEvent("readystatechange")
    document.fireEvent("DOMContentLoaded", bubbles: true)
    document.readyState = .complete
    document.fireEvent("readystatechange")
    window.fireEvent("load", targetOverride: document)
    if loop.drain(until: loop.clock.now + timersTime) == .timedOut {
      report(Diagnostic(.info, source: "webaction",
                        "\(loop.pendingTimerCount) page timer(s) still pending \(Preprocessor.seconds(timersTime)) after loading were cancelled"))
      loop.cancelAll()
    }
  }
}
