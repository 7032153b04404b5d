import DOMBindings
import Foundation
import URLStandard

/// Where a page's subresources come from: its external scripts, style sheets, frames and `fetch()` answers.
///
/// The host's own source is ``SubresourceFolders`` (`--subresources DIR`); an embedder that has a page's resources
/// elsewhere (an archive's members, a test server) gives ``ActionHost/subresourceLoader`` its own. A loader answers
/// for the page's origin only; the page's scripts never reach it except through these requests.
public protocol SubresourceLoader {
  /// Resolves `reference` against `documentURL` and returns what the page's server would give for it.
  ///
  /// Throws a message naming the resource when it exists but cannot be read.
  func lookup(_ reference: String, documentURL: URLRecord) throws(WebActionError) -> SubresourceLookup
}

/// One subresource as a loader found it.
public struct Subresource: Equatable, Sendable {
  /// The body.
  public var data: Data
  /// Where it came from, for messages: a file path, or a URL.
  public var origin: String
  /// Its MIME type without parameters (`text/html`), when the source knows it; else it goes by the extension.
  public var contentType: String?
  /// Its URL after any redirects, when that differs from the URL asked for.
  public var finalURL: String?

  /// A subresource of `data` from `origin`; the type and final URL are nil when the loader does not know them.
  public init(data: Data, origin: String, contentType: String? = nil, finalURL: String? = nil) {
    self.data = data
    self.origin = origin
    self.contentType = contentType
    self.finalURL = finalURL
  }

  /// ``contentType``, else the type its URL's extension names (`.js`, `.css`, `.xml`, …), else nil.
  public func mimeType(for url: URLRecord) -> String? {
    contentType ?? SubresourceFolders.contentTypes[(url.pathname as NSString).pathExtension.lowercased()]
  }
}

/// What looking up a subresource found.
public enum SubresourceLookup: Equatable, Sendable {
  /// The loader has it.
  case found(Subresource)
  /// The URL is another origin's, or not an http(s)/file URL: it is not served.
  case otherOrigin
  /// Same origin, but the source does not have it (the places tried are listed).
  case notFound(tried: [String])
}

/// `--subresources DIR`: local folders that stand in for the page's own server, for same-origin subresources only.
///
/// A subresource URL of the page's origin is looked up by its path in each folder in turn (the first folder holding
/// the file wins), so `<script src="/resources/testharness.js">` on `http://web-platform.test/dom/nodes/x.html` reads
/// `DIR/resources/testharness.js`. Lookups never leave a folder: the path's `.`/`..` segments are resolved within
/// the URL (as a browser does) and symbolic links must resolve inside the folder too. Nothing is fetched from the
/// network, and the page's scripts get no file access of their own: only the host reads these files.
public struct SubresourceFolders: SubresourceLoader, Codable, Sendable, Equatable {
  /// The folders, searched in order.
  public var folders: [String]

  /// Folders searched in the order given; none: every lookup answers ``SubresourceLookup/otherOrigin``.
  public init(_ folders: [String] = []) { self.folders = folders }

  /// Resolves `reference` against `documentURL` and reads the file it names, if it is same-origin and present.
  ///
  /// Throws a message naming the file when a file exists but cannot be read, or resolves outside its folder.
  public func lookup(_ reference: String, documentURL: URLRecord) throws(WebActionError) -> SubresourceLookup {
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
      return .found(Subresource(data: data, origin: file.path))
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

extension SubresourceLoader {
  /// Answers a page's `fetch()` from the loader: a resource found is a 200 response, a same-origin one it does not
  /// have a 404, and anything else a network error (there is no network).
  func fetch(_ target: URLRecord, documentURL: URLRecord) -> FetchOutcome {
    do {
      switch try lookup(target.href, documentURL: documentURL) {
      case .found(let resource):
        return .response(status: 200, body: [UInt8](resource.data), contentType: resource.mimeType(for: target))
      case .notFound:
        return .response(status: 404, body: [], contentType: nil)
      case .otherOrigin:
        return .networkError("\(target.href) is not on the page's origin (\(documentURL.href)), and nothing is fetched from the network")
      }
    } catch {
      return .networkError(error.message)
    }
  }
}

extension SubresourceFolders {
  /// Content types by file extension, for the few kinds a page fetches.
  static let contentTypes = [
    "json": "application/json", "js": "text/javascript", "html": "text/html", "htm": "text/html", "css": "text/css",
    "txt": "text/plain", "xml": "application/xml", "svg": "image/svg+xml", "xhtml": "application/xhtml+xml",
    "xht": "application/xhtml+xml",
  ]
}

