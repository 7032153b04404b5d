import CJavaScriptCore

/// A JavaScript value together with its context, for use on the stack.
///
/// A `ScriptValue` is not protected from garbage collection: keep it in locals and arguments only, and
/// wrap it in a ``ProtectedValue`` to store it anywhere else.
public struct ScriptValue {
  /// The raw JSC value (an opaque key outside JSBridge).
  public let raw: JSValueRef
  /// The context the value belongs to.
  public let context: ScriptContext

  init(_ raw: JSValueRef, in context: ScriptContext) {
    self.raw = raw
    self.context = context
  }

  var ctx: JSGlobalContextRef { context.raw }
  /// The value as an object reference; only valid when ``isObject``.
  var object: JSObjectRef { JSValueToObject(ctx, raw, nil)! }

  public var isUndefined: Bool { JSValueIsUndefined(ctx, raw) }
  public var isNull: Bool { JSValueIsNull(ctx, raw) }
  public var isBoolean: Bool { JSValueIsBoolean(ctx, raw) }
  public var isNumber: Bool { JSValueIsNumber(ctx, raw) }
  public var isString: Bool { JSValueIsString(ctx, raw) }
  public var isSymbol: Bool { JSValueIsSymbol(ctx, raw) }
  public var isObject: Bool { JSValueIsObject(ctx, raw) }
  public var isArray: Bool { JSValueIsArray(ctx, raw) }
  public var isDate: Bool { JSValueIsDate(ctx, raw) }
  /// True for anything callable.
  public var isFunction: Bool { isObject && JSObjectIsFunction(ctx, object) }
  /// True for anything usable with `new`.
  public var isConstructor: Bool { isObject && JSObjectIsConstructor(ctx, object) }

  /// JS `ToString`; throws for symbols and for objects whose `toString` throws.
  public func toString() throws(ScriptError) -> String {
    let ref = try context.checked { JSValueToStringCopy(ctx, raw, $0) }
    guard let ref else { return "" }
    return JSString.take(ref)
  }

  /// JS `ToNumber`, or NaN when it throws.
  public func toDouble() -> Double { JSValueToNumber(ctx, raw, nil) }

  /// JS `ToBoolean`.
  public func toBool() -> Bool { JSValueToBoolean(ctx, raw) }

  /// The time value of a `Date`, in milliseconds since 1970 (NaN for an invalid date); nil for non-dates.
  public var dateMilliseconds: Double? { isDate ? JSValueToNumber(ctx, raw, nil) : nil }

  /// Identity comparison (JS `===`).
  public static func === (lhs: ScriptValue, rhs: ScriptValue) -> Bool {
    JSValueIsStrictEqual(lhs.ctx, lhs.raw, rhs.raw)
  }

  /// Negated identity comparison (JS `!==`).
  public static func !== (lhs: ScriptValue, rhs: ScriptValue) -> Bool { !(lhs === rhs) }

  /// JS `typeof`.
  public var typeName: String {
    switch JSValueGetType(ctx, raw) {
    case kJSTypeUndefined: return "undefined"
    case kJSTypeNull: return "object"
    case kJSTypeBoolean: return "boolean"
    case kJSTypeNumber: return "number"
    case kJSTypeString: return "string"
    case kJSTypeSymbol: return "symbol"
    default: return isFunction ? "function" : (JSValueGetType(ctx, raw) == kJSTypeObject ? "object" : "bigint")
    }
  }
}
