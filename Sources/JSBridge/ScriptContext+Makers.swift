import CJavaScriptCore

extension ScriptContext {
  public func makeUndefined() -> ScriptValue { ScriptValue(JSValueMakeUndefined(raw), in: self) }
  public func makeNull() -> ScriptValue { ScriptValue(JSValueMakeNull(raw), in: self) }
  public func makeBool(_ value: Bool) -> ScriptValue { ScriptValue(JSValueMakeBoolean(raw, value), in: self) }
  public func makeNumber(_ value: Double) -> ScriptValue { ScriptValue(JSValueMakeNumber(raw, value), in: self) }
  public func makeNumber(_ value: Int) -> ScriptValue { makeNumber(Double(value)) }
  public func makeString(_ value: String) -> ScriptValue {
    let ref = JSString.create(value)
    defer { JSStringRelease(ref) }
    return ScriptValue(JSValueMakeString(raw, ref), in: self)
  }

  /// A new plain object (`{}`).
  public func makeObject() -> ScriptValue { ScriptValue(JSObjectMake(raw, nil, nil), in: self) }

  /// A new array holding `elements`.
  public func makeArray(_ elements: [ScriptValue]) -> ScriptValue {
    let raws: [JSValueRef?] = elements.map { $0.raw }
    let array = raws.withUnsafeBufferPointer { JSObjectMakeArray(raw, elements.count, $0.baseAddress, nil) }
    return ScriptValue(array!, in: self)
  }

  /// A new `Date` with the given time value (milliseconds since 1970).
  public func makeDate(milliseconds: Double) -> ScriptValue {
    var time: JSValueRef? = JSValueMakeNumber(raw, milliseconds)
    return ScriptValue(JSObjectMakeDate(raw, 1, &time, nil)!, in: self)
  }

  /// A new `Uint8Array` holding a copy of `bytes`.
  public func makeUint8Array(bytes: [UInt8]) -> ScriptValue {
    let array = JSObjectMakeTypedArray(raw, kJSTypedArrayTypeUint8Array, bytes.count, nil)!
    if !bytes.isEmpty, let base = JSObjectGetTypedArrayBytesPtr(raw, array, nil) {
      let offset = JSObjectGetTypedArrayByteOffset(raw, array, nil)
      bytes.withUnsafeBytes { (base + offset).copyMemory(from: $0.baseAddress!, byteCount: bytes.count) }
    }
    return ScriptValue(array, in: self)
  }

  /// A new `ArrayBuffer` holding a copy of `bytes`.
  public func makeArrayBuffer(bytes: [UInt8]) -> ScriptValue {
    let view = makeUint8Array(bytes: bytes)
    return ScriptValue(JSObjectGetTypedArrayBuffer(raw, view.object, nil)!, in: self)
  }

  /// A new error object made by the global constructor `name` (`TypeError`, `RangeError`...), or an `Error`
  /// whose `name` property is `name` when there is no such constructor.
  public func makeError(name: String, message: String) -> ScriptValue {
    let text = makeString(message)
    if let ctor = try? global.property(name), ctor.isConstructor, let error = try? ctor.construct(args: [text]),
      error.isObject
    {
      return error
    }
    var arg: JSValueRef? = text.raw
    let error = ScriptValue(JSObjectMakeError(raw, 1, &arg, nil)!, in: self)
    try? error.setProperty("name", makeString(name))
    return error
  }

  /// Converts anything ``ScriptConvertible`` in this context.
  public func make(_ value: some ScriptConvertible) throws(ScriptError) -> ScriptValue {
    try value.scriptValue(in: self)
  }

  /// A small JS helper function, compiled once per context and kept protected.
  func helper(_ name: String) throws(ScriptError) -> ScriptValue {
    if let cached = helperFunctions[name] { return cached.value }
    let table = try evaluate(Self.helperSource, sourceURL: "webaction:jsbridge-helpers")
    for key in Self.helperNames {
      helperFunctions[key] = ProtectedValue(try table.property(key))
    }
    guard let made = helperFunctions[name] else {
      throw ScriptError(kind: .host, message: "JSBridge helper '\(name)' does not exist")
    }
    return made.value
  }

  static let helperNames = [
    "objectKeys", "isDataView", "defineAccessor", "defineAccessorFamily", "defineLazyGlobals", "defineUnforgeable", "subclassable", "defineValue", "useArrayIterator", "queueMicrotask",
    "defineUnscopables", "usePairIterator", "stringPairsInit",
  ]
  static let helperSource = """
    ({
      objectKeys: Object.keys,
      isDataView: (v) => v instanceof DataView,
      defineAccessor(target, name, get, set, enumerable) {
        Object.defineProperty(target, name, { get, set, enumerable, configurable: true });
      },
      defineAccessorFamily(target, names, get, set) {
        // Plain closures: naming each one ("get onclick") costs three times as much per page.
        for (const name of names) {
          Object.defineProperty(target, name, set === undefined
            ? { get() { return get.call(this, name); }, enumerable: true, configurable: true }
            : { get() { return get.call(this, name); }, set(value) { set.call(this, name, value); },
                enumerable: true, configurable: true });
        }
      },
      defineLazyGlobals(global, names, install) {
        // Installing redefines the global as the interface object; assigning first replaces it like any global.
        for (const name of names) {
          Object.defineProperty(global, name, {
            get() { return install(name); },
            set(value) { Object.defineProperty(global, name, { value, writable: true, enumerable: false, configurable: true }); },
            enumerable: false, configurable: true });
        }
      },
      defineUnforgeable(target, name, get) {
        Object.defineProperty(target, name, { get, enumerable: true, configurable: false });
      },
      subclassable(native) {
        const proxy = new Proxy(native, {
          construct(target, args, newTarget) {
            const made = Reflect.construct(target, args);
            const proto = newTarget === proxy ? null : newTarget.prototype;
            if (proto !== null && (typeof proto === "object" || typeof proto === "function")) Object.setPrototypeOf(made, proto);
            return made;
          },
        });
        return proxy;
      },
      defineValue(target, key, value, writable, enumerable, configurable) {
        Object.defineProperty(target, key === "@@toStringTag" ? Symbol.toStringTag : key,
                              { value, writable, enumerable, configurable });
      },
      defineUnscopables(proto, names) {
        const table = Object.create(null);
        for (const name of names.split(",")) table[name] = true;
        Object.defineProperty(proto, Symbol.unscopables, { value: table, writable: false, enumerable: false, configurable: true });
      },
      useArrayIterator(proto) {
        Object.defineProperty(proto, Symbol.iterator,
          { value: Array.prototype.values, writable: true, enumerable: false, configurable: true });
        for (const name of ["keys", "values", "entries", "forEach"])
          Object.defineProperty(proto, name,
            { value: Array.prototype[name], writable: true, enumerable: true, configurable: true });
      },
      usePairIterator(proto, name, length, entry) {
        // https://webidl.spec.whatwg.org/#es-iterable: one iterator prototype per interface, named "<Name> Iterator".
        const iteratorPrototype = Object.create(Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]())));
        const states = new WeakMap();
        Object.defineProperty(iteratorPrototype, "next", { value: function next() {
          const state = states.get(this);
          if (state === undefined) throw new TypeError("next: Illegal invocation");
          if (state.index >= length.call(state.target)) return { value: undefined, done: true };
          const pair = entry.call(state.target, state.index++);
          return { value: state.kind === "key" ? pair[0] : state.kind === "value" ? pair[1] : pair, done: false };
        }, writable: true, enumerable: true, configurable: true });
        Object.defineProperty(iteratorPrototype, Symbol.toStringTag, { value: name + " Iterator", configurable: true });
        const iterate = (kind, method) => ({ [method]() {
          length.call(this);  // the receiver check
          const iterator = Object.create(iteratorPrototype);
          states.set(iterator, { target: this, kind, index: 0 });
          return iterator;
        } })[method];
        const define = (key, value) => Object.defineProperty(proto, key,
          { value, writable: true, enumerable: typeof key === "string", configurable: true });
        define("entries", iterate("key+value", "entries"));
        define("keys", iterate("key", "keys"));
        define("values", iterate("value", "values"));
        define("forEach", function forEach(callback, thisArg = undefined) {
          length.call(this);
          if (typeof callback !== "function") throw new TypeError(name + ".forEach: argument 1 is not a function");
          for (let i = 0; i < length.call(this); i++) {
            const pair = entry.call(this, i);
            callback.call(thisArg, pair[1], pair[0], this);
          }
        });
        Object.defineProperty(proto, Symbol.iterator, { value: proto.entries, writable: true, enumerable: false, configurable: true });
      },
      stringPairsInit(init, what) {
        // WebIDL (sequence<sequence<USVString>> or record<USVString, USVString> or USVString): [true, pairs] for a
        // sequence, [false, pairs] for a record (Swift converts to USVString and merges repeated keys), else a string.
        if ((typeof init !== "object" || init === null) && typeof init !== "function") return `${init}`;
        const method = init[Symbol.iterator];
        if (method !== undefined && method !== null) {
          if (typeof method !== "function") throw new TypeError(what + ": @@iterator is not a function");
          const pairs = [];
          for (const pair of { [Symbol.iterator]: () => method.call(init) }) {
            if ((typeof pair !== "object" || pair === null) && typeof pair !== "function")
              throw new TypeError(what + ": each pair must be a sequence of two strings");
            pairs.push([...pair].map((item) => `${item}`));
          }
          return [true, pairs];
        }
        const pairs = [];
        for (const key of Reflect.ownKeys(init)) {
          const descriptor = Reflect.getOwnPropertyDescriptor(init, key);
          if (descriptor !== undefined && descriptor.enumerable) {
            if (typeof key === "symbol") throw new TypeError(what + ": a record key cannot be a symbol");
            pairs.push([key, `${init[key]}`]);
          }
        }
        return [false, pairs];
      },
      queueMicrotask(resolved, report) {
        return function queueMicrotask(callback) {
          if (typeof callback !== "function")
            throw new TypeError("queueMicrotask: argument 1 is not a function");
          resolved.then(() => { try { callback(); } catch (e) { report(e); } });
        };
      },
    })
    """
}
