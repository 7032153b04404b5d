import Foundation

/// One web-platform-tests test file, and how the runner loads it.
struct WPTFile: Sendable {
  /// How the file runs.
  enum Kind: Sendable {
    /// A testharness.js page.
    case harness
    /// A `-crash` test: it passes when the page loads without crashing the host.
    case crash
    /// A `.any.js` or `.window.js` script, wrapped in a page as wptserve would (`X.any.html`, `X.window.html`).
    case script(metaScripts: [String], title: String?)
    /// A test the host cannot load; it is listed (status `SKIP`, with this reason) but not run.
    case unsupported(reason: String)
  }

  /// Why `.xhtml` tests are listed but not run.
  static let xmlPageReason = "an .xhtml page must be parsed as XML; the host loads every page as HTML (DOMParser parses XML, page loading does not)"

  /// The path inside the WPT folder, e.g. `dom/nodes/Node-cloneNode.html`.
  let path: String
  let kind: Kind

  /// The URL the page is given (the path on wptserve's `web-platform.test`).
  var url: String { "http://web-platform.test/" + servedPath }

  /// The name the results use: the served page, as in WPT's own reports (`X.any.js` runs as `X.any.html`).
  var servedPath: String {
    switch kind {
    case .script: return String(path.dropLast(3)) + ".html"
    default: return path
    }
  }

  /// The test files at the top level of `folder` (a path inside `root`) whose names start with `prefix`.
  ///
  /// Left out: `.sub.` and `.https.` files (they need wptserve), `-manual` tests, support pages that do not load
  /// testharness.js (references, iframe parts), scripts only for other globals (workers, shadow realms).
  /// With `xmlPages`, `.xhtml` testharness pages are listed too, as `.unsupported`.
  static func list(in root: URL, folder: String, prefix: String = "", xmlPages: Bool = false) throws -> [WPTFile] {
    let directory = root.appendingPathComponent(folder)
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    var files: [WPTFile] = []
    for name in names where name.hasPrefix(prefix) {
      if name.contains(".sub.") || name.contains(".https.") || name.contains("-manual") { continue }
      let path = folder + "/" + name
      let url = directory.appendingPathComponent(name)
      if name.hasSuffix(".html") || name.hasSuffix(".htm") {
        let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
        if text.contains("/resources/testharness.js") {
          files.append(WPTFile(path: path, kind: .harness))
        } else if name.contains("-crash.") {
          files.append(WPTFile(path: path, kind: .crash))
        }
      } else if xmlPages && name.hasSuffix(".xhtml") {
        let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
        if text.contains("/resources/testharness.js") {
          files.append(WPTFile(path: path, kind: .unsupported(reason: xmlPageReason)))
        }
      } else if name.hasSuffix(".any.js") || name.hasSuffix(".window.js") {
        let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
        var scripts: [String] = [], title: String?, globals = ["window"]
        for line in text.split(separator: "\n") where line.hasPrefix("// META:") {
          let meta = line.dropFirst("// META:".count).trimmingCharacters(in: .whitespaces)
          guard let equals = meta.firstIndex(of: "=") else { continue }
          let key = meta[..<equals], value = String(meta[meta.index(after: equals)...])
          switch key {
          case "script": scripts.append(value)
          case "title": title = value
          case "global" where name.hasSuffix(".any.js"):
            globals = value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
          default: break
          }
        }
        // https://web-platform-tests.org/writing-tests/testharness.html#multi-global-tests: the window variant.
        if globals.contains("window") || globals.contains("default") {
          files.append(WPTFile(path: path, kind: .script(metaScripts: scripts, title: title)))
        }
      }
    }
    return files
  }

  /// The page wptserve would serve for a `.any.js`/`.window.js` file (nil for an HTML test).
  func wrapperPage() -> String? {
    guard case .script(let scripts, let title) = kind else { return nil }
    let name = String(path.split(separator: "/").last!)
    var page = "<!doctype html>\n<meta charset=utf-8>\n"
    if let title { page += "<title>\(title)</title>\n" }
    page += "<script>self.GLOBAL = { isWindow: () => true, isWorker: () => false, isShadowRealm: () => false };</script>\n"
    page += "<script src=\"/resources/testharness.js\"></script>\n<script src=\"/resources/testharnessreport.js\"></script>\n"
    for script in scripts { page += "<script src=\"\(script)\"></script>\n" }
    page += "<div id=log></div>\n<script src=\"\(name)\"></script>\n"
    return page
  }
}
