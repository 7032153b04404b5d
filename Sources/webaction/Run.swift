import ArgumentParser
import Foundation
import WebActionHost
import WebActionKit

struct Run: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Run an Action extension on one saved page.",
    discussion: """
      The page goes through the same steps as in Safari on iOS:
        1. the page is decoded (BOM, <meta charset>, --encoding, UTF-8) and parsed as HTML5;
        2. the bundle's preprocessing file (Info.plist NSExtensionJavaScriptPreprocessingFile) runs in the page;
        3. ExtensionPreprocessingJS.run(arguments) must call arguments.completionFunction({...});
        4. that dictionary reaches the Swift extension (NSExtensionPrincipalClass) as an ExtensionItem whose
           attachment holds {NSExtensionJavaScriptPreprocessingResultsKey: results};
        5. the extension's completeRequest item holding NSExtensionJavaScriptFinalizeArgumentKey is passed to
           ExtensionPreprocessingJS.finalize(arguments), and the page is serialized.
      --finalize-args skips steps 4-5's native side: finalize() gets the file's dictionary directly.

      Exit codes: 0 ok, 2 usage, 3 page unreadable, 4 bundle, 5 JavaScript error, 6 protocol (completionFunction
      not called, result not a property list), 7 extension cancelled/failed, 8 missing dependency, 9 output.
      No output file is written when the run fails.
      """)

  @Argument(help: ArgumentHelp("The saved page: an HTML file, or - for standard input.", valueName: "page"))
  var page: String

  @Option(name: .customLong("ext"), help: ArgumentHelp(
    "The extension: a built-in name (see `webaction extensions`) or the path of an .appex folder.", valueName: "name|path"))
  var extensionName: String

  @Option(name: .shortAndLong, help: ArgumentHelp("Where to write the page (default: standard output).", valueName: "file"))
  var output: String?

  @Option(name: .customLong("arg"), help: ArgumentHelp(
    "A KEY=VALUE pair for the extension, passed in the input item's userInfo (repeatable).", valueName: "key=value"))
  var arguments: [String] = []

  @Option(help: ArgumentHelp("The document URL (default: the page's 'saved from' mark, else its file:// URL).", valueName: "url"))
  var url: String?

  @Option(help: ArgumentHelp("The encoding to use when the page declares none (default: UTF-8).", valueName: "label"))
  var encoding: String?

  @Option(help: ArgumentHelp("Text that window.getSelection() reports (default: nothing selected).", valueName: "text"))
  var selection: String?

  @Option(name: .customLong("finalize-args"), help: ArgumentHelp(
    "A JSON or plist dictionary to call finalize() with directly, skipping the native extension.", valueName: "file"))
  var finalizeArgs: String?

  @Option(help: ArgumentHelp("Also write run()'s results dictionary to this file.", valueName: "file"))
  var results: String?

  @Option(name: .customLong("results-format"), help: "The format of --results: json, xml or binary.")
  var resultsFormat: PropertyList.Format = .json

  @Option(help: ArgumentHelp("Seconds to wait for completionFunction and for finalize's timers.", valueName: "seconds"))
  var timeout: Double = 10

  @Option(name: .customLong("extension-timeout"), help: ArgumentHelp(
    "Seconds to wait for the native extension to complete the request.", valueName: "seconds"))
  var extensionTimeout: Double = 300

  @Flag(name: .shortAndLong, help: "Do not show console output and warnings from the page and extension.")
  var quiet = false

  func validate() throws {
    for pair in arguments where !pair.contains("=") {
      throw ValidationError("--arg \(pair) is not KEY=VALUE")
    }
    guard timeout > 0, extensionTimeout > 0 else { throw ValidationError("timeouts must be positive") }
  }

  func run() throws {
    do {
      try execute()
    } catch let error as WebActionError {
      exit(with: error)
    }
  }

  private func execute() throws(WebActionError) {
    let source = try BuiltInExtensions.resolve(extensionName)
    var request = ActionRequest(page: try PageSource(argument: page))
    request.url = url
    request.encoding = encoding
    request.selection = selection
    request.timeout = timeout
    request.extensionTimeout = extensionTimeout
    for pair in arguments {
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      request.arguments[String(parts[0])] = String(parts[1])
    }
    if let finalizeArgs { request.finalizeArguments = try PropertyListFile.read(finalizeArgs) }

    let quiet = self.quiet
    let host = ActionHost(extension: source) { diagnostic in
      if !quiet { FileHandle.standardError.write(Data("\(diagnostic)\n".utf8)) }
    }
    let outcome = try host.process(request)

    if let results {
      try PropertyListFile.write(outcome.results, format: resultsFormat, to: results)
    }
    let html = Data(outcome.html.utf8)
    if let output, output != "-" {
      try AtomicFile.write(html, to: URL(fileURLWithPath: output))
    } else {
      FileHandle.standardOutput.write(html)
    }
  }
}

extension PropertyList.Format: ExpressibleByArgument {}
