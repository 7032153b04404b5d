import DOM
import JSBridge

extension DOMInterfaces {
  /// https://dom.spec.whatwg.org/#interface-AbortSignal
  static let abortSignal = Interface<AbortSignal>("AbortSignal", inherits: eventTarget) { b in
    b.staticMethod("abort") { args in
      let window = try args.context.window()
      return try window.context.wrap(AbortSignal(abortedWith: try AbortReasons.reason(args.value(0), window: window)))
    }
    // https://dom.spec.whatwg.org/#dom-abortsignal-timeout
    b.staticMethod("timeout", length: 1) { args in
      let window = try args.context.window()
      let milliseconds = try AbortReasons.enforceRangeULongLong(args.value(0))
      let signal = AbortSignal()
      let fire = args.context.makeFunction(name: "timeout") { [weak signal, weak window] args in
        if let signal, let window {
          let error = window.makeDOMException(DOMException(.timeoutError, "signal timed out"))
          signal.signalAbort(reason: ProtectedValue(error ?? args.context.makeUndefined()))
        }
        return args.context.makeUndefined()
      }
      window.eventLoop.schedule(fire, afterMilliseconds: milliseconds)
      return try window.context.wrap(signal)
    }
    // https://dom.spec.whatwg.org/#dom-abortsignal-any
    b.staticMethod("any", length: 1) { args in
      let sources = try AbortReasons.sequence(args.value(0)).map { (value) throws(ScriptError) in
        guard let signal = args.context.unwrap(value, as: AbortSignal.self) else {
          throw ScriptError.typeError("AbortSignal.any: an element of the argument is not an AbortSignal.")
        }
        return signal
      }
      return try args.context.wrap(AbortSignal.dependent(on: sources))
    }
    b.getter("aborted") { $0.isAborted }
    b.contextGetter("reason") { signal, context in
      (signal.reason as? ProtectedValue)?.value ?? context.makeUndefined()
    }
    // https://dom.spec.whatwg.org/#dom-abortsignal-throwifaborted
    b.method("throwIfAborted") { signal, args in
      guard signal.isAborted else { return }
      throw args.context.makeError(fromThrown: (signal.reason as? ProtectedValue)?.value ?? args.context.makeUndefined())
    }
    addEventHandlers(b, ["onabort"])
  }
}

/// The JS side of abort reasons: the given value, or a new `AbortError` DOMException when it is undefined.
enum AbortReasons {
  /// https://dom.spec.whatwg.org/#abortsignal-signal-abort step 2
  static func reason(_ value: ScriptValue, window: Window) throws(ScriptError) -> ProtectedValue {
    if !value.isUndefined { return ProtectedValue(value) }
    guard let error = window.makeDOMException(DOMException(.abortError, "signal is aborted without reason")) else {
      throw .typeError("no DOMException constructor is installed")
    }
    return ProtectedValue(error)
  }

  /// WebIDL `[EnforceRange] unsigned long long`.
  static func enforceRangeULongLong(_ value: ScriptValue) throws(ScriptError) -> Double {
    let number = value.toDouble()
    guard number.isFinite else { throw .typeError("AbortSignal.timeout: the delay is not a finite number.") }
    let truncated = number.rounded(.towardZero)
    guard truncated >= 0, truncated <= 9_007_199_254_740_991 else {
      throw .typeError("AbortSignal.timeout: the delay is out of range.")
    }
    return truncated
  }

  /// A WebIDL `sequence<T>` argument: the elements of any iterable (`Array.from`).
  static func sequence(_ value: ScriptValue) throws(ScriptError) -> [ScriptValue] {
    guard value.isObject else { throw .typeError("The argument is not a sequence.") }
    let array = try value.context.global.property("Array")
    return try array.property("from").call(this: array, args: [value]).arrayElements()
  }
}
