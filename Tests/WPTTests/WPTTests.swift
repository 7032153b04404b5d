import Foundation
import XCTest

/// web-platform-tests, run page by page through the built `wpt-host` binary (the `webaction run --scripts`
/// pipeline, its subresources served by a real wptserve) and compared with `Expectations/`.
///
/// Every subtest passes except those listed (with a reason) in the suite's expectations file; an unexpected
/// failure, crash or hang fails the test, and so does an unexpected pass, so the lists never rot.
/// `UPDATE_EXPECTATIONS=1` rewrites the files (reasons of entries that stay are kept; new ones read `UNEXPLAINED`,
/// which fails the check until a reason is written). `Scripts/wpt` runs these; the WPT folder is `../shared/wpt`
/// beside the package, or `$WPT_ROOT`.
final class WPTTests: XCTestCase {
  func testDomNodes() throws { try check("dom-nodes", folder: "dom/nodes") }
  func testDomRanges() throws { try check("dom-ranges", folder: "dom/ranges") }
  func testDomTraversal() throws { try check("dom-traversal", folder: "dom/traversal") }
  func testDomEvents() throws { try check("dom-events", folder: "dom/events") }
  func testDomCollections() throws { try check("dom-collections", folder: "dom/collections") }
  func testDomLists() throws { try check("dom-lists", folder: "dom/lists") }
  func testDomAbort() throws { try check("dom-abort", folder: "dom/abort") }
  func testHtmlDomReflection() throws { try check("html-dom-reflection", folder: "html/dom", prefix: "reflection-") }
  func testHtmlDomInnertext() throws {
    try check("html-dom-innertext", folder: "html/dom/elements/the-innertext-and-outertext-properties")
  }
  func testEncoding() throws { try check("encoding", folder: "encoding") }
  func testUrl() throws { try check("url", folder: "url") }
  func testDomparsing() throws { try check("domparsing", folder: "domparsing", xmlPages: true) }

  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  static let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  static var wptRoot: URL {
    if let root = ProcessInfo.processInfo.environment["WPT_ROOT"] { return URL(fileURLWithPath: root) }
    return packageRoot.deletingLastPathComponent().appendingPathComponent("shared/wpt").standardizedFileURL
  }
  /// The binary under test: `$WPT_HOST_BINARY`, else the one built beside this test bundle (Scripts/wpt runs the
  /// release build, so that a file's outcome does not depend on a debug build's speed).
  static var binary: URL {
    if let path = ProcessInfo.processInfo.environment["WPT_HOST_BINARY"] { return URL(fileURLWithPath: path) }
    #if os(macOS)
      for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
        return bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("wpt-host")
      }
      fatalError("couldn't find the products directory")
    #else
      return Bundle.main.bundleURL.appendingPathComponent("wpt-host")
    #endif
  }

  /// wptserve serving the WPT checkout, started once for all suites (Harness/wpt-server.py, under the Python of
  /// `Scripts/install-deps --tests`'s virtualenv, or `$WPTSERVE_PYTHON`); it exits when this process does.
  nonisolated(unsafe) static var server: Result<String, WPTServerError> = WPTServer.start(
    python: ProcessInfo.processInfo.environment["WPTSERVE_PYTHON"] ?? "/var/cache/webaction/wptserve/bin/python",
    script: here.appendingPathComponent("Harness/wpt-server.py"), root: wptRoot)

  /// Runs one suite and compares it with `Expectations/<name>.txt` (or rewrites that file).
  func check(_ name: String, folder: String, prefix: String = "", xmlPages: Bool = false) throws {
    let root = Self.wptRoot
    guard FileManager.default.fileExists(atPath: root.appendingPathComponent("resources/testharness.js").path) else {
      XCTFail("no web-platform-tests at \(root.path) (set WPT_ROOT)")
      return
    }
    let server: String
    switch Self.server {
    case .success(let url): server = url
    case .failure(let error):
      XCTFail("\(error)")
      return
    }
    let files = try WPTFile.list(in: root, folder: folder, prefix: prefix, xmlPages: xmlPages)
    XCTAssertFalse(files.isEmpty, "no test files in \(folder)")
    let runner = WPTRunner(root: root, harness: Self.here.appendingPathComponent("Harness"), binary: Self.binary, server: server)
    let started = Date()
    let results = runner.run(files)
    let wall = Date().timeIntervalSince(started)

    let passingFiles = results.filter(\.fullyPasses).count
    let subtests = results.flatMap(\.subtests)
    let passingSubtests = subtests.filter { $0.status == "PASS" }.count
    let summary = "\(folder)/\(prefix.isEmpty ? "" : prefix + "*"): \(passingFiles)/\(files.count) files fully pass, "
      + "\(passingSubtests)/\(subtests.count) subtests pass"
    print("WPT \(summary) (\(String(format: "%.1f", wall)) s wall)")
    let slowest = zip(files, results).sorted { $0.1.seconds > $1.1.seconds }.prefix(3)
    print("WPT   slowest: " + slowest.map { "\($0.0.servedPath) \(String(format: "%.1f", $0.1.seconds)) s" }.joined(separator: ", "))

    var messages: [WPTExpectations.Entry: String] = [:]
    for (file, result) in zip(files, results) {
      messages[.init(file: file.servedPath, subtest: WPTExpectations.fileEntry, status: result.status)] = result.message
      for subtest in result.subtests {
        messages[.init(file: file.servedPath, subtest: subtest.name, status: subtest.status)] = subtest.message
        if let prefix = WPTExpectations.groupPrefix(subtest.name) {
          let group = WPTExpectations.Entry(file: file.servedPath, subtest: prefix + WPTExpectations.groupSuffix, status: subtest.status)
          if messages[group] == nil { messages[group] = subtest.message }
        }
      }
    }
    let actual = WPTExpectations.entries(for: files, results)
    let url = Self.here.appendingPathComponent("Expectations/\(name).txt")
    let expected = try WPTExpectations(contentsOf: url)

    if ProcessInfo.processInfo.environment["UPDATE_EXPECTATIONS"] != nil {
      let header = [
        "web-platform-tests \(summary).",
        "Every subtest not listed here passes. Regenerate with `UPDATE_EXPECTATIONS=1 Scripts/wpt \(name)`;",
        "reasons are kept, new entries read \(WPTExpectations.placeholder) until one is written.",
        "file | subtest | status | reason",
      ]
      let updated = expected.updated(to: actual, messages: messages)
      try Data(updated.text(header: header).utf8).write(to: url)
      print("WPT wrote \(url.path) (\(updated.reasons.count) entries)")
      return
    }

    let expectedEntries = Set(expected.reasons.keys)
    let unexpectedFailures = actual.subtracting(expectedEntries).sorted()
    let unexpectedPasses = expectedEntries.subtracting(actual).sorted()
    for entry in unexpectedFailures {
      XCTFail("unexpected: \(entry.line): \(messages[entry] ?? "")")
    }
    for entry in unexpectedPasses {
      XCTFail("listed but did not happen (an unexpected pass, or another status): \(entry.line); remove it from \(url.lastPathComponent)")
    }
    for (entry, reason) in expected.reasons where reason.hasPrefix(WPTExpectations.placeholder) {
      XCTFail("no reason given for \(entry.line) in \(url.lastPathComponent)")
    }
  }
}
