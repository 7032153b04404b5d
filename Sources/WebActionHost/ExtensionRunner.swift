import Foundation
import WebActionKit

/// Delivers run()'s results to the native extension and returns its finalize argument.
///
/// In-process today; the out-of-process runner (extensions in their own processes with App Groups) implements the
/// same protocol.
protocol ExtensionRunner {
  /// Returns the `NSExtensionJavaScriptFinalizeArgumentKey` value of the extension's returned item, or nil when the
  /// extension completed without one.
  func process(results: PropertyList, arguments: [String: String]) throws(WebActionError) -> PropertyList?

  /// Lets the extension start slow work before the page loads (see `ExtensionPreparing`).
  func prepare(arguments: [String: String])
}

/// Runs the principal class in this process, on the main thread, as Safari's extension host would.
struct InProcessExtensionRunner: ExtensionRunner {
  let principal: any ExtensionRequestHandling
  let className: String
  let timeout: TimeInterval
  let report: (Diagnostic) -> Void

  func prepare(arguments: [String: String]) {
    (principal as? any ExtensionPreparing)?.prepare(arguments: arguments)
  }

  func process(results: PropertyList, arguments: [String: String]) throws(WebActionError) -> PropertyList? {
    // Step 1. Wrap the results as Safari does: an item whose attachment is a property-list provider.
    let item = ExtensionItem()
    item.attachments = [ItemProvider(propertyList: .dictionary([NSExtensionJavaScriptPreprocessingResultsKey: results]))]
    item.userInfo = [WebActionArgumentsKey: arguments]
    let context = ExtensionContext(inputItems: [item])

    // Step 2. Begin the request and wait, running the main run loop so that main-queue work the extension schedules
    // (DispatchQueue.main.async, OperationQueue.main) happens.
    principal.beginRequest(with: context)
    let deadline = Date(timeIntervalSinceNow: timeout)
    while context.outcome == nil, Date() < deadline {
      _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.005))
    }
    for message in context.diagnostics { report(Diagnostic(.warning, source: "extension", message)) }

    // Step 3. Read the outcome.
    switch context.outcome {
    case nil:
      throw WebActionError(
        .extensionFailed, "\(className) did not complete the request within \(Preprocessor.seconds(timeout))",
        hint: "The extension must call completeRequest(returningItems:completionHandler:) or cancelRequest(withError:). Raise --extension-timeout if it really needs longer.")
    case .cancelled(let error as MissingDependencyError):
      throw WebActionError(.dependency, error.message)
    case .cancelled(let error):
      throw WebActionError(.extensionFailed, "\(className) cancelled the request: \(Self.describe(error))")
    case .completed(let items):
      do {
        return try ExtensionContext.finalizeArguments(from: items)
      } catch {
        throw WebActionError(.extensionFailed, "\(className) returned items webaction cannot read: \(error)")
      }
    }
  }

  private static func describe(_ error: any Error) -> String {
    let nsError = error as NSError
    if nsError.domain != "Foundation._GenericObjCError", let reason = nsError.userInfo[NSLocalizedDescriptionKey] as? String {
      return reason
    }
    return String(describing: error)
  }
}
