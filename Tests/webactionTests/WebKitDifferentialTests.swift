import Foundation
import XCTest

/// The differential suite against WebKit (issue 31): every extension of `Fixtures/webkit-differential/extensions/`
/// (preprocessing files in the styles real Action and Share extensions ship) runs on every saved page in the built
/// binary, and run()'s result and the finalized page must be WebKit's (`webkit-differential/webkit/SCRIPT/PAGE.json`
/// and `.html.gz`, made by `webkit-differential/make-references.sh` with `../shared/reference/webkit_host.py`), except
/// the differences listed in `WebKitDifferentialExpectations.differences` with the reason (a listed difference that
/// starts to match fails too, so the list never rots).
///
/// Each page runs in its own `webaction run` (the only command that writes run()'s result, and for one page), two at
/// a time, with the URL WebKit gave it (`file:///ROOT/` and its path from the repository root, as the fixtures write
/// it), the window WebKit had (390x844 is webaction's), and for the script-injection extensions the page's own
/// scripts allowed (`--scripts`, as the references were made with `--page-js on`, on pages without scripts).
final class WebKitDifferentialTests: XCTestCase {
  static let folder = WebActionCommand.fixtures.appendingPathComponent("webkit-differential")

  /// The pages, as make-references.sh lists them, by WebKit's name for them (the file name without `.html`).
  static func pages() throws -> [String: String] {
    let root = WebActionCommand.packageRoot
    var pages: [String: String] = [:]
    for folder in ["Pages", "Pages/coverage/rust-book", "Pages/coverage/nodejs-api",
                   "Tests/webactionTests/Fixtures/webkit-differential/pages"] {
      let names = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)
      for name in names where name.hasSuffix(".html") {
        if folder == "Pages" && !["article.html", "legacy-windows-1252.html"].contains(name) { continue }
        pages[String(name.dropLast(5))] = folder + "/" + name
      }
    }
    return pages
  }

  func testExtensionsGiveWebKitsResultsAndPages() throws {
    let started = Date()
    let pages = try Self.pages()
    let scripts = try FileManager.default.contentsOfDirectory(atPath: Self.folder.appendingPathComponent("extensions").path)
      .filter { $0.hasSuffix(".js") }.map { String($0.dropLast(3)) }.sorted()
    XCTAssertGreaterThanOrEqual(scripts.count, 40)
    XCTAssertGreaterThanOrEqual(pages.count, 30)

    let work = try WebActionCommand.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: work) }
    let references = work.appendingPathComponent("webkit")
    try Self.unpack(Self.folder.appendingPathComponent("webkit"), to: references)
    var jobs: [Job] = []
    for script in scripts {
      let bundle = try Self.bundle(for: script, in: work)
      let summary = try JSONSerialization.jsonObject(
        with: Data(contentsOf: Self.folder.appendingPathComponent("webkit/\(script)/_summary.json"))) as? [String: Any]
      let records = try XCTUnwrap(summary?["records"] as? [[String: Any]], "\(script): _summary.json has no records")
      for record in records {
        let page = try XCTUnwrap(record["page"] as? String)
        let path = try XCTUnwrap(pages[page], "\(script): WebKit ran page \(page), which is not in the suite")
        jobs.append(Job(
          script: script, page: page, path: path, bundle: bundle, webKitStatus: record["status"] as? String ?? "?",
          characterSet: record["characterSet"] as? String ?? "UTF-8", scripts: summary?["page_js"] as? String == "on",
          output: work.appendingPathComponent("\(script)/\(page)"),
          reference: references.appendingPathComponent("\(script)/\(page)")))
      }
    }

    let outcomes = Outcomes()
    let queue = jobs
    DispatchQueue.concurrentPerform(iterations: 2) { worker in
      for job in queue.indices where job % 2 == worker { outcomes.add(queue[job].run()) }
    }

    var unexpected: [String] = []
    var differing: Set<String> = []
    var all: [String: String] = [:]
    var resultsMatching = 0, pagesMatching = 0, pagesCompared = 0
    for outcome in outcomes.all.sorted(by: { $0.key < $1.key }) {
      all.merge(outcome.differences) { $1 }
      for (key, description) in outcome.differences {
        differing.insert(key)
        if WebKitDifferentialExpectations.differences[key] == nil { unexpected.append("\(key): \(description)") }
      }
      if !outcome.differences.keys.contains(where: { $0.hasPrefix(outcome.key + " › run()") || $0 == outcome.key + " › status" }) { resultsMatching += 1 }
      if outcome.pageCompared {
        pagesCompared += 1
        if outcome.differences[outcome.key + " › page"] == nil { pagesMatching += 1 }
      }
    }
    for (key, reason) in WebKitDifferentialExpectations.differences.sorted(by: { $0.key < $1.key }) where !differing.contains(key) {
      unexpected.append("\(key): listed as differing (\(reason)) but matches WebKit now; remove it")
    }
    // WEBKIT_DIFFERENTIAL_REPORT=FILE writes every difference found, listed or not, as JSON (key: description).
    if let report = ProcessInfo.processInfo.environment["WEBKIT_DIFFERENTIAL_REPORT"] {
      try JSONSerialization.data(withJSONObject: all, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes])
        .write(to: URL(fileURLWithPath: report))
    }
    print("WebKitDifferentialTests: \(resultsMatching)/\(jobs.count) run() results and \(pagesMatching)/\(pagesCompared) finalized pages match WebKit "
      + "(\(scripts.count) scripts, \(pages.count) pages, \(differing.count) differences, \(String(format: "%.1f", Date().timeIntervalSince(started))) s)")
    XCTAssert(unexpected.isEmpty, "\(unexpected.count) unexpected difference(s) from WebKit:\n" + unexpected.joined(separator: "\n"))
  }

  /// A copy of the references in `copy`, their gzipped pages unpacked (44 scripts' finalized copies of 37 pages are
  /// 80 MB as text, 10 as gzip), with one gzip for all.
  static func unpack(_ folder: URL, to copy: URL) throws {
    try FileManager.default.copyItem(at: folder, to: copy)
    let gzip = Process()
    gzip.executableURL = URL(fileURLWithPath: "/bin/gzip")
    gzip.arguments = ["-d", "-r", copy.path]
    try gzip.run()
    gzip.waitUntilExit()
    XCTAssertEqual(gzip.terminationStatus, 0, "gzip -d -r \(copy.path) failed")
  }

  /// A bundle in `work` with probe.appex's Info.plist and the script, unchanged, as its Action.js.
  static func bundle(for script: String, in work: URL) throws -> URL {
    let bundle = work.appendingPathComponent("\(script).appex")
    try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: WebActionCommand.fixtures.appendingPathComponent("probe.appex/Info.plist"),
      to: bundle.appendingPathComponent("Info.plist"))
    try FileManager.default.copyItem(
      at: folder.appendingPathComponent("extensions/\(script).js"), to: bundle.appendingPathComponent("Action.js"))
    return bundle
  }
}

/// One extension on one page.
private struct Job: Sendable {
  var script: String
  var page: String
  var path: String
  var bundle: URL
  var webKitStatus: String
  /// WebKit's `document.characterSet` for the page.
  var characterSet: String
  var scripts: Bool
  var output: URL
  /// WebKit's answers: `.json` and (unpacked) `.html`.
  var reference: URL

  var key: String { "\(script) › \(page)" }

  /// Runs the page in webaction and compares with WebKit's answers.
  func run() -> Outcome {
    var outcome = Outcome(key: key)
    do {
      try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
      let results = output.appendingPathComponent("results.json"), written = output.appendingPathComponent("page.html")
      let finalizeArgs = WebKitDifferentialTests.folder.appendingPathComponent("extensions/\(script).finalize.json").path
      let run = try WebActionCommand.run(
        ["run", path, "--ext", bundle.path, "--finalize-args", finalizeArgs, "--url", "file:///ROOT/" + path,
         "--results", results.path, "-o", written.path, "-q"] + (scripts ? ["--scripts"] : []))
      let status = run.status == 0 ? "ok" : "exit \(run.status)"
      guard webKitStatus == "ok", status == "ok" else {
        if webKitStatus != "ok" || status != "ok" {
          outcome.differences[key + " › status"] =
            "WebKit \(webKitStatus), webaction \(status) \(run.stderr.prefix(300).debugDescription)"
        }
        return outcome
      }
      let expected = try JSONSerialization.jsonObject(with: Data(contentsOf: reference.appendingPathExtension("json")), options: .fragmentsAllowed)
      let actual = try JSONSerialization.jsonObject(with: Data(contentsOf: results), options: .fragmentsAllowed)
      compare(expected, actual, into: &outcome)
      var want = try String(contentsOf: reference.appendingPathExtension("html"), encoding: .utf8)
      let got = Self.documentElement(ofPage: try Data(contentsOf: written))
      if characterSet.uppercased() != "UTF-8" && want != got { want = Self.declaringUTF8(want) }
      outcome.pageCompared = true
      if want != got { outcome.differences[key + " › page"] = Self.firstDifference(want, got) }
    } catch {
      outcome.differences[key + " › status"] = "the test could not run or read the page: \(error)"
    }
    return outcome
  }

  /// run()'s results, compared by top-level key ("SCRIPT › PAGE › run() › KEY"; the whole value when it is not a
  /// dictionary), each value as canonical JSON (keys sorted: key order is not part of a property list).
  private func compare(_ expected: Any, _ actual: Any, into outcome: inout Outcome) {
    guard let want = expected as? [String: Any], let got = actual as? [String: Any] else {
      let (w, g) = (Self.canonical(expected), Self.canonical(actual))
      if w != g { outcome.differences[key + " › run()"] = "WebKit \(w), webaction \(g)" }
      return
    }
    for name in Set(want.keys).union(got.keys) {
      let w = want[name].map(Self.canonical) ?? "(missing)", g = got[name].map(Self.canonical) ?? "(missing)"
      if w != g { outcome.differences[key + " › run() › " + name] = "WebKit \(Self.clip(w)), webaction \(Self.clip(g))" }
    }
  }

  static func canonical(_ value: Any) -> String {
    guard let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed, .withoutEscapingSlashes])
    else { return "\(value)" }
    return String(decoding: data, as: UTF8.self)
  }

  static func clip(_ s: String, _ limit: Int = 400) -> String { s.count <= limit ? s : s.prefix(limit) + "…" }

  /// The document element's markup in the page webaction wrote: what comes before `<html` (doctype, comments) and
  /// after the last `</html>` (comments) is the document's, not the element's. The page is decoded as UTF-8, or
  /// windows-1252 when it is not UTF-8 (webaction writes a page in its own encoding; WebKit's answer is text).
  static func documentElement(ofPage data: Data) -> String {
    let text = String(data: data, encoding: .utf8) ?? String(data: data, encoding: .windowsCP1252) ?? ""
    guard let start = text.range(of: "<html", options: .caseInsensitive) else { return text }
    let end = text.range(of: "</html>", options: [.caseInsensitive, .backwards])?.upperBound ?? text.endIndex
    return String(text[start.lowerBound..<max(end, start.upperBound)])
  }

  /// WebKit's markup of a page that was not UTF-8, with the page's charset declarations saying UTF-8 as webaction
  /// writes them (`Document+OutputEncoding.swift`: webaction writes every page as UTF-8, so it rewrites each
  /// `<meta charset>` and `http-equiv` declaration, and puts `<meta charset="utf-8">` first in a head that had none).
  static func declaringUTF8(_ html: String) -> String {
    let declaration = try! NSRegularExpression(pattern: #"(<meta\b[^>]*?charset=["']?)[A-Za-z0-9_:.-]+"#, options: [.caseInsensitive])
    let range = NSRange(html.startIndex..., in: html)
    if declaration.firstMatch(in: html, range: range) != nil {
      return declaration.stringByReplacingMatches(in: html, range: range, withTemplate: "$1utf-8")
    }
    guard let head = html.range(of: "<head>") else { return html }
    return html.replacingCharacters(in: head, with: "<head><meta charset=\"utf-8\">")
  }

  /// Where two serializations part, with some context either side.
  static func firstDifference(_ want: String, _ got: String) -> String {
    let w = Array(want.utf16), g = Array(got.utf16)
    var i = 0
    while i < w.count, i < g.count, w[i] == g[i] { i += 1 }
    func around(_ a: [UInt16]) -> String {
      String(decoding: a[max(0, i - 60)..<min(a.count, i + 100)], as: UTF16.self).debugDescription
    }
    return "at UTF-16 offset \(i) of \(w.count)/\(g.count): WebKit …\(around(w))…, webaction …\(around(g))…"
  }
}

private struct Outcome: Sendable {
  var key: String
  var differences: [String: String] = [:]
  var pageCompared = false
}

/// The outcomes the two workers collect.
private final class Outcomes: @unchecked Sendable {
  private let lock = NSLock()
  private var outcomes: [Outcome] = []

  func add(_ outcome: Outcome) { lock.withLock { outcomes.append(outcome) } }
  var all: [Outcome] { lock.withLock { outcomes } }
}
