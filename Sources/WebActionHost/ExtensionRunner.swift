import Foundation
import WebActionKit

/// Delivers run()'s results to the native extension and returns its finalize argument: the native half of one page.
///
/// ``ActionHost`` picks a runner from the bundle: its own executable (`CFBundleExecutable`, a process of its own,
/// ``ProcessExtensionRunner``), else the principal class built into this binary (``InProcessExtensionRunner``, or a
/// child process with `--isolate`). A runner may be kept for the next page of the same host.
protocol ExtensionRunner: AnyObject {
  /// Gives the extension `item` (the input item Safari builds for the page, ``ExtensionItem/init(preprocessingResults:url:arguments:)``)
  /// and returns the request under way; its ``PendingExtensionReply/wait(opened:)`` gives the
  /// `NSExtensionJavaScriptFinalizeArgumentKey` value of the returned item. An extension that completes from a queue
  /// of its own is still working when this returns, so the host can load the next page meanwhile.
  func begin(_ item: ExtensionItem) throws(WebActionError) -> any PendingExtensionReply

  /// Lets the extension start slow work before the page loads (see `ExtensionPreparing`).
  func prepare(arguments: [String: String])
}

/// A request the native extension has begun.
protocol PendingExtensionReply: AnyObject {
  /// True when the extension has answered, so that `wait` will not wait.
  var isAnswered: Bool { get }
  /// Waits for the answer and returns its finalize argument, or nil when the extension completed without one;
  /// `opened` receives the URLs it asked to open.
  func wait(opened: inout [String]) throws(WebActionError) -> PropertyList?
}

/// An answer the runner already has (a process's reply, read before `begin` returned).
final class AnsweredExtensionReply: PendingExtensionReply {
  private let answer: (inout [String]) throws(WebActionError) -> PropertyList?
  init(_ answer: @escaping (inout [String]) throws(WebActionError) -> PropertyList?) { self.answer = answer }
  var isAnswered: Bool { true }
  func wait(opened: inout [String]) throws(WebActionError) -> PropertyList? { try answer(&opened) }
}

/// Runs the principal class in this process, on the main thread, as Safari's extension host would.
final class InProcessExtensionRunner: ExtensionRunner {
  let principal: any ExtensionRequestHandling
  /// How messages name the extension: its bundle's name (`translate`), not its Swift class's.
  let name: String
  let timeout: TimeInterval
  let report: (Diagnostic) -> Void

  init(principal: any ExtensionRequestHandling, name: String, timeout: TimeInterval, report: @escaping (Diagnostic) -> Void) {
    self.principal = principal
    self.name = name
    self.timeout = timeout
    self.report = report
  }

  func prepare(arguments: [String: String]) {
    (principal as? any ExtensionPreparing)?.prepare(arguments: arguments)
  }

  func begin(_ item: ExtensionItem) throws(WebActionError) -> any PendingExtensionReply {
    // Step 1. The item Safari builds: one attachment, the results' property list and the page's URL.
    let context = ExtensionContext(inputItems: [item])
    let deadline = Date(timeIntervalSinceNow: timeout)

    // Step 2. Begin the request. An extension may complete here, or later from a queue of its own.
    principal.beginRequest(with: context)
    return Request(runner: self, context: context, deadline: deadline)
  }

  /// A request of the principal object, waited for on the main thread.
  private final class Request: PendingExtensionReply {
    let runner: InProcessExtensionRunner
    let context: ExtensionContext
    let deadline: Date

    init(runner: InProcessExtensionRunner, context: ExtensionContext, deadline: Date) {
      self.runner = runner
      self.context = context
      self.deadline = deadline
    }

    var isAnswered: Bool { context.outcome != nil }

    func wait(opened: inout [String]) throws(WebActionError) -> PropertyList? {
      // Step 3. Wait, running the main run loop so that main-queue work the extension schedules
      // (DispatchQueue.main.async, OperationQueue.main) happens, and read the outcome, as the reply of an extension
      // process would be read. The time limit counts from the request's beginning.
      let name = runner.name, timeout = runner.timeout
      guard let outcome = context.waitRunningMainRunLoop(timeout: max(0, deadline.timeIntervalSinceNow)) else {
        for message in context.diagnostics { runner.report(Diagnostic(.warning, source: "extension", message)) }
        throw WebActionError(
          .extensionFailed, "\(name) did not complete the request within \(Preprocessor.seconds(timeout))",
          hint: "The extension must call completeRequest(returningItems:completionHandler:) or cancelRequest(withError:). Raise --extension-timeout if it really needs longer.")
      }
      let reply = ExtensionWire.Reply(outcome, diagnostics: context.diagnostics, openedURLs: context.openedURLs)
      return try reply.finalizeArgument(of: name, opened: &opened, report: runner.report)
    }
  }
}

extension ExtensionWire.Reply {
  /// The finalize argument the reply carries (nil when it has none), after its diagnostics are reported; a
  /// cancellation becomes the error it describes.
  func finalizeArgument(of name: String, opened: inout [String], report: (Diagnostic) -> Void) throws(WebActionError) -> PropertyList? {
    switch self {
    case .completed(let items, let diagnostics, let urls):
      Self.report(name, diagnostics, urls, opened: &opened, report)
      do {
        return try ExtensionContext.finalizeArguments(from: items)
      } catch {
        throw WebActionError(.extensionFailed, "\(name) returned items webaction cannot read: \(error)")
      }
    case .cancelled(let domain, let code, let description, let diagnostics, let urls):
      Self.report(name, diagnostics, urls, opened: &opened, report)
      if domain == ExtensionWire.missingDependencyDomain {
        var error = WebActionError(.dependency, description)
        error.forThisPageOnly = code == 1
        throw error
      }
      // An extension's own message that already names it ("translate: …") is not named twice.
      let said = description.hasPrefix("\(name):") ? description : "\(name) cancelled the request: \(description)"
      throw WebActionError(.extensionFailed, said)
    }
  }

  private static func report(
    _ name: String, _ diagnostics: [String], _ urls: [String], opened: inout [String], _ report: (Diagnostic) -> Void
  ) {
    for message in diagnostics { report(Diagnostic(.warning, source: "extension", message)) }
    for url in urls {
      report(Diagnostic(.info, source: "webaction", "\(name) asked to open \(url); an Action extension cannot open URLs, so it was not opened"))
    }
    opened += urls
  }
}
