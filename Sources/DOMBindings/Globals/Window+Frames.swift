import DOM
import JSBridge
import URLStandard

/// Nested browsing contexts: each connected `<iframe>` of a window's document gets a window of its own, a realm in
/// the same context group on the same thread and event loop, with an `about:blank` document; `srcdoc`, or a `src`
/// the host has locally (``WindowOptions/frameSource``), replaces that document in a later task, then the iframe
/// gets its `load` event. Frames' own scripts do not run. `window.parent`, `top`, `frames`, `length`,
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

  /// This document's frames in tree order of their iframes (`window[i]`, `frames.length`).
  public var frames: [Window] {
    childFrames.sorted { a, b in
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
  private func navigate(_ frame: Window, for element: Element) {
    var content: (html: String, url: URLRecord, characterSet: String)?
    if let srcdoc = element.getAttribute("srcdoc") {
      content = (srcdoc, URLRecord("about:srcdoc")!, "UTF-8")
    } else if let src = element.getAttribute("src"), !src.isEmpty, let url = document.resolveURL(src),
              url.href != URLRecord.aboutBlank.href {
      if let loaded = options.frameSource?(url) {
        content = (loaded.html, url, loaded.characterSet)
      } else {
        emit(.info, "<iframe src=\"\(src)\"> stays empty: nothing is loaded from \(url.href)")
      }
    }
    queueTask { [weak self, weak frame, weak element] in
      guard let self, let frame, let element, self.frame(for: element) === frame else { return }
      if let content {
        frame.document = Document.parse(html: content.html, url: content.url, characterSet: content.characterSet)
      }
      _ = try? element.dispatchEvent(Event(type: "load"))
    }
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
      args.context.makeNumber(self?.childFrames.count ?? 0)
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
      """#, sourceURL: "webaction:window-frames")
    try setup.call(args: [context.global, parent, top, length, frameElement])
  }
}
