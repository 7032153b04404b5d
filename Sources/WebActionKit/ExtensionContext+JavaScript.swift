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

  /// An input item as a host builds it: the preprocessing `results` in a property-list attachment, and the
  /// `--arg` pairs in `userInfo`.
  public convenience init(preprocessingResults results: PropertyList, arguments: [String: String] = [:]) {
    self.init()
    attachments = [ItemProvider(propertyList: [NSExtensionJavaScriptPreprocessingResultsKey: results])]
    userInfo = [WebActionArgumentsKey: arguments]
  }
}
