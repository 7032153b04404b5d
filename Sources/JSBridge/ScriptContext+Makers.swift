import CJavaScriptCore

extension ScriptContext {
  public func makeUndefined() -> ScriptValue { ScriptValue(JSValueMakeUndefined(raw), in: self) }
  public func makeNull() -> ScriptValue { ScriptValue(JSValueMakeNull(raw), in: self) }
  public func makeBool(_ value: Bool) -> ScriptValue { ScriptValue(JSValueMakeBoolean(raw, value), in: self) }
  public func makeNumber(_ value: Double) -> ScriptValue { ScriptValue(JSValueMakeNumber(raw, value), in: self) }
  public func makeNumber(_ value: Int) -> ScriptValue { makeNumber(Double(value)) }
  /// A JS string from NUL-terminated UTF-8 the caller vouches for (invalid UTF-8 would make an empty string): for
  /// text held as C bytes, with no Swift `String` made on the way.
  public func makeString(utf8 bytes: UnsafePointer<CChar>) -> ScriptValue {
    let ref = JSStringCreateWithUTF8CString(bytes)
    defer { JSStringRelease(ref) }
    return ScriptValue(JSValueMakeString(raw, ref), in: self)
  }

  public func makeString(_ value: String) -> ScriptValue {
    let ref = JSString.create(value)
    defer { JSStringRelease(ref) }
    return ScriptValue(JSValueMakeString(raw, ref), in: self)
  }

  /// What a maker answers when JavaScriptCore refuses to make an object because an exception is pending: the
  /// watchdog's termination, which stops the running script while a native call runs. That call's result is
  /// discarded (its error replaces it, Trampolines.swift), so `undefined` only has to stand in for it.
  private var stoppedCallPlaceholder: ScriptValue { makeUndefined() }

  /// A new array of `transform` applied to each of `source`, each element stored as soon as it is made (so a
  /// collection while the list is built cannot free the elements made so far: the array holds them).
  ///
  /// The array is made with its length, holding `undefined`, so each store replaces an own element: a store past the
  /// end would look up the prototype chain, where a page may have defined indexed setters on `Array.prototype` or
  /// `Object.prototype` that take it (every element of a `querySelectorAll` result was then `undefined`).
  public func makeArray<C: Collection, E: Error>(
    _ source: C, _ transform: (C.Element) throws(E) -> ScriptValue
  ) throws(E) -> ScriptValue {
    let placeholders = [JSValueRef?](repeating: JSValueMakeUndefined(raw), count: source.count)
    let made = placeholders.withUnsafeBufferPointer { JSObjectMakeArray(raw, $0.count, $0.baseAddress, nil) }
    guard let array = made else { return stoppedCallPlaceholder }
    JSValueProtect(raw, array)
    defer { JSValueUnprotect(raw, array) }
    for (index, element) in source.enumerated() {
      let value = try transform(element)
      JSObjectSetPropertyAtIndex(raw, array, UInt32(index), value.raw, nil)
    }
    return ScriptValue(array, in: self)
  }

  /// A new array with no prototype, for JSBridge's own lists that grow by stores past their end: such a store looks
  /// up the prototype chain, where a page may have defined indexed setters (on `Array.prototype`, `Object.prototype`)
  /// that would take it. Never handed to scripts as a value of theirs.
  static func makeBareArray(in context: JSGlobalContextRef) -> JSObjectRef {
    let array = JSObjectMakeArray(context, 0, nil, nil)!
    JSObjectSetPrototype(context, array, JSValueMakeNull(context))
    return array
  }

  /// A new plain object (`{}`).
  public func makeObject() -> ScriptValue { ScriptValue(JSObjectMake(raw, nil, nil), in: self) }

  /// A new array holding `elements`.
  ///
  /// Only for values something else keeps alive (wrappers, protected values, a handful of fresh values made in
  /// the same expression): JSC's collector finds roots on the stack, not in a Swift array's heap buffer, so fresh
  /// values collected into an array first can be freed by a collection before this copies them. Build longer
  /// lists with ``makeArray(_:_:)``.
  public func makeArray(_ elements: [ScriptValue]) -> ScriptValue {
    let raws: [JSValueRef?] = elements.map { $0.raw }
    let array = raws.withUnsafeBufferPointer { JSObjectMakeArray(raw, elements.count, $0.baseAddress, nil) }
    return array.map { ScriptValue($0, in: self) } ?? stoppedCallPlaceholder
  }

  /// A new `Date` with the given time value (milliseconds since 1970).
  public func makeDate(milliseconds: Double) -> ScriptValue {
    var time: JSValueRef? = JSValueMakeNumber(raw, milliseconds)
    return JSObjectMakeDate(raw, 1, &time, nil).map { ScriptValue($0, in: self) } ?? stoppedCallPlaceholder
  }

  /// A new `Uint8Array` holding a copy of `bytes`.
  public func makeUint8Array(bytes: [UInt8]) -> ScriptValue {
    guard let array = JSObjectMakeTypedArray(raw, kJSTypedArrayTypeUint8Array, bytes.count, nil) else {
      return stoppedCallPlaceholder
    }
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
    // Nil while the VM terminates a script (the watchdog stopped it): the message itself is thrown then.
    guard let made = JSObjectMakeError(raw, 1, &arg, nil) else { return text }
    let error = ScriptValue(made, in: self)
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
    let table = try evaluate(Self.helperSource, sourceURL: "webaction:jsbridge-helpers", keepCompiled: true)
    for key in Self.helperNames {
      helperFunctions[key] = ProtectedValue(try table.property(key))
    }
    guard let made = helperFunctions[name] else {
      throw ScriptError(kind: .host, message: "JSBridge helper '\(name)' does not exist")
    }
    return made.value
  }

  static let helperNames = [
    "objectKeys", "isDataView", "defineMembers", "defineLazyGlobals", "defineLazyGroup", "defineGlobal", "defineUnforgeable", "subclassable", "defineValue", "useArrayIterator", "queueMicrotask",
    "defineUnscopables", "usePairIterator", "stringPairsInit", "makeFixedList", "useFixedLength", "legacyPlatformObject",
  ]
  static let helperSource = """
    (() => {
    // The getters of globals made on first use: a global whose property is still one of them is ours to define; any
    // other (a page's `function Node() {}`, `var open`, an assignment) is the page's, and installing leaves it alone.
    // Captured now, before any page script: a page may patch the built-ins before a lazy global is first read.
    const lazyGetters = new WeakSet();
    const { apply, getOwnPropertyDescriptor } = Reflect, weakSetHas = WeakSet.prototype.has;
    // The lengths of fixed lists (makeFixedList), read by their prototype's `length` getter (useFixedLength). Its
    // own `get` is WeakMap.prototype.get as it is now: a page patching the prototype later cannot break it, and
    // the JIT still sees the built-in (which it inlines).
    const { create, defineProperty } = Object, fixedLengths = new WeakMap(), weakMapSet = WeakMap.prototype.set;
    defineProperty(fixedLengths, "get", { value: WeakMap.prototype.get });
    const noArguments = Object.freeze([]);
    const pageOwns = (global, name) => {
      const now = getOwnPropertyDescriptor(global, name);
      return now !== undefined && !(typeof now.get === "function" && apply(weakSetHas, lazyGetters, [now.get]));
    };
    return {
      objectKeys: Object.keys,
      isDataView: (v) => v instanceof DataView,
      defineMembers(proto, ctor, entries) {
        // Five entries a definition (ScriptContext+Interfaces.swift, MemberBatch): target, key, value or getter
        // (or an accessor family's names), setter, flags (1 writable, 2 enumerable, 4 configurable, 8 accessor,
        // 16 accessor family, 32 the key is Symbol.toStringTag).
        for (let i = 0; i < entries.length; i += 5) {
          const target = entries[i] === 0 ? proto : ctor, key = entries[i + 1], a = entries[i + 2], b = entries[i + 3];
          const flags = entries[i + 4];
          if (flags & 16) {
            // Plain closures: naming each one ("get onclick") costs three times as much per page.
            for (const name of key) {
              Object.defineProperty(target, name, b === undefined
                ? { get() { return a.call(this, name); }, enumerable: true, configurable: true }
                : { get() { return a.call(this, name); }, set(value) { b.call(this, name, value); },
                    enumerable: true, configurable: true });
            }
          } else if (flags & 8) {
            Object.defineProperty(target, key, { get: a, set: b, enumerable: (flags & 2) !== 0, configurable: (flags & 4) !== 0 });
          } else {
            Object.defineProperty(target, flags & 32 ? Symbol.toStringTag : key,
              { value: a, writable: (flags & 1) !== 0, enumerable: (flags & 2) !== 0, configurable: (flags & 4) !== 0 });
          }
        }
      },
      defineLazyGlobals(global, names, install) {
        // Installing redefines the global as the interface object; assigning first replaces it like any global.
        for (const name of names) {
          const get = function () { return install(name); };
          lazyGetters.add(get);
          Object.defineProperty(global, name, {
            get, set(value) { Object.defineProperty(global, name, { value, writable: true, enumerable: false, configurable: true }); },
            enumerable: false, configurable: true });
        }
      },
      defineGlobal(global, name, value) {
        // An interface object as a global, unless the page made that name its own first (then, as in a browser
        // where the page's declaration replaced the interface, the page's value stays).
        if (!pageOwns(global, name))
          Object.defineProperty(global, name, { value, writable: true, enumerable: false, configurable: true });
      },
      defineLazyGroup(global, names, enumerable, install) {
        // The first read of any name runs install(owned) once, which defines them all but the ones owned(name)
        // says the page made its own (declared or assigned) meanwhile. Returns the function that runs it (Swift
        // calls it when it needs the group before a script read it).
        let done = false;
        const owned = (name) => pageOwns(global, name);
        const run = () => {
          if (done) return;
          done = true;
          try { install(owned); } catch (error) { done = false; throw error; }
        };
        names.forEach((name, index) => {
          const get = function () {
            run();
            const now = Object.getOwnPropertyDescriptor(global, name);
            if (now !== undefined && now.get === get) { delete global[name]; return undefined; }
            return global[name];
          };
          lazyGetters.add(get);
          Object.defineProperty(global, name, {
            get, set(value) {
              Object.defineProperty(global, name, { value, writable: true, enumerable: false, configurable: true });
            },
            enumerable: enumerable[index], configurable: true });
        });
        return run;
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
      makeFixedList(proto, items) {
        // A static list (JSBridge wrapFixedList): an ordinary object with the interface's prototype and its items as
        // own read-only properties, so that indexing it is an ordinary property read.
        const list = create(proto);
        for (let i = 0; i < items.length; i++)
          defineProperty(list, i, { __proto__: null, value: items[i], writable: false, enumerable: true, configurable: false });
        apply(weakMapSet, fixedLengths, [list, items.length]);
        return list;
      },
      useFixedLength(proto) {
        // The prototype's `length` getter answers a fixed list's length itself and asks the native getter otherwise.
        const native = getOwnPropertyDescriptor(proto, "length"), nativeGet = native.get;
        const { get } = getOwnPropertyDescriptor({
          get length() {
            const length = fixedLengths.get(this);
            return length !== undefined ? length : apply(nativeGet, this, noArguments);
          },
        }, "length");
        defineProperty(proto, "length", { __proto__: null, get, set: native.set, enumerable: native.enumerable,
                                          configurable: native.configurable });
      },
      useArrayIterator(proto, valueIterable) {
        // https://webidl.spec.whatwg.org/#es-iterator: an indexed getter gives @@iterator; `iterable<V>` adds the rest.
        Object.defineProperty(proto, Symbol.iterator,
          { value: Array.prototype.values, writable: true, enumerable: false, configurable: true });
        if (valueIterable) for (const name of ["keys", "values", "entries", "forEach"])
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
      legacyPlatformObject: \(legacyPlatformObjectHelper),
      queueMicrotask(resolved, report) {
        return function queueMicrotask(callback) {
          if (typeof callback !== "function")
            throw new TypeError("queueMicrotask: argument 1 is not a function");
          resolved.then(() => { try { callback(); } catch (e) { report(e); } });
        };
      },
    };
    })()
    """
}
