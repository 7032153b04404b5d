import Foundation
import URLStandard
import WebActionHost

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The WPT runner's host: `webaction run --scripts` with the reporter extension, except that the page's
/// subresources (frames, scripts, style sheets, `fetch()`) come from a real wptserve serving the WPT checkout, so
/// the tests' Python handlers (`encoding.py`, `redirect.py`, …) answer as they do for browsers. The runner's harness
/// folder is looked in first (its `testharnessreport.js` reports to the reporter extension).
///
///     wpt-host --server http://127.0.0.1:PORT --harness DIR --url URL --page-timers S --watchdog S
///              --ext APPEX --results FILE PAGE
///
/// Test infrastructure only: webaction itself never reads the network.
struct Options {
  var server = ""
  var harness = ""
  var url = ""
  var pageTimers = 35.0
  var watchdog = 15.0
  var extensionPath = ""
  var results = ""
  var page = ""

  init(_ arguments: [String]) {
    var rest = arguments[...]
    func value(_ name: String) -> String {
      guard let value = rest.popFirst() else { fail("\(name) needs a value") }
      return value
    }
    while let argument = rest.popFirst() {
      switch argument {
      case "--server": server = value(argument)
      case "--harness": harness = value(argument)
      case "--url": url = value(argument)
      case "--page-timers": pageTimers = Double(value(argument)) ?? pageTimers
      case "--watchdog": watchdog = Double(value(argument)) ?? watchdog
      case "--ext": extensionPath = value(argument)
      case "--results": results = value(argument)
      default: page = argument
      }
    }
    if server.isEmpty || harness.isEmpty || url.isEmpty || extensionPath.isEmpty || results.isEmpty || page.isEmpty {
      fail("usage: wpt-host --server URL --harness DIR --url URL --ext APPEX --results FILE PAGE")
    }
  }
}

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("wpt-host: \(message)\n".utf8))
  exit(2)
}

/// The harness folder first, then the server, for URLs of the page's origin (`http://web-platform.test`).
struct WPTServerLoader: SubresourceLoader {
  let harness: SubresourceFolders
  /// The server's base, `http://127.0.0.1:PORT`.
  let server: String

  func lookup(_ reference: String, documentURL: URLRecord) throws(WebActionError) -> SubresourceLookup {
    if case .found(let resource) = try harness.lookup(reference, documentURL: documentURL) { return .found(resource) }
    guard let url = URLRecord(reference, base: documentURL), url.scheme == "http", documentURL.scheme == "http",
          url.hostname == documentURL.hostname, url.port == documentURL.port,
          let request = URL(string: server + url.pathname + url.search)
    else { return .otherOrigin }
    guard let (data, response) = Self.get(request) else {
      throw WebActionError(.input, "wptserve did not answer \(request.absoluteString)")
    }
    if response.statusCode == 404 { return .notFound(tried: [url.href]) }
    var finalURL: String?
    if let final = response.url, final.absoluteString != request.absoluteString, let components = URLComponents(url: final, resolvingAgainstBaseURL: false) {
      finalURL = "http://\(url.hostname)\(url.port.map { ":\($0)" } ?? "")\(components.percentEncodedPath)"
        + (components.percentEncodedQuery.map { "?\($0)" } ?? "")
    }
    let contentType = (response.value(forHTTPHeaderField: "Content-Type")?.split(separator: ";").first)
      .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
    return .found(Subresource(data: data, origin: url.href, contentType: contentType, finalURL: finalURL))
  }

  /// One GET, following redirects; nil when the server cannot be reached.
  static func get(_ url: URL) -> (Data, HTTPURLResponse)? {
    nonisolated(unsafe) var result: (Data, HTTPURLResponse)?
    let done = DispatchSemaphore(value: 0)
    URLSession.shared.dataTask(with: url) { data, response, _ in
      if let response = response as? HTTPURLResponse { result = (data ?? Data(), response) }
      done.signal()
    }.resume()
    done.wait()
    return result
  }
}

let options = Options(Array(CommandLine.arguments.dropFirst()))
do throws(WebActionError) {
  var request = ActionRequest(page: .file(URL(fileURLWithPath: options.page)))
  request.url = options.url
  request.runPageScripts = true
  request.pageTimersTime = options.pageTimers
  request.scriptTimeLimit = options.watchdog
  let host = ActionHost(extension: try ExtensionSource(bundleURL: URL(fileURLWithPath: options.extensionPath)) { _ in nil }) { diagnostic in
    FileHandle.standardError.write(Data("\(diagnostic)\n".utf8))
  }
  host.subresourceLoader = WPTServerLoader(harness: SubresourceFolders([options.harness]), server: options.server)
  let outcome = try host.process(request)
  try PropertyListFile.write(outcome.results, format: .json, to: options.results)
} catch {
  fail(error.description)
}
