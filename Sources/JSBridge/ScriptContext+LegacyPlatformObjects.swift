import CJavaScriptCore

// Legacy platform objects (https://webidl.spec.whatwg.org/#es-legacy-platform-objects) as one `Proxy` each.
//
// JSC's class callbacks cannot express them: they do not tell strict from sloppy code (`c[0] = x` must throw in
// strict code only), they are asked before own properties (an expando must hide a named property) and there is no
// [[DefineOwnProperty]] hook. So, as jsdom does, an interface built with `legacyPlatformObject()` hands out a
// `Proxy` as the one JS object of each instance. Its target is a plain wrapper (private data: the record, as for any
// wrapper) that holds the expandos; its handler, one per interface and context, runs the spec's algorithms and
// calls Swift for the indexed and named getters, the named setter and deleter, and the supported names.
//
// Prototype members receive the proxy as `this`: the group's `plainObjects` table maps it back to its record (a
// dictionary lookup). The proxy is what `wrappers` keeps and protects, until the group's last context closes; the
// target lives as long as its proxy. The handler's natives receive the target, a plain wrapper.

extension ScriptContext {
  /// The function that makes the proxy of one of `interface`'s targets in this context.
  func makeLegacyProxyFactory(for interface: AnyInterface) throws(ScriptError) -> ProtectedValue {
    // Each fresh function goes into `hooks` as soon as it is made: the collector does not see Swift's heap.
    let hooks = makeObject()
    return try withExtendedLifetime(hooks) { () throws(ScriptError) -> ProtectedValue in
      func hook(_ name: String, length: Int, _ body: @escaping (Arguments, WrapperRecord) throws -> ScriptValue) throws(ScriptError) {
        try hooks.setProperty(name, makeNativeFunction(name: name, length: length) { args in
          guard let record = args.context.wrapperRecord(args.value(0).raw) else { throw ScriptError.typeError("Illegal invocation") }
          return try body(args, record)
        })
      }
      if let indexed = interface.effectiveIndexed {
        try hook("item", length: 2) { args, record in
          try indexed.item(record.object, args.int(1), args.context) ?? args.context.makeUndefined()
        }
        try hook("length", length: 1) { args, record in args.context.makeNumber(indexed.length(record.object)) }
      }
      if let named = interface.effectiveNamed {
        try hook("named", length: 2) { args, record in
          try named.get(record.object, args.string(1), args.context) ?? args.context.makeUndefined()
        }
        if let keys = named.keys {
          try hook("names", length: 1) { args, record in
            args.context.makeArray(keys(record.object)) { args.context.makeString($0) }
          }
        }
        if let set = named.set {
          try hook("setNamed", length: 3) { args, record in
            _ = try set(record.object, args.string(1), args.value(2))
            return args.context.makeUndefined()
          }
        }
        if let delete = named.delete {
          try hook("deleteNamed", length: 2) { args, record in
            _ = try delete(record.object, args.string(1))
            return args.context.makeUndefined()
          }
        }
        try hooks.setProperty("overridesBuiltIns", makeBool(named.overridesBuiltIns))
        try hooks.setProperty("enumerableNames", makeBool(named.enumerable))
      }
      return ProtectedValue(try helper("legacyPlatformObject").call(args: [hooks]))
    }
  }
}

extension ScriptContext {
  /// The `legacyPlatformObject(hooks)` helper (in the table of ScriptContext+Makers.swift, so that the built-ins
  /// it uses are captured before any page script runs): returns `make(target)`, which answers a new proxy.
  ///
  /// `hooks` holds natives called with the target first: `item(target, i)` (the value, or undefined when `i` is
  /// not a supported property index), `length(target)`, `named(target, name)` (undefined when not a supported
  /// property name), `names(target)`, `setNamed(target, name, value)`, `deleteNamed(target, name)`, each absent
  /// when the interface has no such thing; and the flags `overridesBuiltIns` and `enumerableNames`.
  static let legacyPlatformObjectHelper = """
    (() => {
      const { apply, defineProperty, deleteProperty, get, getOwnPropertyDescriptor, has, ownKeys, set } = Reflect;
      const { hasOwn } = Object, ProxyConstructor = Proxy;
      const weakMapGet = WeakMap.prototype.get, weakMapSet = WeakMap.prototype.set;
      // The index a property key is, or -1 (https://tc39.es/ecma262/#array-index: canonical, below 2^32 - 1). A digit
      // loop: twice as fast as comparing with the number's string, which allocates.
      const arrayIndex = (P) => {
        const n = P.length;
        if (n === 0 || n > 10) return -1;
        let value = 0;
        for (let i = 0; i < n; i++) {
          const digit = P.charCodeAt(i) - 48;
          if (digit < 0 || digit > 9 || (digit === 0 && i === 0 && n > 1)) return -1;
          value = value * 10 + digit;
        }
        return value < 4294967295 ? value : -1;
      };
      return (hooks) => {
        const { item, length, named, names, setNamed, deleteNamed, overridesBuiltIns, enumerableNames } = hooks;
        const indexed = item !== undefined, hasNamed = named !== undefined, namedSetter = setNamed !== undefined;
        // The proxy of each target, for [[Set]]'s "O is Receiver" (only a named setter needs it).
        const proxies = new WeakMap();
        // https://webidl.spec.whatwg.org/#dfn-named-property-visibility steps 2-5: false when the target (an ordinary
        // object) has P, or without [LegacyOverrideBuiltIns] when its prototype chain has P (no named properties
        // object is in such a chain).
        const mayBeVisible = (target, P) => !(overridesBuiltIns ? hasOwn(target, P) : has(target, P));
        // The named property's value, or undefined when P is not a visible named property (step 1: `named` answers
        // undefined unless P is a supported property name).
        const visibleNamedValue = (target, P) => mayBeVisible(target, P) ? named(target, P) : undefined;
        // https://webidl.spec.whatwg.org/#LegacyPlatformObjectGetOwnProperty (no interface here has an indexed setter).
        const ownProperty = (target, P, ignoreNamedProps) => {
          if (typeof P === "string") {
            if (indexed) {
              const index = arrayIndex(P);
              if (index >= 0) {
                const value = item(target, index);
                if (value !== undefined) return { __proto__: null, value, writable: false, enumerable: true, configurable: true };
                ignoreNamedProps = true;
              }
            }
            if (hasNamed && !ignoreNamedProps) {
              const value = visibleNamedValue(target, P);
              if (value !== undefined)
                return { __proto__: null, value, writable: namedSetter, enumerable: enumerableNames, configurable: true };
            }
          }
          return getOwnPropertyDescriptor(target, P);
        };
        const handler = {
          __proto__: null,
          getOwnPropertyDescriptor: (target, P) => ownProperty(target, P, false),
          // OrdinaryGet over [[GetOwnProperty]] above, without making descriptors (this is the hot path).
          get(target, P, receiver) {
            if (typeof P === "string") {
              if (indexed) {
                const index = arrayIndex(P);
                if (index >= 0) {
                  const value = item(target, index);
                  return value !== undefined ? value : get(target, P, receiver);
                }
              }
              if (hasNamed) {
                if (overridesBuiltIns) {
                  const value = visibleNamedValue(target, P);
                  if (value !== undefined) return value;
                } else {
                  // `list.length`: one ordinary get, and a visibility check only when it finds nothing.
                  const value = get(target, P, receiver);
                  return value !== undefined || has(target, P) ? value : named(target, P);
                }
              }
            }
            return get(target, P, receiver);
          },
          has(target, P) {
            if (typeof P === "string") {
              if (indexed) {
                const index = arrayIndex(P);
                if (index >= 0) return item(target, index) !== undefined || has(target, P);
              }
              if (hasNamed && visibleNamedValue(target, P) !== undefined) return true;
            }
            return has(target, P);
          },
          // https://webidl.spec.whatwg.org/#legacy-platform-object-set
          set(target, P, V, receiver) {
            if (typeof P === "string") {
              // Step 1.
              if (namedSetter && receiver === apply(weakMapGet, proxies, [target])) {
                setNamed(target, P, V);
                return true;
              }
              // Steps 2-3: a supported index is a read-only own property.
              if (indexed) {
                const index = arrayIndex(P);
                if (index >= 0 && item(target, index) !== undefined) return false;
              }
            }
            // Steps 2-3 otherwise: OrdinarySetWithOwnDescriptor with the target's own property, which defines on
            // the receiver through the traps here.
            return set(target, P, V, receiver);
          },
          // https://webidl.spec.whatwg.org/#legacy-platform-object-defineownproperty
          defineProperty(target, P, desc) {
            if (typeof P === "string") {
              if (indexed && arrayIndex(P) >= 0) return false;  // Step 1 (no indexed setter).
              if (hasNamed && (overridesBuiltIns || !hasOwn(target, P))) {  // Step 2.
                if (!namedSetter) {
                  if (named(target, P) !== undefined) return false;  // Step 2.2.1.
                } else {
                  if (!hasOwn(desc, "value") && !hasOwn(desc, "writable")) return false;  // Step 2.2.2.1.
                  setNamed(target, P, desc.value);
                  return true;
                }
              }
            }
            return defineProperty(target, P, desc);  // Step 3.
          },
          // https://webidl.spec.whatwg.org/#legacy-platform-object-delete
          deleteProperty(target, P) {
            if (typeof P === "string") {
              if (indexed) {
                const index = arrayIndex(P);
                if (index >= 0) return item(target, index) === undefined;  // Step 1.
              }
              if (hasNamed && visibleNamedValue(target, P) !== undefined) {  // Step 2.
                if (deleteNamed === undefined) return false;
                deleteNamed(target, P);
                return true;
              }
            }
            return deleteProperty(target, P);  // Steps 3-4.
          },
          // https://webidl.spec.whatwg.org/#legacy-platform-object-ownpropertykeys
          ownKeys(target) {
            const keys = [];
            if (indexed) for (let i = 0, n = length(target); i < n; i++) keys[keys.length] = `${i}`;
            if (names !== undefined) {
              const list = names(target);
              for (let i = 0; i < list.length; i++) {
                const name = list[i];
                // An index is never a named property where indexed properties are supported (it would be listed twice).
                if (!(indexed && arrayIndex(name) >= 0) && mayBeVisible(target, name)) keys[keys.length] = name;
              }
            }
            const own = ownKeys(target);
            for (let i = 0; i < own.length; i++) keys[keys.length] = own[i];
            return keys;
          },
          // https://webidl.spec.whatwg.org/#legacy-platform-object-preventextensions
          preventExtensions: () => false,
        };
        return (target) => {
          const proxy = new ProxyConstructor(target, handler);
          if (namedSetter) apply(weakMapSet, proxies, [target, proxy]);
          return proxy;
        };
      };
    })()
    """
}
