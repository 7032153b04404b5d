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
struct PropertyListBridge {
  /// A value that cannot become a property list; `path` is like `results.items[3].node`.
  struct ConversionError: Error {
    var path: String
    var message: String
  }

  let context: ScriptContext
  /// Called with a message for each value that is converted lossily (non-finite numbers).
  var warn: (String) -> Void = { _ in }

  private let tagOf: ScriptValue

  init(context: ScriptContext, warn: @escaping (String) -> Void) throws(ScriptError) {
    self.context = context
    self.warn = warn
    tagOf = try context.evaluate(
      "(function (v) { return Object.prototype.toString.call(v).slice(8, -1); })",
      sourceURL: "webaction://property-list-bridge")
  }

  // MARK: JS → property list

  /// Converts `value`; `path` names the root in messages (`results`).
  func propertyList(from value: ScriptValue, path: String) throws -> PropertyList {
    var ancestors: [JSValueKey] = []
    guard let converted = try convert(value, path: path, ancestors: &ancestors, inArray: false) else {
      return .dictionary([:])
    }
    return converted
  }

  /// nil means "omit" (undefined, functions and symbols in a dictionary).
  private func convert(
    _ value: ScriptValue, path: String, ancestors: inout [JSValueKey], inArray: Bool
  ) throws -> PropertyList? {
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
      let tag = (try? tagOf.call(args: [value]).toString()) ?? "host object"
      throw ConversionError(
        path: path, message: "a DOM object (\(tag)) cannot be passed to native code; pass its text or attributes instead")
    }

    let key = JSValueKey(value)
    if ancestors.contains(key) {
      throw ConversionError(path: path, message: "the value contains a cycle: it refers back to one of its own containers")
    }
    ancestors.append(key)
    defer { ancestors.removeLast() }

    if value.isArray {
      var elements: [PropertyList] = []
      for (index, element) in try value.arrayElements().enumerated() {
        elements.append(try convert(element, path: "\(path)[\(index)]", ancestors: &ancestors, inArray: true) ?? .null)
      }
      return .array(elements)
    }
    let tag = try tagOf.call(args: [value]).toString()
    guard tag == "Object" || tag == "Arguments" || tag == "Error" else {
      throw ConversionError(
        path: path, message: "a \(tag) cannot be passed to native code; convert it to a plain object or array first")
    }
    var dictionary: [String: PropertyList] = [:]
    for name in try value.ownEnumerableKeys() {
      let child = try value.property(name)
      if let converted = try convert(child, path: Self.append(name, to: path), ancestors: &ancestors, inArray: false) {
        dictionary[name] = converted
      }
    }
    return .dictionary(dictionary)
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

  /// The JS value for `plist`: dictionaries become objects, data a Uint8Array, dates Date objects.
  func scriptValue(from plist: PropertyList) throws(ScriptError) -> ScriptValue {
    switch plist {
    case .string(let string): return context.makeString(string)
    case .integer(let integer): return context.makeNumber(Double(integer))
    case .real(let real): return context.makeNumber(real)
    case .boolean(let bool): return context.makeBool(bool)
    case .date(let date): return context.makeDate(milliseconds: date.timeIntervalSince1970 * 1000)
    case .data(let data): return context.makeUint8Array(bytes: [UInt8](data))
    case .null: return context.makeNull()
    case .array(let elements):
      return try context.makeArray(elements) { element throws(ScriptError) in try scriptValue(from: element) }
    case .dictionary(let dictionary):
      let object = context.makeObject()
      for key in dictionary.keys.sorted() {
        try object.setProperty(key, try scriptValue(from: dictionary[key]!))
      }
      return object
    }
  }
}

/// Identity of a JS object, for cycle detection (the reference is only compared, never followed).
private struct JSValueKey: Equatable {
  let value: ScriptValue
  init(_ value: ScriptValue) { self.value = value }
  static func == (lhs: JSValueKey, rhs: JSValueKey) -> Bool { lhs.value === rhs.value }
}
