import Foundation
import WebActionKit

/// Safari's `.webarchive`: a binary property list whose `WebMainResource` holds the page (`WebResourceData`,
/// `WebResourceURL`, `WebResourceTextEncodingName`, `WebResourceMIMEType`), with the page's saved resources in
/// `WebSubresources` and its frames in `WebSubframeArchives`.
///
/// Written back as a binary property list with the new main resource (`WebResourceTextEncodingName` `UTF-8`) and
/// every other key, resource and frame as read.
public struct WebArchiveFormat: PageFormat {
  /// The web archive format.
  public init() {}
  /// `webarchive`.
  public var name: String { "webarchive" }

  /// `.webarchive`.
  public var fileExtensions: [String] { [".webarchive"] }

  static let main = "WebMainResource"
  static let data = "WebResourceData"
  static let url = "WebResourceURL"
  static let encoding = "WebResourceTextEncodingName"
  static let mimeType = "WebResourceMIMEType"
  static let subresources = "WebSubresources"

  /// The main resource as the page, with the saved resources as subresources; throws an input error when the data
  /// is not a web archive.
  public func read(_ data: Data, name: String, fileURL: URL?) throws(WebActionError) -> SavedFile {
    let root: [String: Any]
    // Foundation on Linux crashes (SIGSEGV) reading a binary property list that holds a set (found by fuzz-formats).
    if let index = PropertyList.binarySetObject(in: data) {
      throw WebActionError(.input, "\(name): not a web archive (object \(index) of its property list is a set, which web archives never hold)")
    }
    do {
      guard let dictionary = try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any] else {
        throw WebActionError(.input, "\(name): not a web archive (its property list is not a dictionary)")
      }
      root = dictionary
    } catch let error as WebActionError {
      throw error
    } catch {
      throw WebActionError(.input, "\(name): not a web archive (not a property list: \(error.localizedDescription))")
    }
    // Foundation's reader accepts some values its writer refuses (found by fuzz-formats): such an archive is a bad
    // input now, not a failed write later.
    guard PropertyListSerialization.propertyList(root, isValidFor: .binary) else {
      throw WebActionError(.input, "\(name): not a web archive webaction can write back (it holds a value that is not a valid property list)")
    }
    guard let main = root[Self.main] as? [String: Any] else {
      throw WebActionError(.input, "\(name): not a web archive (no \(Self.main) dictionary)")
    }
    guard let body = main[Self.data] as? Data else {
      throw WebActionError(.input, "\(name): \(Self.main).\(Self.data) is missing or not data")
    }
    var subresources: [SavedResource] = []
    for (index, entry) in ((root[Self.subresources] as? [Any]) ?? []).enumerated() {
      guard let resource = entry as? [String: Any], let url = resource[Self.url] as? String,
        let bytes = resource[Self.data] as? Data
      else {
        throw WebActionError(.input, "\(name): \(Self.subresources)[\(index)] lacks \(Self.url) or \(Self.data)")
      }
      subresources.append(SavedResource(
        url: url, mimeType: resource[Self.mimeType] as? String, textEncoding: resource[Self.encoding] as? String, data: bytes))
    }
    let page = SavedPage(
      data: body, name: name, url: main[Self.url] as? String, textEncoding: main[Self.encoding] as? String,
      mimeType: main[Self.mimeType] as? String, subresources: subresources, fileURL: fileURL)
    // The root as read, for writing back (property-list values are immutable Foundation objects).
    let original = Archived(root)
    return SavedFile(pages: [page]) { outputs throws(WebActionError) in
      guard let output = outputs.first ?? nil else { return data }
      var root = original.root
      var main = root[Self.main] as? [String: Any] ?? [:]
      main[Self.data] = output
      main[Self.encoding] = "UTF-8"
      root[Self.main] = main
      do {
        return try PropertyListSerialization.data(fromPropertyList: root, format: .binary, options: 0)
      } catch {
        throw WebActionError(.output, "\(name): cannot write the web archive: \(error.localizedDescription)")
      }
    }
  }

  /// A property-list dictionary carried into the `@Sendable` writer (its values are never mutated).
  private struct Archived: @unchecked Sendable {
    let root: [String: Any]
    init(_ root: [String: Any]) { self.root = root }
  }
}
