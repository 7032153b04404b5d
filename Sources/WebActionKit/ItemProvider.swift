/// Carries one item, under one or more type identifiers, between a host and an extension (Apple's `NSItemProvider`).
///
/// Everything a webaction host passes is already in memory, so loading is synchronous: the completion handler of
/// `loadItem(forTypeIdentifier:options:completionHandler:)` runs before that call returns, on the calling thread.
/// The class is immutable after it is built, hence `Sendable`.
public final class ItemProvider: @unchecked Sendable {
  /// The signature of Apple's `NSItemProvider.CompletionHandler`, with `Any?` for `NSSecureCoding?`.
  public typealias CompletionHandler = (Any?, (any Error)?) -> Void

  /// What was registered, in order (the wire protocol carries these).
  public let registrations: [(typeIdentifier: String, item: Any)]

  /// Registers `item` under `typeIdentifier` (Apple's `NSItemProvider(item:typeIdentifier:)`).
  ///
  /// With a nil `typeIdentifier` the type is inferred from the item: strings are plain text, URLs are URLs,
  /// Data is data, dictionaries, arrays and `PropertyList` values are property lists. A nil item registers nothing.
  public init(item: Any?, typeIdentifier: String?) {
    guard let item else {
      registrations = []
      return
    }
    let type = typeIdentifier ?? ItemProvider.inferredType(of: item)
    registrations = [(type, item)]
  }

  /// Registers a property list under `com.apple.property-list`; it loads as its Foundation object.
  public init(propertyList: PropertyList) {
    registrations = [(UTType.propertyList.identifier, propertyList)]
  }

  /// A provider with several registrations, in order (as `ExtensionWire` rebuilds one, or as an Apple-named
  /// `NSItemProvider` hands its own over).
  public init(registrations: [(typeIdentifier: String, item: Any)]) {
    self.registrations = registrations
  }

  /// The type identifiers registered, in registration order.
  public var registeredTypeIdentifiers: [String] { registrations.map(\.typeIdentifier) }

  /// Whether an item is registered under `typeIdentifier` or under a type that conforms to it.
  public func hasItemConformingToTypeIdentifier(_ typeIdentifier: String) -> Bool {
    registration(for: typeIdentifier) != nil
  }

  /// Loads the item for `typeIdentifier`, calling `completionHandler` before returning.
  ///
  /// Property lists load as Foundation objects, so Apple's template line `let dictionary = item as! [String: Any]`
  /// works. An unknown type calls the handler with a nil item and an `ItemProviderError`.
  public func loadItem(
    forTypeIdentifier typeIdentifier: String, options: [AnyHashable: Any]?,
    completionHandler: CompletionHandler?
  ) {
    do {
      let item = try loadItemNow(forTypeIdentifier: typeIdentifier)
      completionHandler?(item, nil)
    } catch {
      completionHandler?(nil, error)
    }
  }

  /// Loads the item for `typeIdentifier` (the async form of Apple's API).
  nonisolated(nonsending)
  public func loadItem(forTypeIdentifier typeIdentifier: String, options: [AnyHashable: Any]? = nil) async throws -> Any {
    try loadItemNow(forTypeIdentifier: typeIdentifier)
  }

  /// Loads the property-list item (`com.apple.property-list` or a type conforming to it) as a `PropertyList`.
  /// - Throws: `ItemProviderError` when none is registered, `PropertyListError` when the item holds a
  ///   non-property-list value.
  public func loadPropertyList() throws -> PropertyList {
    guard let found = registration(for: UTType.propertyList.identifier) else {
      throw ItemProviderError.notRegistered(UTType.propertyList.identifier, registered: registeredTypeIdentifiers)
    }
    return try PropertyList(foundationObject: found.item, rootPath: "item")
  }

  private func loadItemNow(forTypeIdentifier typeIdentifier: String) throws(ItemProviderError) -> Any {
    guard let found = registration(for: typeIdentifier) else {
      throw ItemProviderError.notRegistered(typeIdentifier, registered: registeredTypeIdentifiers)
    }
    if let plist = found.item as? PropertyList { return plist.foundationObject }
    return found.item
  }

  private func registration(for typeIdentifier: String) -> (typeIdentifier: String, item: Any)? {
    let wanted = UTType(typeIdentifier)
    return registrations.first { $0.typeIdentifier == typeIdentifier }
      ?? registrations.first { UTType($0.typeIdentifier).conforms(to: wanted) }
  }

  private static func inferredType(of item: Any) -> String {
    switch item {
    case is String: UTType.plainText.identifier
    case let url as URL: url.isFileURL ? UTType.fileURL.identifier : UTType.url.identifier
    case is Data: UTType.data.identifier
    default: UTType.propertyList.identifier
    }
  }
}

/// Why an `ItemProvider` could not load an item.
public struct ItemProviderError: Error, CustomStringConvertible {
  /// The type identifier that was asked for.
  public var typeIdentifier: String
  /// What to tell a person.
  public var description: String

  static func notRegistered(_ type: String, registered: [String]) -> ItemProviderError {
    let have = registered.isEmpty ? "nothing is registered" : "registered: " + registered.joined(separator: ", ")
    return ItemProviderError(
      typeIdentifier: type,
      description: "the item provider has no item conforming to \(type) (\(have)); "
        + "check hasItemConformingToTypeIdentifier(_:) before loading")
  }
}
