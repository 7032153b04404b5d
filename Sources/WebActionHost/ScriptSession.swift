import Foundation
import JSBridge

/// A loaded page to evaluate JavaScript in, with no extension (`webaction eval`): each evaluation's value comes back
/// as JSON, once a promise it returns has settled.
public final class ScriptSession {
  private let page: Page
  private let timeout: TimeInterval
  private var evaluations = 0

  /// Loads the page of `request` (its scripts too with `--scripts`); `report` gets its console output.
  public init(request: ActionRequest, report: @escaping (Diagnostic) -> Void) throws(WebActionError) {
    page = try Page(request: request, report: report)
    if let failure = page.loadFailure { throw failure }
    timeout = request.timeout
  }

  /// Evaluates `source` (named `name` in errors and stacks, `eval-N` by default) and returns its value as JSON:
  /// `JSON.stringify(value, null, 2)`, or the value as a string where JSON has none (undefined, a function). A promise
  /// is awaited (timers and callbacks run meanwhile, up to the request's timeout); a rejection or an exception is
  /// the error, as `run` reports a script's.
  public func evaluate(_ source: String, name: String? = nil) throws(WebActionError) -> String {
    evaluations += 1
    let file = name ?? "eval-\(evaluations)"
    let context = page.context
    var value: ScriptValue
    do {
      value = try context.evaluate(source, sourceURL: file)
    } catch {
      throw page.describe(error, doing: "evaluating \(file)")
    }
    // A thenable is awaited: its settlement lands in `settled` (fulfilled value, or the rejection as an error).
    var settled: (ProtectedValue, rejected: Bool)?
    do {
      if value.isObject, try value.property("then").isObject {
        let fulfilled = context.makeFunction(name: "fulfilled") { args in
          settled = (ProtectedValue(args.value(0)), false)
          return args.context.makeUndefined()  // not `context`: see Preprocessor.run's completionFunction
        }
        let rejected = context.makeFunction(name: "rejected") { args in
          settled = (ProtectedValue(args.value(0)), true)
          return args.context.makeUndefined()
        }
        _ = try value.property("then").call(this: value, args: [fulfilled, rejected])
        switch page.loop.runUntil(deadline: page.loop.clock.now + timeout, condition: { settled != nil }) {
        case .conditionMet: break
        case .idle: throw WebActionError(.script, "\(file): the promise it returned never settled, and nothing is left to run")
        case .timedOut: throw WebActionError(.script, "\(file): the promise it returned did not settle within \(Preprocessor.seconds(timeout))", hint: "--timeout sets how long to wait.")
        case .turnLimitReached: throw page.runawayTimers(doing: "waiting for \(file)'s promise")
        }
        guard let (result, wasRejected) = settled else { return "undefined" }
        if wasRejected {
          throw WebActionError(.script, "\(file): the promise it returned was rejected with \(try Self.describe(result.value))")
        }
        value = result.value
      } else {
        // Let what the evaluation queued (promise callbacks, zero-delay timers) run, as a console would.
        _ = page.loop.runUntil(deadline: page.loop.clock.now, condition: { false })
      }
      try page.throwPendingScriptError()
      return try Self.json(value)
    } catch let error as WebActionError {
      throw error
    } catch let error as ScriptError {
      throw page.describe(error, doing: "evaluating \(file)")
    } catch {
      throw WebActionError(.script, "evaluating \(file) failed: \(error)")
    }
  }

  /// `JSON.stringify(value, null, 2)`, or `String(value)` when it gives undefined.
  private static func json(_ value: ScriptValue) throws(ScriptError) -> String {
    let context = value.context
    let stringify = try context.global.property("JSON").property("stringify")
    let text = try stringify.call(args: [value, context.makeNull(), context.makeNumber(2)])
    return text.isUndefined ? try value.toString() : try text.toString()
  }

  /// A rejection reason for a message: an Error's `name: message`, else its JSON.
  private static func describe(_ value: ScriptValue) throws(ScriptError) -> String {
    if value.isObject, let message = try? value.property("message"), !message.isUndefined {
      return try "\(value.property("name").toString()): \(message.toString())"
    }
    return try json(value)
  }
}
