import DOMBindings
import Foundation
import URLStandard

/// `--subresources DIR`: local folders that stand in for the page's own server, for same-origin subresources only.
///
/// A subresource URL of the page's origin is looked up by its path in each folder in turn (the first folder holding
/// the file wins), so `<script src="/resources/testharness.js">` on `http://web-platform.test/dom/nodes/x.html` reads
/// `DIR/resources/testharness.js`. Lookups never leave a folder: the path's `.`/`..` segments are resolved within
/// the URL (as a browser does) and symbolic links must resolve inside the folder too. Nothing is fetched from the
/// network, and the page's scripts get no file access of their own: only the host reads these files.
public struct SubresourceFolders: Codable, Sendable, Equatable {
  /// The folders, searched in order.
  public var folders: [String]

  public init(_ folders: [String] = []) { self.folders = folders }

  /// What looking up a subresource found.
  public enum Lookup: Equatable, Sendable {
    /// The file's contents, and its path (for messages).
    case found(Data, path: String)
    /// The URL is another origin's, or not an http(s)/file URL: it is not served.
    case otherOrigin
    /// Same origin, but no folder holds the path (the paths tried are listed).
    case notFound(tried: [String])
  }

  /// Resolves `reference` against `documentURL` and reads the file it names, if it is same-origin and present.
  ///
  /// Throws a message naming the file when a file exists but cannot be read, or resolves outside its folder.
  public func lookup(_ reference: String, documentURL: URLRecord) throws(WebActionError) -> Lookup {
    guard !folders.isEmpty, let url = URLRecord(reference, base: documentURL), Self.sameOrigin(url, documentURL) else {
      return .otherOrigin
    }
    let segments = Self.normalizedSegments(url.pathname)
    var tried: [String] = []
    for folder in folders {
      let root = URL(fileURLWithPath: folder).standardizedFileURL.resolvingSymlinksInPath()
      var file = root
      for segment in segments { file.appendPathComponent(segment) }
      tried.append(file.path)
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory), !isDirectory.boolValue else {
        continue
      }
      let resolved = file.resolvingSymlinksInPath().path
      guard resolved.hasPrefix(root.path.hasSuffix("/") ? root.path : root.path + "/") else {
        throw WebActionError(.input, "subresource \(url.href) resolves to \(resolved), outside --subresources \(folder)",
                             hint: "Subresources are served only from inside their folder; a symbolic link may not lead out of it.")
      }
      guard let data = FileManager.default.contents(atPath: file.path) else {
        throw WebActionError(.input, "cannot read the subresource file \(file.path)", hint: "Check its permissions.")
      }
      return .found(data, path: file.path)
    }
    return .notFound(tried: tried)
  }

  /// Same scheme, host and port (https://html.spec.whatwg.org/#same-origin, for tuple origins); `file:` URLs
  /// count as one origin here, as a saved page's folder is its whole "server".
  static func sameOrigin(_ a: URLRecord, _ b: URLRecord) -> Bool {
    guard a.scheme == b.scheme, ["http", "https", "file"].contains(a.scheme) else { return false }
    return a.host == b.host && a.port == b.port
  }

  /// The (percent-encoded) path's segments, decoded, with `.` and `..` resolved, never climbing above the root (as URL parsing does).
  static func normalizedSegments(_ path: String) -> [String] {
    var segments: [String] = []
    for segment in path.split(separator: "/", omittingEmptySubsequences: true) {
      let decoded = segment.removingPercentEncoding ?? String(segment)
      switch decoded {
      case ".": continue
      case "..": if !segments.isEmpty { segments.removeLast() }
      default:
        // A decoded "/" or ".." inside one segment cannot climb either: keep it as a literal (missing) name.
        segments.append(decoded.contains("/") || decoded == ".." ? segment.description : decoded)
      }
    }
    return segments
  }
}

extension SubresourceFolders {
  /// Answers a page's `fetch()` from the folders: a file found is a 200 response, a same-origin path no folder
  /// holds a 404, and anything else a network error (there is no network).
  func fetch(_ target: URLRecord, documentURL: URLRecord) -> FetchOutcome {
    do {
      switch try lookup(target.href, documentURL: documentURL) {
      case .found(let data, let path):
        return .response(status: 200, body: [UInt8](data), contentType: Self.contentTypes[(path as NSString).pathExtension.lowercased()])
      case .notFound:
        return .response(status: 404, body: [], contentType: nil)
      case .otherOrigin:
        return .networkError(folders.isEmpty
          ? "\(target.href) was not fetched: --subresources DIR serves same-origin files, and nothing comes from the network"
          : "\(target.href) is not on the page's origin (\(documentURL.href)), and nothing is fetched from the network")
      }
    } catch {
      return .networkError(error.message)
    }
  }

  /// Content types by file extension, for the few kinds a page fetches.
  static let contentTypes = [
    "json": "application/json", "js": "text/javascript", "html": "text/html", "htm": "text/html", "css": "text/css",
    "txt": "text/plain", "xml": "application/xml", "svg": "image/svg+xml",
  ]
}

