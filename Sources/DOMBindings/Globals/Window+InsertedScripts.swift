import DOM
import JSBridge
import TextEncodings
import URLStandard

/// Scripts that a script inserts into the page (`document.createElement("script")`, then `appendChild`): they run
/// in the page's own world, this window's realm, at once, as in Safari, where an extension's isolated world inserts
/// them to run code beside the page's. An inline one runs before `appendChild` returns, with `document.currentScript`
/// set and its exception reported (an `error` event at the window, then the console). An external one (`src`) is
/// read from its `data:` URL or through ``WindowOptions/fetch`` (the saved page's resources or `--subresources`; never
/// the network): it runs
/// in a later task and gets `load`, or gets `error` (in a later task too) when the host has no such file.
///
/// https://html.spec.whatwg.org/multipage/scripting.html#prepare-the-script-element steps 31-32 and
/// https://html.spec.whatwg.org/multipage/scripting.html#execute-the-script-element
extension Window {
  public func executeInsertedScript(_ element: Element, source: String?) {
    insertedScriptCount += 1
    let name = "\(document.url.href)#inserted-script-\(insertedScriptCount)"
    guard let source else { return runExternalScript(element, name: name) }
    run(source, sourceURL: name, for: element)
  }

  private func runExternalScript(_ element: Element, name: String) {
    guard let src = element.getAttribute("src"), !src.isEmpty, let url = document.resolveURL(src) else {
      // Step 31.2: an empty or unparsable src fires error.
      return queueTask { [weak element] in element?.fireEvent("error") }
    }
    let fetched: [UInt8]?
    if url.scheme == "data" {
      fetched = DataURL.body(url.href)
    } else if case .response(let status, let body, _) = options.fetch(url), (200..<300).contains(status) {
      fetched = body
    } else {
      fetched = nil
    }
    guard let body = fetched else {
      emit(.info, "<script src=\"\(src)\"> inserted by a script was not run: \(url.href) is not among the page's saved files (nothing is fetched from the network)")
      return queueTask { [weak element] in element?.fireEvent("error") }
    }
    let encoding = element.getAttribute("charset").flatMap(TextEncoding.init(label:))
      ?? TextEncoding(label: document.characterSet) ?? .utf8
    let source = encoding.decodeSniffingBOM(body).text
    // A script a script inserts with `src` runs "as soon as possible" once fetched: in a later task, as in WebKit,
    // not before appendChild returns.
    queueTask { [weak self, weak element] in
      guard let self, let element else { return }
      self.run(source, sourceURL: url.href, for: element)
      element.fireEvent("load")
    }
  }

  /// Evaluates `source` in this realm with `document.currentScript` set to `element`; an exception is reported, as
  /// a browser reports a script's.
  private func run(_ source: String, sourceURL: String, for element: Element) {
    let outer = document.currentScript
    document.currentScript = element
    defer { document.currentScript = outer }
    do {
      _ = try context.evaluate(source, sourceURL: sourceURL)
    } catch {
      reportException(error)
    }
  }
}
