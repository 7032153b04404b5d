import ArgumentParser
import Foundation
import WebActionHost
import WebActionKit

/// `webaction test BUNDLE...`: each bundle's fixture cases through the real pipeline, compared with their snapshots.
struct TestCommand: WebActionCommandRunning {
  static let configuration = CommandConfiguration(
    commandName: "test",
    abstract: "Run an extension's fixture cases and compare them with their snapshots.",
    discussion: """
      A case is a folder BUNDLE/Tests/CASE/ holding:
        page.html                  the page (required)
        args.json|args.plist       the --arg pairs (a dictionary of strings)
        finalize-args.json|.plist  finalize()'s argument, skipping the native side
        expected-results.json|.plist   what run() passes to completionFunction
        expected.html              the page written back
      Each case runs as `webaction run` would run it. Results are compared by
      key path; the page line by line, ignoring insignificant whitespace (runs
      of spaces, trailing blanks, blank lines). A case with neither expected
      file only has to run without error.

      --update records both expected files from what each case gives (review
      the diff before committing them). The last line is `N passed, N failed`;
      the exit code is 0 when every case passed, 1 when one failed.

      Examples:
        webaction test ./MyAction.appex
        webaction test background page-info --junit results.xml --html-report report.html
        webaction test ./MyAction.appex --update
      """)

  @Argument(help: ArgumentHelp("Extension bundles: .appex folders, or names as --ext takes them.", valueName: "bundle"))
  var bundles: [String]

  @Flag(help: "Record each case's expected-results.json and expected.html from what it gives.")
  var update = false

  @Option(help: ArgumentHelp("Also write the outcome as JUnit XML, for CI systems.", valueName: "file"))
  var junit: String?

  @Option(name: .customLong("html-report"), help: ArgumentHelp(
    "Also write one self-contained HTML page: each case's page before and after, side by side, its results as a tree, and its diff.",
    valueName: "file"))
  var htmlReport: String?

  @OptionGroup(title: "Page options")
  var options: PageOptions

  func execute() throws(WebActionError) {
    let color = isatty(STDOUT_FILENO) != 0 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
    func paint(_ text: String, _ code: String) -> String { color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text }
    var suites: [(bundle: String, cases: [(ExtensionTestCase, ExtensionTestCase.Outcome)])] = []
    var passed = 0, failed = 0
    for name in bundles {
      let host = try options.makeHost(extension: name)
      if update, builtInExtensions.builtIns.contains(where: { $0.bundleURL.standardizedFileURL == host.source.bundle.url.standardizedFileURL }) {
        throw WebActionError(
          .usage, "--update would write into the copy of \(name).appex inside this build, which the next build replaces",
          hint: "Give the bundle's source folder instead: webaction test Sources/Extensions/…/\(name).appex --update")
      }
      let cases = ExtensionTestCase.cases(in: host.source.bundle)
      if cases.isEmpty {
        printing(paint("FAIL", "31") + " \(host.source.bundle.name): no fixture cases (add \(host.source.bundle.url.path)/Tests/CASE/page.html)\n")
        failed += 1
        continue
      }
      var outcomes: [(ExtensionTestCase, ExtensionTestCase.Outcome)] = []
      for testCase in cases {
        let outcome = testCase.run(with: host, settings: options.settings, update: update)
        outcomes.append((testCase, outcome))
        let label = "\(host.source.bundle.name)/\(testCase.name) (\(Int(outcome.seconds * 1000)) ms)"
        switch outcome.status {
        case .passed:
          passed += 1
          printing(paint("PASS", "32") + " \(label)\n")
        case .recorded:
          passed += 1
          printing(paint("REC ", "33") + " \(label): wrote expected-results.json and expected.html\n")
        case .failed:
          failed += 1
          printing(paint("FAIL", "31") + " \(label)\n" + outcome.failures.map { Self.indented(Self.colored($0, paint)) }.joined())
        }
      }
      suites.append((host.source.bundle.name, outcomes))
    }
    if let junit {
      try AtomicFile.write(Data(Self.junitXML(suites).utf8), to: URL(fileURLWithPath: junit))
    }
    if let htmlReport {
      try AtomicFile.write(Data(TestReport.html(suites).utf8), to: URL(fileURLWithPath: htmlReport))
    }
    printing("\(passed) passed, \(failed) failed\n")
    if failed > 0 { Foundation.exit(1) }
  }

  private static func indented(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { "    \($0)\n" }.joined()
  }

  /// A diff's removed lines red, added lines green.
  private static func colored(_ text: String, _ paint: (String, String) -> String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      if line.hasPrefix("-"), !line.hasPrefix("---") { return paint(String(line), "31") }
      if line.hasPrefix("+"), !line.hasPrefix("+++") { return paint(String(line), "32") }
      return String(line)
    }.joined(separator: "\n")
  }

  static func junitXML(_ suites: [(bundle: String, cases: [(ExtensionTestCase, ExtensionTestCase.Outcome)])]) -> String {
    let escaped = markupEscaped
    func seconds(_ value: TimeInterval) -> String { String(format: "%.3f", value) }
    let all = suites.flatMap(\.cases)
    var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    xml += "<testsuites name=\"webaction test\" tests=\"\(all.count)\" failures=\"\(all.filter { $0.1.status == .failed }.count)\" time=\"\(seconds(all.reduce(0) { $0 + $1.1.seconds }))\">\n"
    for suite in suites {
      let failures = suite.cases.filter { $0.1.status == .failed }.count
      xml += "  <testsuite name=\"\(escaped(suite.bundle))\" tests=\"\(suite.cases.count)\" failures=\"\(failures)\" time=\"\(seconds(suite.cases.reduce(0) { $0 + $1.1.seconds }))\">\n"
      for (testCase, outcome) in suite.cases {
        xml += "    <testcase classname=\"\(escaped(suite.bundle))\" name=\"\(escaped(testCase.name))\" time=\"\(seconds(outcome.seconds))\""
        if outcome.status == .failed {
          let first = outcome.failures.first?.split(separator: "\n").first.map(String.init) ?? "failed"
          xml += ">\n      <failure message=\"\(escaped(first))\">\(escaped(outcome.failures.joined(separator: "\n\n")))</failure>\n    </testcase>\n"
        } else {
          xml += "/>\n"
        }
      }
      xml += "  </testsuite>\n"
    }
    return xml + "</testsuites>\n"
  }
}
