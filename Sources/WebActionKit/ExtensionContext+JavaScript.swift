extension ExtensionContext {
  /// The argument for the page's `finalize()`: the `NSExtensionJavaScriptFinalizeArgumentKey` value of the first
  /// property-list attachment that has one, or nil when no returned item has one.
  ///
  /// When an extension returns no such item (Apple's template returns `[]` when it has nothing to say), there are no
  /// finalize arguments; Apple's documentation does not say whether Safari then calls `finalize()`; webaction hosts
  /// call it with an empty argument, which leaves a page whose `finalize` reads no keys unchanged.
  /// - Throws: `PropertyListError` when the attachment holds a value that is not a property list.
  public static func finalizeArguments(from items: [ExtensionItem]) throws -> PropertyList? {
    for (itemIndex, item) in items.enumerated() {
      for (index, provider) in (item.attachments ?? []).enumerated()
      where provider.hasItemConformingToTypeIdentifier(UTType.propertyList.identifier) {
        let plist: PropertyList
        do {
          plist = try provider.loadPropertyList()
        } catch let error as PropertyListError {
          throw PropertyListError(
            message: error.message,
            path: "returned item \(itemIndex), attachment \(index)" + error.path.dropFirst("item".count))
        }
        if let argument = plist[NSExtensionJavaScriptFinalizeArgumentKey] { return argument }
      }
    }
    return nil
  }

  /// The dictionary the page's `run()` passed to its completion function: the
  /// `NSExtensionJavaScriptPreprocessingResultsKey` value of the first property-list attachment of the input items
  /// that has one, or nil when there is none (a convenience over Apple's template loop).
  /// - Throws: `PropertyListError` when the attachment holds a value that is not a property list.
  public func javaScriptPreprocessingResults() throws -> PropertyList? {
    for case let item as ExtensionItem in inputItems {
      for provider in item.attachments ?? [] where provider.hasItemConformingToTypeIdentifier(UTType.propertyList.identifier) {
        if let results = try provider.loadPropertyList()[NSExtensionJavaScriptPreprocessingResultsKey] { return results }
      }
    }
    return nil
  }

  /// The `--arg KEY=VALUE` pairs of the first input item that has any (see `ExtensionItem.webActionArguments`).
  public var webActionArguments: [String: String] {
    for case let item as ExtensionItem in inputItems where !item.webActionArguments.isEmpty {
      return item.webActionArguments
    }
    return [:]
  }
}

extension ExtensionItem {
  /// An item whose property-list attachment carries `argument` for the page's `finalize()`, the item Apple's
  /// template builds in `doneWithResults`.
  public convenience init(finalizeArgument argument: PropertyList) {
    self.init()
    attachments = [ItemProvider(propertyList: [NSExtensionJavaScriptFinalizeArgumentKey: argument])]
  }

  /// The type identifiers of the one attachment Safari gives an extension for a web page, in order: the
  /// preprocessing results, then the page's URL.
  public static let safariPageTypeIdentifiers = [UTType.propertyList.identifier, UTType.url.identifier]

  /// An input item as Safari builds it for a web page: one attachment, an item provider registered under
  /// `com.apple.property-list` (`{NSExtensionJavaScriptPreprocessingResultsKey: results}`) and, when `url` is given,
  /// under `public.url` (the page's URL); the `--arg` pairs go in `userInfo`.
  public convenience init(preprocessingResults results: PropertyList, url: URL? = nil, arguments: [String: String] = [:]) {
    self.init()
    var registrations: [(typeIdentifier: String, item: Any)] = [
      (UTType.propertyList.identifier, PropertyList.dictionary([NSExtensionJavaScriptPreprocessingResultsKey: results]))
    ]
    if let url { registrations.append((UTType.url.identifier, url)) }
    attachments = [ItemProvider(registrations: registrations)]
    userInfo = [WebActionArgumentsKey: arguments]
  }
}
