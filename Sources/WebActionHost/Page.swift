import DOM
import DOMBindings
import Foundation
import JSBridge
import URLStandard

/// One loaded page: its Document, its JavaScript context and its event loop, all on the current thread.
///
/// The page is closed (context released, then the Document dropped) when it is done; nothing of it may be used
/// from another thread.
final class Page {
  let document: Document
  let context: ScriptContext
  let loop: EventLoop
  let window: Window
  /// The first uncaught error from a timer, promise or callback since the last check.
  private var pendingError: ScriptError?

  /// Decodes, parses and wires a page: encoding (BOM, prescan, `--encoding`, UTF-8), URL, DOM, JS globals.
  init(request: ActionRequest, report: @escaping (Diagnostic) -> Void) throws(WebActionError) {
    let (bytes, fileURL) = try request.page.read()
    let decoded: (text: String, encoding: String)
    do {
      decoded = try HTMLEncoding.decode(bytes, fallback: request.encoding)
    } catch {
      throw WebActionError(.usage, "\(error)", hint: "Give --encoding a WHATWG label such as utf-8, windows-1252, iso-8859-2, shift_jis.")
    }
    let url = try DocumentURL.resolve(explicit: request.url, html: decoded.text, fileURL: fileURL)
    // With --scripts the Document exists, empty, before the window; it is parsed once the window is ready.
    document = request.runPageScripts
      ? Document.loading(url: url, characterSet: decoded.encoding)
      : Document.parse(html: decoded.text, url: url, characterSet: decoded.encoding)

    if !request.subresources.folders.isEmpty {
      document.styleSheetLoader = Self.styleSheetLoader(request.subresources, documentURL: url, report: report)
    }
    context = ScriptContext(name: document.url.href)
    context.executionTimeLimit = request.scriptTimeLimit
    loop = EventLoop()
    var options = WindowOptions()
    options.selection = request.selection
    if let userAgent = request.userAgent { options.userAgent = userAgent }
    options.fetch = { [subresources = request.subresources] target in subresources.fetch(target, documentURL: url) }
    options.frameSource = Self.frameSource(request: request, pageFile: fileURL, documentURL: url, report: report)
    options.onConsole = { message in
      let level: Diagnostic.Level
      switch message.level {
      case .log: level = .log
      case .info: level = .info
      case .warn: level = .warning
      case .error: level = .error
      case .debug: level = .debug
      }
      report(Diagnostic(level, source: "console", message.text))
    }
    do {
      try loop.install(on: context)
      window = try Window(document: document, context: context, eventLoop: loop, options: options)
    } catch {
      context.close()
      throw WebActionError(.script, "cannot set up the page's JavaScript environment: \(error)")
    }
    if request.runPageScripts {
      try load(html: decoded.text, pageName: request.page.displayName, timersTime: request.pageTimersTime,
               subresources: request.subresources, report: report)
    }
    loop.onUncaughtException = { [unowned self] error in
      if self.pendingError == nil { self.pendingError = error }
    }
  }

  deinit { context.close() }

  /// Where an `<iframe src>` is read from: the `--subresources` folders, else, for a saved page, a file in its own
  /// folder or below (never elsewhere, never the network); decoded as a page is (BOM, `<meta charset>`, UTF-8).
  static func frameSource(
    request: ActionRequest, pageFile: URL?, documentURL: URLRecord, report: @escaping (Diagnostic) -> Void
  ) -> (URLRecord) -> (html: String, characterSet: String)? {
    let folders = request.subresources
    let pageFolder = pageFile?.deletingLastPathComponent().resolvingSymlinksInPath().path
    return { [folders] target in
      var data: Data?
      if !folders.folders.isEmpty {
        do throws(WebActionError) {
          if case .found(let found, _) = try folders.lookup(target.href, documentURL: documentURL) { data = found }
        } catch {
          report(Diagnostic(.warning, source: "webaction", "<iframe src=\"\(target.href)\">: \(error.message)"))
        }
      } else if let pageFolder, target.scheme == "file", let path = URL(string: target.href)?.resolvingSymlinksInPath().path,
                path.hasPrefix(pageFolder.hasSuffix("/") ? pageFolder : pageFolder + "/") {
        data = FileManager.default.contents(atPath: path)
      }
      guard let data, let decoded = try? HTMLEncoding.decode([UInt8](data), fallback: nil) else { return nil }
      return (decoded.text, decoded.encoding)
    }
  }

  /// Reads a `<link rel=stylesheet>` file from the subresource folders (same origin only); a file that is missing or
  /// refused is reported as a warning and the link styles nothing.
  private static func styleSheetLoader(
    _ folders: SubresourceFolders, documentURL: URLRecord, report: @escaping (Diagnostic) -> Void
  ) -> (URLRecord) -> String? {
    { url in
      do {
        switch try folders.lookup(url.href, documentURL: documentURL) {
        case .found(let data, _):
          return String(decoding: data, as: UTF8.self)
        case .otherOrigin:
          return nil
        case .notFound(let tried):
          report(Diagnostic(.warning, source: "webaction", "style sheet \(url.href) not found (tried \(tried.joined(separator: ", ")))"))
          return nil
        }
      } catch {
        report(Diagnostic(.warning, source: "webaction", "\(error)"))
        return nil
      }
    }
  }

  /// The page as a browser would save it: doctype + the HTML5 serialization of the document.
  func serialize() -> String {
    window.document.close()
    window.document.declareUTF8ForOutput()
    return window.document.serialize()
  }

  /// Throws the first uncaught error a timer or promise reaction raised, if any.
  func throwPendingScriptError() throws(WebActionError) {
    guard let error = pendingError else { return }
    pendingError = nil
    throw describe(error, doing: "a callback (timer or promise)")
  }

  /// One message for a script failure: `Action.js:12:5: TypeError: x is undefined`, with where it happened.
  func describe(_ error: ScriptError, doing what: String) -> WebActionError {
    switch error.kind {
    case .timeout:
      return WebActionError(
        .script, "\(what) was stopped by the watchdog: \(error.message)",
        hint: "A script ran longer than \(Preprocessor.seconds(context.executionTimeLimit ?? 0)) without returning (an endless loop?).")
    case .syntax:
      return WebActionError(.script, "syntax error while \(what): \(error.description)")
    default:
      var message = "\(what) threw \(error.description)"
      if let stack = error.stack, !stack.isEmpty { message += "\n" + stack.split(separator: "\n").prefix(8).map { "    at \($0)" }.joined(separator: "\n") }
      return WebActionError(.script, message)
    }
  }
}
