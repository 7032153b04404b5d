import ArgumentParser
import Foundation
import WebActionHost
import WebActionKit

struct Run: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Run an Action extension on saved pages, as Safari on iOS does.",
    discussion: """
      Each page goes through the steps Safari takes:
        1. decode (BOM, <meta charset>, --encoding, UTF-8), parse as HTML5;
        2. evaluate the bundle's preprocessing file (Info.plist key
           NSExtensionJavaScriptPreprocessingFile) in the page;
        3. call ExtensionPreprocessingJS.run(arguments) and wait for
           arguments.completionFunction({...});
        4. hand that dictionary to the Swift extension (NSExtensionPrincipalClass)
           as an ExtensionItem holding
           {NSExtensionJavaScriptPreprocessingResultsKey: results};
        5. pass the NSExtensionJavaScriptFinalizeArgumentKey value the extension
           returns to ExtensionPreprocessingJS.finalize(arguments);
        6. serialize the page like a browser and write it atomically.
      --finalize-args FILE replaces steps 4-5: finalize() gets FILE's dictionary.

      Exit codes: 0 ok, 2 usage, 3 page unreadable, 4 bundle, 5 JavaScript error,
      6 protocol (completionFunction not called, result not a property list),
      7 extension cancelled or failed, 8 missing dependency, 9 output (a failed
      write, with the system's reason). A failed page writes no output file, and
      a run killed at any moment leaves the old file or the new one.
      """)

  @Argument(help: ArgumentHelp(
    "The saved page: an HTML file, or - for standard input. Several pages run one after another in this process (give --output-dir).",
    valueName: "page"))
  var pages: [String]

  @Option(name: .customLong("ext"), help: ArgumentHelp(
    "The extension: a built-in name (see `webaction extensions`) or the path of an .appex folder.", valueName: "name|path"))
  var extensionName: String

  @Option(name: .shortAndLong, help: ArgumentHelp("Where to write the page (default: standard output).", valueName: "file"))
  var output: String?

  @Option(name: .customLong("output-dir"), help: ArgumentHelp(
    "The folder that receives each page, mirroring the pages' folders below the one they share (x/p.html y/p.html → DIR/x/p.html DIR/y/p.html).",
    valueName: "dir"))
  var outputDirectory: String?

  @Option(name: .customLong("arg"), help: ArgumentHelp(
    "A KEY=VALUE pair for the extension, passed in the input item's userInfo (repeatable).", valueName: "key=value"))
  var arguments: [String] = []

  @Option(help: ArgumentHelp("The document URL (default: the page's 'saved from' mark, else its file:// URL).", valueName: "url"))
  var url: String?

  @Option(help: ArgumentHelp("The encoding to use when the page declares none (default: UTF-8).", valueName: "label"))
  var encoding: String?

  @Option(help: ArgumentHelp("Text that window.getSelection() reports (default: nothing selected).", valueName: "text"))
  var selection: String?

  @Option(name: .customLong("user-agent"), help: ArgumentHelp(
    "What navigator.userAgent reports (default: Safari on an iPhone, iOS 18).", valueName: "string"))
  var userAgent: String?

  @Option(name: .customLong("finalize-args"), help: ArgumentHelp(
    "A JSON or plist dictionary to call finalize() with directly, skipping the native extension.", valueName: "file"))
  var finalizeArgs: String?

  @Option(help: ArgumentHelp("Also write run()'s results dictionary to this file.", valueName: "file"))
  var results: String?

  @Option(name: .customLong("results-format"), help: "The format of --results: json, xml or binary.")
  var resultsFormat: PropertyList.Format = .json

  // Numbers parse `.unconditional`ly, so that `--timeout -1` reaches validate() and gets a message about its value.
  @Option(parsing: .unconditional, help: ArgumentHelp("Seconds to wait for completionFunction and for finalize's timers.", valueName: "seconds"))
  var timeout: Double = 10

  @Option(name: .customLong("extension-timeout"), parsing: .unconditional, help: ArgumentHelp(
    "Seconds to wait for the native extension to complete the request.", valueName: "seconds"))
  var extensionTimeout: Double = 300

  @Flag(name: .shortAndLong, help: "Do not show console output and warnings from the page and extension.")
  var quiet = false

  @Flag(name: .customLong("scripts"), help: "Run the page's own scripts while loading, as a browser would (external scripts only from --subresources).")
  var runPageScripts = false

  @Option(name: .customLong("subresources"), help: ArgumentHelp(
    "Serve the page's same-origin <link rel=stylesheet> files (and with --scripts its <script src> files) from this folder by URL path (repeatable; the first folder holding the file wins). Never the network.",
    valueName: "dir"))
  var subresources: [String] = []

  @Option(name: .customLong("page-timers"), parsing: .unconditional, help: ArgumentHelp(
    "With --scripts: seconds the page's timers may run after load before they are cancelled and the extension runs.",
    valueName: "seconds"))
  var pageTimers: Double = 1

  @Option(name: .customLong("watchdog"), parsing: .unconditional, help: ArgumentHelp(
    "Seconds one script call may run before it is stopped as runaway.", valueName: "seconds"))
  var watchdog: Double = 5

  @Option(name: .customLong("memory-limit"), parsing: .unconditional, help: ArgumentHelp(
    "Megabytes of memory the process may grow to while a script runs before that script is stopped (0 for no limit).",
    valueName: "MB"))
  var memoryLimit: Int = 4096

  @Option(name: .customLong("max-page-size"), parsing: .unconditional, help: ArgumentHelp(
    "Megabytes: a larger page is refused (exit 3) before it is read (0 for no limit).", valueName: "MB"))
  var maxPageSize: Int = ActionRequest.defaultMaximumPageSize / 1_048_576

  func validate() throws {
    if pages.isEmpty { throw ValidationError("give the page to process (a file, or - for standard input)") }
    if let outputDirectory {
      guard output == nil, results == nil else { throw ValidationError("-o and --results take one page; with --output-dir each page goes into DIR") }
      guard !pages.contains("-") else { throw ValidationError("--output-dir: standard input (-) has no file name; give it alone with -o") }
      // Two pages that would write the same file are refused before anything runs.
      do {
        _ = try OutputLayout.relativePaths(for: pages, in: outputDirectory)
      } catch {
        throw ValidationError(error.description)
      }
    } else if pages.count > 1 {
      throw ValidationError("several pages need --output-dir DIR")
    }
    for folder in subresources {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
        throw ValidationError("--subresources \(folder): no such folder")
      }
    }
    try Self.checkSeconds(timeout, "--timeout")
    try Self.checkSeconds(extensionTimeout, "--extension-timeout")
    try Self.checkSeconds(pageTimers, "--page-timers", zeroAllowed: true)
    try Self.checkSeconds(watchdog, "--watchdog")
    guard memoryLimit >= 0 else { throw ValidationError("--memory-limit \(memoryLimit): give megabytes, 0 or more (0: no limit)") }
    guard maxPageSize >= 0 else { throw ValidationError("--max-page-size \(maxPageSize): give megabytes, 0 or more (0: no limit)") }
    for pair in arguments where !pair.contains("=") {
      throw ValidationError("--arg \(pair) is not KEY=VALUE")
    }
  }

  private static func checkSeconds(_ value: Double, _ flag: String, zeroAllowed: Bool = false) throws {
    guard zeroAllowed ? value >= 0 : value > 0 else {
      let expected = zeroAllowed ? "zero or more" : "more than zero"
      throw ValidationError("\(flag) \(String(format: "%g", value)): give a number of seconds, \(expected)")
    }
  }

  func run() throws {
    do {
      try execute()
    } catch {
      fail(with: error)
    }
  }

  private func execute() throws(WebActionError) {
    let source = try BuiltInExtensions.resolve(extensionName)
    let finalizeArguments = try finalizeArgs.map { path throws(WebActionError) in try PropertyListFile.read(path) }
    let quiet = self.quiet
    let host = ActionHost(extension: source) { diagnostic in
      if !quiet { StandardError.write("\(diagnostic)\n") }
    }

    guard let outputDirectory else {
      let outcome = try host.process(try request(for: pages[0], finalizeArguments: finalizeArguments))
      if let results { try PropertyListFile.write(outcome.results, format: resultsFormat, to: results) }
      try write(outcome.html, to: output)
      return
    }

    // Several pages: one after another in this process, so the extension's warm state (an engine pipeline, a
    // cache) is reused. A failed page is reported and skipped; the exit code is that of the first failure.
    // Outputs mirror the pages' folders (OutputLayout), so two pages never write the same file.
    let directory = URL(fileURLWithPath: outputDirectory)
    let outputs = try OutputLayout.relativePaths(for: pages, in: outputDirectory)
    var firstFailure: WebActionError?
    for (index, (page, name)) in zip(pages, outputs).enumerated() {
      let started = Date()
      do {
        let outcome = try host.process(try request(for: page, finalizeArguments: finalizeArguments))
        let destination = directory.appendingPathComponent(name)
        try AtomicFile.createFolder(destination.deletingLastPathComponent())
        try write(outcome.html, to: destination.path)
        progress("[\(index + 1)/\(pages.count)] \(name) \(String(format: "%.2f", Date().timeIntervalSince(started))) s")
      } catch {
        progress("[\(index + 1)/\(pages.count)] \(name) FAILED: \(error.description)")
        if firstFailure == nil { firstFailure = error }
      }
    }
    if let firstFailure { throw firstFailure }
  }

  private func request(for page: String, finalizeArguments: PropertyList?) throws(WebActionError) -> ActionRequest {
    let maximumPageSize = maxPageSize == 0 ? nil : maxPageSize * 1_048_576
    var request = ActionRequest(page: try PageSource(argument: page, maximumSize: maximumPageSize))
    request.maximumPageSize = maximumPageSize
    request.url = url
    request.encoding = encoding
    request.selection = selection
    request.userAgent = userAgent
    request.timeout = timeout
    request.extensionTimeout = extensionTimeout
    request.scriptTimeLimit = watchdog
    request.memoryLimit = memoryLimit == 0 ? nil : memoryLimit * 1_048_576
    request.runPageScripts = runPageScripts
    request.subresources = SubresourceFolders(subresources)
    request.pageTimersTime = pageTimers
    request.finalizeArguments = finalizeArguments
    for pair in arguments {
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      request.arguments[String(parts[0])] = String(parts[1])
    }
    return request
  }

  private func write(_ html: String, to path: String?) throws(WebActionError) {
    let data = Data(html.utf8)
    if let path, path != "-" {
      try AtomicFile.write(data, to: URL(fileURLWithPath: path))
    } else {
      try StandardOutput.write(data, what: "the page")
    }
  }

  private func progress(_ line: String) {
    if !quiet { StandardError.write("\(line)\n") }
  }
}

extension PropertyList.Format: ExpressibleByArgument {}
