import FuzzSupport

/// Turns fuzz bytes into a script whose completion value is a nested JS value.
///
/// Containers are built in comma expressions that store them in `c[i]` first, `(c[3] = [], c[3].push(…), c[3])`, so
/// a later value can refer to an ancestor (a cycle) or to a finished sibling (a shared value).
struct ValueScript {
  private var containers = 0

  static func make(from input: inout FuzzBytes) -> String {
    var script = ValueScript()
    return "var c = []; " + script.value(&input, depth: 0)
  }

  /// One value; containers stop at depth 12 (deeper values come from the `deep` recipe, which nests by the thousand).
  private mutating func value(_ input: inout FuzzBytes, depth: Int) -> String {
    let kind = input.choose(depth >= 12 ? 4 : 17)
    switch kind {
    case 0: return String(Int8(bitPattern: input.byte()))
    case 1: return number(&input)
    case 2: return string(&input)
    case 3: return ["true", "false", "null", "undefined"][input.choose(4)]
    case 4, 5: return array(&input, depth: depth)
    case 6, 7: return object(&input, depth: depth)
    case 8: return "new Date(\(number(&input)))"
    case 9: return typedArray(&input)
    case 10:
      // A reference to a container made earlier: an ancestor still open (a cycle) or a finished one (shared).
      guard containers > 0 else { return "null" }
      return "c[\(input.choose(containers))]"
    case 11: return special(&input)
    case 12:
      let n = Int(input.byte()) * 8 + Int(input.byte() % 8)
      let leaf = ["0", "{}", "[]", "{\"a\":1}"][input.choose(4)]
      return input.byte() & 1 == 0
        ? "JSON.parse('\(String(repeating: "[", count: n))\(leaf)\(String(repeating: "]", count: n))')"
        : "(function () { var v = \(leaf); for (var i = 0; i < \(n); i++) v = {v: v}; return v; })()"
    case 13: return getter(&input, depth: depth)
    case 14: return proxy(&input, depth: depth)
    case 15: return "Object.assign(Object.create(null), \(object(&input, depth: depth)))"
    default: return "[\(String(repeating: ",", count: input.choose(4)))\(value(&input, depth: depth + 1))]"
    }
  }

  private func number(_ input: inout FuzzBytes) -> String {
    var bits: UInt64 = 0
    for _ in 0..<8 { bits = bits << 8 | UInt64(input.byte()) }
    switch input.choose(4) {
    case 0: return String(Int64(bitPattern: bits) >> Int64(input.choose(64)))
    case 1: return ["NaN", "Infinity", "-Infinity", "-0", "0.1", "9007199254740993", "1e308", "5e-324"][input.choose(8)]
    default:
      let double = Double(bitPattern: bits)
      return double.isNaN ? "NaN" : double.isInfinite ? (double < 0 ? "-Infinity" : "Infinity") : "(\(double))"
    }
  }

  /// A string literal of up to 7 code units, every one escaped: quotes, backslashes, controls, NUL, lone surrogates,
  /// characters outside the BMP, and the characters XML forbids.
  private func string(_ input: inout FuzzBytes) -> String {
    let palette: [UInt16] = [
      0x61, 0x22, 0x27, 0x5C, 0x3C, 0x26, 0x0, 0x1, 0x9, 0xA, 0xD, 0x1F, 0x7F, 0xE9, 0x2028, 0xFFFE, 0xFFFF, 0xFEFF,
      0xD800, 0xDC00, 0xD83D, 0xDE00,
    ]
    let length = input.choose(8)
    var text = "\""
    for _ in 0..<length {
      let b = input.byte()
      let unit = b < 0xC0 ? palette[Int(b) % palette.count] : UInt16(b) << 4 | UInt16(input.byte())
      text += "\\u" + String(repeating: "0", count: 4 - String(unit, radix: 16).count) + String(unit, radix: 16)
    }
    return text + "\""
  }

  private mutating func array(_ input: inout FuzzBytes, depth: Int) -> String {
    let index = begin()
    var parts = ["c[\(index)] = []"]
    for _ in 0..<input.choose(5) { parts.append("c[\(index)].push(\(value(&input, depth: depth + 1)))") }
    return end(index, parts)
  }

  private mutating func object(_ input: inout FuzzBytes, depth: Int) -> String {
    let index = begin()
    var parts = ["c[\(index)] = {}"]
    let keys = ["a", "b", "", "0", "1", "__proto__", "odd key", "\\\"", "é", "constructor", "length", "toString"]
    for _ in 0..<input.choose(5) {
      let key = input.byte() < 0xE0 ? "\"\(keys[input.choose(keys.count)])\"" : string(&input)
      parts.append("c[\(index)][\(key)] = \(value(&input, depth: depth + 1))")
    }
    return end(index, parts)
  }

  private mutating func begin() -> Int {
    containers += 1
    return containers - 1
  }

  private func end(_ index: Int, _ parts: [String]) -> String {
    return "(" + (parts + ["c[\(index)]"]).joined(separator: ", ") + ")"
  }

  private func typedArray(_ input: inout FuzzBytes) -> String {
    let bytes = (0..<input.choose(6)).map { _ in String(input.byte()) }.joined(separator: ", ")
    let base = "new Uint8Array([\(bytes)])"
    switch input.choose(8) {
    case 0: return base
    case 1: return "\(base).buffer"
    case 2: return "new DataView(\(base).buffer, \(input.choose(3)))"
    case 3: return "\(base).subarray(\(input.choose(3)))"
    case 4: return "new Float64Array([\(number(&input))])"
    case 5: return "new Uint16Array(\(base).buffer.slice(0, \(input.choose(3) * 2)))"
    case 6: return "new SharedArrayBuffer(\(input.choose(4)))"
    default: return "(function () { var a = \(base); a.buffer.transfer ? a.buffer.transfer() : 0; return a; })()"
    }
  }

  /// Values that cannot cross, or that cross in a particular way.
  private func special(_ input: inout FuzzBytes) -> String {
    let values = [
      "Symbol('s')", "function () {}", "class {}", "new Map([[1, 2]])", "new Set([1])", "/x/g", "Promise.resolve(1)",
      "10n", "new Error('e')", "(function () { return arguments; })(1, 2)", "new (class P { constructor() { this.x = 1 } })",
      "new Array(3)", "new Array(2000000)", "Object.defineProperty({}, 'h', {value: 1})", "({[Symbol('k')]: 1, v: 2})",
      "new WeakMap()", "Object(1)", "Object('s')", "new Date(8.64e15 + 1)", "globalThis", "Math", "JSON",
      "new Proxy([], {})", "(function () { var a = [1, 2]; a.x = 3; return a; })()", "Array.prototype",
      "Object.freeze({f: [1]})", "new (function F() {})()", "Object.create(Array.prototype)",
    ]
    return values[input.choose(values.count)]
  }

  /// An object with a getter: returning a value, throwing, adding properties while enumerated, or looping.
  private mutating func getter(_ input: inout FuzzBytes, depth: Int) -> String {
    switch input.choose(4) {
    case 0: return "({get g() { return \(value(&input, depth: depth + 1)); }})"
    case 1: return "({get g() { throw new TypeError('from a getter'); }})"
    case 2: return "({get g() { this.k = 1; delete this.g; return 2; }, x: 1})"
    default: return "({get g() { for (;;) {} }})"
    }
  }

  /// A proxy whose traps lie about keys, throw, or hand out new objects.
  private mutating func proxy(_ input: inout FuzzBytes, depth: Int) -> String {
    let target = input.byte() & 1 == 0 ? "{}" : "[]"
    let trap: String
    switch input.choose(5) {
    case 0: trap = "ownKeys() { return ['a', 'b']; }, getOwnPropertyDescriptor() { return {value: 1, enumerable: true, configurable: true}; }"
    case 1: trap = "get(t, k) { return k === 'length' ? 1e9 : \(value(&input, depth: depth + 1)); }"
    case 2: trap = "ownKeys() { throw new Error('ownKeys'); }"
    case 3: trap = "get() { return {}; }, ownKeys() { return ['x']; }, getOwnPropertyDescriptor() { return {value: 0, enumerable: true, configurable: true}; }"
    default: trap = "getPrototypeOf() { throw 1; }"
    }
    return "new Proxy(\(target), {\(trap)})"
  }
}
