import DOM
import JSBridge
import URLStandard

/// Nested browsing contexts: each connected `<iframe>` of a window's document gets a window of its own, a realm in
/// the same context group on the same thread and event loop, with an `about:blank` document; `srcdoc`, or a `src`
/// the host has locally (``WindowOptions/frameSource``), replaces that document in a later task, then the iframe
/// gets its `load` event; until then the parent document's `load` event waits. A frame's HTML document runs its
/// own scripts when the host gives ``WindowOptions/frameScriptRunner`` (as `--scripts` does for the page). `window.parent`, `top`, `frames`, `length`,
/// `frameElement`, `window[i]`, `iframe.contentWindow` and `contentDocument` follow them.
///
/// https://html.spec.whatwg.org/multipage/iframe-embed-object.html#the-iframe-element
extension Window {
  /// The realm a Swift object's wrapper belongs to: a node's document's window's (nil: the caller's).
  static func realm(of object: AnyObject) -> ScriptContext? {
    guard let node = object as? Node, let window = node.document.defaultView as? Window, !window.context.isClosed
    else { return nil }
    return window.context
  }

  /// The top-level window of this window's frame tree.
  public var topWindow: Window { parentWindow?.topWindow ?? self }

  /// This document's frames in tree order of their iframes (`window[i]`, `frames.length`); an isolated world's
  /// window sees the main world's (their globals are the page's: worlds share frames, not their wrappers).
  public var frames: [Window] {
    let owner = isMainWorld ? self : (document.defaultView as? Window) ?? self
    return owner.childFrames.sorted { a, b in
      guard let x = a.frameElement, let y = b.frameElement else { return false }
      return x.compareDocumentPosition(y).contains(.following)
    }
  }

  /// The window whose content is `element`'s, if it is one of this window's connected iframes.
  public func frame(for element: Element) -> Window? {
    childFrames.first { $0.frameElement === element }
  }

  func connectFrame(_ element: Element) {
    guard frame(for: element) == nil else { return }
    let realm = ScriptContext(name: "\(context.name) > iframe", sharingGroupWith: context)
    do {
      let frame = try Window(
        document: Document.parse(html: "", url: .aboutBlank), context: realm, eventLoop: eventLoop,
        options: frameOptions, parent: self, frameElement: element)
      try eventLoop.install(on: frame.context)
      frame.copyFrameMargins()
      childFrames.append(frame)
      navigate(frame, for: element)
    } catch {
      realm.close()
      emit(.error, "cannot make the window of an <iframe>: \(error)")
    }
  }

  func disconnectFrame(_ element: Element) {
    guard let index = childFrames.firstIndex(where: { $0.frameElement === element }) else { return }
    let frame = childFrames.remove(at: index)
    frame.clearTimers()
    discardedFrames.append(frame)
  }

  /// Clears the timers this window's scripts set, and its frames' (its document is gone from the page).
  private func clearTimers() {
    eventLoop.cancelTimers(of: context)
    for frame in childFrames { frame.clearTimers() }
  }

  /// What a frame inherits: console and the host's local pages; no selection of its own.
  private var frameOptions: WindowOptions {
    var copy = options
    copy.selection = nil
    return copy
  }

  /// The iframe's content: `srcdoc` first, then a `src` the host has; then the iframe's load event, in a task.
  ///
  /// https://html.spec.whatwg.org/multipage/iframe-embed-object.html#process-the-iframe-attributes
  func navigate(_ frame: Window, for element: Element) {
    var content: FrameContent?
    if let srcdoc = element.getAttribute("srcdoc") {
      content = FrameContent(text: srcdoc, characterSet: "UTF-8", url: URLRecord("about:srcdoc")!)
    } else if let src = element.getAttribute("src"), !src.isEmpty, let url = document.resolveURL(src),
              url.href != URLRecord.aboutBlank.href {
      if let loaded = options.frameSource?(url) {
        content = loaded
      } else {
        emit(.info, "<iframe src=\"\(src)\"> stays empty: nothing is loaded from \(url.href)")
      }
    }
    pendingFrameLoads += 1
    frame.navigationCount += 1
    let navigation = frame.navigationCount
    queueTask { [weak self, weak frame, weak element] in
      guard let self else { return }
      // Gone, or superseded by a later navigation (its src set again before this one loaded): no load event.
      guard let frame, let element, self.frame(for: element) === frame, frame.navigationCount == navigation else {
        self.pendingFrameLoads -= 1
        return
      }
      guard let content else {
        self.frameDidLoad(element)
        return
      }
      if Document.xmlContentTypes.contains(content.contentType) {
        let document = Document.parse(xml: content.text, contentType: content.contentType, url: content.url)
        document.characterSet = content.characterSet
        frame.document = document
      } else if let runScript = self.options.frameScriptRunner {
        // Parsed with its scripts run in the frame's realm; then its own DOMContentLoaded, and its load once its
        // own frames have loaded, before the iframe's.
        let document = Document.loading(url: content.url, characterSet: content.characterSet)
        frame.document = document
        document.load(html: content.text) { [weak frame] script in
          if let frame { runScript(frame, script) }
        }
        self.eventLoop.performMicrotaskCheckpoint()
        frame.documentDidFinishParsing()
        frame.whenFramesHaveLoaded { [weak self, weak frame, weak element] in
          guard let self, let frame, let element else { return }
          frame.documentDidFinishLoading()
          self.frameDidLoad(element)
        }
        return
      } else {
        frame.document = Document.parse(html: content.text, url: content.url, characterSet: content.characterSet)
      }
      self.frameDidLoad(element)
    }
  }

  /// The iframe's load event; its navigation no longer delays this document's.
  private func frameDidLoad(_ element: Element) {
    frame(for: element)?.copyFrameMargins()
    pendingFrameLoads -= 1
    _ = try? element.dispatchEvent(Event(type: "load"))
  }

  /// WebKit's frame margins: the body of a frame's document takes its iframe's `marginwidth` and `marginheight`
  /// (as integers), as WebKit's `HTMLBodyElement` does when it is inserted into a frame's document (the rendering
  /// section of HTML maps them to the body's margins).
  ///
  /// https://html.spec.whatwg.org/multipage/rendering.html#the-page
  func copyFrameMargins() {
    guard let element = frameElement, let body = document.body, body.isHTML(named: "body") else { return }
    for name in ["marginwidth", "marginheight"] {
      guard let value = element.getAttribute(name), let number = ReflectedInteger.parseInteger(value) else { continue }
      try? body.setAttribute(name, String(number))
    }
  }

  /// Runs `body` in a task once none of this window's frames delays the load event (at once when none does).
  func whenFramesHaveLoaded(_ body: @escaping () -> Void) {
    guard delaysLoadEvent else { return body() }
    queueTask { [weak self] in self?.whenFramesHaveLoaded(body) }
  }

  /// https://html.spec.whatwg.org/#the-end steps 4-6, for a document parsed with its scripts: readyState
  /// "interactive" (with readystatechange), then DOMContentLoaded on the document, bubbling to the window.
  public func documentDidFinishParsing() {
    document.fireEvent("readystatechange")
    document.fireEvent("DOMContentLoaded", bubbles: true)
  }

  /// https://html.spec.whatwg.org/#the-end step 9: readyState "complete" (with readystatechange), then load on the
  /// window, its target the document.
  public func documentDidFinishLoading() {
    document.readyState = .complete
    document.fireEvent("readystatechange")
    fireEvent("load", targetOverride: document)
  }

  /// True while an iframe of this document, or of one of its frames, has not loaded: the document's `load` event
  /// waits (https://html.spec.whatwg.org/#delay-the-load-event: an iframe being navigated delays it).
  public var delaysLoadEvent: Bool {
    pendingFrameLoads > 0 || childFrames.contains { $0.delaysLoadEvent }
  }

  /// `parent`, `top`, `frames`, `length`, `frameElement` and `opener`, and `window[i]` (WindowProperties).
  func installFrameGlobals() throws(ScriptError) {
    let parent = context.makeFunction(name: "parent", length: 0) { [weak self] args in
      guard let self else { return args.context.makeNull() }
      return (self.parentWindow ?? self).context.global
    }
    let top = context.makeFunction(name: "top", length: 0) { [weak self] args in
      guard let self else { return args.context.makeNull() }
      return self.topWindow.context.global
    }
    let length = context.makeFunction(name: "length", length: 0) { [weak self] args in
      args.context.makeNumber(self?.frames.count ?? 0)
    }
    let frameElement = context.makeFunction(name: "frameElement", length: 0) { [weak self] args in
      guard let element = self?.frameElement else { return args.context.makeNull() }
      return try args.context.wrap(element)
    }
    let setup = try context.evaluate(#"""
      (function (global, parent, top, length, frameElement) {
        "use strict";
        // [Replaceable] attributes: a script may assign its own value (https://html.spec.whatwg.org/#dom-parent).
        const replaceable = (name, get) => Object.defineProperty(global, name, {
          get: { [name]() { return get(); } }[name],
          set(value) { Object.defineProperty(global, name, { value, writable: true, enumerable: true, configurable: true }); },
          enumerable: true, configurable: true });
        replaceable("parent", parent);
        replaceable("frames", () => global);
        replaceable("length", length);
        replaceable("opener", () => null);
        Object.defineProperty(global, "frameElement", { get: function frameElement_() { return frameElement(); }, enumerable: true, configurable: true });
        // top is [LegacyUnforgeable].
        Object.defineProperty(global, "top", { get: function top_() { return top(); }, enumerable: true, configurable: false });
      })
      """#, sourceURL: "webaction:window-frames", keepCompiled: true)
    try setup.call(args: [context.global, parent, top, length, frameElement])
  }
}
