import WebActionKit

/// One input or output item of an extension request, under Apple's name (Foundation's `NSExtensionItem`).
///
/// Not thread-safe for mutation: build an item on one thread, then hand it over.
open class NSExtensionItem: NSObject, NSCopying, @unchecked Sendable {
  /// A title for the item.
  open var attributedTitle: NSAttributedString?
  /// Text content for the item.
  open var attributedContentText: NSAttributedString?
  /// The item's attachments. A page's input item has one, with the preprocessing results registered as
  /// `com.apple.property-list` and the page's URL as `public.url`.
  open var attachments: [NSItemProvider]?
  /// Extra information: webaction puts the CLI's `--arg KEY=VALUE` pairs under `"WebActionArgumentsKey"` (a
  /// `[String: String]`). Values are Foundation objects, as on iOS.
  open var userInfo: [AnyHashable: Any]?

  /// Makes an empty item.
  public override init() {
    super.init()
  }

  /// The Apple-named form of a WebActionKit item (its values as Foundation objects).
  init(_ item: ExtensionItem) {
    attributedTitle = item.attributedTitle
    attributedContentText = item.attributedContentText
    attachments = item.attachments?.map(NSItemProvider.init)
    userInfo = item.userInfo.map { info in info.mapValues(FoundationBridge.object) }
    super.init()
  }

  /// The WebActionKit form, as the host receives it.
  var webActionItem: ExtensionItem {
    let item = ExtensionItem()
    item.attributedTitle = attributedTitle
    item.attributedContentText = attributedContentText
    item.attachments = attachments?.map(\.webActionProvider)
    item.userInfo = userInfo
    return item
  }

  /// A copy with the same title, text, user info and attachments (the providers themselves are shared: they are
  /// immutable once made).
  open func copy(with zone: NSZone? = nil) -> Any {
    let copy = NSExtensionItem()
    copy.attributedTitle = attributedTitle
    copy.attributedContentText = attributedContentText
    copy.attachments = attachments
    copy.userInfo = userInfo
    return copy
  }
}

/// The `userInfo` key of an item's attributed title (Apple's key string).
public let NSExtensionItemAttributedTitleKey = "NSExtensionItemAttributedTitleKey"
/// The `userInfo` key of an item's attributed content text (Apple's key string).
public let NSExtensionItemAttributedContentTextKey = "NSExtensionItemAttributedContentTextKey"
/// The `userInfo` key of an item's attachments (Apple's key string).
public let NSExtensionItemAttachmentsKey = "NSExtensionItemAttachmentsKey"
