@_exported import Foundation
import WebActionKit

/// A uniform type identifier, under Apple's name (the `UniformTypeIdentifiers` framework's `UTType`), for the
/// types extensions exchange: `UTType.propertyList.identifier` is `com.apple.property-list` as on iOS.
///
/// The hierarchy is a fixed table of the common public types (no system registry, no types declared by apps):
/// ``init(_:)`` returns nil for an identifier outside it, and ``init(importedAs:)`` makes one anyway.
public struct UTType: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible {
  private let type: WebActionKit.UTType

  private init(type: WebActionKit.UTType) { self.type = type }

  /// The type for `identifier`, or nil when the table does not declare it (Apple: when the system does not know it).
  public init?(_ identifier: String) {
    let type = WebActionKit.UTType(identifier)
    guard type.isDeclared else { return nil }
    self.type = type
  }

  /// A type an app uses but does not own; it conforms only to itself unless the table declares it.
  public init(importedAs identifier: String) { type = WebActionKit.UTType(identifier) }

  /// A type an app owns; it conforms only to itself unless the table declares it.
  public init(exportedAs identifier: String) { type = WebActionKit.UTType(identifier) }

  /// The type a file name extension implies (`html`, `plist`, `png`...), or nil when the table has none.
  public init?(filenameExtension: String) {
    guard let identifier = Self.byExtension[filenameExtension.lowercased()] else { return nil }
    type = WebActionKit.UTType(identifier)
  }

  /// The type a MIME type implies (`text/html`, `image/png`...), or nil when the table has none.
  public init?(mimeType: String) {
    guard let entry = Self.tags.first(where: { $0.mime == mimeType.lowercased() }) else { return nil }
    type = WebActionKit.UTType(entry.identifier)
  }

  /// The reverse-DNS identifier, for example `com.apple.property-list`.
  public var identifier: String { type.identifier }
  /// The usual file name extension, when the table has one.
  public var preferredFilenameExtension: String? { Self.tags.first { $0.identifier == identifier }?.extensions.first }
  /// The usual MIME type, when the table has one.
  public var preferredMIMEType: String? { Self.tags.first { $0.identifier == identifier }?.mime }
  /// Whether the table declares this type.
  public var isDeclared: Bool { type.isDeclared }
  /// Always false: webaction makes no dynamic types.
  public var isDynamic: Bool { false }
  /// Every type this one conforms to, directly or not, not counting itself.
  public var supertypes: Set<UTType> { Set(type.supertypes.map(UTType.init(type:))) }

  /// Whether this type is `other` or conforms to it.
  public func conforms(to other: UTType) -> Bool { type.conforms(to: other.type) }
  /// Whether `other` conforms to this type.
  public func isSupertype(of other: UTType) -> Bool { other.conforms(to: self) }
  /// Whether this type conforms to `other` and is not it.
  public func isSubtype(of other: UTType) -> Bool { self != other && conforms(to: other) }

  public var description: String { identifier }
  public var debugDescription: String { "UTType(\(identifier))" }

  private static func declared(_ identifier: String) -> UTType { UTType(type: WebActionKit.UTType(identifier)) }

  /// `public.item`, the root of the physical hierarchy.
  public static let item = declared("public.item")
  /// `public.content`, the root of the functional hierarchy.
  public static let content = declared("public.content")
  /// `public.composite-content`.
  public static let compositeContent = declared("public.composite-content")
  /// `public.data`, any sequence of bytes.
  public static let data = declared("public.data")
  /// `public.text`.
  public static let text = declared("public.text")
  /// `public.plain-text`.
  public static let plainText = declared("public.plain-text")
  /// `public.utf8-plain-text`.
  public static let utf8PlainText = declared("public.utf8-plain-text")
  /// `public.html`.
  public static let html = declared("public.html")
  /// `public.xml`.
  public static let xml = declared("public.xml")
  /// `public.json`.
  public static let json = declared("public.json")
  /// `public.url`.
  public static let url = declared("public.url")
  /// `public.file-url`.
  public static let fileURL = declared("public.file-url")
  /// `com.apple.property-list`, what Safari registers a page's preprocessing results under.
  public static let propertyList = declared("com.apple.property-list")
  /// `com.apple.xml-property-list`.
  public static let xmlPropertyList = declared("com.apple.xml-property-list")
  /// `com.apple.binary-property-list`.
  public static let binaryPropertyList = declared("com.apple.binary-property-list")
  /// `public.image`.
  public static let image = declared("public.image")
  /// `public.png`.
  public static let png = declared("public.png")
  /// `public.jpeg`.
  public static let jpeg = declared("public.jpeg")
  /// `com.adobe.pdf`.
  public static let pdf = declared("com.adobe.pdf")
  /// `public.audiovisual-content`.
  public static let audiovisualContent = declared("public.audiovisual-content")
  /// `public.movie`.
  public static let movie = declared("public.movie")
  /// `public.audio`.
  public static let audio = declared("public.audio")
  /// `com.apple.webarchive`.
  public static let webArchive = declared("com.apple.webarchive")

  /// File name extensions and MIME types of the table's types.
  private static let tags: [(identifier: String, extensions: [String], mime: String?)] = [
    ("public.html", ["html", "htm"], "text/html"),
    ("public.plain-text", ["txt", "text"], "text/plain"),
    ("public.xml", ["xml"], "application/xml"),
    ("public.json", ["json"], "application/json"),
    ("com.apple.property-list", ["plist"], nil),
    ("public.png", ["png"], "image/png"),
    ("public.jpeg", ["jpeg", "jpg"], "image/jpeg"),
    ("com.adobe.pdf", ["pdf"], "application/pdf"),
    ("com.apple.webarchive", ["webarchive"], "application/x-webarchive"),
  ]

  private static let byExtension: [String: String] = Dictionary(
    tags.flatMap { entry in entry.extensions.map { ($0, entry.identifier) } }, uniquingKeysWith: { first, _ in first })
}
