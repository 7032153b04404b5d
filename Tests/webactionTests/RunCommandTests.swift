import Foundation
import XCTest

/// End-to-end: the built binary against Pages/ and the fixture bundles.
final class RunCommandTests: WorkFolderTestCase {
  private func output(_ name: String) -> String { work.appendingPathComponent(name).path }

  // MARK: the main flow

  func testBackgroundChangesOnlyTheBodyBackground() throws {
    let out = output("out.html")
    let result = try WebActionCommand.run(["run", WebActionCommand.page("article.html"), "--ext", "background", "-o", out])
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertTrue(result.stderr.range(of: #"^wrote .*/out\.html \(\d+\.\d KB\)\n$"#, options: .regularExpression) != nil, result.stderr)
    let html = try String(contentsOfFile: out, encoding: .utf8)
    // Apple's template: no colour set → "red", written with style.background.
    XCTAssertTrue(html.contains(#"<body style="background: red;">"#), html)
    // Everything else round-trips: removing the attribute gives back the page as webaction serializes it unchanged.
    let unchanged = try WebActionCommand.run(
      ["run", WebActionCommand.page("article.html"), "--ext", WebActionCommand.fixture("probe.appex"),
       "--finalize-args", try json(["mark": "x"])])
    XCTAssertEqual(unchanged.status, 0, unchanged.stderr)
    XCTAssertEqual(
      html.replacingOccurrences(of: #"<body style="background: red;">"#, with: "<body>"),
      unchanged.stdout.replacingOccurrences(of: #"<body data-finalized="x">"#, with: "<body>"))
  }

  func testBackgroundColorArgument() throws {
    let result = try WebActionCommand.run(
      ["run", WebActionCommand.page("article.html"), "--ext", "background", "--arg", "color=lavender"])
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertTrue(result.stdout.contains(#"<body style="background: lavender;">"#))
  }

  func testPageInfoResultsAndAnnotation() throws {
    let results = output("info.json")
    let plain = try WebActionCommand.run(
      ["run", WebActionCommand.page("article.html"), "--ext", "page-info", "--results", results])
    XCTAssertEqual(plain.status, 0, plain.stderr)
    XCTAssertFalse(plain.stdout.contains("webaction-page-info"), "finalize inserts nothing without annotate=true")
    let info = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: results))) as? [String: Any])
    XCTAssertEqual(info["title"] as? String, "The Old Bridge of Riverton")
    XCTAssertEqual(info["url"] as? String, "https://www.example.org/travel/the-old-bridge.html")
    XCTAssertEqual(info["language"] as? String, "en")
    XCTAssertEqual(info["description"] as? String, "A short guide to the old stone bridge, the market and the river walk in Riverton.")
    XCTAssertEqual((info["headings"] as? [[String: Any]])?.first?["text"] as? String, "The Old Bridge of Riverton")
    XCTAssertGreaterThan(info["wordCount"] as? Int ?? 0, 150)

    let annotated = try WebActionCommand.run(
      ["run", WebActionCommand.page("article.html"), "--ext", "page-info", "--arg", "annotate=true"])
    XCTAssertEqual(annotated.status, 0, annotated.stderr)
    XCTAssertTrue(annotated.stdout.contains(#"<aside class="webaction-page-info""#), annotated.stdout)
  }

  func testProbeSeesTheProtocolAndValueConversions() throws {
    let results = output("probe.json")
    let result = try WebActionCommand.run(
      ["run", WebActionCommand.page("article.html"), "--ext", WebActionCommand.fixture("probe.appex"),
       "--finalize-args", try json(["mark": "done"]), "--results", results, "--selection", "old bridge",
       "--user-agent", "Mozilla/5.0 (webaction test)"])
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertTrue(result.stdout.contains(#"<body data-finalized="done">"#))
    XCTAssertTrue(result.stderr.contains("finalized with done"), "console output is shown: \(result.stderr)")
    let probe = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: results))) as? [String: Any])
    XCTAssertEqual(probe["characterSet"] as? String, "UTF-8")
    XCTAssertEqual(probe["url"] as? String, "https://www.example.org/travel/the-old-bridge.html")
    XCTAssertEqual(probe["selection"] as? String, "old bridge")
    XCTAssertEqual(probe["userAgent"] as? String, "Mozilla/5.0 (webaction test)")
    XCTAssertEqual(probe["integer"] as? Int, 42)
    XCTAssertEqual(probe["real"] as? Double, 1.5)
    XCTAssertEqual(probe["flag"] as? Bool, true)
    XCTAssertTrue(probe["nothing"] is NSNull)
    XCTAssertNil(probe["skipped"], "undefined is dropped as JSON drops it")
    XCTAssertEqual(probe["when"] as? String, "2026-01-02T03:04:05Z")
    XCTAssertEqual(probe["bytes"] as? String, "aGk=")
  }

  func testResultsToStandardOutput() throws {
    let result = try WebActionCommand.run(
      ["run", WebActionCommand.page("article.html"), "--ext", "background", "--results", "-", "-o", "/dev/null"])
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertEqual(result.stdout, "{\n  \"currentBackgroundColor\": \"\"\n}\n")
  }

  func testXMLResultsFormat() throws {
    let results = output("results.plist")
    let result = try WebActionCommand.run(
      ["run", WebActionCommand.page("article.html"), "--ext", "background", "--results", results, "--results-format", "xml", "-o", output("o.html")])
    XCTAssertEqual(result.status, 0, result.stderr)
    let plist = try PropertyListSerialization.propertyList(from: Data(contentsOf: URL(fileURLWithPath: results)), format: nil)
    XCTAssertEqual((plist as? [String: Any])?["currentBackgroundColor"] as? String, "")
  }

  func testLegacyEncodingIsDetectedAndReported() throws {
    let results = output("probe.json")
    let result = try WebActionCommand.run(
      ["run", WebActionCommand.page("legacy-windows-1252.html"), "--ext", WebActionCommand.fixture("probe.appex"),
       "--finalize-args", try json(["mark": "é"]), "--results", results])
    XCTAssertEqual(result.status, 0, result.stderr)
    let probe = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: results))) as? [String: Any])
    XCTAssertEqual(probe["characterSet"] as? String, "windows-1252")
    XCTAssertEqual(probe["title"] as? String, "Café crème — « l’été »")
    XCTAssertTrue((probe["userAgent"] as? String)?.contains("iPhone OS") == true, "without --user-agent, Safari on an iPhone")
    XCTAssertTrue(result.stdout.contains("Un café crème coûte 3 €."), "output is UTF-8")
    // …and says so: the page's own declaration now names UTF-8, or a browser would decode the file as windows-1252.
    XCTAssertTrue(result.stdout.contains(#"<meta http-equiv="Content-Type" content="text/html; charset=utf-8">"#), result.stdout)
    XCTAssertFalse(result.stdout.contains("windows-1252"))

    // A page whose encoding came from --encoding (no declaration) gets one.
    let latin1 = try WebActionCommand.run(
      ["run", "-", "--ext", "background", "--encoding", "latin1", "-q"], stdin: Data([0x3C, 0x70, 0x3E, 0x63, 0x61, 0x66, 0xE9]))
    XCTAssertEqual(latin1.stdout, #"<html><head><meta charset="utf-8"></head><body style="background: red;"><p>café</p></body></html>"#)

    // With no declaration and no --encoding, bytes that are not UTF-8 are windows-1252 (as WebKit reads them), and
    // -v says so; valid UTF-8 stays UTF-8.
    let undeclared = try WebActionCommand.run(
      ["run", "-", "--ext", "background", "-v"], stdin: Data([0x3C, 0x70, 0x3E, 0x63, 0x61, 0x66, 0xE9, 0x20, 0x80]))
    XCTAssertEqual(undeclared.status, 0, undeclared.stderr)
    XCTAssertTrue(undeclared.stdout.contains("<p>café €</p>"), undeclared.stdout)
    XCTAssertTrue(undeclared.stderr.contains(
      "[webaction debug] <stdin>: decoded as windows-1252: no declaration, and the bytes are not valid UTF-8"), undeclared.stderr)
    let utf8 = try WebActionCommand.run(["run", "-", "--ext", "background", "-v"], stdin: Data("<p>café €".utf8))
    XCTAssertTrue(utf8.stdout.contains("<p>café €</p>"), utf8.stdout)
    XCTAssertTrue(utf8.stderr.contains("decoded as UTF-8: no declaration; the bytes are valid UTF-8"), utf8.stderr)
    let quietByDefault = try WebActionCommand.run(["run", "-", "--ext", "background"], stdin: Data("<p>café".utf8))
    XCTAssertFalse(quietByDefault.stderr.contains("decoded as"), quietByDefault.stderr)
  }

  func testStandardInputAndURLOption() throws {
    let page = Data("<title>t</title><base href=\"https://cdn.example.net/x/\"><p>hi".utf8)
    let results = output("probe.json")
    let result = try WebActionCommand.run(
      ["run", "-", "--ext", WebActionCommand.fixture("probe.appex"), "--url", "https://example.com/a/b.html",
       "--finalize-args", try json(["mark": "1"]), "--results", results], stdin: page)
    XCTAssertEqual(result.status, 0, result.stderr)
    let probe = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: results))) as? [String: Any])
    XCTAssertEqual(probe["url"] as? String, "https://example.com/a/b.html")
    XCTAssertEqual(probe["baseURI"] as? String, "https://cdn.example.net/x/")
    XCTAssertTrue(result.stdout.hasPrefix("<html><head><title>t</title>"), result.stdout)
  }

  func testApplesDocumentWriteSample() throws {
    let result = try WebActionCommand.run(
      ["run", WebActionCommand.page("article.html"), "--ext", WebActionCommand.fixture("apple-document-write.appex"),
       "--finalize-args", try json(["content": "<h1>Replaced</h1><p>by document.write"])])
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertEqual(result.stdout, "<html><head></head><body><h1>Replaced</h1><p>by document.write</p></body></html>")
  }

  // MARK: failures: one clear message, a distinct exit code, no output file

  func testFailuresAreClearAndWriteNothing() throws {
    let cases: [(fixture: String, status: Int32, message: String)] = [
      ("syntax-error.appex", 5, "syntax-error.appex/Action.js:3:60: SyntaxError"),
      ("throws.appex", 5, "throws.appex/Action.js:4:"),
      ("never-completes.appex", 6, "without calling arguments.completionFunction"),
      ("not-plist.appex", 6, "results.items[3].node: a DOM object"),
      ("cycle.appex", 6, "results.links[0].page: the value contains a cycle"),
      ("runaway.appex", 5, "watchdog"),
      ("unknown-class.appex", 4, "the principal class NotBuiltIn is not built into webaction"),
      ("no-such.appex", 4, "no extension bundle at"),
    ]
    for (fixture, status, message) in cases {
      let out = output("\(fixture).html")
      let result = try WebActionCommand.run(
        ["run", WebActionCommand.page("article.html"), "--ext", WebActionCommand.fixture(fixture), "-o", out, "--watchdog", "0.5"])
      XCTAssertEqual(result.status, status, "\(fixture): \(result.stderr)")
      XCTAssertTrue(result.stderr.contains(message), "\(fixture): expected “\(message)” in: \(result.stderr)")
      XCTAssertFalse(result.stderr.contains("Fatal error"), result.stderr)
      XCTAssertFalse(FileManager.default.fileExists(atPath: out), "\(fixture) must not write \(out)")
    }
  }

  func testMissingPageAndBadEncoding() throws {
    let missing = try WebActionCommand.run(["run", "Pages/nope.html", "--ext", "background", "-o", output("x.html")])
    XCTAssertEqual(missing.status, 3)
    XCTAssertTrue(missing.stderr.contains(" was not found"), missing.stderr)
    let encoding = try WebActionCommand.run(
      ["run", WebActionCommand.page("article.html"), "--ext", "background", "--encoding", "klingon"])
    XCTAssertEqual(encoding.status, 2, encoding.stderr)
    XCTAssertTrue(encoding.stderr.contains("klingon"), encoding.stderr)
  }

  func testSeveralPagesGoToTheOutputDirectoryAndAFailureDoesNotStopTheRest() throws {
    let directory = output("several")
    let result = try WebActionCommand.run(
      ["run", WebActionCommand.page("article.html"), "Pages/missing.html", WebActionCommand.page("legacy-windows-1252.html"),
       "--ext", "background", "--output-dir", directory])
    XCTAssertEqual(result.status, 10, "batch's rule, some pages failed: \(result.stderr)")
    XCTAssertTrue(result.stderr.contains("FAILED Pages/missing.html: the page "), result.stderr)
    XCTAssertTrue(result.stderr.contains("run: 3 files (2 pages) in "), result.stderr)
    XCTAssertTrue(result.stderr.contains(": 2 ok, 1 failed; pages in \(URL(fileURLWithPath: directory).standardizedFileURL.path)"), result.stderr)
    XCTAssertTrue(FileManager.default.fileExists(atPath: directory + "/article.html"))
    XCTAssertFalse(FileManager.default.fileExists(atPath: directory + "/missing.html"))
    let legacy = try String(contentsOfFile: directory + "/legacy-windows-1252.html", encoding: .utf8)
    // It had a background already, so Apple's template asks for green; the background shorthand replaces the
    // background-color longhand, as WebKit writes it.
    XCTAssertTrue(legacy.contains(#"<body style="background: green;">"#), legacy)
  }

  /// Several pages go through batch's executor, in process: a failure every page would meet stops at the first
  /// with its class's code (not once per page), -v names each output, SIGTERM ends it with 143 and a summary.
  func testSeveralPagesShareBatchsExecutorStopAndExitCodes() throws {
    let pages = (1...5).map { index -> String in
      let page = output("page-\(index).html")
      try? Data("<!doctype html><title>\(index)</title><p>page \(index)".utf8).write(to: URL(fileURLWithPath: page))
      return page
    }
    let folder = URL(fileURLWithPath: output("ext"))
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let broken = try WebActionCommand.actionBundle(in: folder, run: "args.completionFunction({ a: 1 ;")
    let stopped = try WebActionCommand.run(["run"] + pages + ["--ext", broken, "--output-dir", output("broken")])
    XCTAssertEqual(stopped.status, 5, stopped.stderr)
    XCTAssertEqual(stopped.stderr.components(separatedBy: "FAILED ").count - 1, 1, "said once: \(stopped.stderr)")
    XCTAssertTrue(stopped.stderr.contains("stopped: every page would fail this way"), stopped.stderr)
    XCTAssertTrue(stopped.stderr.contains("4 not started"), stopped.stderr)

    let slow = try WebActionCommand.actionBundle(
      in: URL(fileURLWithPath: output("slow")), run: "const end = Date.now() + 400; while (Date.now() < end) {} args.completionFunction({});")
    let process = WebActionCommand.process(["run"] + pages + ["--ext", slow, "--output-dir", output("slow-out"), "-v"])
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    Thread.sleep(forTimeInterval: 1.0)
    kill(process.processIdentifier, SIGTERM)
    let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    XCTAssertEqual(process.terminationStatus, 143, stderr)
    XCTAssertTrue(stderr.contains("wrote \(URL(fileURLWithPath: output("slow-out")).standardizedFileURL.path)/page-1.html ("), stderr)
    XCTAssertTrue(stderr.contains("not started; pages in "), stderr)
  }

  /// README.md's "Write an extension in 5 minutes", steps 1–3, verbatim (Fixtures/readme-guide.appex).
  func testTheReadmeGuideBundle() throws {
    let bundle = WebActionCommand.fixture("readme-guide.appex")
    let arguments = work.appendingPathComponent("args.json")
    try Data(#"{"summary": "12 links"}"#.utf8).write(to: arguments)
    let results = output("run.json")
    let result = try WebActionCommand.run(
      ["run", WebActionCommand.page("article.html"), "--ext", bundle, "--finalize-args", arguments.path,
       "--results", results, "-o", output("out.html")])
    XCTAssertEqual(result.status, 0, result.stderr)
    let html = try String(contentsOfFile: output("out.html"), encoding: .utf8)
    XCTAssertTrue(html.contains("<body><p>12 links</p>"), html)
    let run = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: results))) as? [String: Any])
    XCTAssertEqual((run["links"] as? [String])?.first, "https://www.example.org/", "a.href resolves against the page URL")

    // Without --finalize-args, its principal class (Apple's default name, ActionRequestHandler) must not be mistaken
    // for the built-in extension that uses the same class name.
    let native = try WebActionCommand.run(["run", WebActionCommand.page("article.html"), "--ext", bundle, "-o", output("n.html")])
    XCTAssertEqual(native.status, 4, native.stderr)
    XCTAssertTrue(native.stderr.contains("the principal class ActionRequestHandler is not built into webaction"), native.stderr)
  }

  func testDefaultsWriteReadDelete() throws {
    let suite = "group.org.webaction.tests.\(UUID().uuidString.prefix(8))"
    XCTAssertEqual(try WebActionCommand.run(["defaults", "write", suite, "engine", "apy"]).status, 0)
    XCTAssertEqual(try WebActionCommand.run(["defaults", "read", suite, "engine"]).stdout, "apy\n")
    XCTAssertEqual(try WebActionCommand.run(["defaults", "read", suite]).stdout, "engine = apy\n")
    XCTAssertEqual(try WebActionCommand.run(["defaults", "delete", suite, "engine"]).status, 0)
    let missing = try WebActionCommand.run(["defaults", "read", suite, "engine"])
    XCTAssertEqual(missing.status, 1)
    XCTAssertTrue(missing.stderr.contains("has no value for engine"), missing.stderr)
  }

  func testExtensionsListsBuiltIns() throws {
    let result = try WebActionCommand.run(["extensions"])
    XCTAssertEqual(result.status, 0)
    let lines = result.stdout.split(separator: "\n")
    XCTAssertEqual(lines.first.map { $0.split(separator: " ", omittingEmptySubsequences: true).first }, "NAME", result.stdout)
    for name in ["background", "page-info", "translate"] {
      XCTAssertTrue(lines.contains { $0.hasPrefix(name + " ") && $0.contains(" built in ") }, result.stdout)
    }
    // Columns line up: every row's KIND starts where the header's does.
    let kindColumn = try XCTUnwrap(lines.first?.range(of: "KIND")).lowerBound.utf16Offset(in: String(lines[0]))
    XCTAssertTrue(lines.dropFirst().allSatisfy { String($0).utf16.count > kindColumn }, result.stdout)
    let json = try WebActionCommand.run(["list", "--json"])
    let objects = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
    let translate = try XCTUnwrap(objects.first { $0["name"] as? String == "translate" })
    XCTAssertEqual(translate["kind"] as? String, "built in")
    XCTAssertEqual(translate["activates"] as? Bool, true)
  }

  /// `--version`: webaction's version and commit, and the libraries' own.
  func testVersionNamesWebactionAndItsLibraries() throws {
    let result = try WebActionCommand.run(["--version"])
    XCTAssertEqual(result.status, 0, result.stderr)
    let lines = result.stdout.split(separator: "\n").map(String.init)
    XCTAssertTrue(lines.first?.range(of: #"^webaction \d+\.\d+\.\d+ \(commit [0-9a-f]+"#, options: .regularExpression) != nil, result.stdout)
    XCTAssertTrue(lines.contains { $0.range(of: #"^JavaScriptCore 2\.\d+\.\d+ "#, options: .regularExpression) != nil }, result.stdout)
    XCTAssertTrue(lines.contains { $0.range(of: #"^libxml2 2\.\d+\.\d+$"#, options: .regularExpression) != nil }, result.stdout)
    XCTAssertTrue(lines.contains { $0.hasPrefix("Apertium ") }, result.stdout)
  }

  /// `list PAGE` first says what Safari offers for each page the file holds, with the URL each page gets.
  func testListWithAPageShowsWhatSafariOffersForIt() throws {
    let result = try WebActionCommand.run(["list", WebActionCommand.page("article.html")])
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertTrue(result.stdout.contains(
      "article.html holds 1 page; Safari offers each as one item with the page (com.apple.property-list) and its URL (public.url):\n  https://www.example.org/travel/the-old-bridge.html\n"),
      result.stdout)
    XCTAssertTrue(result.stdout.contains("\nNAME "), result.stdout)
    XCTAssertTrue(result.stdout.range(of: #"\nbackground +Background +built in +yes +"#, options: .regularExpression) != nil, result.stdout)
    let missing = try WebActionCommand.run(["list", "no-such-page.html"])
    XCTAssertEqual(missing.status, 3, missing.stderr)
    XCTAssertTrue(missing.stderr.contains("the page no-such-page.html was not found"), missing.stderr)
  }

  /// --save-finalize-args writes what the native side returned (page-info's reading time here), in --results-format;
  /// a bundle with no native side loops run()'s results back to finalize(), says so, and writes them.
  func testSaveFinalizeArgsWritesTheNativeSidesAnswer() throws {
    let saved = work.appendingPathComponent("finalize.plist").path
    let result = try WebActionCommand.run([
      "run", WebActionCommand.page("article.html"), "--ext", "page-info", "--save-finalize-args", saved,
      "--results-format", "xml", "-o", "/dev/null"])
    XCTAssertEqual(result.status, 0, result.stderr)
    let argument = try XCTUnwrap(
      PropertyListSerialization.propertyList(from: Data(contentsOf: URL(fileURLWithPath: saved)), format: nil) as? [String: Any])
    XCTAssertNotNil(argument["readingTimeMinutes"], "\(argument)")

    let jsOnly = try WebActionCommand.actionBundle(
      in: work, run: "args.completionFunction({heading: document.querySelector('h1').textContent});",
      finalize: "document.body.setAttribute('data-heading', args.heading);")
    let looped = work.appendingPathComponent("looped.json").path
    let out = work.appendingPathComponent("looped.html").path
    let run = try WebActionCommand.run(
      ["run", WebActionCommand.page("article.html"), "--ext", jsOnly, "--save-finalize-args", looped, "-o", out])
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertTrue(run.stderr.contains("has no native side (no NSExtensionPrincipalClass or CFBundleExecutable): finalize() gets run()'s results back"), run.stderr)
    XCTAssertTrue(try String(contentsOfFile: out, encoding: .utf8).contains(#"data-heading="The Old Bridge of Riverton""#))
    XCTAssertTrue(try String(contentsOfFile: looped, encoding: .utf8).contains(#""The Old Bridge of Riverton""#))
  }

  private func json(_ object: [String: String]) throws -> String {
    let url = work.appendingPathComponent("args-\(UUID().uuidString).json")
    try JSONSerialization.data(withJSONObject: object).write(to: url)
    return url.path
  }
}
