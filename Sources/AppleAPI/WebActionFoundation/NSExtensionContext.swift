import WebActionKit

/// The request an extension is handling, under Apple's name and with Apple's signatures (Foundation's
/// `NSExtensionContext` on iOS).
///
/// A ported principal class receives one in `beginRequest(with:)`. It wraps WebActionKit's ``ExtensionContext``,
/// which carries the outcome back to the host. Thread-safe: complete or cancel from any thread.
open class NSExtensionContext: NSObject, @unchecked Sendable {
  /// The items the host passed in, each an ``NSExtensionItem``: `context.inputItems as! [NSExtensionItem]` works as on
  /// iOS. For a page, one item with one attachment holding the preprocessing results under
  /// `NSExtensionJavaScriptPreprocessingResultsKey`, and the page's URL.
  public let inputItems: [Any]

  /// The host's side of the request.
  public let webActionContext: ExtensionContext

  /// Wraps a WebActionKit context (what `NSExtensionMain` does for each request).
  public init(_ context: ExtensionContext) {
    webActionContext = context
    inputItems = context.inputItems.map { item in (item as? ExtensionItem).map(NSExtensionItem.init) ?? item }
    super.init()
  }

  /// Ends the request, returning `items` (``NSExtensionItem``s) to the host; for an Action extension the first
  /// property-list attachment's `NSExtensionJavaScriptFinalizeArgumentKey` becomes the page's `finalize()` argument.
  ///
  /// `completionHandler` is called on the main queue once the host has the items, with `false` (the request did
  /// not expire). Items that are not ``NSExtensionItem``s are dropped with a diagnostic the host prints; a second
  /// completion or a cancellation after it is ignored, with a diagnostic.
  open func completeRequest(returningItems items: [Any]?, completionHandler: (@Sendable (Bool) -> Void)? = nil) {
    let converted: [Any]? = items?.map { item in (item as? NSExtensionItem)?.webActionItem ?? item }
    webActionContext.completeRequest(returningItems: converted)
    if let completionHandler { DispatchQueue.main.async { completionHandler(false) } }
  }

  /// Ends the request with `error`; the host reports its localized description and the run fails.
  open func cancelRequest(withError error: any Error) {
    webActionContext.cancelRequest(withError: error)
  }

  /// Asks the host to open `URL`. A webaction host opens nothing (Apple does not let Action extensions open URLs
  /// either): it reports the URL with the run's results, and `completionHandler` gets `false` on the main queue.
  open func open(_ URL: URL, completionHandler: (@Sendable (Bool) -> Void)? = nil) {
    webActionContext.open(URL)
    if let completionHandler { DispatchQueue.main.async { completionHandler(false) } }
  }
}
