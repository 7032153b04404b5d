import Foundation
import XCTest

/// Differential tests against a real browser: each folder of `Fixtures/reference/` holds a script (an expression),
/// the page(s) it ran on, and `chromium.json`, the value the script gave in headless Chromium with the command that
/// made it (`Scripts/chromium-reference`). Here the same script runs as an extension's `run()` in the built binary,
/// and its value must be the browser's, key by key, except for the keys listed in `BrowserReferenceExpectations`
/// with the reason they differ (a listed key that starts to match fails too, so the list never rots).
final class BrowserReferenceTests: XCTestCase {
  func testElementInterfacesAreTheBrowsers() throws {
    try assertSameAsChromium("element-interfaces")
  }

  func testWindowGlobalsAreTheBrowsers() throws {
    try assertSameAsChromium("window-globals")
  }

  /// TextDecoder in every encoding: each byte alone, every pair after a non-ASCII byte, gb18030's four-byte ranges
  /// and sequences with errors, escapes and restored bytes.
  func testTextDecoderIsTheBrowsers() throws {
    try assertSameAsChromium("text-decoder")
  }

  /// DOMParser, XMLSerializer and innerHTML in XML documents (`dom-parsing/script.js`; error messages blanked:
  /// ours are libxml2's).
  func testDOMParsingIsTheBrowsers() throws {
    try assertSameAsChromium("dom-parsing")
  }

  /// Pages nested past the parser's cap (512 open elements in Chromium and WebKit; `parser-depth/page.html`: divs
  /// with comments, inline and formatting elements, tables, void elements and comments at the edge).
  func testParserDepthCapIsTheBrowsers() throws {
    try assertSameAsChromium("parser-depth")
  }

  /// Markup that keeps hundreds of elements open (`parser-stack/make-pages.py`: unclosed spans and end tags that
  /// match nothing, scope boundaries, ruby, SVG and MathML, distinct and equal formatting elements, the adoption
  /// agency): the tree builder answers its walks of the stack and of the formatting list from indexes, and builds the
  /// browser's tree.
  func testDeepParserStacksBuildTheBrowsersTree() throws {
    try assertSavedPagesSameAsChromium("parser-stack")
  }

  /// innerText, outerText and getComputedStyle on constructed cases (`rendered-text/cases.js`).
  func testRenderedTextCasesAreTheBrowsers() throws {
    try assertSameAsChromium("rendered-text", preludes: ["cases.js"], expectedDifferences: BrowserReferenceExpectations.renderedText)
  }

  /// innerText and getComputedStyle on the saved pages of `Pages/` (`rendered-text-pages/script.js`).
  func testRenderedTextOfSavedPagesIsTheBrowsers() throws {
    try assertSavedPagesSameAsChromium(
      "rendered-text-pages", expectedDifferences: BrowserReferenceExpectations.renderedTextPages,
      explainedBy: BrowserReferenceExpectations.renderedTextPagesDifference)
  }

  /// An HTML-to-Markdown library, unmodified: Debian's node-turndown (its CommonJS build as a browser script, after
  /// `turndown/cjs-module.js`) converting each saved page of `Pages/` (`turndown/script.js`). Every page matches.
  func testTurndownGivesTheBrowsersMarkdown() throws {
    try assertSavedPagesSameAsChromium("turndown", preludes: [
      WebActionCommand.fixtures.appendingPathComponent("reference/turndown/cjs-module.js"),
      try Self.debianLibrary("/usr/share/nodejs/turndown/lib/turndown.cjs.js", package: "node-turndown"),
    ])
  }

  /// An HTML sanitizer, unmodified: Debian's node-dompurify (its browser build, after `dompurify/shadow-node.js`,
  /// which works around the package's undeclared `shadowNode`) reports itself supported and removes the same
  /// elements and attributes as in Chromium, with the same clean markup, on a page of hostile markup
  /// (`dompurify/hostile.html`: scripts, `on*` handlers, `javascript:` URLs, SVG and MathML tricks, the noscript
  /// mXSS) and on the saved pages of `Pages/`.
  func testDOMPurifySanitizesAsInTheBrowser() throws {
    try assertSavedPagesSameAsChromium("dompurify", preludes: [
      WebActionCommand.fixtures.appendingPathComponent("reference/dompurify/shadow-node.js"),
      try Self.debianLibrary("/usr/share/nodejs/dompurify/dist/purify.js", package: "node-dompurify"),
    ])
  }

  /// A reader-mode extractor, unmodified: Mozilla's Readability.js (Firefox's reader mode, taken from Debian's
  /// firefox-esr by Scripts/install-deps --tests) extracting the article of each saved page of `Pages/`
  /// (`readability/script.js`: title, byline, excerpt, content, text...). The page gets Chromium's URL path
  /// (`--url`), so links it makes absolute agree once the origin is written ORIGIN.
  func testReadabilityExtractsTheBrowsersArticle() throws {
    try assertSavedPagesSameAsChromium("readability", preludes: [
      try Self.debianLibrary("/var/cache/webaction/readability/Readability.js", package: "firefox-esr"),
    ], givingChromiumsURL: true)
  }

  // MARK: Running and comparing

  /// Runs `reference/NAME/script.js` (after the preludes) on `reference/NAME/page.html` and compares with
  /// `reference/NAME/chromium.json`.
  private func assertSameAsChromium(
    _ name: String, preludes: [String] = [], expectedDifferences: [String: String] = [:], file: StaticString = #filePath,
    line: UInt = #line
  ) throws {
    let folder = WebActionCommand.fixtures.appendingPathComponent("reference/\(name)")
    let expected = try XCTUnwrap(try Self.chromiumResult(in: folder) as? [String: Any], "chromium.json has no result object")
    let script = try String(contentsOf: folder.appendingPathComponent("script.js"), encoding: .utf8)
    let preludeSources = try preludes.map { try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8) }
    let answer = try runInWebAction(
      page: folder.appendingPathComponent("page.html"), script: script, preludes: preludeSources, file: file, line: line)
    let actual = try XCTUnwrap(answer as? [String: Any], "run() returned no result object", file: file, line: line)
    compare(name, expected: expected, actual: actual, expectedDifferences: expectedDifferences, file: file, line: line)
  }

  /// Runs `reference/NAME/script.js` (after the preludes) on each page `reference/NAME/chromium.json` has an answer
  /// for (paths relative to the package) and compares key by key, the keys prefixed with the page.
  /// With `givingChromiumsURL`, each page's URL is the one Chromium gave it but for the port
  /// (`http://127.0.0.1/NAME.html`: chromium-reference serves each page's folder from a loopback port).
  private func assertSavedPagesSameAsChromium(
    _ name: String, preludes: [URL] = [], givingChromiumsURL: Bool = false, expectedDifferences: [String: String] = [:],
    explainedBy explanation: ((_ chromium: String, _ webaction: String) -> String?)? = nil,
    file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let folder = WebActionCommand.fixtures.appendingPathComponent("reference/\(name)")
    let expected = try XCTUnwrap(try Self.chromiumResult(in: folder) as? [String: Any], "chromium.json has no result object")
    let script = try String(contentsOf: folder.appendingPathComponent("script.js"), encoding: .utf8)
    let preludeSources = try preludes.map { try String(contentsOf: $0, encoding: .utf8) }
    var expectedKeys: [String: Any] = [:]
    var actualKeys: [String: Any] = [:]
    for (page, value) in expected {
      let pageURL = WebActionCommand.packageRoot.appendingPathComponent(page)
      let answer = try XCTUnwrap(
        try runInWebAction(
          page: pageURL, script: script, preludes: preludeSources,
          arguments: givingChromiumsURL ? ["--url", "http://127.0.0.1/" + pageURL.lastPathComponent] : [],
          file: file, line: line)
          as? [String: Any], "\(page): no result object", file: file, line: line)
      for (key, value) in try XCTUnwrap(value as? [String: Any]) { expectedKeys["\(page) › \(key)"] = value }
      for (key, value) in answer { actualKeys["\(page) › \(key)"] = value }
    }
    compare(
      name, expected: expectedKeys, actual: actualKeys, expectedDifferences: expectedDifferences,
      explainedBy: explanation, groupedBy: { $0.components(separatedBy: " › ")[0] }, file: file, line: line)
  }

  /// A library file from a Debian package (Scripts/install-deps --tests, which Scripts/test runs, puts it there).
  private static func debianLibrary(_ path: String, package: String) throws -> URL {
    try XCTUnwrap(
      FileManager.default.fileExists(atPath: path) ? URL(fileURLWithPath: path) : nil,
      "\(path) is missing: it comes from Debian's \(package) (run Scripts/install-deps --tests)")
  }

  private static func chromiumResult(in folder: URL) throws -> Any? {
    let fixture = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("chromium.json")))
    return (fixture as? [String: Any])?["result"]
  }

  /// The value of `script` (an expression, evaluated after `preludes`) when an extension's `run()` computes it on `page`.
  private func runInWebAction(
    page: URL, script: String, preludes: [String] = [], arguments: [String] = [], file: StaticString = #filePath,
    line: UInt = #line
  ) throws -> Any? {
    let work = try WebActionCommand.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: work) }
    let bundle = work.appendingPathComponent("reference.appex")
    try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: WebActionCommand.fixtures.appendingPathComponent("probe.appex/Info.plist"),
      to: bundle.appendingPathComponent("Info.plist"))
    let action = preludes.joined(separator: "\n;\n") + """

      var ExtensionPreprocessingJS = {
        run: function (args) { args.completionFunction({ result: (\(script)) }); },
        finalize: function (args) {}
      };
      """
    try action.write(to: bundle.appendingPathComponent("Action.js"), atomically: true, encoding: .utf8)
    let results = work.appendingPathComponent("results.json").path
    let run = try WebActionCommand.run(
      ["run", page.path, "--ext", bundle.path, "--finalize-args", WebActionCommand.fixture("empty.json"),
       "--results", results, "-o", "/dev/null"] + arguments)
    XCTAssertEqual(run.status, 0, run.stderr, file: file, line: line)
    let answer = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: results)))
    return (answer as? [String: Any])?["result"]
  }

  /// One line per key that differs without being expected to, or is expected to differ and does not; prints how many
  /// keys match (and, with `groupedBy`, how many groups match entirely). A difference `explanation` gives a reason
  /// for (a whole class of them, such as WebKit's answer where Chromium's differs) is expected too.
  private func compare(
    _ name: String, expected: [String: Any], actual: [String: Any], expectedDifferences: [String: String],
    explainedBy explanation: ((_ chromium: String, _ webaction: String) -> String?)? = nil,
    groupedBy group: ((String) -> String)? = nil, file: StaticString = #filePath, line: UInt = #line
  ) {
    var unexpected: [String] = []
    var differing: Set<String> = []
    let keys = Set(expected.keys).union(actual.keys).sorted()
    for key in keys {
      let want = expected[key].map { "\($0)" } ?? "(missing)"
      let got = actual[key].map { "\($0)" } ?? "(missing)"
      if want != got {
        differing.insert(key)
        if expectedDifferences[key] == nil, explanation?(want, got) == nil {
          unexpected.append("\(key): Chromium \(want.debugDescription), webaction \(got.debugDescription)")
        }
      } else if expectedDifferences[key] != nil {
        unexpected.append("\(key): listed as differing (\(expectedDifferences[key]!)) but matches Chromium now; remove it")
      }
    }
    for key in expectedDifferences.keys.sorted() where !keys.contains(key) {
      unexpected.append("\(key): listed as differing, but no such key")
    }
    var summary = "\(name): \(keys.count - differing.count)/\(keys.count) keys match Chromium"
    if let group {
      let groups = Set(keys.map(group))
      let failing = Set(differing.map(group))
      summary += ", \(groups.count - failing.count)/\(groups.count) pages entirely"
    }
    print(summary)
    XCTAssert(unexpected.isEmpty, "\(name): \(unexpected.count) unexpected result(s):\n" + unexpected.joined(separator: "\n"),
              file: file, line: line)
  }
}
