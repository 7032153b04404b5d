import Foundation
import JSBridge
import WebActionKit

/// Runs Action extensions on pages, as Safari does: run() → native extension → finalize() → serialize.
///
/// Use one host per thread; each `process` call loads its own page.
public final class ActionHost {
  public let source: ExtensionSource
  /// Where pages' subresources come from instead of each request's `subresources` folders (an embedder's archive
  /// or test server); nil uses the folders.
  public var subresourceLoader: (any SubresourceLoader)?
  private let report: (Diagnostic) -> Void
  /// The principal object kept across pages when its class allows it (`ReusableExtensionRequestHandling`).
  private var reusablePrincipal: (className: String, object: any ExtensionRequestHandling)?
  /// One JavaScriptCore VM for the pages this host processes on one thread (each page still gets fresh global
  /// objects): a VM costs about 1 ms to make, and JavaScriptCore keeps about 0.8 KB of each one for good, which grew
  /// a batch worker's memory by 23% over 10,000 pages. Replaced when a page comes on another thread.
  private var scriptGroup: ScriptGroup?

  /// `report` receives console output and warnings as they happen.
  public init(extension source: ExtensionSource, report: @escaping (Diagnostic) -> Void = { _ in }) {
    self.source = source
    self.report = report
  }

  /// Processes one page and returns the rewritten HTML and run()'s results. Writes nothing.
  public func process(_ request: ActionRequest) throws(WebActionError) -> ActionOutcome {
    // While the extension runs, it opens only the App Groups its bundle declares.
    let outside = AppGroup.declaredGroups
    AppGroup.declaredGroups = Set(source.bundle.manifest.appGroups)
    defer { AppGroup.declaredGroups = outside }
    // The native side is resolved first, so a bundle that cannot run fails before any script does.
    let runner = try makeRunner(request)
    let script = try source.script()
    runner?.prepare(arguments: request.arguments)

    if scriptGroup?.isOnCurrentThread != true { scriptGroup = ScriptGroup() }
    let page = try Page(request: request, subresources: subresourceLoader, group: scriptGroup, report: report)
    if let failure = page.loadFailure { throw failure }
    let preprocessor = Preprocessor(page: page, scriptURL: script.url, report: report)

    // Step 1. Load the preprocessing file and call run().
    let object = try preprocessor.load(source: script.source)
    let results = try preprocessor.run(object, timeout: request.timeout)
    if runner == nil, request.finalizeArguments == nil {
      report(Diagnostic(.info, source: "webaction",
                        "\(source.bundle.name) has no NSExtensionPrincipalClass: finalize() is not called (give --finalize-args FILE to test it)"))
    }

    // Step 2. The native extension (or --finalize-args) decides finalize()'s argument.
    let finalizeArguments: PropertyList?
    if let given = request.finalizeArguments {
      finalizeArguments = given
    } else if let runner {
      // An extension that returns no finalize argument still gets finalize() called, with an empty dictionary:
      // Apple's template relies on it ("If nothing's been returned to us, we'll set the background to blue").
      finalizeArguments = try runner.process(results: results, arguments: request.arguments) ?? .dictionary([:])
    } else {
      finalizeArguments = nil
    }

    // Step 3. finalize(), then serialize.
    if let finalizeArguments {
      try preprocessor.finalize(object, arguments: finalizeArguments, timeout: request.timeout)
    }
    return ActionOutcome(html: page.serialize(), results: results, finalizeArguments: finalizeArguments)
  }

  /// The native side: nil when the run is JS-only (--finalize-args, or a bundle without a principal class).
  private func makeRunner(_ request: ActionRequest) throws(WebActionError) -> (any ExtensionRunner)? {
    if request.finalizeArguments != nil { return nil }
    guard let className = source.bundle.manifest.principalClass else { return nil }
    if let kept = reusablePrincipal, kept.className == className {
      return InProcessExtensionRunner(principal: kept.object, className: className, timeout: request.extensionTimeout, report: report)
    }
    guard let principal = source.makePrincipalObject(className) else {
      throw WebActionError(
        .bundle, "\(source.bundle.name): the principal class \(className) is not built into webaction",
        hint: "Run the bundle's JavaScript alone with --finalize-args FILE. Swift principal classes run only when compiled into webaction as a built-in extension (listed by `webaction extensions`).")
    }
    if principal is any ReusableExtensionRequestHandling { reusablePrincipal = (className, principal) }
    return InProcessExtensionRunner(principal: principal, className: className, timeout: request.extensionTimeout, report: report)
  }
}
