import DOM
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
  func load(html: String, pageName: String, timersTime: Double, subresources: SubresourceFolders,
            report: @escaping (Diagnostic) -> Void) throws(WebActionError) {
    let context = self.context
    let window = self.window
    loop.onUncaughtException = { error in window.reportException(error) }
    let documentURL = document.url, documentEncoding = document.characterSet
    var failure: WebActionError?
    let loop = self.loop
    document.load(html: html) { script in
      guard failure == nil else { return }
      // What waits for a microtask checkpoint (MutationObserver records of the nodes parsed since the last
      // script) is delivered before the script runs, unless a script is running.
      if !script.isNested { loop.performMicrotaskCheckpoint() }
      let name = "\(pageName)#script-\(script.index)"
      var source = script.text, sourceURL = name, line = script.line
      switch script.kind {
      case .classic:
        break
      case .external(let src) where !Self.isModule(script.element):
        do throws(WebActionError) {
          switch try subresources.lookup(src, documentURL: documentURL) {
          case .found(let data, let path):
            source = Self.decodeScript(data, element: script.element, documentEncoding: documentEncoding)
            sourceURL = URLRecord(src, base: documentURL)?.href ?? path
            line = 1
          case .notFound(let tried):
            report(Diagnostic(.warning, source: "webaction",
                              "\(name) (line \(script.line)): <script src=\"\(src)\"> was not run: no such file (\(tried.joined(separator: ", ")))"))
            return
          case .otherOrigin:
            let why = subresources.folders.isEmpty
              ? "--scripts does not fetch external scripts (--subresources DIR serves same-origin ones from a folder)"
              : "it is not on the page's origin (\(documentURL.href)), and nothing is fetched from the network"
            report(Diagnostic(.warning, source: "webaction", "\(name) (line \(script.line)): <script src=\"\(src)\"> was not run: \(why)"))
            return
          }
        } catch {
          failure = error
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
        try context.evaluate(source, sourceURL: sourceURL, startingLine: line)
      } catch {
        window.reportException(error)
      }
    }
    if let failure { throw failure }
    // The records of what was parsed after the last script.
    loop.performMicrotaskCheckpoint()
    // https://html.spec.whatwg.org/#the-end steps 4-7: readyState is "interactive" now; DOMContentLoaded on the
    // document (bubbling to the window), then "complete" and load on the window (its target is the document).
    // A listener's exception is reported (the bindings do it) and the next listener still runs.
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
