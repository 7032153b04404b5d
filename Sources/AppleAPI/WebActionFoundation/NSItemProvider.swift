import WebActionKit

/// Carries an item, under one or more type identifiers, between a host and an extension, under Apple's name and with
/// Apple's signatures (Foundation's `NSItemProvider`).
///
/// Items are Foundation objects, as on iOS: a property list loads as an `NSDictionary` (so `item as! [String: Any]`
/// works), a URL as an `NSURL`, text as an `NSString`. Completion handlers run on a background queue, as on iOS, which
/// is why Apple's template hops to `OperationQueue.main`; the main queue runs in an extension process.
///
/// Not provided, because nothing here can answer them: `registerItem(forTypeIdentifier:loadHandler:)` and the other
/// lazy registrations, file promises and previews. Immutable once made, hence `Sendable`.
open class NSItemProvider: NSObject, NSCopying, @unchecked Sendable {
  /// Apple's completion handler: the item, or an error.
  public typealias CompletionHandler = @Sendable ((any NSSecureCoding)?, (any Error)?) -> Void

  /// What was registered, in order.
  private let registrations: [(typeIdentifier: String, item: any NSSecureCoding)]

  /// Registers `item` under `typeIdentifier`; with a nil type, the type is inferred from the item (a string is plain
  /// text, a URL a URL or file URL, data is data, a dictionary or array a property list). A nil item registers nothing.
  public init(item: (any NSSecureCoding)?, typeIdentifier: String?) {
    if let item {
      registrations = [(typeIdentifier ?? Self.inferredType(of: item), item)]
    } else {
      registrations = []
    }
    super.init()
  }

  /// A provider with nothing registered.
  public override convenience init() {
    self.init(item: nil, typeIdentifier: nil)
  }

  /// The Apple-named form of a WebActionKit provider: each registration's item as its Foundation object.
  init(_ provider: ItemProvider) {
    registrations = provider.registrations.map { ($0.typeIdentifier, FoundationBridge.secureObject($0.item)) }
    super.init()
  }

  private init(registrations: [(typeIdentifier: String, item: any NSSecureCoding)]) {
    self.registrations = registrations
    super.init()
  }

  /// The WebActionKit form, as the host receives it.
  var webActionProvider: ItemProvider {
    ItemProvider(registrations: registrations.map { ($0.typeIdentifier, $0.item as Any) })
  }

  /// The type identifiers registered, in registration order.
  open var registeredTypeIdentifiers: [String] { registrations.map(\.typeIdentifier) }

  /// Whether an item is registered under `typeIdentifier` or a type that conforms to it (`public.url` to
  /// `public.data`, `com.apple.property-list` to `public.data`, ...).
  open func hasItemConformingToTypeIdentifier(_ typeIdentifier: String) -> Bool {
    registration(conformingTo: typeIdentifier) != nil
  }

  /// Loads the item registered for `typeIdentifier` (or a type conforming to it) and calls `completionHandler` with
  /// it, on a background queue. With none, the handler gets a nil item and an error whose description names the
  /// types that are registered.
  open func loadItem(
    forTypeIdentifier typeIdentifier: String, options: [AnyHashable: Any]? = nil,
    completionHandler: CompletionHandler? = nil
  ) {
    guard let completionHandler else { return }
    let result = loadNow(typeIdentifier)
    Self.callBack(completionHandler, with: result)
  }

  /// Loads the item registered for `typeIdentifier` (the `async` form of Apple's API).
  open func loadItem(forTypeIdentifier typeIdentifier: String, options: [AnyHashable: Any]? = nil) async throws
    -> any NSSecureCoding
  {
    try loadNow(typeIdentifier).get()
  }

  /// The bytes of the item for `typeIdentifier`: data as it is, text as UTF-8, a URL as its string, a property
  /// list as a binary property list. The handler runs on a background queue; the returned progress is complete.
  @discardableResult
  open func loadDataRepresentation(
    forTypeIdentifier typeIdentifier: String, completionHandler: @escaping @Sendable (Data?, (any Error)?) -> Void
  ) -> Progress {
    let result = loadNow(typeIdentifier).flatMap { item in
      Result { try FoundationBridge.dataRepresentation(of: item) }.mapError { $0 as NSError }
    }
    Self.callBack(completionHandler, with: result)
    return Self.finishedProgress
  }

  /// Whether an object of `aClass` can be loaded: an item is registered under one of the types it reads.
  open func canLoadObject(ofClass aClass: any NSItemProviderReading.Type) -> Bool {
    aClass.readableTypeIdentifiersForItemProvider.contains { hasItemConformingToTypeIdentifier($0) }
  }

  /// Whether a Swift value of `aClass` (`String.self`, `URL.self`) can be loaded.
  public func canLoadObject<T: _ObjectiveCBridgeable>(ofClass aClass: T.Type) -> Bool
  where T._ObjectiveCType: NSItemProviderReading {
    canLoadObject(ofClass: T._ObjectiveCType.self)
  }

  /// Loads an object of `aClass` (`NSString.self`, `NSURL.self`) from the first item it can read, on a background
  /// queue.
  @discardableResult
  open func loadObject(
    ofClass aClass: any NSItemProviderReading.Type,
    completionHandler: @escaping @Sendable ((any NSItemProviderReading)?, (any Error)?) -> Void
  ) -> Progress {
    let result = readObject(aClass)
    Self.callBack(completionHandler, with: result)
    return Self.finishedProgress
  }

  /// Loads a Swift value of `aClass` (`String.self`, `URL.self`), on a background queue: `provider.loadObject(ofClass:
  /// URL.self) { url, error in ... }` works as on iOS.
  @discardableResult
  public func loadObject<T: _ObjectiveCBridgeable>(
    ofClass aClass: T.Type, completionHandler: @escaping @Sendable (T?, (any Error)?) -> Void
  ) -> Progress where T._ObjectiveCType: NSItemProviderReading {
    let result = readObject(T._ObjectiveCType.self).map { object in
      T._unconditionallyBridgeFromObjectiveC(object as? T._ObjectiveCType)
    }
    Self.callBack(completionHandler, with: result)
    return Self.finishedProgress
  }

  /// A copy with the same registrations.
  open func copy(with zone: NSZone? = nil) -> Any {
    NSItemProvider(registrations: registrations)
  }

  // MARK: Lookup

  /// Calls `handler` with the value or the error on a background queue, as iOS calls item providers' handlers.
  private static func callBack<Value>(
    _ handler: @escaping @Sendable (Value?, (any Error)?) -> Void, with result: Result<Value, NSError>
  ) {
    // The items are immutable Foundation objects, handed to one handler.
    nonisolated(unsafe) let result = result
    DispatchQueue.global().async {
      switch result {
      case .success(let value): handler(value, nil)
      case .failure(let error): handler(nil, error)
      }
    }
  }

  private static var finishedProgress: Progress {
    let progress = Progress(totalUnitCount: 1)
    progress.completedUnitCount = 1
    return progress
  }

  private func registration(conformingTo typeIdentifier: String) -> (typeIdentifier: String, item: any NSSecureCoding)? {
    let wanted = WebActionKit.UTType(typeIdentifier)
    return registrations.first { $0.typeIdentifier == typeIdentifier }
      ?? registrations.first { WebActionKit.UTType($0.typeIdentifier).conforms(to: wanted) }
  }

  private func loadNow(_ typeIdentifier: String) -> Result<any NSSecureCoding, NSError> {
    if let found = registration(conformingTo: typeIdentifier) { return .success(found.item) }
    return .failure(notRegistered(typeIdentifier))
  }

  private func readObject(_ aClass: any NSItemProviderReading.Type) -> Result<any NSItemProviderReading, NSError> {
    for type in aClass.readableTypeIdentifiersForItemProvider {
      guard let found = registration(conformingTo: type) else { continue }
      if let object = found.item as? any NSItemProviderReading, Swift.type(of: object) == aClass { return .success(object) }
      do {
        let data = try FoundationBridge.dataRepresentation(of: found.item)
        return .success(try aClass.object(withItemProviderData: data, typeIdentifier: found.typeIdentifier))
      } catch {
        return .failure(error as NSError)
      }
    }
    return .failure(notRegistered(aClass.readableTypeIdentifiersForItemProvider.joined(separator: " or ")))
  }

  private func notRegistered(_ wanted: String) -> NSError {
    let have = registrations.isEmpty ? "nothing is registered" : "registered: " + registeredTypeIdentifiers.joined(separator: ", ")
    // Apple's domain and code for an item that cannot be loaded (NSItemProviderErrorDomain, ItemUnavailableError).
    return NSError(
      domain: NSItemProviderErrorDomain, code: NSItemProvider.ErrorCode.itemUnavailableError.rawValue,
      userInfo: [NSLocalizedDescriptionKey: "the item provider has no item conforming to \(wanted) (\(have))"])
  }

  private static func inferredType(of item: any NSSecureCoding) -> String {
    switch item {
    case let url as NSURL: url.isFileURL ? "public.file-url" : "public.url"
    case is NSString: "public.plain-text"
    case is NSData: "public.data"
    default: "com.apple.property-list"
    }
  }

  /// Apple's `NSItemProvider.ErrorCode`.
  public enum ErrorCode: Int, Sendable {
    case unknownError = -1
    case itemUnavailableError = -1000
    case unexpectedValueClassError = -1100
    case unavailableCoercionError = -1200
  }
}

/// The error domain of ``NSItemProvider`` errors (Apple's string).
public let NSItemProviderErrorDomain = "NSItemProviderErrorDomain"

/// A class whose objects an ``NSItemProvider`` can make from an item's bytes (Apple's `NSItemProviderReading`);
/// `NSString` and `NSURL` adopt it here, as on iOS.
public protocol NSItemProviderReading: NSObjectProtocol {
  /// The type identifiers the class reads, most wanted first.
  static var readableTypeIdentifiersForItemProvider: [String] { get }
  /// Makes an object from the bytes of an item registered as `typeIdentifier`.
  static func object(withItemProviderData data: Data, typeIdentifier: String) throws -> Self
}

extension NSString: NSItemProviderReading {
  public static var readableTypeIdentifiersForItemProvider: [String] {
    ["public.utf8-plain-text", "public.plain-text", "public.text", "public.url"]
  }

  public static func object(withItemProviderData data: Data, typeIdentifier: String) throws -> Self {
    guard let text = String(data: data, encoding: .utf8) else {
      throw NSError(
        domain: NSItemProviderErrorDomain, code: NSItemProvider.ErrorCode.unavailableCoercionError.rawValue,
        userInfo: [NSLocalizedDescriptionKey: "the \(typeIdentifier) item is not UTF-8 text"])
    }
    return NSString(string: text) as! Self
  }
}

extension NSURL: NSItemProviderReading {
  public static var readableTypeIdentifiersForItemProvider: [String] { ["public.url", "public.file-url"] }

  public static func object(withItemProviderData data: Data, typeIdentifier: String) throws -> Self {
    guard let text = String(data: data, encoding: .utf8), let url = NSURL(string: text) else {
      throw NSError(
        domain: NSItemProviderErrorDomain, code: NSItemProvider.ErrorCode.unavailableCoercionError.rawValue,
        userInfo: [NSLocalizedDescriptionKey: "the \(typeIdentifier) item is not a URL"])
    }
    return url as! Self
  }
}
