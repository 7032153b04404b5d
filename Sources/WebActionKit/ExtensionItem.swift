/// One input or output item of an extension request (Apple's `NSExtensionItem`).
///
/// Not thread-safe for mutation: build an item on one thread, then hand it over.
public final class ExtensionItem: @unchecked Sendable {
  /// A title for the item.
  public var attributedTitle: NSAttributedString?
  /// Text content for the item.
  public var attributedContentText: NSAttributedString?
  /// The item's attachments; a webaction input item has one property-list attachment holding the preprocessing
  /// results under `NSExtensionJavaScriptPreprocessingResultsKey`.
  public var attachments: [ItemProvider]?
  /// Extra information; webaction puts the CLI's `--arg` pairs under `WebActionArgumentsKey`.
  public var userInfo: [AnyHashable: Any]?

  /// Makes an empty item.
  public init() {}
}

/// The object an extension's principal class implements to receive requests (Apple's `NSExtensionRequestHandling`).
public protocol ExtensionRequestHandling: AnyObject {
  /// Starts handling the request; the extension must eventually call `context.completeRequest` or
  /// `context.cancelRequest`, from any thread.
  func beginRequest(with context: ExtensionContext)
}
