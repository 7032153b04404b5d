import CJavaScriptCore

/// A Swift value that converts to a JS value: what binding closures return.
public protocol ScriptConvertible: SendableMetatype {
  /// The JS value for `self` in `context`.
  func scriptValue(in context: ScriptContext) throws(ScriptError) -> ScriptValue
}

extension ScriptValue: ScriptConvertible {
  public func scriptValue(in context: ScriptContext) throws(ScriptError) -> ScriptValue { self }
}

extension String: ScriptConvertible {
  public func scriptValue(in context: ScriptContext) throws(ScriptError) -> ScriptValue { context.makeString(self) }
}

extension Substring: ScriptConvertible {
  public func scriptValue(in context: ScriptContext) throws(ScriptError) -> ScriptValue {
    context.makeString(String(self))
  }
}

extension Int: ScriptConvertible {
  public func scriptValue(in context: ScriptContext) throws(ScriptError) -> ScriptValue { context.makeNumber(self) }
}

extension Double: ScriptConvertible {
  public func scriptValue(in context: ScriptContext) throws(ScriptError) -> ScriptValue { context.makeNumber(self) }
}

extension Bool: ScriptConvertible {
  public func scriptValue(in context: ScriptContext) throws(ScriptError) -> ScriptValue { context.makeBool(self) }
}

extension Optional: ScriptConvertible where Wrapped: ScriptConvertible {
  /// `nil` becomes `null`.
  public func scriptValue(in context: ScriptContext) throws(ScriptError) -> ScriptValue {
    switch self {
    case .none: return context.makeNull()
    case .some(let wrapped): return try wrapped.scriptValue(in: context)
    }
  }
}

extension Array: ScriptConvertible where Element: ScriptConvertible {
  /// A new JS array of the converted elements.
  public func scriptValue(in context: ScriptContext) throws(ScriptError) -> ScriptValue {
    try context.makeArray(self) { element throws(ScriptError) in try element.scriptValue(in: context) }
  }
}

/// Ordered key/value pairs that convert to a plain JS object, keys in the given order.
public struct ScriptRecord: ScriptConvertible {
  public var entries: [(String, any ScriptConvertible)]
  public init(_ entries: [(String, any ScriptConvertible)]) { self.entries = entries }
  public func scriptValue(in context: ScriptContext) throws(ScriptError) -> ScriptValue {
    let object = context.makeObject()
    for (key, value) in entries { try object.setProperty(key, try value.scriptValue(in: context)) }
    return object
  }
}

/// Explicit `undefined` for binding closures that must return it.
public struct ScriptUndefined: ScriptConvertible {
  public init() {}
  public func scriptValue(in context: ScriptContext) throws(ScriptError) -> ScriptValue { context.makeUndefined() }
}

/// A Swift class that knows its own interface; ``ScriptContext/wrap(_:)`` uses it after the resolver.
///
/// Conforming types convert to their (identity-preserving) wrapper automatically.
public protocol ScriptExposed: AnyObject, ScriptConvertible {
  /// The interface that exposes instances of this type.
  static var scriptInterface: AnyInterface { get }
}

extension ScriptExposed {
  public func scriptValue(in context: ScriptContext) throws(ScriptError) -> ScriptValue { try context.wrap(self) }
}
