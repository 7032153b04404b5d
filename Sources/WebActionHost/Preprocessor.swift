import Foundation
import JSBridge
import WebActionKit

/// Safari's side of the preprocessing protocol: loads the extension's script into a page, calls
/// `ExtensionPreprocessingJS.run(arguments)` and waits for `completionFunction`, then later calls `finalize(arguments)`.
///
/// https://developer.apple.com/library/archive/documentation/General/Conceptual/ExtensibilityPG/Action.html
struct Preprocessor {
  let page: Page
  let scriptURL: URL
  /// The preprocessing file's text, for the source line an error points at.
  let scriptSource: String
  /// The extension's name, which run()'s argument carries as `extensionName`.
  let extensionName: String
  let report: (Diagnostic) -> Void
  /// Which step runs now (`run()`, `finalize()`), for console output; nil between them.
  let phase: Phase
  /// Receives each step's name and seconds (`--verbose`).
  let trace: ((String, TimeInterval) -> Void)?

  /// The step a page's scripts run in, shared with the page's console.
  final class Phase: @unchecked Sendable {
    var name: String?
  }

  /// Runs `body` as step `name`: console output says so, and `trace` gets its time.
  private func step<T>(_ name: String, console: String, _ body: () throws(WebActionError) -> T) throws(WebActionError) -> T {
    var timing = StepTiming(trace)
    phase.name = console
    defer {
      phase.name = nil
      timing.lap(name)
    }
    return try body()
  }

  /// The extension's world: its own globals over the page's DOM (``Page/extensionWorld()``).
  private var context: ScriptContext {
    get throws(WebActionError) { try page.extensionWorld().context }
  }

  /// Evaluates the preprocessing file in the extension's world of the page and returns its
  /// `ExtensionPreprocessingJS` object.
  func load() throws(WebActionError) -> ScriptValue {
    let context = try self.context
    try step("evaluate", console: "load") { () throws(WebActionError) in
      do {
        _ = try context.evaluate(scriptSource, sourceURL: scriptURL.path, keepCompiled: true)
      } catch {
        var failure = scriptFailure(error, doing: "loading \(scriptURL.lastPathComponent)")
        // A file that does not parse fails on every page alike.
        failure.isSameForEveryPage = (error as? ScriptError)?.kind == .syntax
        throw failure
      }
    }
    let object: ScriptValue
    do {
      // By name, not as a property of the global object: `const` and `let` at the top level make a binding that is
      // not one (Safari finds it, as a script naming it would).
      object = try context.evaluate(
        "typeof ExtensionPreprocessingJS === 'undefined' ? undefined : ExtensionPreprocessingJS",
        sourceURL: "webaction:find-ExtensionPreprocessingJS", keepCompiled: true)
    } catch {
      throw scriptFailure(error, doing: "reading ExtensionPreprocessingJS")
    }
    guard object.isObject else {
      throw WebActionError(
        .bundle, "\(scriptURL.path) does not define a global ExtensionPreprocessingJS object",
        hint: "Safari looks for `var ExtensionPreprocessingJS = { run: function(arguments) {...}, finalize: function(arguments) {...} };` at the top level of the preprocessing file.")
    }
    return object
  }

  /// Calls `run(arguments)` and drives the event loop until `completionFunction` is called; returns its value.
  /// `arguments` holds `completionFunction` and `extensionName`. An object with `finalize` but no `run` gets no
  /// call: the extension receives an empty dictionary.
  func run(_ object: ScriptValue, timeout: TimeInterval) throws(WebActionError) -> PropertyList {
    if (try? object.property("run"))?.isUndefined == true, (try? object.property("finalize"))?.isFunction == true {
      report(Diagnostic(.warning, source: "webaction",
                        "ExtensionPreprocessingJS has finalize() but no run(): the extension receives an empty dictionary"))
      return .dictionary([:])
    }
    let run = try function(named: "run", of: object)
    let context = try self.context
    var timing = StepTiming(trace)
    phase.name = "run()"
    defer { phase.name = nil }
    var received: [ProtectedValue] = []
    // `args.context`, not `context`: the function lives in the JS heap, and a closure holding its own context
    // strongly is a cycle that only a collection breaks. A conservative scan of the stack that still finds the
    // function (after a script error, say) then keeps the page's whole JS world alive to the end of the process.
    let completion = context.makeFunction(name: "completionFunction") { args in
      received.append(ProtectedValue(args.value(0)))
      return args.context.makeUndefined()
    }
    let arguments = context.makeObject()
    do {
      try arguments.setProperty("completionFunction", completion)
      try arguments.setProperty("extensionName", context.makeString(extensionName))
      _ = try run.call(this: object, args: [arguments])
    } catch {
      throw scriptFailure(error, doing: "ExtensionPreprocessingJS.run()")
    }
    let deadline = page.loop.clock.now + timeout
    switch page.loop.runUntil(deadline: deadline, condition: { !received.isEmpty }) {
    case .conditionMet: break
    case .idle:
      try page.throwPendingScriptError()
      throw WebActionError(
        .protocolViolation,
        "ExtensionPreprocessingJS.run() finished without calling arguments.completionFunction, and nothing is left to run (no timers, no promises)",
        hint: "run() must call arguments.completionFunction({...}) exactly once, synchronously or from a callback.")
    case .timedOut:
      try page.throwPendingScriptError()
      throw WebActionError(
        .protocolViolation,
        "ExtensionPreprocessingJS.run() did not call arguments.completionFunction within \(Self.seconds(timeout))",
        hint: "Raise --timeout if the page really needs longer.")
    case .turnLimitReached:
      try page.throwPendingScriptError()
      throw page.runawayTimers(doing: "waiting for ExtensionPreprocessingJS.run() to call arguments.completionFunction")
    }
    try page.throwPendingScriptError()
    // Let anything the same turn queued run, so a second completionFunction call can be reported.
    _ = page.loop.runUntil(deadline: page.loop.clock.now, condition: { false })
    if received.count > 1 {
      report(Diagnostic(.warning, source: "webaction",
                        "completionFunction was called \(received.count) times; Safari uses the first call's value"))
    }
    let value = received[0].value
    timing.lap("run")
    defer { timing.lap("convert") }
    do {
      let bridge = try PropertyListBridge(context: context) { message in
        report(Diagnostic(.warning, source: "webaction", message))
      }
      if value.isUndefined {
        report(Diagnostic(.warning, source: "webaction", "completionFunction was called with no value; the extension receives an empty dictionary"))
      }
      return try bridge.propertyList(from: value, path: "results")
    } catch let error as PropertyListBridge.ConversionError {
      throw WebActionError(
        .protocolViolation, "the value passed to completionFunction is not a property list: \(Self.abbreviated(error.path)): \(error.message)")
    } catch {
      throw scriptFailure(error, doing: "reading the value passed to completionFunction")
    }
  }

  /// Calls `finalize(arguments)` with `arguments` converted to JS, then lets its timers and promises settle. An
  /// object without `finalize` (it is optional: only iOS calls it) leaves the page as run() left it.
  func finalize(_ object: ScriptValue, arguments: PropertyList, timeout: TimeInterval) throws(WebActionError) {
    if (try? object.property("finalize"))?.isUndefined == true {
      report(Diagnostic(.info, source: "webaction", "ExtensionPreprocessingJS has no finalize(): the page is written as run() left it"))
      return
    }
    let finalize = try function(named: "finalize", of: object)
    try step("finalize", console: "finalize()") { () throws(WebActionError) in
      try callFinalize(finalize, of: object, arguments, timeout)
    }
  }

  private func callFinalize(
    _ finalize: ScriptValue, of object: ScriptValue, _ arguments: PropertyList, _ timeout: TimeInterval
  ) throws(WebActionError) {
    do {
      let bridge = try PropertyListBridge(context: try self.context) { _ in }
      _ = try finalize.call(this: object, args: [try bridge.scriptValue(from: arguments)])
    } catch {
      throw scriptFailure(error, doing: "ExtensionPreprocessingJS.finalize()")
    }
    switch page.loop.drain(until: page.loop.clock.now + timeout) {
    case .timedOut:
      report(Diagnostic(.warning, source: "webaction",
                        "timers were still pending \(Self.seconds(timeout)) after finalize(); the page is written as it is now"))
    case .turnLimitReached:
      try page.throwPendingScriptError()
      throw page.runawayTimers(doing: "running the timers ExtensionPreprocessingJS.finalize() set")
    case .idle, .conditionMet:
      break
    }
    try page.throwPendingScriptError()
  }

  private func function(named name: String, of object: ScriptValue) throws(WebActionError) -> ScriptValue {
    let value: ScriptValue
    do { value = try object.property(name) } catch { throw scriptFailure(error, doing: "reading ExtensionPreprocessingJS.\(name)") }
    guard value.isFunction else {
      throw WebActionError(
        .bundle, "ExtensionPreprocessingJS.\(name) in \(scriptURL.path) is not a function (it is \(value.typeName))",
        hint: "Safari calls ExtensionPreprocessingJS.run(arguments) and ExtensionPreprocessingJS.finalize(arguments).")
    }
    return value
  }

  private func scriptFailure(_ error: any Error, doing what: String) -> WebActionError {
    guard let error = error as? ScriptError else { return WebActionError(.script, "\(what) failed: \(error)") }
    var failure = page.describe(error, doing: what)
    if error.file == scriptURL.path, let line = error.line, let excerpt = Self.excerpt(of: scriptSource, line: line, column: error.column) {
      // Under the error's first line, above its stack.
      var lines = failure.message.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
      lines.insert(excerpt, at: 1)
      failure.message = lines.joined(separator: "\n")
    }
    return failure
  }

  /// The source line `line` (1-based) of `source`, numbered, with a caret under `column` (1-based) when known.
  static func excerpt(of source: String, line: Int, column: Int?) -> String? {
    var number = 0
    for text in source.split(separator: "\n", omittingEmptySubsequences: false) {
      number += 1
      guard number == line else { continue }
      let shown = String(text.prefix(200)).replacingOccurrences(of: "\t", with: " ")
      let gutter = "    \(number) | "
      var lines = gutter + shown
      if let column, column >= 1, column <= shown.count + 1 {
        lines += "\n" + String(repeating: " ", count: gutter.count - 2) + "| " + String(repeating: " ", count: column - 1) + "^"
      }
      return lines
    }
    return nil
  }

  /// A path of a few hundred characters (a value nested a thousand levels deep) with its middle left out.
  static func abbreviated(_ path: String) -> String {
    guard path.count > 160 else { return path }
    return "\(path.prefix(80))…\(path.suffix(60))"
  }

  static func seconds(_ value: TimeInterval) -> String {
    value == value.rounded() ? "\(Int(value)) s" : String(format: "%.1f s", value)
  }
}
