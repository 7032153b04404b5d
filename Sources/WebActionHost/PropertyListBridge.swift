import Foundation
import JSBridge
import WebActionKit

/// Converts between JavaScript values and property lists, the way Safari hands `run()`'s result to native code.
///
/// | JavaScript | property list |
/// | --- | --- |
/// | object (plain or class instance) | dictionary of its own enumerable properties |
/// | array | array |
/// | integral number (within Int64, not -0) | integer |
/// | other finite number | real |
/// | NaN, ±Infinity | null, with a warning |
/// | string, boolean | string, boolean |
/// | Date | date |
/// | ArrayBuffer, typed array, DataView | data |
/// | null | null (the NSNull marker) |
/// | undefined, function, symbol | dropped from dictionaries (as JSON does); null inside arrays |
/// | DOM node, Map, Set, RegExp, Promise, BigInt... | error naming the path |
/// | a cycle | error naming the path |
/// | nesting deeper than ``maximumDepth``, more than ``maximumValueCount`` values | error naming the path and the limit |
///
/// Not API: the fuzz target `fuzz-plist-bridge` reaches it through `@_spi(Harness) import WebActionHost`.
@_spi(Harness) public struct PropertyListBridge {
  /// The deepest nesting of arrays and objects a value may have (the root is at depth 1): the most Foundation's JSON,
  /// XML and binary property-list readers accept, so the value can be read back from any results format (a value
  /// 513 to 1,000 levels deep converted, but its `--results` file was refused by `--finalize-args`; found by
  /// Scripts/fuzz plist-bridge).
  public static let maximumDepth = 512
  /// The most values (containers and leaves, the root included) one conversion accepts.
  public static let maximumValueCount = 1_000_000

  /// A value that cannot become a property list; `path` is like `results.items[3].node`.
  public struct ConversionError: Error {
    /// Where the value is, for example `results.items[3].node`.
    public var path: String
    /// Why it cannot be converted, for example "a Map value cannot be passed to native code".
    public var message: String
  }

  let context: ScriptContext
  /// Called with a message for each value that is converted lossily (non-finite numbers).
  var warn: (String) -> Void = { _ in }

  /// Two JS helpers, protected: the bridge is a value kept off the stack, where JSC's collector cannot see them.
  private let tagOf: ProtectedValue
  private let defineEntry: ProtectedValue

  /// A bridge for `context`; `warn` is called for each value converted lossily.
  /// - Throws: `ScriptError` when its helper functions cannot be defined in `context`.
  public init(context: ScriptContext, warn: @escaping (String) -> Void) throws(ScriptError) {
    self.context = context
    self.warn = warn
    tagOf = ProtectedValue(
      try context.evaluate(
        "(function (v) { return Object.prototype.toString.call(v).slice(8, -1); })",
        sourceURL: "webaction://property-list-bridge"))
    // CreateDataProperty, not assignment: a `__proto__` key stays a key (assigned, it set the prototype and was
    // lost; found by Scripts/fuzz plist-bridge), and a setter a page put on Object.prototype is not called.
    defineEntry = ProtectedValue(
      try context.evaluate(
        "(function (o, k, v) { Object.defineProperty(o, k, {value: v, writable: true, enumerable: true, configurable: true}); })",
        sourceURL: "webaction://property-list-bridge"))
  }

  // MARK: JS → property list

  /// Converts `value`; `path` names the root in messages (`results`).
  /// (One script for the watchdog: see ``ScriptContext/runAsOneScript(_:)``.)
  public func propertyList(from value: ScriptValue, path: String) throws -> PropertyList {
    try context.runAsOneScript {
      var ancestors: Set<JSValueKey> = []
      var remaining = Self.maximumValueCount
      let converted = try convert(value, path: path, ancestors: &ancestors, remaining: &remaining, inArray: false)
      return converted ?? .dictionary([:])
    }
  }

  /// nil means "omit" (undefined, functions and symbols in a dictionary). `remaining` counts down the values still
  /// accepted; the recursion is as deep as the value, which `ancestors` bounds (``maximumDepth``).
  private func convert(
    _ value: ScriptValue, path: String, ancestors: inout Set<JSValueKey>, remaining: inout Int, inArray: Bool
  ) throws -> PropertyList? {
    remaining -= 1
    guard remaining >= 0 else { throw tooManyValues(path) }
    if value.isUndefined || value.isSymbol || value.isFunction { return inArray ? .null : nil }
    if value.isNull { return .null }
    if value.isBoolean { return .boolean(value.toBool()) }
    if value.isString { return .string(try value.toString()) }
    if value.isNumber { return number(value.toDouble(), path: path) }
    guard value.isObject else {
      throw ConversionError(path: path, message: "a \(value.typeName) value cannot be passed to native code")
    }
    if let milliseconds = value.dateMilliseconds {
      guard milliseconds.isFinite else { throw ConversionError(path: path, message: "an invalid Date cannot be passed to native code") }
      return .date(Date(timeIntervalSince1970: milliseconds / 1000))
    }
    if let bytes = value.typedArrayBytes { return .data(Data(bytes)) }
    if context.unwrap(value, as: AnyObject.self) != nil {
      let tag = (try? tagOf.value.call(args: [value]).toString()) ?? "host object"
      throw ConversionError(
        path: path, message: "a DOM object (\(tag)) cannot be passed to native code; pass its text or attributes instead")
    }

    let key = JSValueKey(value)
    if ancestors.contains(key) {
      throw ConversionError(path: path, message: "the value contains a cycle: it refers back to one of its own containers")
    }
    guard ancestors.count < Self.maximumDepth else {
      throw ConversionError(
        path: path, message: "the value is nested more than \(Self.maximumDepth) levels deep (the limit for a value passed to native code)")
    }
    ancestors.insert(key)
    defer { ancestors.remove(key) }

    if value.isArray {
      // Checked before the elements are read: a huge array fails at once.
      guard value.arrayLength <= remaining else { throw tooManyValues(path) }
      var elements: [PropertyList] = []
      for (index, element) in try value.arrayElements().enumerated() {
        elements.append(
          try convert(element, path: "\(path)[\(index)]", ancestors: &ancestors, remaining: &remaining, inArray: true) ?? .null)
      }
      return .array(elements)
    }
    let tag = try tagOf.value.call(args: [value]).toString()
    guard tag == "Object" || tag == "Arguments" || tag == "Error" else {
      throw ConversionError(
        path: path, message: "a \(tag) cannot be passed to native code; convert it to a plain object or array first")
    }
    var dictionary: [String: PropertyList] = [:]
    let names = try value.ownEnumerableKeys()
    guard names.count <= remaining else { throw tooManyValues(path) }
    for name in names {
      let child = try value.property(name)
      if let converted = try convert(
        child, path: Self.append(name, to: path), ancestors: &ancestors, remaining: &remaining, inArray: false) {
        dictionary[name] = converted
      }
    }
    return .dictionary(dictionary)
  }

  private func tooManyValues(_ path: String) -> ConversionError {
    ConversionError(
      path: path, message: "the value holds more than \(Self.maximumValueCount) values in all (the limit for a value passed to native code)")
  }

  private func number(_ double: Double, path: String) -> PropertyList {
    guard double.isFinite else {
      warn("\(path): \(double.isNaN ? "NaN" : "Infinity") is not a finite number; passed as null")
      return .null
    }
    if double == double.rounded(), abs(double) < 9.2e18, !(double == 0 && double.sign == .minus) {
      return .integer(Int(double))
    }
    return .real(double)
  }

  /// `results.name` for identifiers, `results["odd key"]` otherwise.
  static func append(_ key: String, to path: String) -> String {
    let isIdentifier = key.first.map { $0.isLetter || $0 == "_" || $0 == "$" } == true
      && key.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" }
    if isIdentifier { return "\(path).\(key)" }
    let escaped = key.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    return "\(path)[\"\(escaped)\"]"
  }

  // MARK: property list → JS

  /// The JS value for `plist`: dictionaries become objects, data a Uint8Array, dates Date objects. (One script for the
  /// watchdog, as ``propertyList(from:path:)``.)
  public func scriptValue(from plist: PropertyList) throws -> ScriptValue {
    try context.runAsOneScript { try makeValue(plist) }
  }

  private func makeValue(_ plist: PropertyList) throws(ScriptError) -> ScriptValue {
    switch plist {
    case .string(let string): return context.makeString(string)
    case .integer(let integer): return context.makeNumber(Double(integer))
    case .real(let real): return context.makeNumber(real)
    case .boolean(let bool): return context.makeBool(bool)
    case .date(let date):
      // A JS time is whole milliseconds, and `new Date(t)` truncates toward zero: -115380.208 s * 1000 is
      // -115380207.99999999, which became -115380207 (found by Scripts/fuzz plist-bridge). Rounded, it is exact.
      return context.makeDate(milliseconds: (date.timeIntervalSince1970 * 1000).rounded())
    case .data(let data): return context.makeUint8Array(bytes: [UInt8](data))
    case .null: return context.makeNull()
    case .array(let elements):
      return try context.makeArray(elements) { element throws(ScriptError) in try makeValue(element) }
    case .dictionary(let dictionary):
      let object = context.makeObject()
      for key in dictionary.keys.sorted() {
        _ = try defineEntry.value.call(args: [object, context.makeString(key), try makeValue(dictionary[key]!)])
      }
      return object
    }
  }
}

/// Identity of a JS object, for cycle detection (the address is only compared and hashed, never followed; for
/// objects, `===` is identity).
private struct JSValueKey: Hashable {
  let address: UnsafeRawPointer
  init(_ value: ScriptValue) { address = UnsafeRawPointer(value.raw) }
}
