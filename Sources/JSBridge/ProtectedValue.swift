import CJavaScriptCore

/// A JS value kept alive off the stack: protected from garbage collection from `init` until `deinit`
/// or until its context closes, whichever comes first.
///
/// JSC finds live values only on the machine stack, so any `ScriptValue` stored in a property, array,
/// dictionary or closure capture must be held through a `ProtectedValue`.
public final class ProtectedValue {
  private let contextReference: ClearedReference<ScriptContext>
  private var context: ScriptContext? { contextReference.object }
  private var raw: JSValueRef?

  /// Protects `value` until this object goes away or the context closes.
  public init(_ value: ScriptValue) {
    contextReference = value.context.reference
    raw = value.raw
    JSValueProtect(value.context.raw, value.raw)
    value.context.protectedValues[ObjectIdentifier(self)] = WeakProtectedValue(self)
  }

  deinit {
    guard let raw, let context, !context.isClosed else { return }
    context.protectedValues[ObjectIdentifier(self)] = nil
    JSValueUnprotect(context.raw, raw)
  }

  /// True while the context is open and the value still protected.
  public var isAlive: Bool { raw != nil && context.map { !$0.isClosed } == true }

  /// The protected value; traps if its context was closed.
  public var value: ScriptValue {
    guard let raw, let context, !context.isClosed else {
      preconditionFailure("ProtectedValue used after its ScriptContext was closed")
    }
    return ScriptValue(raw, in: context)
  }

  /// The held object's cell, which identifies it (`===` on objects is the same cell) without a call into
  /// JavaScriptCore; nil once no longer alive. For values known to be objects.
  public var objectIdentity: UnsafeRawPointer? { isAlive ? raw.map { UnsafeRawPointer($0) } : nil }

  /// Called by `ScriptContext.close()`: unprotect now and forget the value.
  func invalidate(unprotectingIn ctx: JSGlobalContextRef) {
    if let raw { JSValueUnprotect(ctx, raw) }
    raw = nil
  }
}

/// A weak reference to a ``ProtectedValue`` in its context's registry.
struct WeakProtectedValue {
  weak var value: ProtectedValue?
  init(_ value: ProtectedValue) { self.value = value }
}
