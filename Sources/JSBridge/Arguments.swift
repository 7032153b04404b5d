import CJavaScriptCore

/// The arguments of a native call, with JS conversion semantics; valid only during that call.
///
/// It holds nothing counted (the call keeps the context and the function alive while it runs): a native call makes one
/// and the bindings copy it, and each counted field cost a retain and a release per copy.
public struct Arguments {
  /// The context of the call.
  public unowned(unsafe) let context: ScriptContext
  /// The receiver (`this`).
  public var this: ScriptValue { thisObject.map { ScriptValue($0, in: context) } ?? context.makeUndefined() }
  /// `this` as JSC passed it to the native function: always an object (JSC converts a primitive receiver).
  let thisObject: JSObjectRef?
  /// The function called (nil for an interface object's constructor).
  private unowned(unsafe) let function: NativeFunction?
  /// The name given by ``init(renaming:callee:)``, if any.
  private var renamed: String?
  /// The name used in error messages ("Element.getAttribute").
  public internal(set) var callee: String {
    get { renamed ?? function?.name ?? "" }
    set { renamed = newValue }
  }
  private let values: UnsafePointer<JSValueRef?>?
  /// The number of arguments actually passed.
  public let count: Int

  init(
    context: ScriptContext, thisObject: JSObjectRef?, function: NativeFunction?, count: Int,
    values: UnsafePointer<JSValueRef?>?
  ) {
    self.context = context
    self.thisObject = thisObject
    self.function = function
    self.count = count
    self.values = values
  }

  private func missing(_ index: Int) -> ScriptError {
    .typeError("\(callee): \(index + 1) argument\(index == 0 ? "" : "s") required, but only \(count) present.")
  }

  /// Argument `index`, or `undefined` when absent.
  public func value(_ index: Int) -> ScriptValue {
    guard index < count, let raw = values?[index] else { return context.makeUndefined() }
    return ScriptValue(raw, in: context)
  }

  /// True when argument `index` was passed and is not `undefined`.
  public func isPresent(_ index: Int) -> Bool { index < count && !value(index).isUndefined }

  /// All arguments from `index` on.
  public func rest(from index: Int) -> [ScriptValue] { index < count ? (index..<count).map { value($0) } : [] }

  /// Argument `index` through JS `ToString`; throws a `TypeError` when it is required and absent.
  public func string(_ index: Int) throws(ScriptError) -> String {
    guard index < count else { throw missing(index) }
    return try value(index).toString()
  }

  /// Argument `index` through `ToString`, or nil when absent or `undefined`.
  public func optionalString(_ index: Int) throws(ScriptError) -> String? {
    isPresent(index) ? try value(index).toString() : nil
  }

  /// Argument `index` through `ToString`, but `null` gives nil (WebIDL `DOMString?`).
  public func nullableString(_ index: Int) throws(ScriptError) -> String? {
    guard index < count else { throw missing(index) }
    // WebIDL: a nullable type converts both null and undefined to null.
    let value = value(index)
    return value.isNull || value.isUndefined ? nil : try value.toString()
  }

  /// Argument `index` as a WebIDL `long` (`ToNumber`, truncated, wrapped modulo 2^32, NaN → 0).
  public func int(_ index: Int) throws(ScriptError) -> Int {
    guard index < count else { throw missing(index) }
    return Self.toInt32(value(index).toDouble())
  }

  /// Argument `index` as a `long`, or nil when absent or `undefined`.
  public func optionalInt(_ index: Int) -> Int? { isPresent(index) ? Self.toInt32(value(index).toDouble()) : nil }

  /// Argument `index` through `ToNumber`.
  public func double(_ index: Int) throws(ScriptError) -> Double {
    guard index < count else { throw missing(index) }
    return value(index).toDouble()
  }

  /// Argument `index` through `ToNumber`, or nil when absent or `undefined`.
  public func optionalDouble(_ index: Int) -> Double? { isPresent(index) ? value(index).toDouble() : nil }

  /// Argument `index` through `ToBoolean` (absent is `false`).
  public func bool(_ index: Int) -> Bool { value(index).toBool() }

  /// Argument `index` through `ToBoolean`, or nil when absent or `undefined`.
  public func optionalBool(_ index: Int) -> Bool? { isPresent(index) ? value(index).toBool() : nil }

  /// The Swift object wrapped by argument `index`; throws a `TypeError` when it is not one of type `T`.
  public func object<T: AnyObject>(_ index: Int, as type: T.Type) throws(ScriptError) -> T {
    guard index < count else { throw missing(index) }
    guard let object = context.unwrap(value(index), as: T.self) else {
      throw .typeError("\(callee): argument \(index + 1) is not of type '\(context.interfaceName(for: T.self))'.")
    }
    return object
  }

  /// The wrapped object of argument `index`, or nil when it is `null` or `undefined`.
  public func optionalObject<T: AnyObject>(_ index: Int, as type: T.Type) throws(ScriptError) -> T? {
    let v = value(index)
    if v.isNull || v.isUndefined { return nil }
    return try object(index, as: type)
  }

  /// Argument `index` if it is callable; throws a `TypeError` otherwise.
  public func function(_ index: Int) throws(ScriptError) -> ScriptValue {
    guard index < count else { throw missing(index) }
    guard value(index).isFunction else { throw .typeError("\(callee): argument \(index + 1) is not a function.") }
    return value(index)
  }

  /// WebIDL `ToInt32` of a double.
  static func toInt32(_ d: Double) -> Int {
    guard d.isFinite else { return 0 }
    let m = d.rounded(.towardZero).truncatingRemainder(dividingBy: 4_294_967_296)
    let u = m < 0 ? m + 4_294_967_296 : m
    return Int(Int32(bitPattern: UInt32(u)))
  }
}

/// A WebIDL `(sequence<sequence<USVString>> or record<USVString, USVString> or USVString)` value
/// (`URLSearchParams`'s constructor argument, `Headers` init...).
public enum StringPairsInit: Sendable {
  /// A sequence of sequences: each inner one as given (the caller checks its length).
  case sequence([[String]])
  /// A record: keys in order, a repeated key (after USVString conversion) keeping its first place and last value.
  case record([(String, String)])
  case string(String)
}

extension Arguments {
  /// Argument `index` converted as ``StringPairsInit`` (absent or `undefined`: the empty string).
  public func stringPairsInit(_ index: Int) throws(ScriptError) -> StringPairsInit {
    guard isPresent(index) else { return .string("") }
    let converted = try context.helper("stringPairsInit").call(args: [value(index), context.makeString(callee)])
    guard converted.isArray else { return .string(try converted.toString()) }
    let isSequence = try converted.element(at: 0).toBool()
    var rows: [[String]] = []
    for row in try converted.element(at: 1).arrayElements() {
      var items: [String] = []
      for item in try row.arrayElements() { items.append(try item.toString()) }
      rows.append(items)
    }
    if isSequence { return .sequence(rows) }
    var record: [(String, String)] = []
    var positions: [String: Int] = [:]
    for row in rows {
      if let position = positions[row[0]] {
        record[position].1 = row[1]
      } else {
        positions[row[0]] = record.count
        record.append((row[0], row[1]))
      }
    }
    return .record(record)
  }
}
