import JSBridge

/// `structuredClone`, and the clone `history.pushState` keeps: the structured serialize/deserialize round trip
/// within one realm, written in JS over intrinsics captured before any page script runs.
///
/// https://html.spec.whatwg.org/multipage/structured-data.html#structured-cloning
extension Window {
  /// Clones `value` as `structuredClone` would; a DataCloneError names `interface.method`.
  func structuredClone(_ value: ScriptValue, method: String, interface: String) throws(ScriptError) -> ScriptValue {
    let prefix = context.makeString("Failed to execute '\(method)' on '\(interface)': ")
    return try intrinsic("clone").call(args: [value, context.makeUndefined(), prefix])
  }

  /// `(isPlatformObject, domException, global) => clone(value, options, prefix)`, where `domException(make)` returns the
  /// page's `DOMException` (made on first use; with `make` false, undefined until then).
  ///
  /// Supported: primitives (not symbols), Boolean/Number/String/BigInt wrappers, Date, RegExp, ArrayBuffer, typed
  /// arrays and DataView (sharing cloned buffers), Map, Set, Error (the seven standard names), DOMException,
  /// arrays (holes and extra properties kept) and other objects (own enumerable string keys, as plain objects), with
  /// cycles and shared references preserved. `options.transfer` moves ArrayBuffers (the originals are detached).
  /// Functions, symbols, platform objects (nodes, the window), promises and weak collections throw DataCloneError.
  static let structuredCloneSource = #"""
    (function (isPlatformObject, domException, global) {
      "use strict";
      const { apply, ownKeys, getPrototypeOf, defineProperty } = Reflect;
      const getOwnPropertyDescriptor = Object.getOwnPropertyDescriptor;
      const getter = (proto, name) => getOwnPropertyDescriptor(proto, name).get;
      const objectToString = Object.prototype.toString, functionToString = Function.prototype.toString;
      const symbolToString = Symbol.prototype.toString, symbolValueOf = Symbol.prototype.valueOf;
      const isArray = Array.isArray;
      const [ArrayCtor, MapCtor, SetCtor, DateCtor, RegExpCtor, ArrayBufferCtor, DataViewCtor, Uint8ArrayCtor, ObjectCtor] =
        [Array, Map, Set, Date, RegExp, ArrayBuffer, DataView, Uint8Array, Object];
      const typedArrayPrototype = getPrototypeOf(Int8Array.prototype);
      const typedArrayName = getter(typedArrayPrototype, Symbol.toStringTag);
      const typedArrayBuffer = getter(typedArrayPrototype, "buffer");
      const typedArrayOffset = getter(typedArrayPrototype, "byteOffset");
      const typedArrayLength = getter(typedArrayPrototype, "length");
      const typedArraySet = typedArrayPrototype.set;
      const typedArrays = {};
      for (const name of ["Int8Array", "Uint8Array", "Uint8ClampedArray", "Int16Array", "Uint16Array", "Int32Array",
                          "Uint32Array", "Float32Array", "Float64Array", "BigInt64Array", "BigUint64Array", "Float16Array"])
        if (typeof global[name] === "function") typedArrays[name] = global[name];
      const dataViewBuffer = getter(DataView.prototype, "buffer");
      const dataViewOffset = getter(DataView.prototype, "byteOffset");
      const dataViewLength = getter(DataView.prototype, "byteLength");
      const bufferLength = getter(ArrayBuffer.prototype, "byteLength");
      const bufferDetached = getOwnPropertyDescriptor(ArrayBuffer.prototype, "detached")?.get;
      const bufferSlice = ArrayBuffer.prototype.slice, bufferTransfer = ArrayBuffer.prototype.transfer;
      const dateTime = Date.prototype.getTime;
      const regExpSource = getter(RegExp.prototype, "source"), regExpFlags = getter(RegExp.prototype, "flags");
      const mapSize = getter(Map.prototype, "size"), setSize = getter(Set.prototype, "size");
      const mapEntries = Map.prototype.entries, mapSet = Map.prototype.set, mapHas = Map.prototype.has, mapGet = Map.prototype.get;
      const setValues = Set.prototype.values, setAdd = Set.prototype.add;
      const mapIteratorNext = getPrototypeOf(new Map().entries()).next;
      const setIteratorNext = getPrototypeOf(new Set().values()).next;
      const wrappers = [Boolean, Number, String, BigInt].map((type) => type.prototype.valueOf);
      const errors = { __proto__: null, Error, EvalError, RangeError, ReferenceError, SyntaxError, TypeError, URIError };
      // Objects with internal slots that are neither serializable nor ordinary.
      const unserializable = new Set(["Promise", "WeakMap", "WeakSet", "WeakRef", "FinalizationRegistry", "Generator",
        "AsyncGenerator", "Map Iterator", "Set Iterator", "Array Iterator", "String Iterator", "RegExp String Iterator",
        "Iterator Helper", "SharedArrayBuffer", "Module"]);

      const has = (brand, value) => { try { apply(brand, value, []); return true; } catch (e) { return false; } };
      const tag = (value) => apply(objectToString, value, []).slice(8, -1);
      const describe = (value) => {
        if (typeof value === "function") { try { return apply(functionToString, value, []); } catch (e) { return "function"; } }
        if (typeof value === "symbol") return apply(symbolToString, value, []);
        if (value === global) return "#<Window>";
        return isPlatformObject(value) ? tag(value) + " object" : "#<" + tag(value) + ">";
      };
      const isDetached = (buffer) => bufferDetached ? apply(bufferDetached, buffer, []) : false;

      return function clone(value, options, prefix) {
        const fail = (message) => { throw new (domException(true))(prefix + message, "DataCloneError"); };
        const memory = new MapCtor();
        const moved = [];
        // StructuredSerializeOptions: { transfer: sequence<object> }.
        if (options !== undefined && options !== null) {
          if (typeof options !== "object" && typeof options !== "function")
            throw new TypeError(prefix + "The provided value is not of type 'StructuredSerializeOptions'.");
          const list = options.transfer;
          if (list !== undefined) {
            let index = 0;
            for (const item of list) {
              if ((typeof item !== "object" && typeof item !== "function") || item === null)
                throw new TypeError(prefix + "Failed to convert value to 'object'.");
              if (!has(bufferLength, item)) fail("Value at index " + index + " does not have a transferable type.");
              if (apply(mapHas, memory, [item]))
                fail("ArrayBuffer at index " + index + " is a duplicate of an earlier ArrayBuffer.");
              if (isDetached(item)) fail("ArrayBuffer at index " + index + " is already detached.");
              if (typeof bufferTransfer !== "function") fail("ArrayBuffers cannot be transferred here.");
              const copy = new ArrayBufferCtor(apply(bufferLength, item, []));
              apply(mapSet, memory, [item, copy]);
              moved[moved.length] = [item, copy];
              index++;
            }
          }
        }

        const copyProperties = (from, to) => {
          const keys = ownKeys(from);
          for (let i = 0; i < keys.length; i++) {
            const key = keys[i];
            if (typeof key !== "string") continue;
            const descriptor = getOwnPropertyDescriptor(from, key);
            if (!descriptor || !descriptor.enumerable) continue;
            defineProperty(to, key, { value: copy(from[key]), writable: true, enumerable: true, configurable: true });
          }
        };

        const copy = (value) => {
          const type = typeof value;
          if (type === "symbol" || type === "function") fail(describe(value) + " could not be cloned.");
          if (value === null || type !== "object") return value;
          if (apply(mapHas, memory, [value])) return apply(mapGet, memory, [value]);
          if (value === global || isPlatformObject(value)) fail(describe(value) + " could not be cloned.");
          const remember = (made) => { apply(mapSet, memory, [value, made]); return made; };
          if (isArray(value)) {
            const made = remember(new ArrayCtor(value.length));
            copyProperties(value, made);
            return made;
          }
          if (has(dateTime, value)) return remember(new DateCtor(apply(dateTime, value, [])));
          if (has(regExpSource, value))
            return remember(new RegExpCtor(apply(regExpSource, value, []), apply(regExpFlags, value, [])));
          if (has(bufferLength, value)) {
            if (isDetached(value)) fail("An ArrayBuffer is detached and could not be cloned.");
            return remember(apply(bufferSlice, value, [0]));
          }
          const viewType = apply(typedArrayName, value, []);
          if (viewType !== undefined) {
            const buffer = copy(apply(typedArrayBuffer, value, []));
            return remember(new typedArrays[viewType](buffer, apply(typedArrayOffset, value, []), apply(typedArrayLength, value, [])));
          }
          if (has(dataViewBuffer, value)) {
            const buffer = copy(apply(dataViewBuffer, value, []));
            return remember(new DataViewCtor(buffer, apply(dataViewOffset, value, []), apply(dataViewLength, value, [])));
          }
          for (let i = 0; i < wrappers.length; i++) {
            if (has(wrappers[i], value)) return remember(ObjectCtor(apply(wrappers[i], value, [])));
          }
          if (has(symbolValueOf, value)) fail("[object Symbol] could not be cloned.");
          if (has(mapSize, value)) {
            const made = remember(new MapCtor());
            const entries = [];
            const iterator = apply(mapEntries, value, []);
            for (let step = apply(mapIteratorNext, iterator, []); !step.done; step = apply(mapIteratorNext, iterator, []))
              entries[entries.length] = step.value;
            for (let i = 0; i < entries.length; i++) apply(mapSet, made, [copy(entries[i][0]), copy(entries[i][1])]);
            return made;
          }
          if (has(setSize, value)) {
            const made = remember(new SetCtor());
            const items = [];
            const iterator = apply(setValues, value, []);
            for (let step = apply(setIteratorNext, iterator, []); !step.done; step = apply(setIteratorNext, iterator, []))
              items[items.length] = step.value;
            for (let i = 0; i < items.length; i++) apply(setAdd, made, [copy(items[i])]);
            return made;
          }
          // domException(false): no DOMException can exist before its constructor was made, so do not make it here.
          const madeDOMException = domException(false);
          if (madeDOMException !== undefined && value instanceof madeDOMException)
            return remember(new madeDOMException(value.message, value.name));
          if (tag(value) === "Error") {
            // https://html.spec.whatwg.org/#structuredserializeinternal step 17: one of seven names, the own message.
            const name = value.name;
            const Type = (typeof name === "string" && errors[name]) || errors.Error;
            const message = getOwnPropertyDescriptor(value, "message");
            const made = message && "value" in message ? new Type(String(message.value)) : new Type();
            const stack = value.stack;
            if (typeof stack === "string")
              defineProperty(made, "stack", { value: stack, writable: true, enumerable: false, configurable: true });
            return remember(made);
          }
          if (unserializable.has(tag(value)) || tag(value).startsWith("Intl.") || tag(value).startsWith("WebAssembly."))
            fail(describe(value) + " could not be cloned.");
          const made = remember({});
          copyProperties(value, made);
          return made;
        };

        const result = copy(value);
        // The transfer: the clones take the bytes, the originals are detached.
        for (let i = 0; i < moved.length; i++) {
          apply(typedArraySet, new Uint8ArrayCtor(moved[i][1]), [new Uint8ArrayCtor(moved[i][0])]);
          apply(bufferTransfer, moved[i][0], []);
        }
        return result;
      };
    })
    """#
}
