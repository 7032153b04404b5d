import Foundation
import XCTest

/// `webaction new`: every template, JavaScript-only or with a native side, passes `webaction test` as made.
final class NewCommandTests: WorkFolderTestCase {
  private func new(_ arguments: [String]) throws -> WebActionCommand.Result { try inWork(["new"] + arguments) }

  /// `webaction ARGS` run in the work folder, standard error with standard output.
  private func inWork(_ arguments: [String]) throws -> WebActionCommand.Result {
    let process = WebActionCommand.process(arguments)
    process.currentDirectoryURL = work
    let out = Pipe()
    process.standardOutput = out
    process.standardError = out
    try process.run()
    let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return WebActionCommand.Result(status: process.terminationStatus, stdout: text, stderr: text)
  }

  func testEveryTemplatePassesItsOwnTest() throws {
    for template in ["blank", "info", "translate-like"] {
      for executable in [nil, "python"] as [String?] {
        let name = "x-\(template)" + (executable.map { "-\($0)" } ?? "")
        let made = try new([name, "--template", template] + (executable.map { ["--executable", $0] } ?? []))
        XCTAssertEqual(made.status, 0, made.stdout)
        let bundle = work.appendingPathComponent("\(name).appex")
        XCTAssertEqual(FileManager.default.fileExists(atPath: bundle.appendingPathComponent("\(name).py").path), executable == "python")
        let tested = try WebActionCommand.run(["test", bundle.path])
        XCTAssertEqual(tested.status, 0, "\(name): \(tested.stdout)\(tested.stderr)")
        XCTAssertTrue(tested.stdout.hasSuffix("1 passed, 0 failed\n"), tested.stdout)
      }
    }
    // The translate-like native side rewrites every block (upper case, where a translator would translate).
    let translated = try String(
      contentsOf: work.appendingPathComponent("x-translate-like-python.appex/Tests/example/expected.html"), encoding: .utf8)
    XCTAssertTrue(translated.contains("<h1>A SAMPLE PAGE</h1>"), translated)
    XCTAssertTrue(try new(["x-blank"]).stdout.contains("exists already"))
    XCTAssertEqual(try new(["../escape"]).status, 2)
  }

  /// The "Next:" line's run does what it says, for a JavaScript-only bundle too: finalize() gets run()'s results.
  func testTheNextRunLineWorksWithoutANativeSide() throws {
    let made = try new(["heads", "--template", "info"])
    XCTAssertEqual(made.status, 0, made.stdout)
    let line = try XCTUnwrap(made.stdout.split(separator: "\n").first { $0.contains("webaction run ") })
    let arguments = line.split(separator: " ").dropFirst().map(String.init)
    XCTAssertEqual(arguments.first, "run", String(line))
    let ran = try inWork(arguments)
    XCTAssertEqual(ran.status, 0, ran.stdout)
    XCTAssertTrue(ran.stdout.contains("finalize() gets run()'s results back"), ran.stdout)
    let page = try String(contentsOf: work.appendingPathComponent("out.html"), encoding: .utf8)
    XCTAssertTrue(page.contains(#"<p class="heads-summary">2 headings, 2 links</p>"#), page)
  }

  /// The Swift native side is a package to build; once built and put in the bundle, it answers as its own process.
  func testTheSwiftNativeSideBuildsAndAnswers() throws {
    let made = try new(["counter", "--template", "info", "--executable", "swift"])
    XCTAssertEqual(made.status, 0, made.stdout)
    let bundle = work.appendingPathComponent("counter.appex")
    XCTAssertEqual(try WebActionCommand.run(["test", bundle.path]).status, 0, "passes before it is built (finalize-args.json)")
    let manifest = try String(contentsOf: bundle.appendingPathComponent("Package.swift"), encoding: .utf8)
    XCTAssertTrue(manifest.contains(#".package(url: "https://github.com/webaction/webaction", from: ""#), manifest)
    XCTAssertFalse(manifest.contains(WebActionCommand.packageRoot.path), "no path into a source checkout")
    // Building it takes a minute under the AddressSanitizer pass's load; the release pass builds it.
    guard ProcessInfo.processInfo.environment["ASAN_OPTIONS"] == nil else { return }
    let build = Process()
    build.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    // A debug build: what is checked is that the template compiles and answers, not its speed (release: 21 s).
    build.arguments = ["swift", "build", "--package-path", bundle.path]
    // The package names webaction by URL and version; this checkout stands in for the URL (its README.txt says so).
    build.environment = ProcessInfo.processInfo.environment.merging(["WEBACTION_SDK_PATH": WebActionCommand.packageRoot.path]) { $1 }
    try build.run()
    build.waitUntilExit()
    XCTAssertEqual(build.terminationStatus, 0)
    try FileManager.default.copyItem(at: bundle.appendingPathComponent(".build/debug/counter"), to: bundle.appendingPathComponent("counter"))
    try FileManager.default.removeItem(at: bundle.appendingPathComponent("Tests/example/finalize-args.json"))
    let tested = try WebActionCommand.run(["test", bundle.path], timeLimit: 120)
    XCTAssertEqual(tested.status, 0, tested.stdout + tested.stderr)
  }
}
