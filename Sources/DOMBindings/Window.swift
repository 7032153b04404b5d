import DOM
import JSBridge
import URLStandard

/// What a page's window shows to scripts: the selection, the user agent, and where console output goes.
public struct WindowOptions {
  /// The text `getSelection().toString()` returns; nil means nothing is selected.
  public var selection: String? = nil
  /// `navigator.userAgent`.
  public var userAgent =
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1"
  /// Receives console output, and `alert`/`confirm`/`prompt` messages (level `.info`, text "alert: …").
  public var onConsole: (ConsoleMessage) -> Void = { _ in }
  /// The document a frame's `src` names, when the host has it locally (a file beside the saved page); nil leaves
  /// the frame's document empty, as a frame that could not load. Never the network.
  public var frameSource: ((URLRecord) -> FrameContent?)? = nil
  /// Runs one script of a frame's HTML document as the parser reaches it, in the frame's window, as the host runs
  /// the page's own (`--scripts`); nil: frames' documents are parsed without running their scripts.
  public var frameScriptRunner: ((_ frame: Window, _ script: ParserScript) -> Void)? = nil
  /// Receives each navigation a script asks for that webaction does not follow (`location.href = "myapp://…"`,
  /// `location.assign()`, `location.reload()`): the URL and the member used. Safari would navigate, or open the URL
  /// in the app that handles its scheme; the host records it. A change of fragment only is followed, not reported.
  public var onNavigation: ((_ url: String, _ member: String) -> Void)? = nil
  /// Answers `fetch()` for a URL (already parsed against the document base URL). By default every fetch is a
  /// network error: there is no network.
  public var fetch: (URLRecord) -> FetchOutcome = { _ in .networkError("webaction does not fetch from the network") }

  public init() {}
}

/// A frame's document as the host found it: decoded text, the encoding it was decoded from, its MIME type
/// (`text/html`, or one of ``Document/xmlContentTypes``, which load with the XML parser) and its URL.
public struct FrameContent {
  public var text: String
  public var characterSet: String
  public var contentType: String
  /// The document's URL: the one asked for, or where redirects led.
  public var url: URLRecord

  public init(text: String, characterSet: String, contentType: String = "text/html", url: URLRecord) {
    self.text = text
    self.characterSet = characterSet
    self.contentType = contentType
    self.url = url
  }
}

/// One line of console output (or one dialog a script opened).
public struct ConsoleMessage {
  /// The console method that wrote it.
  public enum Level: String { case log, info, warn, error, debug }
  /// The console method that wrote it.
  public let level: Level
  /// The formatted text, as a browser console shows it.
  public let text: String

  public init(level: Level, text: String) {
    self.level = level
    self.text = text
  }
}

/// The `window` of one page: installs the DOM interfaces and globals on a context, and maps nodes to
/// their one JS object.
///
/// Not `Sendable`: a page's document, context and window live on one thread. The context keeps the
/// window (and every wrapped node) until `context.close()`; always close the context when the page is done.
public final class Window: EventTarget, BrowsingContext {
  /// The current document. `document.write` after load keeps this same object and replaces its children.
  public var document: Document {
    didSet {
      guard isMainWorld else { return }
      oldValue.defaultView = nil
      oldValue.browsingContext = nil
      document.defaultView = self
      document.browsingContext = self
    }
  }
  /// True for the window of the page's own world (its context's ``ScriptWorld/main``): the document's
  /// `defaultView`, on every event's path, owner of the frames. A window of an isolated world (an extension's) shares
  /// the document, the event loop and the frames, with globals and wrappers of its own.
  public var isMainWorld: Bool { context.world == .main }
  /// The context the window is installed on.
  public let context: ScriptContext
  /// The loop behind the timer functions.
  public let eventLoop: EventLoop
  let options: WindowOptions
  let location: Location
  let selection: Selection
  /// How many scripts a script inserted so far (their names: `<url>#inserted-script-N`).
  var insertedScriptCount = 0
  /// `console.group` nesting: indents messages by two spaces a level.
  var consoleGroupDepth = 0
  /// The MutationObservers' pending set and microtask, through the event loop's microtask queue.
  lazy var mutationObserverAgent = MutationObserverAgent { [weak self] task in self?.eventLoop.queueMicrotask(task) }
  /// The page's `DOMException` constructor (kept even if a script overwrites the global).
  var domExceptionConstructor: ProtectedValue?
  /// The event whose listeners run now (`window.event`, https://dom.spec.whatwg.org/#window-current-event).
  var currentEvent: Event?
  /// The function compiling event handler content attributes, made on first use.
  var handlerCompiler: ProtectedValue?
  /// True while an `error` event for a reported exception is dispatched (an exception inside it only goes to the console).
  var isReportingException = false
  /// The window of the frame this window is the content of (nil for a top-level window).
  public internal(set) weak var parentWindow: Window?
  /// The `iframe` element, in the parent's document, whose content this window is.
  public internal(set) weak var frameElement: Element?
  /// The windows of this document's connected iframes, in the order they were connected.
  var childFrames: [Window] = []
  /// Frames whose iframe left the document: their realms stay open until this window goes (a script may still
  /// hold their objects), then close with it.
  var discardedFrames: [Window] = []
  /// Frame navigations queued whose iframe has not had its `load` event yet (Window+Frames.swift).
  var pendingFrameLoads = 0
  /// Counts this frame's navigations: a queued one that is no longer the latest is abandoned (Window+Frames.swift).
  var navigationCount = 0
  /// `localStorage` and `sessionStorage`: in memory, this page's only, empty when the window is made.
  let localStorage = StorageArea()
  let sessionStorage = StorageArea()
  /// The [SameObject] objects behind `navigator`, `history`, `screen` and `crypto`.
  lazy var navigator = Navigator(userAgent: options.userAgent)
  lazy var history = History(window: self)
  lazy var screen = Screen(window: self)
  let crypto = Crypto()
  /// The callbacks `requestAnimationFrame` queued for the next frame.
  lazy var animationFrames = AnimationFrames(window: self)
  /// The functions Swift calls back into (`clone`, `resolve`, `freeze`), captured before any page script runs.
  var intrinsics: ProtectedValue?
  /// The function that installs the console, dialogs and `DOMException` before any script read one
  /// (``ScriptContext/defineOnFirstUse(_:install:)``), for Swift code that needs `DOMException`.
  var globalsInstaller: ProtectedValue?

  /// Installs the interfaces, `window`/`self`, `document`, `location`, `console`, dialogs, timers,
  /// `getSelection`, `NodeFilter`, `DOMException`, `fetch` and the web APIs of ``installWebAPIs(owned:)`` (`navigator`,
  /// `history`, storage, `atob`, `structuredClone`...) on `context`'s global object. Only EventTarget, the event
  /// handler attributes, timers and `window`/`document`/`location` are made now; the rest are made the first
  /// time a script reads one of their names (on a tiny page, Window.init went from 7.3 ms to 1.9 ms).
  ///
  /// - Throws: ``ScriptError`` when the context refuses a definition (a closed context, say).
  public init(
    document: Document, context: ScriptContext, eventLoop: EventLoop, options: WindowOptions, parent: Window? = nil,
    frameElement: Element? = nil
  ) throws {
    self.document = document
    parentWindow = parent
    self.frameElement = frameElement
    self.context = context
    self.eventLoop = eventLoop
    self.options = options
    location = Location()
    selection = Selection(document: document, hostText: options.selection)
    super.init()
    if isMainWorld {
      document.defaultView = self
      document.browsingContext = self
    }
    location.window = self
    context.setHostState(self)
    context.interfaceResolver = DOMInterfaces.resolve
    context.realmResolver = Window.realm(of:)
    // One script for the watchdog and the microtask checkpoint: each prelude below evaluates a script, and on its own
    // each evaluation read the thread's CPU clock and ran a checkpoint.
    try context.runAsOneScript {
      for interface in DOMInterfaces.installedWithWindow { try context.install(interface) }
      try context.installOnFirstUse(DOMInterfaces.installedOnFirstUse)
      try eventLoop.install(on: context)
      try installGlobals()
      try installNamedProperties()
      try installFrameGlobals()
      try installEventGlobals()
      _ = try context.defineOnFirstUse(Self.fetchGlobalNames.map { ($0, false) }) { [weak self] owned in
        try self?.installFetch(owned: owned)
      }
      try installWebAPIsOnFirstUse()
      installErrorReporting()
    }
    // Long DOM operations on this thread stop when the running script's time is up (the frames' scripts run in the
    // same context group, so the top window's context answers for them too).
    guard isMainWorld else { return }
    if parent == nil { Interruption.install { [reference = context.reference] in reference.object?.isPastScriptDeadline ?? false } }
    // A parsed page's iframes (a document parsed with its window, `--scripts`, reports them as it goes).
    Node.frames(in: document).forEach(connectFrame)
  }

  deinit {
    for frame in childFrames + discardedFrames { frame.context.close() }
  }

  /// The one JS object of `node` (the same object every time, for as long as the context is open).
  public func wrap(_ node: Node) -> ScriptValue {
    // Every Node subclass has an interface in DOMInterfaces.resolve, so wrapping cannot fail on an open context.
    (try? context.wrap(node)) ?? context.makeUndefined()
  }

  /// The JS value of an event target: the global object for the window, else the target's one JS object.
  func scriptValue(of target: EventTarget?) -> ScriptValue {
    guard let target else { return context.makeNull() }
    if target === self { return context.global }
    return (try? context.wrap(target)) ?? context.makeUndefined()
  }

  /// Registers the handler of an element's event handler content attribute (``EventHandlers``).
  public func activateEventHandlerAttribute(_ name: String, for target: EventTarget) {
    EventHandlers.activateAttribute(name, for: target, window: self)
  }

  /// Makes a body's or frameset's window-reflecting content attribute this window's handler (``EventHandlers``).
  public func bodyEventHandlerAttributeWasSet(_ name: String, on element: Element) {
    EventHandlers.bodyAttributeWasSet(name, on: element, window: self)
  }

  /// Gives a connected iframe its window (Window+Frames.swift).
  public func frameWasConnected(_ element: Element) { connectFrame(element) }

  /// Navigates the frame of an iframe whose `src` or `srcdoc` changed (Window+Frames.swift).
  public func frameAttributesDidChange(_ element: Element) {
    if let frame = frame(for: element) { navigate(frame, for: element) }
  }

  /// Discards the window of an iframe that left the document (Window+Frames.swift).
  public func frameWasDisconnected(_ element: Element) { disconnectFrame(element) }

  /// Runs `task` as a task of the page's event loop (after the current script and its microtasks).
  public func queueTask(_ task: @escaping () -> Void) {
    let function = context.makeFunction(name: "task") { args in
      task()
      return args.context.makeUndefined()
    }
    eventLoop.schedule(function, afterMilliseconds: 0)
  }

  /// Sends one console line to the host.
  func emit(_ level: ConsoleMessage.Level, _ text: String) {
    let indent = String(repeating: "  ", count: consoleGroupDepth)
    options.onConsole(ConsoleMessage(level: level, text: indent + text))
  }

  /// The page's `DOMException` constructor, installing it (with the other lazy globals) if no script has yet.
  func installedDOMException() throws(ScriptError) -> ScriptValue? {
    if domExceptionConstructor == nil { try globalsInstaller?.value.call() }
    return domExceptionConstructor?.value
  }

  /// A JS `DOMException` for a Swift one.
  func makeDOMException(_ error: DOMException) -> ScriptValue? {
    guard let ctor = try? installedDOMException() else { return nil }
    return try? ctor.construct(args: [context.makeString(error.message), context.makeString(error.name.rawValue)])
  }

  // MARK: Per-node [SameObject] values (kept in the node's wrapper record, the slots the tables use)

  /// `element.attributes`, for Swift callers (the same object the table returns).
  func attributes(of element: Element) -> NamedNodeMapObject {
    sameObject(of: element, "attributes") { NamedNodeMapObject(element: element) }
  }

  /// What `getComputedStyle(element)` returns: one live, read-only declaration per element (a browser makes a new
  /// object each call; one per element keeps a page that asks in a loop from piling them up until it closes).
  func computedStyle(of element: Element) -> CSSStyleDeclaration {
    sameObject(of: element, "getComputedStyle") { CSSStyleDeclaration(computedStyleOf: element) }
  }

  private func sameObject<R: AnyObject>(of node: Node, _ member: String, make: () -> R) -> R {
    (try? context.sameObject(of: node, member, make: make)) ?? make()
  }
}

extension ScriptContext {
  /// The window installed on this context; a `TypeError` when none is (a binding used on a bare context).
  func window() throws(ScriptError) -> Window {
    guard let window = hostState(Window.self) else {
      throw .typeError("no Window is installed on context '\(name)': create a DOMBindings.Window first")
    }
    return window
  }
}

extension Window {
  /// Every interface a window installs (what `x instanceof Name` can name), for introspection such as the IDL check.
  public static var installedInterfaces: [AnyInterface] { DOMInterfaces.all }
}
