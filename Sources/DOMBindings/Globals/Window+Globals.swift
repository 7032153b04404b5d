import DOM
import JSBridge

/// The non-interface globals: `window`/`self` (an EventTarget), `document`, `location`, `console`, dialogs,
/// `getSelection`, `getComputedStyle`, `CSS`, `NodeFilter` and `DOMException` (frames: Window+Frames.swift).
///
/// A small JS prelude defines them (property attributes as in browsers) on top of a handful of native
/// functions; formatting, dialogs and the selection stay in Swift.
extension Window {
  func installGlobals() throws(ScriptError) {
    let native = context.makeObject()
    func add(_ name: String, _ body: @escaping (Arguments) throws -> ScriptValue) throws(ScriptError) {
      try native.setProperty(name, context.makeFunction(name: name, body))
    }
    try add("document") { [weak self] args in
      guard let self else { return args.context.makeUndefined() }
      return self.wrap(self.document)
    }
    try add("location") { [weak self] args in
      guard let self else { return args.context.makeUndefined() }
      return try args.context.wrap(self.location)
    }
    try add("navigate") { [weak self] args in
      guard let location = self?.location else { return args.context.makeUndefined() }
      location.navigate(to: try location.parse(try args.string(0), via: "location"))
      return args.context.makeUndefined()
    }
    try add("open") { [weak self] args in
      // https://html.spec.whatwg.org/multipage/nav-history-apis.html#window-open-steps: a URL that does not parse
      // throws; any other is refused (no window is opened, as under a popup blocker) and null returned.
      guard let self else { return args.context.makeNull() }
      let input = try args.string(0)
      if !input.isEmpty, self.document.resolveURL(input) == nil {
        throw DOMException(.syntaxError, "window.open: '\(input)' is not a valid URL")
      }
      self.emit(.warn, "window.open(\"\(input)\") ignored: webaction opens no windows")
      return args.context.makeNull()
    }
    try add("selection") { [weak self] args in
      guard let self else { return args.context.makeUndefined() }
      return try args.context.wrap(self.selection)
    }
    try add("getComputedStyle") { [weak self] args in
      guard let self else { return args.context.makeUndefined() }
      return try args.context.wrap(self.computedStyle(of: try args.object(0, as: Element.self)))
    }
    try add("cssSupports") { args in
      let supported = args.count >= 2
        ? SupportsCondition.supports(try args.string(0), try args.string(1))
        : SupportsCondition.evaluate(try args.string(0))
      return args.context.makeBool(supported)
    }
    try add("console") { [weak self] args in
      guard let self else { return args.context.makeUndefined() }
      let level = ConsoleMessage.Level(rawValue: try args.string(0)) ?? .log
      self.emit(level, try ConsoleFormatter(context: args.context).format(args.rest(from: 1)))
      return args.context.makeUndefined()
    }
    try add("group") { [weak self] args in
      guard let self else { return args.context.makeUndefined() }
      self.consoleGroupDepth = max(0, self.consoleGroupDepth + (try args.int(0)))
      return args.context.makeUndefined()
    }
    try add("dialog") { [weak self] args in
      self?.emit(.info, "\(try args.string(0)): \(try args.string(1))")
      return args.context.makeUndefined()
    }
    try add("addEventListener") { [weak self] args in
      if let self { try EventTargetCalls.add(to: self, args) }
      return args.context.makeUndefined()
    }
    try add("removeEventListener") { [weak self] args in
      if let self { try EventTargetCalls.remove(from: self, args) }
      return args.context.makeUndefined()
    }
    try add("dispatchEvent") { [weak self] args in
      guard let self else { return args.context.makeBool(true) }
      return args.context.makeBool(try EventTargetCalls.dispatch(on: self, args))
    }
    try context.evaluate(Self.prelude, sourceURL: "webaction:window-prelude", keepCompiled: true)
      .call(args: [native, context.global])
    // The rest waits for its first reader: most extensions never touch the console or DOMException.
    let objects = ProtectedValue(native)
    globalsInstaller = ProtectedValue(try context.defineOnFirstUse(Self.lazyGlobalNames.map { ($0, false) }) {
      [weak self] owned in
      guard let self else { return }
      let setup = try self.context.evaluate(Self.lazyPrelude, sourceURL: "webaction:window-globals", keepCompiled: true)
      self.domExceptionConstructor = ProtectedValue(try setup.call(args: [objects.value, self.context.global, owned]))
    })
  }

  /// The globals of ``lazyPrelude``, none enumerable.
  static let lazyGlobalNames = [
    "console", "alert", "confirm", "prompt", "getSelection", "getComputedStyle", "CSS", "open", "NodeFilter",
    "DOMException",
  ]

  /// Defines `window`, `self`, the window's own EventTarget methods, `document` and `location` (made with the window).
  static let prelude = #"""
    (function (native, global) {
      "use strict";
      const hidden = (target, name, value) => Object.defineProperty(target, name,
        { value, writable: true, enumerable: false, configurable: true });
      const visible = (target, name, value) => Object.defineProperty(target, name,
        { value, writable: true, enumerable: true, configurable: true });
      visible(global, "window", global);
      // The window is an EventTarget: its own methods (the global is not a wrapper), EventTarget.prototype above.
      for (const name of ["addEventListener", "removeEventListener", "dispatchEvent"]) {
        const call = native[name];
        const method = { [name](...args) { return call(...args); } }[name];
        Object.defineProperty(method, "length", { value: name === "dispatchEvent" ? 1 : 2 });
        hidden(global, name, method);
      }
      // The global's own [[Prototype]] is immutable in JSC, but the object above it is not: chain that one,
      // so `window instanceof EventTarget` holds (EventTargetBindingTests checks it).
      try { Object.setPrototypeOf(Object.getPrototypeOf(global), global.EventTarget.prototype); } catch (e) {}
      visible(global, "self", global);
      // parent, top, frames, length, frameElement and opener: Window+Frames.swift.

      Object.defineProperty(global, "document", { get: native.document, enumerable: true, configurable: false });
      Object.defineProperty(global, "location", {
        get: native.location, set(value) { native.navigate(String(value)); }, enumerable: true, configurable: false });
    })
    """#

  /// The globals that install on first use (``lazyGlobalNames``); returns the `DOMException` constructor.
  static let lazyPrelude = #"""
    (function (native, global, owned) {
      "use strict";
      const hidden = (target, name, value) => {
        // A global a page script made its own before this ran (owned) keeps the page's value.
        if (target !== global || !owned(name))
          Object.defineProperty(target, name, { value, writable: true, enumerable: false, configurable: true });
      };
      const nativeConsole = native.console;
      const console = {};
      for (const level of ["log", "info", "warn", "error", "debug"])
        hidden(console, level, function (...args) { nativeConsole(level, ...args); });
      hidden(console, "trace", function trace(...args) { nativeConsole("debug", "Trace:", ...args); });
      hidden(console, "dir", function dir(value) { nativeConsole("log", "%o", value); });
      hidden(console, "dirxml", function dirxml(...args) { nativeConsole("log", ...args); });
      hidden(console, "table", function table(data) { nativeConsole("log", "%o", data); });
      hidden(console, "assert", function assert(condition, ...args) {
        if (condition) return;
        if (args.length === 0) nativeConsole("error", "Assertion failed");
        else if (typeof args[0] === "string") nativeConsole("error", "Assertion failed: " + args[0], ...args.slice(1));
        else nativeConsole("error", "Assertion failed:", ...args);
      });
      const counts = new Map(), timers = new Map();
      hidden(console, "count", function count(label = "default") {
        const n = (counts.get(String(label)) || 0) + 1;
        counts.set(String(label), n);
        nativeConsole("log", `${label}: ${n}`);
      });
      hidden(console, "countReset", function countReset(label = "default") { counts.delete(String(label)); });
      hidden(console, "time", function time(label = "default") { timers.set(String(label), Date.now()); });
      hidden(console, "timeEnd", function timeEnd(label = "default") {
        const start = timers.get(String(label));
        timers.delete(String(label));
        if (start !== undefined) nativeConsole("log", `${label}: ${Date.now() - start} ms`);
      });
      hidden(console, "group", function group(...args) { if (args.length) nativeConsole("log", ...args); native.group(1); });
      hidden(console, "groupCollapsed", function groupCollapsed(...args) { console.group(...args); });
      hidden(console, "groupEnd", function groupEnd() { native.group(-1); });
      hidden(global, "console", console);

      const dialog = native.dialog;
      const text = (message) => message === undefined ? "" : String(message);
      hidden(global, "alert", function alert(message) { dialog("alert", text(message)); });
      hidden(global, "confirm", function confirm(message) { dialog("confirm", text(message)); return false; });
      hidden(global, "prompt", function prompt(message, value) { dialog("prompt", text(message)); return null; });
      hidden(global, "getSelection", function getSelection() { return native.selection(); });
      // https://drafts.csswg.org/cssom/#dom-window-getcomputedstyle (a pseudo-element argument is ignored).
      const computedStyle = native.getComputedStyle;
      hidden(global, "getComputedStyle", function getComputedStyle(elt) { return computedStyle(...arguments); });
      // The CSS namespace: https://drafts.csswg.org/css-conditional-3/#the-css-namespace and CSSOM's escape().
      const cssSupports = native.cssSupports;
      const css = {};
      hidden(css, "supports", function supports(conditionText) {
        if (arguments.length === 0) throw new TypeError("CSS.supports: 1 argument required, but only 0 present.");
        return arguments.length >= 2 ? cssSupports(String(conditionText), String(arguments[1])) : cssSupports(String(conditionText));
      });
      hidden(css, "escape", function escape(ident) {
        // https://drafts.csswg.org/cssom/#serialize-an-identifier
        if (arguments.length === 0) throw new TypeError("CSS.escape: 1 argument required, but only 0 present.");
        const string = String(ident), first = string.charCodeAt(0);
        let result = "";
        for (let i = 0; i < string.length; i++) {
          const c = string.charCodeAt(i);
          if (c === 0) result += "\uFFFD";
          else if ((c >= 0x1 && c <= 0x1F) || c === 0x7F || (i === 0 && c >= 0x30 && c <= 0x39)
            || (i === 1 && c >= 0x30 && c <= 0x39 && first === 0x2D)) result += "\\" + c.toString(16) + " ";
          else if (i === 0 && string.length === 1 && c === 0x2D) result += "\\-";
          else if (c >= 0x80 || c === 0x2D || c === 0x5F || (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A)
            || (c >= 0x61 && c <= 0x7A)) result += string.charAt(i);
          else result += "\\" + string.charAt(i);
        }
        return result;
      });
      Object.defineProperty(css, Symbol.toStringTag, { value: "CSS", configurable: true });
      hidden(global, "CSS", css);
      hidden(global, "open", function open(url = "", target = "_blank", features = "") { return native.open(`${url}`); });

      const filter = {
        FILTER_ACCEPT: 1, FILTER_REJECT: 2, FILTER_SKIP: 3,
        SHOW_ALL: 0xFFFFFFFF, SHOW_ELEMENT: 0x1, SHOW_ATTRIBUTE: 0x2, SHOW_TEXT: 0x4, SHOW_CDATA_SECTION: 0x8,
        SHOW_ENTITY_REFERENCE: 0x10, SHOW_ENTITY: 0x20, SHOW_PROCESSING_INSTRUCTION: 0x40, SHOW_COMMENT: 0x80,
        SHOW_DOCUMENT: 0x100, SHOW_DOCUMENT_TYPE: 0x200, SHOW_DOCUMENT_FRAGMENT: 0x400, SHOW_NOTATION: 0x800,
      };
      hidden(global, "NodeFilter", Object.freeze(filter));

      // https://webidl.spec.whatwg.org/#dfn-error-names-table: the names with a legacy code.
      const codes = {
        IndexSizeError: 1, HierarchyRequestError: 3, WrongDocumentError: 4, InvalidCharacterError: 5,
        NoModificationAllowedError: 7, NotFoundError: 8, NotSupportedError: 9, InUseAttributeError: 10,
        InvalidStateError: 11, SyntaxError: 12, InvalidModificationError: 13, NamespaceError: 14,
        InvalidAccessError: 15, TypeMismatchError: 17, SecurityError: 18, NetworkError: 19, AbortError: 20,
        QuotaExceededError: 22, TimeoutError: 23, InvalidNodeTypeError: 24, DataCloneError: 25,
      };
      // https://webidl.spec.whatwg.org/#idl-DOMException: the constants, in IDL order.
      const constants = [
        "INDEX_SIZE_ERR", "DOMSTRING_SIZE_ERR", "HIERARCHY_REQUEST_ERR", "WRONG_DOCUMENT_ERR", "INVALID_CHARACTER_ERR",
        "NO_DATA_ALLOWED_ERR", "NO_MODIFICATION_ALLOWED_ERR", "NOT_FOUND_ERR", "NOT_SUPPORTED_ERR", "INUSE_ATTRIBUTE_ERR",
        "INVALID_STATE_ERR", "SYNTAX_ERR", "INVALID_MODIFICATION_ERR", "NAMESPACE_ERR", "INVALID_ACCESS_ERR",
        "VALIDATION_ERR", "TYPE_MISMATCH_ERR", "SECURITY_ERR", "NETWORK_ERR", "ABORT_ERR", "URL_MISMATCH_ERR",
        "QUOTA_EXCEEDED_ERR", "TIMEOUT_ERR", "INVALID_NODE_TYPE_ERR", "DATA_CLONE_ERR",
      ];
      const states = new WeakMap();
      const state = (object, member) => {
        const found = states.get(object);
        if (found === undefined) throw new TypeError(`DOMException.${member}: Illegal invocation`);
        return found;
      };
      class DOMException extends Error {
        constructor(message = "", name = "Error") {
          super();
          states.set(this, { message: String(message), name: String(name) });
        }
      }
      // The attributes are enumerable accessors with a brand check (https://webidl.spec.whatwg.org/#es-attributes).
      for (const member of ["name", "message", "code"]) {
        Object.defineProperty(DOMException.prototype, member, { get: {
          [member]() { const s = state(this, member); return member === "code" ? codes[s.name] || 0 : s[member]; }
        }[member], enumerable: true, configurable: true });
      }
      Object.defineProperty(DOMException.prototype, Symbol.toStringTag, { value: "DOMException", configurable: true });
      constants.forEach((constant, index) => {
        Object.defineProperty(DOMException, constant, { value: index + 1, enumerable: true });
        Object.defineProperty(DOMException.prototype, constant, { value: index + 1, enumerable: true });
      });
      hidden(global, "DOMException", DOMException);
      return DOMException;
    })
    """#
}

extension DOMException: ScriptThrowable {
  /// A JS `DOMException` (name, message, code; `instanceof Error`) from the page's window.
  public func makeScriptValue(in context: ScriptContext) -> ScriptValue {
    context.hostState(Window.self)?.makeDOMException(self) ?? context.makeError(name: name.rawValue, message: message)
  }
}
