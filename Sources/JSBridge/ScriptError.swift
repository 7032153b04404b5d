import CJavaScriptCore

/// An error raised by JavaScript (or meant to be raised in JavaScript), with its source position.
///
/// Built from a thrown JS value by reading its `name`, `message`, `line`, `column`, `sourceURL` and `stack`.
/// The thrown value itself is kept protected in ``value``; use it only on the context's thread.
/// (`@unchecked Sendable` because `Error` requires `Sendable`; everything but ``value`` is plain data.)
public struct ScriptError: Error, CustomStringConvertible, @unchecked Sendable {
  /// What went wrong.
  public enum Kind: Sendable, Equatable {
    /// The source did not parse.
    case syntax
    /// A value was thrown (or is to be thrown, for errors made in Swift).
    case exception
    /// The watchdog stopped a script that ran past ``ScriptContext/executionTimeLimit``.
    case timeout
    /// The script was stopped because the process grew past ``ScriptContext/memoryLimit``.
    case memoryLimit
    /// A promise was rejected and had no handler by the end of a microtask checkpoint (``value`` is the reason).
    case unhandledRejection
    /// The context was used after ``ScriptContext/close()``, or another host-side failure.
    case host
  }

  public var kind: Kind
  /// The JS error name (`TypeError`, `SyntaxError`...), or nil for a thrown non-Error value.
  public var name: String?
  public var message: String
  public var file: String?
  public var line: Int?
  public var column: Int?
  public var stack: String?
  /// The thrown JS value, kept protected while this error lives; nil for errors made in Swift.
  public var value: ProtectedValue?

  /// Creates an error; when thrown from a binding closure it becomes a JS error object named `name`.
  public init(
    kind: Kind = .exception, name: String? = "Error", message: String, file: String? = nil, line: Int? = nil,
    column: Int? = nil, stack: String? = nil, value: ProtectedValue? = nil
  ) {
    self.kind = kind
    self.name = name
    self.message = message
    self.file = file
    self.line = line
    self.column = column
    self.stack = stack
    self.value = value
  }

  /// A `TypeError` to throw from a binding closure.
  public static func typeError(_ message: String) -> ScriptError { ScriptError(name: "TypeError", message: message) }
  /// A `RangeError` to throw from a binding closure.
  public static func rangeError(_ message: String) -> ScriptError { ScriptError(name: "RangeError", message: message) }
  /// An error of any constructor name on the global object (`SyntaxError`, `ReferenceError`, ...).
  public static func error(name: String, message: String) -> ScriptError { ScriptError(name: name, message: message) }

  /// "file:line:column: Name: message", leaving out the parts that are unknown.
  public var description: String {
    var position = file ?? "<script>"
    if let line { position += ":\(line)" }
    if let line = line, line > 0, let column { position += ":\(column)" }
    let head = name.map { "\($0): " } ?? "Uncaught "
    return "\(position): \(head)\(message)"
  }
}

/// Lets a Swift error choose the JS value it becomes when thrown out of a binding closure
/// (DOMBindings makes `DOMException` objects this way).
public protocol ScriptThrowable: Error {
  /// The JS value to throw in `context`.
  func makeScriptValue(in context: ScriptContext) -> ScriptValue
}

extension ScriptContext {
  /// Calls a JSC function that reports exceptions through an out-parameter, and throws what it reported.
  ///
  /// This is the one place where JSC exceptions enter Swift.
  func checked<R>(_ body: (UnsafeMutablePointer<JSValueRef?>) -> R) throws(ScriptError) -> R {
    var exception: JSValueRef? = nil
    let result = body(&exception)
    if let exception { throw makeError(fromException: exception) }
    return result
  }

  /// Builds a ``ScriptError`` from a thrown JS value (protecting it first).
  func makeError(fromException exception: JSValueRef, kind: ScriptError.Kind = .exception) -> ScriptError {
    let thrown = ProtectedValue(ScriptValue(exception, in: self))
    let value = thrown.value
    var error = ScriptError(kind: kind, name: nil, message: "", value: thrown)
    if value.isObject {
      readErrorProperties(of: value, into: &error)
    } else {
      error.message = (try? value.toString()) ?? "<unprintable value>"
    }
    if watchdogFired, let resident = shared.memoryLimitExceeded {
      error.kind = .memoryLimit
      error.name = "MemoryLimitError"
      let limit = memoryLimit.map { " of \(Self.megabytes($0))" } ?? ""
      error.message = "the process grew to \(Self.megabytes(resident)), past the memory limit\(limit) (unbounded strings or arrays?)"
    } else if watchdogFired {
      error.kind = .timeout
      error.name = "TimeoutError"
      let limit = executionTimeLimit.map { " of \($0) s" } ?? ""
      // What JSC threw is its termination, or an error the termination caused in the code it cut short (a native
      // call's result missing: "undefined is not an object"), which would only mislead.
      error.message = "script stopped: it ran past the execution time limit\(limit)"
    }
    return error
  }

  /// Reads `name`, `message`, `sourceURL`, `line`, `column` and `stack` of a thrown object.
  private func readErrorProperties(of value: ScriptValue, into error: inout ScriptError) {
    func text(_ key: String) -> String? {
      guard let v = try? value.property(key), !v.isUndefined, !v.isNull else { return nil }
      return try? v.toString()
    }
    func number(_ key: String) -> Int? {
      guard let v = try? value.property(key), v.isNumber else { return nil }
      let d = v.toDouble()
      return d.isFinite ? Int(d) : nil
    }
    error.name = text("name")
    error.message = text("message") ?? ((try? value.toString()) ?? "")
    error.file = text("sourceURL")
    error.line = number("line")
    error.column = number("column")
    error.stack = text("stack").flatMap { $0.isEmpty ? nil : $0 }
  }

  /// The JS value to throw for a Swift error that escaped a binding closure.
  func exceptionValue(for error: any Error) -> JSValueRef {
    if let error = error as? ScriptError {
      if let value = error.value, value.isAlive { return value.value.raw }
      return makeError(name: error.name ?? "Error", message: error.message).raw
    }
    if let error = error as? ScriptThrowable { return error.makeScriptValue(in: self).raw }
    return makeError(name: "Error", message: String(describing: error)).raw
  }
}
