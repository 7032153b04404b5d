import CJavaScriptCore

extension ScriptValue {
  /// Throws a `TypeError` unless the value is an object, and returns it as one.
  func requireObject(_ what: @autoclosure () -> String) throws(ScriptError) -> JSObjectRef {
    guard isObject else { throw .typeError("\(what()) is not an object (it is \(typeName))") }
    return object
  }

  /// `value[name]` (runs getters; throws what they throw). Undefined for primitives without the property.
  public func property(_ name: String) throws(ScriptError) -> ScriptValue {
    let target = try context.checked { JSValueToObject(ctx, raw, $0) }
    guard let target else { return context.makeUndefined() }
    let result = try JSString.with(name) { (key) throws(ScriptError) in
      try context.checked { JSObjectGetProperty(ctx, target, key, $0) }
    }
    return ScriptValue(result ?? JSValueMakeUndefined(ctx), in: context)
  }

  /// `value[name] = newValue` (runs setters; throws what they throw, or a TypeError on a primitive).
  public func setProperty(_ name: String, _ newValue: ScriptValue) throws(ScriptError) {
    let target = try requireObject("value whose property '\(name)' is set")
    try JSString.with(name) { (key) throws(ScriptError) in
      try context.checked { JSObjectSetProperty(ctx, target, key, newValue.raw, 0, $0) }
    }
  }

  /// `value[name] = newValue` for anything convertible.
  public func setProperty(_ name: String, _ newValue: some ScriptConvertible) throws(ScriptError) {
    try setProperty(name, newValue.scriptValue(in: context))
  }

  /// `value[index]`.
  public func element(at index: Int) throws(ScriptError) -> ScriptValue {
    let target = try requireObject("value indexed with [\(index)]")
    let result = try context.checked { JSObjectGetPropertyAtIndex(ctx, target, UInt32(clamping: index), $0) }
    return ScriptValue(result ?? JSValueMakeUndefined(ctx), in: context)
  }

  /// `value[index] = newValue`.
  public func setElement(at index: Int, _ newValue: ScriptValue) throws(ScriptError) {
    let target = try requireObject("value indexed with [\(index)]")
    try context.checked { JSObjectSetPropertyAtIndex(ctx, target, UInt32(clamping: index), newValue.raw, $0) }
  }

  /// `ToLength(value.length)`, 0 when absent.
  public var arrayLength: Int {
    guard isObject, let length = try? property("length") else { return 0 }
    let d = length.toDouble()
    return d.isFinite && d > 0 ? Int(min(d, Double(Int32.max))) : 0
  }

  /// The elements `0..<arrayLength`.
  public func arrayElements() throws(ScriptError) -> [ScriptValue] {
    var result: [ScriptValue] = []
    let count = arrayLength
    result.reserveCapacity(count)
    for i in 0..<count { result.append(try element(at: i)) }
    return result
  }

  /// The object's own enumerable string keys, in JS order (`Object.keys`); empty for primitives.
  public func ownEnumerableKeys() throws(ScriptError) -> [String] {
    guard isObject else { return [] }
    let keys = try context.helper("objectKeys").call(this: context.makeUndefined(), args: [self])
    var result: [String] = []
    for key in try keys.arrayElements() { result.append(try key.toString()) }
    return result
  }

  /// Calls the value as a function with `this` and `args`.
  @discardableResult
  public func call(this: ScriptValue? = nil, args: [ScriptValue] = []) throws(ScriptError) -> ScriptValue {
    guard isFunction else { throw .typeError("\((try? toString()) ?? typeName) is not a function") }
    let thisObject = this.flatMap { $0.isObject ? $0.object : nil }
    let raws: [JSValueRef?] = args.map { $0.raw }
    let result = try context.runningScript { () throws(ScriptError) in
      try raws.withUnsafeBufferPointer { (buffer) throws(ScriptError) in
        try context.checked { JSObjectCallAsFunction(ctx, object, thisObject, args.count, buffer.baseAddress, $0) }
      }
    }
    return ScriptValue(result ?? JSValueMakeUndefined(ctx), in: context)
  }

  /// `new value(...args)`.
  public func construct(args: [ScriptValue] = []) throws(ScriptError) -> ScriptValue {
    guard isConstructor else { throw .typeError("\((try? toString()) ?? typeName) is not a constructor") }
    let raws: [JSValueRef?] = args.map { $0.raw }
    let result = try context.runningScript { () throws(ScriptError) in
      try raws.withUnsafeBufferPointer { (buffer) throws(ScriptError) in
        try context.checked { JSObjectCallAsConstructor(ctx, object, args.count, buffer.baseAddress, $0) }
      }
    }
    guard let result else { return context.makeUndefined() }
    return ScriptValue(result, in: context)
  }

  /// A copy of the bytes viewed by a typed array, `DataView` or `ArrayBuffer`; nil for anything else.
  public var typedArrayBytes: [UInt8]? {
    guard isObject else { return nil }
    let kind = JSValueGetTypedArrayType(ctx, raw, nil)
    let obj = object
    switch kind {
    case kJSTypedArrayTypeNone:
      guard let isDataView = try? context.helper("isDataView").call(args: [self]), isDataView.toBool(),
        let buffer = try? property("buffer"), let offset = try? property("byteOffset"),
        let length = try? property("byteLength"), let all = buffer.typedArrayBytes
      else { return nil }
      let start = Int(offset.toDouble())
      return Array(all[start..<(start + Int(length.toDouble()))])
    case kJSTypedArrayTypeArrayBuffer:
      let count = JSObjectGetArrayBufferByteLength(ctx, obj, nil)
      guard count > 0, let base = JSObjectGetArrayBufferBytesPtr(ctx, obj, nil) else { return [] }
      return Array(UnsafeRawBufferPointer(start: base, count: count))
    default:
      let count = JSObjectGetTypedArrayByteLength(ctx, obj, nil)
      let offset = JSObjectGetTypedArrayByteOffset(ctx, obj, nil)
      guard count > 0, let base = JSObjectGetTypedArrayBytesPtr(ctx, obj, nil) else { return [] }
      return Array(UnsafeRawBufferPointer(start: base + offset, count: count))
    }
  }

  /// Runs `body` with the bytes a `Uint8Array` views, writable in place (the view's window of its buffer, empty
  /// when the buffer is detached); nil, without running `body`, when the value is not a `Uint8Array`. The pointer is
  /// valid only inside `body`, which must not call back into JS.
  public func withUint8ArrayBytes<R>(_ body: (UnsafeMutableRawBufferPointer) throws -> R) rethrows -> R? {
    guard isObject, JSValueGetTypedArrayType(ctx, raw, nil) == kJSTypedArrayTypeUint8Array else { return nil }
    let count = JSObjectGetTypedArrayByteLength(ctx, object, nil)
    let offset = JSObjectGetTypedArrayByteOffset(ctx, object, nil)
    guard count > 0, let base = JSObjectGetTypedArrayBytesPtr(ctx, object, nil) else {
      return try body(UnsafeMutableRawBufferPointer(start: nil, count: 0))
    }
    return try body(UnsafeMutableRawBufferPointer(start: base + offset, count: count))
  }
}

/// What kind of `ArrayBufferView` a value is: a typed array's element type, or a `DataView`.
public enum ArrayBufferViewKind: Sendable, Equatable {
  case int8, uint8, uint8Clamped, int16, uint16, int32, uint32, float32, float64, bigInt64, bigUint64, dataView

  /// True for the integer element types (what `crypto.getRandomValues` accepts).
  public var isInteger: Bool { ![.float32, .float64, .dataView].contains(self) }

  /// The constructor's name (`Uint8Array`, `DataView`).
  public var name: String {
    switch self {
    case .int8: "Int8Array"
    case .uint8: "Uint8Array"
    case .uint8Clamped: "Uint8ClampedArray"
    case .int16: "Int16Array"
    case .uint16: "Uint16Array"
    case .int32: "Int32Array"
    case .uint32: "Uint32Array"
    case .float32: "Float32Array"
    case .float64: "Float64Array"
    case .bigInt64: "BigInt64Array"
    case .bigUint64: "BigUint64Array"
    case .dataView: "DataView"
    }
  }
}

extension ScriptValue {
  /// The kind of view this value is; nil for anything else (an `ArrayBuffer` included).
  public var arrayBufferViewKind: ArrayBufferViewKind? {
    guard isObject else { return nil }
    switch JSValueGetTypedArrayType(ctx, raw, nil) {
    case kJSTypedArrayTypeInt8Array: return .int8
    case kJSTypedArrayTypeUint8Array: return .uint8
    case kJSTypedArrayTypeUint8ClampedArray: return .uint8Clamped
    case kJSTypedArrayTypeInt16Array: return .int16
    case kJSTypedArrayTypeUint16Array: return .uint16
    case kJSTypedArrayTypeInt32Array: return .int32
    case kJSTypedArrayTypeUint32Array: return .uint32
    case kJSTypedArrayTypeFloat32Array: return .float32
    case kJSTypedArrayTypeFloat64Array: return .float64
    case kJSTypedArrayTypeBigInt64Array: return .bigInt64
    case kJSTypedArrayTypeBigUint64Array: return .bigUint64
    case kJSTypedArrayTypeNone:
      let isDataView = (try? context.helper("isDataView").call(args: [self]))?.toBool() ?? false
      return isDataView ? .dataView : nil
    default: return nil
    }
  }

  /// Runs `body` on the bytes a typed array views, in place (writes are seen by scripts); nil for anything that
  /// is not a typed array. The pointer is valid only during the call, and `body` must not call into JS.
  public func withTypedArrayBytes<R>(_ body: (UnsafeMutableRawBufferPointer) throws -> R) rethrows -> R? {
    guard isObject, let kind = arrayBufferViewKind, kind != .dataView else { return nil }
    let count = JSObjectGetTypedArrayByteLength(ctx, object, nil)
    let offset = JSObjectGetTypedArrayByteOffset(ctx, object, nil)
    guard count > 0, let base = JSObjectGetTypedArrayBytesPtr(ctx, object, nil) else {
      return try body(UnsafeMutableRawBufferPointer(start: nil, count: 0))
    }
    return try body(UnsafeMutableRawBufferPointer(start: base + offset, count: count))
  }
}
