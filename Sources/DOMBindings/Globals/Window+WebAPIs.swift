import DOM
import JSBridge

/// The window's web APIs beyond the DOM: `navigator`, `history`, `screen`, `localStorage`/`sessionStorage`,
/// `crypto`, `matchMedia`, `requestAnimationFrame`/`cancelAnimationFrame`, `atob`/`btoa`, `structuredClone` and
/// `reportError`.
extension Window {
  func installWebAPIs() throws(ScriptError) {
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
    try add("isPlatformObject", length: 1) { args in
      args.context.makeBool(args.context.unwrap(args.value(0), as: AnyObject.self) != nil)
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
    try add("matchMedia", length: 1) { args in
      try args.require(1)
      return try args.context.wrap(MediaQueryList(try args.string(0)))
    }
    let setup = try context.evaluate(Self.webAPIsPrelude, sourceURL: "webaction:window-web-apis")
    let makeClone = try context.evaluate(Self.structuredCloneSource, sourceURL: "webaction:structured-clone")
    let clone = try makeClone.call(args: [try native.property("isPlatformObject"), domExceptionConstructor?.value ?? context.makeUndefined(), context.global])
    intrinsics = ProtectedValue(try setup.call(args: [native, context.global, clone]))
  }

  /// One of the functions the prelude hands back (`clone`, `resolve`, `freeze`).
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

  /// Defines the globals; returns `{clone, resolve, freeze}` for Swift.
  static let webAPIsPrelude = #"""
    (function (native, global, clone) {
      "use strict";
      const { apply, defineProperty } = Reflect;
      const hidden = (name, value) => defineProperty(global, name,
        { value, writable: true, enumerable: false, configurable: true });
      // Attributes of the window: `[Replaceable]` ones take an assignment as a new own value.
      const attribute = (name, get, replaceable) => defineProperty(global, name, {
        get: { [name]() { return get(); } }[name],
        set: replaceable ? { [name](value) { hidden(name, value); } }[name] : undefined,
        enumerable: true, configurable: true });
      for (const name of ["navigator", "history", "localStorage", "sessionStorage", "crypto"])
        attribute(name, () => native.object(name), false);
      attribute("clientInformation", () => native.object("navigator"), false);
      attribute("screen", () => native.object("screen"), true);
      for (const name of ["atob", "btoa", "reportError", "requestAnimationFrame", "cancelAnimationFrame", "matchMedia"])
        hidden(name, native[name]);
      const prefix = "Failed to execute 'structuredClone' on 'Window': ";
      hidden("structuredClone", { structuredClone(value) {
        if (arguments.length < 1) throw new TypeError(prefix + "1 argument required, but only 0 present.");
        return clone(value, arguments[1], prefix);
      } }.structuredClone);
      const PromiseCtor = Promise, promiseResolve = Promise.resolve;
      return { clone, resolve: (value) => apply(promiseResolve, PromiseCtor, [value]), freeze: Object.freeze };
    })
    """#
}
