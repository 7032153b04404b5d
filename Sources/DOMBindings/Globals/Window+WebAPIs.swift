import DOM
import JSBridge

/// The window's web APIs beyond the DOM: `navigator`, `history`, `screen`, `localStorage`/`sessionStorage`,
/// `crypto`, `matchMedia`, `requestAnimationFrame`/`cancelAnimationFrame`, `atob`/`btoa`, `structuredClone` and
/// `reportError`.
extension Window {
  /// The globals ``installWebAPIs(owned:)`` defines, and whether each is enumerable (attributes are, operations not).
  static let webAPINames: [(name: String, enumerable: Bool)] =
    ["navigator", "history", "localStorage", "sessionStorage", "crypto", "clientInformation", "screen", "isSecureContext"]
      .map { ($0, true) }
    + viewportAttributes.map { ($0, true) }
    + ["atob", "btoa", "reportError", "requestAnimationFrame", "cancelAnimationFrame", "matchMedia", "structuredClone",
       "scroll", "scrollTo", "scrollBy"]
      .map { ($0, false) }

  /// The window's CSSOM View attributes (https://drafts.csswg.org/cssom-view/#extensions-to-the-window-interface):
  /// the viewport is the document's ``DOM/MediaEnvironment`` (390 × 844 by default), never scrolled, at the
  /// screen's origin.
  static let viewportAttributes = [
    "innerWidth", "innerHeight", "outerWidth", "outerHeight", "scrollX", "scrollY", "pageXOffset", "pageYOffset",
    "screenX", "screenY", "screenLeft", "screenTop", "devicePixelRatio",
  ]

  /// The value of one of ``viewportAttributes``.
  func viewportValue(_ name: String) -> Double {
    let environment = document.mediaEnvironment
    switch name {
    case "innerWidth", "outerWidth": return environment.width
    case "innerHeight", "outerHeight": return environment.height
    case "devicePixelRatio": return environment.devicePixelRatio
    default: return 0  // Not scrolled, at the screen's origin.
    }
  }

  /// https://html.spec.whatwg.org/multipage/webappapis.html#secure-context: this window's document and the
  /// documents of the frames it is nested in are at potentially trustworthy URLs (a saved page is a `file:` URL,
  /// so it is one, as in WebKit).
  var isSecureContext: Bool {
    var window: Window? = self
    while let current = window {
      guard current.document.url.isPotentiallyTrustworthy else { return false }
      window = current.parentWindow
    }
    return true
  }

  /// Captures `Promise.resolve`, `Object.freeze` and the structured clone's built-ins before any page script runs,
  /// and makes the web APIs globals that install themselves when first read (``installWebAPIs(owned:)``).
  func installWebAPIsOnFirstUse() throws(ScriptError) {
    let made = try context.evaluate(Self.intrinsicsSource, sourceURL: "webaction:intrinsics", keepCompiled: true)
    intrinsics = ProtectedValue(made)
    // The clone captures the built-ins it uses now, so a page script that patches Map or Array cannot steer it.
    let isPlatformObject = context.makeFunction(name: "isPlatformObject", length: 1) { args in
      args.context.makeBool(args.context.unwrap(args.value(0), as: AnyObject.self) != nil)
    }
    let domException = context.makeFunction(name: "domException", length: 1) { [weak self] args in
      guard let self else { return args.context.makeUndefined() }
      let made = args.value(0).toBool() ? try self.installedDOMException() : self.domExceptionConstructor?.value
      return made ?? args.context.makeUndefined()
    }
    let makeClone = try context.evaluate(
      Self.structuredCloneSource, sourceURL: "webaction:structured-clone", keepCompiled: true)
    try made.setProperty("clone", try makeClone.call(args: [isPlatformObject, domException, context.global]))
    _ = try context.defineOnFirstUse(Self.webAPINames) { [weak self] owned in try self?.installWebAPIs(owned: owned) }
  }

  static let intrinsicsSource = #"""
    (() => {
      const PromiseCtor = Promise, promiseResolve = Promise.resolve, apply = Reflect.apply;
      return { resolve: (value) => apply(promiseResolve, PromiseCtor, [value]), freeze: Object.freeze };
    })()
    """#

  /// Defines the web APIs' globals but those `owned(name)` says a page script made its own.
  func installWebAPIs(owned: ScriptValue) throws(ScriptError) {
    let native = context.makeObject()
    func add(_ name: String, length: Int, _ body: @escaping (Arguments) throws -> ScriptValue) throws(ScriptError) {
      try native.setProperty(name, context.makeFunction(name: name, length: length, body))
    }
    try add("object", length: 1) { [weak self] args in
      guard let self else { return args.context.makeUndefined() }
      let objects: [String: AnyObject] = [
        "navigator": navigator, "history": history, "screen": screen, "localStorage": localStorage,
        "sessionStorage": sessionStorage, "crypto": crypto,
      ]
      guard let object = objects[try args.string(0)] else { return args.context.makeUndefined() }
      return try args.context.wrap(object)
    }
    try add("atob", length: 1) { args in
      try args.require(1)
      // https://html.spec.whatwg.org/multipage/webappapis.html#dom-atob
      guard let bytes = ForgivingBase64.decode(try args.string(0).utf16) else {
        throw DOMException(.invalidCharacterError, "Failed to execute 'atob' on 'Window': The string to be decoded is not correctly encoded.")
      }
      return args.context.makeString(String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) })))
    }
    try add("btoa", length: 1) { args in
      try args.require(1)
      // https://html.spec.whatwg.org/multipage/webappapis.html#dom-btoa
      var bytes: [UInt8] = []
      for unit in try args.string(0).utf16 {
        guard unit <= 0xFF else {
          throw DOMException(.invalidCharacterError, "Failed to execute 'btoa' on 'Window': The string to be encoded contains characters outside of the Latin1 range.")
        }
        bytes.append(UInt8(unit))
      }
      return args.context.makeString(ForgivingBase64.encode(bytes))
    }
    try add("reportError", length: 1) { [weak self] args in
      // https://html.spec.whatwg.org/multipage/webappapis.html#dom-reporterror
      try args.require(1)
      self?.reportException(args.context.makeError(fromThrown: args.value(0)))
      return args.context.makeUndefined()
    }
    try add("requestAnimationFrame", length: 1) { [weak self] args in
      try args.require(1)
      guard args.value(0).isFunction else {
        throw ScriptError.typeError("Failed to execute 'requestAnimationFrame' on 'Window': parameter 1 is not of type 'Function'.")
      }
      return args.context.makeNumber(Double(self?.animationFrames.request(args.value(0)) ?? 0))
    }
    try add("cancelAnimationFrame", length: 1) { [weak self] args in
      try args.require(1)
      self?.animationFrames.cancel(Int(Arguments.int32(args.value(0).toDouble())))
      return args.context.makeUndefined()
    }
    try add("viewport", length: 1) { [weak self] args in
      args.context.makeNumber(self?.viewportValue(try args.string(0)) ?? 0)
    }
    try add("isSecureContext", length: 0) { [weak self] args in
      args.context.makeBool(self?.isSecureContext ?? false)
    }
    // The page is not scrolled, and nothing scrolls it (there is no layout to scroll).
    try add("scroll", length: 0) { args in args.context.makeUndefined() }
    try add("matchMedia", length: 1) { [weak self] args in
      try args.require(1)
      let environment = self?.document.mediaEnvironment ?? MediaEnvironment()
      return try args.context.wrap(MediaQueryList(try args.string(0), environment: environment))
    }
    let setup = try context.evaluate(Self.webAPIsPrelude, sourceURL: "webaction:window-web-apis", keepCompiled: true)
    try setup.call(args: [native, context.global, try intrinsic("clone"), owned])
  }

  /// One of the functions Swift calls back into (`clone`, `resolve`, `freeze`), made with the window.
  func intrinsic(_ name: String) throws(ScriptError) -> ScriptValue {
    guard let intrinsics, intrinsics.isAlive else {
      throw ScriptError(kind: .host, message: "the window's web APIs are not installed on context '\(context.name)'")
    }
    return try intrinsics.value.property(name)
  }

  /// The promise `Promise.resolve(value)` makes, with the original `Promise` (WebIDL's conversion to `Promise<T>`).
  func resolvedPromise(_ value: ScriptValue) throws(ScriptError) -> ScriptValue {
    try intrinsic("resolve").call(args: [value])
  }

  /// Defines the globals.
  static let webAPIsPrelude = #"""
    (function (native, global, clone, owned) {
      "use strict";
      // A global a page script made its own before this ran (owned) keeps the page's value.
      const define = (name, descriptor) => owned(name) || Reflect.defineProperty(global, name, descriptor);
      const replace = (name, value) => Reflect.defineProperty(global, name,
        { value, writable: true, enumerable: false, configurable: true });
      const hidden = (name, value) => define(name, { value, writable: true, enumerable: false, configurable: true });
      // Attributes of the window: `[Replaceable]` ones take an assignment as a new own value.
      const attribute = (name, get, replaceable) => define(name, {
        get: { [name]() { return get(); } }[name],
        set: replaceable ? { [name](value) { replace(name, value); } }[name] : undefined,
        enumerable: true, configurable: true });
      // Index loops, not for-of: this runs when a script first reads one of these names, perhaps after the page
      // patched Array.prototype[Symbol.iterator] (WindowWebAPIsTests.testStructuredCloneIgnoresPatchedBuiltIns).
      const attributes = ["navigator", "history", "localStorage", "sessionStorage", "crypto"];
      for (let i = 0; i < attributes.length; i++) {
        const name = attributes[i];
        attribute(name, () => native.object(name), false);
      }
      attribute("clientInformation", () => native.object("navigator"), false);
      attribute("screen", () => native.object("screen"), true);
      attribute("isSecureContext", () => native.isSecureContext(), false);
      const viewport = ["innerWidth", "innerHeight", "outerWidth", "outerHeight", "scrollX", "scrollY", "pageXOffset",
        "pageYOffset", "screenX", "screenY", "screenLeft", "screenTop", "devicePixelRatio"];
      for (let i = 0; i < viewport.length; i++) {
        const name = viewport[i];
        attribute(name, () => native.viewport(name), true);
      }
      hidden("scroll", { scroll() { return native.scroll(); } }.scroll);
      hidden("scrollTo", { scrollTo() { return native.scroll(); } }.scrollTo);
      hidden("scrollBy", { scrollBy() { return native.scroll(); } }.scrollBy);
      const operations = ["atob", "btoa", "reportError", "requestAnimationFrame", "cancelAnimationFrame", "matchMedia"];
      for (let i = 0; i < operations.length; i++) hidden(operations[i], native[operations[i]]);
      const prefix = "Failed to execute 'structuredClone' on 'Window': ";
      hidden("structuredClone", { structuredClone(value) {
        if (arguments.length < 1) throw new TypeError(prefix + "1 argument required, but only 0 present.");
        return clone(value, arguments[1], prefix);
      } }.structuredClone);
    })
    """#
}
