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
  /// The page's own world: the document's window, where its scripts (`--scripts`) and the scripts an extension
  /// inserts run.
  let window: Window
  /// The extension's world (Safari's isolated world), made by ``extensionWorld()``: the same document and event
  /// loop, globals and wrappers of its own.
  private var isolatedWindow: Window?
  private let windowOptions: WindowOptions
  /// The first uncaught error from a timer, promise or callback since the last check.
  private var pendingError: ScriptError?
  /// The navigations scripts asked for, in order (webaction stays on the page; Safari would go, or open the URL).
  final class Navigations { var list: [PageNavigation] = [] }
  let navigations = Navigations()
  /// Why loading the page with its scripts failed (`--scripts`): the host throws it once the page is made.
  private(set) var loadFailure: WebActionError?

  /// Decodes, parses and wires a page: encoding (BOM, prescan, `--encoding`, UTF-8), URL, DOM, JS globals.
  /// Subresources come from `subresources` when given, else from the request's folders (none when it has none).
  /// The page's scripts run in `group` when given (a group its host keeps across pages), else in a group of their own.
  /// `trace` gets the seconds of `load` (read and decode), `parse` and `window` (the JS globals).
  init(request: ActionRequest, subresources loader: (any SubresourceLoader)? = nil, group: ScriptGroup? = nil,
       trace: ((String, TimeInterval) -> Void)? = nil, report: @escaping (Diagnostic) -> Void) throws(WebActionError) {
    var timing = StepTiming(trace)
    func stepEnded(_ name: String) { timing.lap(name) }
    // An embedder's loader, else `--subresources` folders, else the resources saved with the page.
    let subresources = loader ?? (request.subresources.folders.isEmpty ? request.page.savedResources : request.subresources)
    let (bytes, fileURL) = try request.page.read(maximumSize: request.maximumPageSize)
    let decoded: HTMLEncoding.Decoded
    do {
      decoded = try HTMLEncoding.decodeDetailed(bytes, fallback: request.encoding ?? request.page.recorded.textEncoding)
    } catch {
      throw WebActionError(.usage, "\(error)", hint: "Give --encoding a WHATWG label such as utf-8, windows-1252, iso-8859-2, shift_jis.")
    }
    if request.verboseNotes {
      report(Diagnostic(.debug, source: "webaction",
                        "\(request.page.displayName): decoded as \(decoded.encoding): \(decoded.source.rawValue)"))
    }
    let url = try DocumentURL.resolve(
      explicit: request.url, recorded: request.page.recorded.url, html: decoded.text, fileURL: fileURL)
    stepEnded("load")
    // With --scripts the Document exists, empty, before the window; it is parsed once the window is ready.
    if request.runPageScripts {
      document = Document.loading(url: url, characterSet: decoded.encoding)
    } else if let limit = request.maximumNestingDepth {
      do {
        document = try Document.parse(html: decoded.text, url: url, characterSet: decoded.encoding, nestingLimit: limit)
      } catch {
        throw PageSource.tooDeep(request.page.displayName, error)
      }
    } else {
      document = Document.parse(html: decoded.text, url: url, characterSet: decoded.encoding)
    }
    stepEnded("parse")
    document.mediaEnvironment = MediaEnvironment(
      width: request.settings.viewport.width, height: request.settings.viewport.height,
      devicePixelRatio: request.settings.viewport.devicePixelRatio)

    if let subresources {
      document.styleSheetLoader = Self.styleSheetLoader(subresources, documentURL: url, report: report)
    }
    let name = document.url.href
    context = group.map { ScriptContext(name: name, in: $0) } ?? ScriptContext(name: name)
    context.executionTimeLimit = request.scriptTimeLimit
    context.memoryLimit = request.memoryLimit
    loop = EventLoop()
    var options = WindowOptions()
    options.selection = request.selection
    if let userAgent = request.userAgent { options.userAgent = userAgent }
    if let subresources {
      options.fetch = { target in subresources.fetch(target, documentURL: url) }
    } else {
      options.fetch = { target in
        .networkError("\(target.href) was not fetched: --subresources DIR serves same-origin files, and nothing comes from the network")
      }
    }
    let navigations = navigations
    options.onNavigation = { url, member in navigations.list.append(PageNavigation(url: url, member: member)) }
    options.frameSource = Self.frameSource(subresources, pageFile: fileURL, documentURL: url, report: report)
    if request.runPageScripts {
      options.frameScriptRunner = Self.frameScriptRunner(subresources: subresources, report: report)
    }
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
    windowOptions = options
    do {
      window = try Window(document: document, context: context, eventLoop: loop, options: options)
    } catch {
      context.close()
      throw WebActionError(.script, "cannot set up the page's JavaScript environment: \(error)")
    }
    stepEnded("window")
    if request.runPageScripts {
      // Kept, not thrown: the page is whole, so its context closes when it is released (a throw out of this
      // initializer would skip `deinit` and leave the context and its window alive).
      do {
        try load(html: decoded.text, pageName: request.page.displayName,
                 maximumNestingDepth: request.maximumNestingDepth, timersTime: request.pageTimersTime,
                 subresources: subresources, report: report)
      } catch {
        loadFailure = error
      }
      stepEnded("page scripts")
    } else if window.delaysLoadEvent {
      // The page's iframes (srcdoc, or a file beside the page) load before the extension runs, as they have in a
      // browser by the time an extension can run: their navigations are tasks, and no page script is waiting.
      _ = loop.runUntil(deadline: loop.clock.now + request.timeout) { !window.delaysLoadEvent }
    }
    // After loading, what a callback throws is the extension's (or an inserted script's): Safari reports it to the
    // console and goes on; `--strict-errors` keeps it to fail the page.
    // A callback the watchdog or the memory limit stopped fails the page either way.
    let strict = request.settings.strictCallbackErrors
    loop.onUncaughtException = { [unowned self] error in
      if strict || error.kind == .timeout || error.kind == .memoryLimit {
        if self.pendingError == nil { self.pendingError = error }
      } else {
        self.window.reportException(error)
      }
    }
  }

  deinit { closeScripts() }

  /// Closes the page's JavaScript contexts (the page's world and the extension's); no script of the page runs after.
  /// Closing twice is harmless.
  func closeScripts() {
    isolatedWindow?.context.close()
    context.close()
  }

  /// The window of the extension's world, made on first use: an extension's script runs in a world of its own, as
  /// Safari runs it (WebKit's isolated world). Its globals (`var x`, `window.x`) are not the page's, and the page's
  /// are not its; both see one DOM, each through its own wrappers.
  func extensionWorld() throws(WebActionError) -> Window {
    if let isolatedWindow { return isolatedWindow }
    let realm = ScriptContext(name: context.name + " (extension)", sharingGroupWith: context, world: .isolated("extension"))
    do {
      let made = try Window(document: document, context: realm, eventLoop: loop, options: windowOptions)
      isolatedWindow = made
      return made
    } catch {
      realm.close()
      throw WebActionError(.script, "cannot set up the extension's JavaScript world: \(error)")
    }
  }

  /// Where an `<iframe src>` is read from: the `--subresources` folders, else, for a saved page, a file in its own
  /// folder or below (never elsewhere, never the network). Its type comes from its extension, as a server's would:
  /// `.xml`, `.xhtml` and `.svg` load as XML documents (decoded by BOM, then the XML declaration, then UTF-8), the
  /// rest as HTML (decoded as a page is: BOM, `<meta charset>`, UTF-8).
  static func frameSource(
    _ subresources: (any SubresourceLoader)?, pageFile: URL?, documentURL: URLRecord, report: @escaping (Diagnostic) -> Void
  ) -> (URLRecord) -> FrameContent? {
    let pageFolder = pageFile?.deletingLastPathComponent().resolvingSymlinksInPath().path
    return { target in
      var found: Subresource?
      if let subresources {
        do throws(WebActionError) {
          if case .found(let resource) = try subresources.lookup(target.href, documentURL: documentURL) { found = resource }
        } catch {
          report(Diagnostic(.warning, source: "webaction", "<iframe src=\"\(target.href)\">: \(error.message)"))
        }
      } else if let pageFolder, target.scheme == "file", let path = URL(string: target.href)?.resolvingSymlinksInPath().path,
                path.hasPrefix(pageFolder.hasSuffix("/") ? pageFolder : pageFolder + "/"),
                let data = FileManager.default.contents(atPath: path) {
        found = Subresource(data: data, origin: path)
      }
      guard let found else { return nil }
      let url = found.finalURL.flatMap { URLRecord($0) } ?? target
      let contentType = found.mimeType(for: url) ?? "text/html"
      if Document.xmlContentTypes.contains(contentType) {
        let decoded = XMLEncoding.decode([UInt8](found.data))
        return FrameContent(text: decoded.text, characterSet: decoded.encoding, contentType: contentType, url: url)
      }
      guard let decoded = try? HTMLEncoding.decode([UInt8](found.data), fallback: nil) else { return nil }
      return FrameContent(text: decoded.text, characterSet: decoded.encoding, url: url)
    }
  }

  /// Reads a `<link rel=stylesheet>` file from the subresource folders (same origin only); a file that is missing or
  /// refused is reported as a warning and the link styles nothing.
  private static func styleSheetLoader(
    _ subresources: any SubresourceLoader, documentURL: URLRecord, report: @escaping (Diagnostic) -> Void
  ) -> (URLRecord) -> String? {
    { url in
      do {
        switch try subresources.lookup(url.href, documentURL: documentURL) {
        case .found(let resource):
          return String(decoding: resource.data, as: UTF8.self)
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

  /// The page as a browser would save it: doctype + the HTML5 serialization of the document, UTF-8.
  func serialize() -> [UInt8] {
    window.document.close()
    window.document.declareUTF8ForOutput()
    return window.document.serializedUTF8()
  }

  /// Throws the first uncaught error a timer or promise reaction raised, if any.
  func throwPendingScriptError() throws(WebActionError) {
    guard let error = pendingError else { return }
    pendingError = nil
    throw describe(error, doing: "a callback (timer or promise)")
  }

  /// The error for an event loop that stopped at its turn limit: timers kept firing (an endless chain).
  func runawayTimers(doing what: String) -> WebActionError {
    WebActionError(
      .script, "\(what): timer callbacks ran \(loop.turnLimit) times in a row and were stopped (an endless setTimeout or setInterval chain?)",
      hint: "Each timer callback was short, so the watchdog (--watchdog) did not stop it; the event loop runs at most \(loop.turnLimit) of them while it waits.")
  }

  /// One message for a script failure: `Action.js:12:5: TypeError: x is undefined`, with where it happened.
  func describe(_ error: ScriptError, doing what: String) -> WebActionError {
    switch error.kind {
    case .timeout:
      return WebActionError(
        .script, "\(what) was stopped by the watchdog: \(error.message)",
        hint: "A script, or the promise callbacks it queued, ran longer than \(Preprocessor.seconds(context.executionTimeLimit ?? 0)) without returning (an endless loop or promise chain?); --watchdog sets the limit.")
    case .memoryLimit:
      return WebActionError(
        .script, "\(what) was stopped: \(error.message)",
        hint: "--memory-limit sets the limit (in MB).")
    case .syntax:
      return WebActionError(.script, "syntax error while \(what): \(error.description)")
    default:
      var message = "\(what) threw \(error.description)"
      if let stack = error.stack, !stack.isEmpty { message += "\n" + stack.split(separator: "\n").prefix(8).map { "    at \($0)" }.joined(separator: "\n") }
      return WebActionError(.script, message)
    }
  }
}
