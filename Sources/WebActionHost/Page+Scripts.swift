import DOM
import DOMBindings
import Foundation
import JSBridge
import TextEncodings
import URLStandard

/// `--scripts`: the page's own classic scripts run while it is parsed, as in a browser without network.
extension Page {
  /// Parses `html` into the (empty, loading) document, evaluating each classic script at its end tag.
  ///
  /// https://html.spec.whatwg.org/#parsing and https://html.spec.whatwg.org/#the-end
  /// An external classic script runs when `subresources` holds its file (same origin only); otherwise, and for
  /// module scripts, it is reported once and skipped. A script's exception is reported as in a browser (an `error`
  /// event at the window, then a console error) and parsing goes on. Then DOMContentLoaded and load fire (readyState
  /// "interactive", then "complete", each change with a readystatechange event), and the page's timers run for
  /// `timersTime` seconds; those still pending then are cancelled. Until then, what a page timer or promise throws is
  /// reported the same way.
  func load(html: String, pageName: String, maximumNestingDepth: Int?, timersTime: Double,
            subresources: (any SubresourceLoader)?,
            report: @escaping (Diagnostic) -> Void) throws(WebActionError) {
    let window = self.window
    loop.onUncaughtException = { error in window.reportException(error) }
    var failure: WebActionError?
    let exceeded = document.load(html: html, nestingLimit: maximumNestingDepth) { script in
      guard failure == nil else { return }
      do throws(WebActionError) {
        try Self.run(script, in: window, name: "\(pageName)#script-\(script.index)", subresources: subresources, report: report)
      } catch {
        failure = error
      }
    }
    if let failure { throw failure }
    if let exceeded { throw PageSource.tooDeep(pageName, exceeded) }
    // The MutationObserver records of what was parsed after the last script.
    loop.performMicrotaskCheckpoint()
    // https://html.spec.whatwg.org/#the-end steps 4-6: readyState is "interactive" now; DOMContentLoaded on the
    // document (bubbling to the window). A listener's exception is reported (the bindings do it) and the next
    // listener still runs.
    window.documentDidFinishParsing()
    // Steps 8-9: the event loop spins until no iframe delays the load event (timers due meanwhile run too), then
    // "complete" and load on the window (its target is the document).
    let deadline = loop.clock.now + timersTime
    if window.delaysLoadEvent { _ = loop.runUntil(deadline: deadline) { !window.delaysLoadEvent } }
    window.documentDidFinishLoading()
    switch loop.drain(until: deadline) {
    case .timedOut:
      report(Diagnostic(.info, source: "webaction",
                        "\(loop.pendingTimerCount) page timer(s) still pending \(Preprocessor.seconds(timersTime)) after loading were cancelled"))
      loop.cancelAll()
    case .turnLimitReached:
      report(Diagnostic(.warning, source: "webaction",
                        "the page's timer callbacks ran \(loop.turnLimit) times after loading (an endless setTimeout or setInterval chain?); its \(loop.pendingTimerCount) pending timer(s) were cancelled"))
      loop.cancelAll()
    case .idle, .conditionMet:
      break
    }
  }

  /// What a frame's scripts run through: ``run(_:in:name:subresources:report:)`` in the frame's window, its
  /// unreadable subresources reported as warnings (the page goes on, as a browser's frame would).
  static func frameScriptRunner(
    subresources: (any SubresourceLoader)?, report: @escaping (Diagnostic) -> Void
  ) -> (Window, ParserScript) -> Void {
    { frame, script in
      do throws(WebActionError) {
        try run(script, in: frame, name: "\(frame.document.url.href)#script-\(script.index)", subresources: subresources, report: report)
      } catch {
        report(Diagnostic(.warning, source: "webaction", error.description))
      }
    }
  }

  /// Runs one script the parser reached, in `window`'s realm: inline classic scripts, and external classic ones
  /// the subresources hold (same origin only); others are reported once and skipped. The script's exception is
  /// reported as a browser does (an `error` event at the window, then a console error). Throws only when a
  /// subresource exists but cannot be read.
  static func run(
    _ script: ParserScript, in window: Window, name: String, subresources: (any SubresourceLoader)?,
    report: @escaping (Diagnostic) -> Void
  ) throws(WebActionError) {
    // What waits for a microtask checkpoint (MutationObserver records of the nodes parsed since the last script) is
    // delivered before the script runs, unless a script is running.
    if !script.isNested { window.eventLoop.performMicrotaskCheckpoint() }
    let documentURL = window.document.url, documentEncoding = window.document.characterSet
    var source = script.text, sourceURL = name, line = script.line
    switch script.kind {
    case .classic:
      break
    case .external(let src) where !isModule(script.element):
      switch try subresources?.lookup(src, documentURL: documentURL) ?? .otherOrigin {
      case .found(let resource):
        source = decodeScript(resource.data, element: script.element, documentEncoding: documentEncoding)
        sourceURL = URLRecord(src, base: documentURL)?.href ?? resource.origin
        line = 1
      case .notFound(let tried):
        report(Diagnostic(.warning, source: "webaction",
                          "\(name) (line \(script.line)): <script src=\"\(src)\"> was not run: no such file (\(tried.joined(separator: ", ")))"))
        return
      case .otherOrigin:
        let why = subresources == nil
          ? "--scripts does not fetch external scripts (--subresources DIR serves same-origin ones from a folder)"
          : "it is not on the page's origin (\(documentURL.href)), and nothing is fetched from the network"
        report(Diagnostic(.warning, source: "webaction", "\(name) (line \(script.line)): <script src=\"\(src)\"> was not run: \(why)"))
        return
      }
    case .external(let src):
      report(Diagnostic(.warning, source: "webaction",
                        "\(name) (line \(script.line)): <script type=module src=\"\(src)\"> was not run: --scripts runs classic scripts only"))
      return
    case .module:
      report(Diagnostic(.warning, source: "webaction",
                        "\(name) (line \(script.line)): an inline module script was not run: --scripts runs classic scripts only"))
      return
    case .dataBlock:
      return
    }
    do {
      try window.context.evaluate(source, sourceURL: sourceURL, startingLine: line)
    } catch {
      window.reportException(error)
    }
  }

  /// An external classic script's text: its `charset` attribute names the encoding when it is a known label, else
  /// the document's encoding does; a byte order mark wins over both.
  ///
  /// https://html.spec.whatwg.org/#prepare-the-script-element ("let encoding be…") and
  /// https://encoding.spec.whatwg.org/#decode, as https://html.spec.whatwg.org/#fetch-a-classic-script does.
  static func decodeScript(_ data: Data, element: Element, documentEncoding: String) -> String {
    let encoding = element.attribute(named: "charset").flatMap(TextEncoding.init(label:))
      ?? TextEncoding(label: documentEncoding) ?? .utf8
    return encoding.decodeSniffingBOM(data).text
  }

  /// Whether a `<script>` element is a module script (https://html.spec.whatwg.org/#prepare-the-script-element step 12).
  static func isModule(_ element: Element) -> Bool {
    element.attribute(named: "type")?.trimmingCharacters(in: .whitespaces).lowercased() == "module"
  }
}
