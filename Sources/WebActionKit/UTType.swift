/// A uniform type identifier, the small subset of Apple's `UTType` that Action extensions use.
///
/// Porting: `UTType.propertyList.identifier` keeps working unchanged.
public struct UTType: Sendable, Hashable, CustomStringConvertible {
  /// The reverse-DNS identifier, for example `com.apple.property-list`.
  public let identifier: String

  /// Makes a type from its identifier; any string is accepted, unknown identifiers conform only to themselves.
  public init(_ identifier: String) { self.identifier = identifier }

  /// `public.item`, the root of the hierarchy.
  public static let item = UTType("public.item")
  /// `public.data`, any sequence of bytes.
  public static let data = UTType("public.data")
  /// `com.apple.property-list` (Apple's `UTType.propertyList`), what Safari registers the JavaScript preprocessing
  /// results under.
  public static let propertyList = UTType("com.apple.property-list")
  /// `public.url`.
  public static let url = UTType("public.url")
  /// `public.file-url`.
  public static let fileURL = UTType("public.file-url")
  /// `public.text`.
  public static let text = UTType("public.text")
  /// `public.plain-text`.
  public static let plainText = UTType("public.plain-text")
  /// `public.html`.
  public static let html = UTType("public.html")
  /// `public.image`.
  public static let image = UTType("public.image")
  /// `public.movie`.
  public static let movie = UTType("public.movie")

  /// Parents in the built-in hierarchy (Apple's declared conformances, trimmed to the types above).
  static let parents: [String: [String]] = [
    "public.data": ["public.item"],
    "com.apple.property-list": ["public.data"],
    "com.apple.xml-property-list": ["public.xml", "com.apple.property-list"],
    "com.apple.binary-property-list": ["com.apple.property-list"],
    // Not Apple's: what webaction registered before it used Apple's identifier. Process extensions written then
    // still return it, so it stays a property list.
    "public.property-list": ["com.apple.property-list"],
    "public.url": ["public.data"],
    "public.file-url": ["public.url"],
    "public.text": ["public.data"],
    "public.plain-text": ["public.text"],
    "public.utf8-plain-text": ["public.plain-text"],
    "public.html": ["public.text"],
    "public.xml": ["public.text"],
    "public.json": ["public.text"],
    "public.content": ["public.item"],
    "public.composite-content": ["public.content"],
    "public.image": ["public.data", "public.content"],
    "public.jpeg": ["public.image"],
    "public.png": ["public.image"],
    "public.audiovisual-content": ["public.data", "public.content"],
    "public.movie": ["public.audiovisual-content"],
    "public.audio": ["public.audiovisual-content"],
    "com.adobe.pdf": ["public.data", "public.composite-content"],
    "com.apple.webarchive": ["public.data", "public.composite-content"],
  ]

  /// Whether the built-in hierarchy declares this type (Apple: whether the system knows it).
  public var isDeclared: Bool { UTType.parents[identifier] != nil || identifier == UTType.item.identifier }

  /// The types this one conforms to, directly or through its parents, not counting itself.
  public var supertypes: Set<UTType> {
    var found: Set<UTType> = []
    var pending = UTType.parents[identifier] ?? []
    while let next = pending.popLast() {
      if found.insert(UTType(next)).inserted { pending += UTType.parents[next] ?? [] }
    }
    return found
  }

  /// Whether this type is `other` or descends from it in the built-in hierarchy.
  public func conforms(to other: UTType) -> Bool {
    if identifier == other.identifier { return true }
    return (UTType.parents[identifier] ?? []).contains { UTType($0).conforms(to: other) }
  }

  /// The ``identifier``.
  public var description: String { identifier }
}

/// The old-style constant for `UTType.propertyList.identifier`, for code written against MobileCoreServices
/// (`com.apple.property-list`, as on Apple's platforms).
public let kUTTypePropertyList = "com.apple.property-list"
/// The old-style constant for `UTType.url.identifier`.
public let kUTTypeURL = "public.url"
/// The old-style constant for `UTType.plainText.identifier`.
public let kUTTypePlainText = "public.plain-text"
