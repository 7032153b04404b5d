import DOM
import JSBridge

/// Event handler IDL attributes (`el.onclick = f`) and content attributes (`<div onclick="…">`), as data.
///
/// https://html.spec.whatwg.org/multipage/webappapis.html#event-handler-attributes
extension DOMInterfaces {
  /// `GlobalEventHandlers` (../shared/wpt/interfaces/html.idl): on HTMLElement, Document and Window.
  static let globalEventHandlers = [
    "onabort", "onauxclick", "onblur", "oncancel", "oncanplay", "oncanplaythrough", "onchange", "onclick", "onclose",
    "oncontextlost", "oncontextmenu", "oncontextrestored", "oncuechange", "ondblclick", "ondrag", "ondragend",
    "ondragenter", "ondragleave", "ondragover", "ondragstart", "ondrop", "ondurationchange", "onemptied", "onended",
    "onerror", "onfocus", "onformdata", "oninput", "oninvalid", "onkeydown", "onkeypress", "onkeyup", "onload",
    "onloadeddata", "onloadedmetadata", "onloadstart", "onmousedown", "onmouseenter", "onmouseleave", "onmousemove",
    "onmouseout", "onmouseover", "onmouseup", "onpause", "onplay", "onplaying", "onprogress", "onratechange",
    "onreset", "onresize", "onscroll", "onsecuritypolicyviolation", "onseeked", "onseeking", "onselect",
    "onslotchange", "onstalled", "onsubmit", "onsuspend", "ontimeupdate", "ontoggle", "onvolumechange", "onwaiting",
    "onwebkitanimationend", "onwebkitanimationiteration", "onwebkitanimationstart", "onwebkittransitionend",
    "onwheel",
  ]
  /// `WindowEventHandlers` (html.idl): on Window (and, in browsers, forwarded from `<body>`).
  static let windowEventHandlers = [
    "onafterprint", "onbeforeprint", "onbeforeunload", "onhashchange", "onlanguagechange", "onmessage",
    "onmessageerror", "onoffline", "ononline", "onpagehide", "onpageshow", "onpopstate", "onrejectionhandled",
    "onstorage", "onunhandledrejection", "onunload",
  ]
  /// `DocumentAndElementEventHandlers` (html.idl).
  static let documentAndElementEventHandlers = ["oncopy", "oncut", "onpaste"]

  /// Adds event handler IDL attributes named `names` to a table whose objects are event targets.
  static func addEventHandlers<T: EventTarget>(_ b: InterfaceBuilder<T>, _ names: [String]) {
    b.accessors(
      names, get: { target, name, context in try EventHandlers.value(name, of: target, window: context.window()) },
      set: { target, name, value, context in try EventHandlers.set(name, on: target, to: value, window: context.window()) })
  }
}

/// The event handler algorithms over a target's listener list: a handler is the one ``EventHandlerListener``
/// of its name there, added at the first non-null set and removed by `null`.
enum EventHandlers {
  /// The event type a handler name handles (`onclick` → `click`, `onwebkitanimationend` → `webkitAnimationEnd`).
  static func eventType(for name: String) -> String {
    let legacy = [
      "onwebkitanimationend": "webkitAnimationEnd", "onwebkitanimationiteration": "webkitAnimationIteration",
      "onwebkitanimationstart": "webkitAnimationStart", "onwebkittransitionend": "webkitTransitionEnd",
    ]
    return legacy[name] ?? String(name.dropFirst(2))
  }

  static func handler(_ name: String, of target: EventTarget) -> EventHandlerListener? {
    target.firstListener(EventHandlerListener.self) { $0.name == name }
  }

  /// The handlers a `body` (or `frameset`) element forwards to its window: `<body onload>` is `window.onload`.
  ///
  /// https://html.spec.whatwg.org/multipage/webappapis.html#window-reflecting-body-element-event-handler-set
  static let windowReflecting: Set<String> =
    Set(DOMInterfaces.windowEventHandlers + ["onblur", "onerror", "onfocus", "onload", "onresize", "onscroll"])

  /// The object whose handler `name` of `target` is: the window for a body's window-reflecting ones.
  ///
  /// https://html.spec.whatwg.org/multipage/webappapis.html#determining-the-target-of-an-event-handler
  static func handlerTarget(_ name: String, of target: EventTarget) -> EventTarget? {
    guard let element = target as? Element, element.isHTML, element.localName == "body" || element.localName == "frameset",
      windowReflecting.contains(name)
    else { return target }
    return element.document.defaultView
  }

  /// The element whose content attribute `name` holds `target`'s handler: the target itself, or the
  /// document's body for the window's window-reflecting handlers.
  static func attributeOwner(_ name: String, of target: EventTarget, window: Window) -> Element? {
    if let element = target as? Element { return element }
    guard target === window, windowReflecting.contains(name), let body = window.document.body,
      body.localName == "body" || body.localName == "frameset"
    else { return nil }
    return body
  }

  /// https://html.spec.whatwg.org/multipage/webappapis.html#event-handler-idl-attributes (the getter).
  static func value(_ name: String, of given: EventTarget, window: Window) -> ScriptValue {
    guard let target = handlerTarget(name, of: given) else { return window.context.makeNull() }
    if handler(name, of: target) == nil { activateAttribute(name, for: target, window: window) }
    return handler(name, of: target)?.currentValue() ?? window.context.makeNull()
  }

  /// The setter: `[LegacyTreatNonObjectAsNull]`, so anything but an object removes the handler.
  static func set(_ name: String, on given: EventTarget, to value: ScriptValue, window: Window) {
    guard let target = handlerTarget(name, of: given) else { return }
    let existing = handler(name, of: target)
    guard value.isObject else {
      // https://html.spec.whatwg.org/multipage/webappapis.html#deactivate-an-event-handler
      if let existing { target.removeEventListener(existing) }
      return
    }
    let owner = attributeOwner(name, of: target, window: window)
    let handler = existing ?? EventHandlerListener(name: name, attributeOwner: owner, window: window)
    handler.setValue(value)
    // https://html.spec.whatwg.org/multipage/webappapis.html#activate-an-event-handler
    if existing == nil { target.addEventListener(eventType(for: name), handler) }
  }
}

extension EventHandlers {
  /// Registers the handler of the content attribute `name` for `target` when it has none and the attribute
  /// is there (dispatch, through ``Window/activateEventHandlerAttribute(_:for:)``, and the IDL getter call
  /// this); the script compiles on first use. Parsed attributes predate every script, so their handler goes
  /// first in the listener list.
  static func activateAttribute(_ name: String, for target: EventTarget, window: Window) {
    guard let owner = attributeOwner(name, of: target, window: window), owner.document.defaultView === window,
      owner.hasAttribute(name), handler(name, of: target) == nil
    else { return }
    let handler = EventHandlerListener(name: name, attributeOwner: owner, window: window)
    target.prependEventListener(eventType(for: name), handler)
  }

  /// A window-reflecting content attribute `name` was set on `element` (any HTML body or frameset of the
  /// window's document, in the tree or not): the window's handler becomes that attribute's uncompiled script.
  ///
  /// https://html.spec.whatwg.org/multipage/webappapis.html#event-handler-attributes:event-handler-content-attributes-3
  static func bodyAttributeWasSet(_ name: String, on element: Element, window: Window) {
    // Steps 4-5.
    guard windowReflecting.contains(name) else { return }
    // Step 6 (the listener is registered, "activate an event handler", when there was none).
    if let existing = handler(name, of: window) {
      existing.reflect(attributeOf: element)
    } else {
      window.addEventListener(eventType(for: name), EventHandlerListener(name: name, attributeOwner: element, window: window))
    }
  }
}

/// One event handler: the listener registered for it, holding its current value (a callable, or the
/// content attribute's text compiled on first use).
///
/// https://html.spec.whatwg.org/multipage/webappapis.html#event-handlers
final class EventHandlerListener: EventListener {
  let name: String
  private weak var window: Window?
  private weak var element: Element?
  private var value: ProtectedValue?
  /// The content attribute text `value` reflects; nil when a script set `value` and no attribute was there.
  private var attributeText: String?

  /// A handler whose content attribute, if any, is `attributeOwner`'s attribute `name`.
  init(name: String, attributeOwner: Element?, window: Window) {
    self.name = name
    self.window = window
    element = attributeOwner
  }

  /// Takes `owner`'s content attribute as the handler's value, compiled on first use.
  func reflect(attributeOf owner: Element) {
    element = owner
    value = nil
    attributeText = nil
  }

  /// The IDL setter's value: the attribute text seen now is already accounted for.
  func setValue(_ newValue: ScriptValue) {
    value = ProtectedValue(newValue)
    attributeText = element?.getAttribute(name)
  }

  /// The handler's callable, compiling the content attribute when it changed since last seen; nil for null.
  ///
  /// https://html.spec.whatwg.org/multipage/webappapis.html#getting-the-current-value-of-the-event-handler
  func currentValue() -> ScriptValue? {
    if let element {
      let text = element.getAttribute(name)
      if text != attributeText {
        attributeText = text
        value = text.flatMap { compile($0, on: element) }.map(ProtectedValue.init)
      }
    }
    guard let value, value.isAlive else { return nil }
    return value.value
  }

  /// The function a content attribute's body makes, with the document and the element as scopes
  /// (`with`, as the spec's scope chain); nil (and a console error) when it does not compile.
  private func compile(_ body: String, on element: Element) -> ScriptValue? {
    guard let window else { return nil }
    do {
      let forWindow = element.localName == "body" || element.localName == "frameset"
      let parameters = name == "onerror" && forWindow ? "event, source, lineno, colno, error" : "event"
      let compiler = try window.eventHandlerCompiler()
      return try compiler.call(args: [
        window.wrap(element), window.wrap(element.document), window.context.makeString(name),
        window.context.makeString(parameters), window.context.makeString(body),
      ])
    } catch {
      window.reportException(error)
      return nil
    }
  }

  /// https://html.spec.whatwg.org/multipage/webappapis.html#the-event-handler-processing-algorithm
  func handleEvent(_ event: Event) {
    // Steps 1-2.
    guard let window, let callback = currentValue(), callback.isFunction || callback.isObject else { return }
    let context = window.context
    window.withCurrentEvent(event) {
      do {
        // Step 3. The window's onerror gets the error's parts; everything else gets the event.
        let errorEvent = event as? DictionaryEvent
        let special = name == "onerror" && errorEvent?.interface == "ErrorEvent" && event.currentTarget === window
        let args: [ScriptValue]
        if special, let errorEvent {
          let spec = DOMInterfaces.errorEventSpec
          args = spec.members.map { $0.value(in: errorEvent, window: window) }
        } else {
          args = [try context.wrap(event)]
        }
        // Step 4.
        guard callback.isFunction else { return }
        let result = try callback.call(this: window.scriptValue(of: event.currentTarget), args: args)
        // Step 5.
        if special ? (result.isBoolean && result.toBool()) : (result.isBoolean && !result.toBool()) {
          event.preventDefault()
        }
      } catch {
        window.reportException(error)
      }
    }
  }
}
