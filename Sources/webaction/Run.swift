import ArgumentParser
import Foundation
import WebActionHost
import WebActionKit

struct Run: WebActionCommandWithExitCode {
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

      Several pages (--output-dir DIR) go through batch's executor, in this
      process: a failing page is reported and the others go on; a failure
      every page would meet stops at the first; -v names each output; a
      summary ends it. Exit codes as batch's: 0 every page ok, 10 some
      failed, that failure's code when every page would meet it, 130/143
      stopped by SIGINT/SIGTERM (no extension process or Apertium stage
      outlives webaction, whatever signal it gets).
      """)

  @Argument(help: ArgumentHelp(
    "The saved page: a file in any saved format, or - for standard input. Several pages run one after another in this process, as `batch` runs them (give --output-dir).",
    valueName: "page"))
  var pages: [String]

  @Option(name: .customLong("ext"), help: ArgumentHelp(
    "The extension: an .appex folder, or a name on the search path or built in (see `webaction list`).", valueName: "name|path"),
    completion: .extensions)
  var extensionName: String

  @Option(name: .shortAndLong, help: ArgumentHelp("Where to write the page (default: standard output).", valueName: "file"))
  var output: String?

  @Option(name: .customLong("output-dir"), help: ArgumentHelp(
    "The folder that receives each page, mirroring the pages' folders below the one they share (x/p.html y/p.html → DIR/x/p.html DIR/y/p.html).",
    valueName: "dir"))
  var outputDirectory: String?

  @Option(help: ArgumentHelp("Also write run()'s results dictionary to this file.", valueName: "file"))
  var results: String?

  @Option(name: .customLong("save-finalize-args"), help: ArgumentHelp(
    "Also write the argument the native extension returned for finalize() to this file: what it reported (translate's coverage, for one), and what --finalize-args replays without it.",
    valueName: "file"))
  var saveFinalizeArgs: String?

  @Option(name: .customLong("results-format"), help: "The format of --results and --save-finalize-args: json, xml or binary.")
  var resultsFormat: PropertyList.Format = .json

  @OptionGroup(title: "Page options")
  var options: PageOptions

  func validate() throws {
    if pages.isEmpty { throw ValidationError("give the page to process (a file, or - for standard input)") }
    if let outputDirectory {
      guard output == nil, results == nil, saveFinalizeArgs == nil else {
        throw ValidationError("-o, --results and --save-finalize-args take one page; with --output-dir each page goes into DIR")
      }
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
  }

  /// Runs the pages; the exit code of several pages (batch's rule; one page's failure is thrown).
  func execute() throws(WebActionError) -> Int32 {
    let host = try options.makeHost(extension: extensionName)
    let settings = options.settings
    let finalizeArguments = try settings.finalizeArgumentsFile.map { path throws(WebActionError) in
      try PropertyListFile.read(path)
    }
    // A file (or standard input) goes through its format (HTML, a web archive..., found by name or bytes) and is
    // written back in it.
    let process = { (page: String) throws(WebActionError) -> (written: Data, outcome: ActionOutcome) in
      let file = try host.process(file: page, settings: settings, finalizeArguments: finalizeArguments)
      guard file.outcomes.count == 1 else {
        throw WebActionError(
          .usage, "\(page) holds \(file.outcomes.count) pages; `webaction run` takes one",
          hint: "Process every page of it with `webaction batch \(page) --ext \(extensionName) --out DIR`.")
      }
      return (file.written, file.outcomes[0])
    }

    guard let outputDirectory else {
      let (written, outcome) = try process(pages[0])
      if let results { try PropertyListFile.write(outcome.results, format: resultsFormat, to: results) }
      if let saveFinalizeArgs, let argument = outcome.finalizeArguments {
        try PropertyListFile.write(argument, format: resultsFormat, to: saveFinalizeArgs)
      }
      try write(written, to: try destination(for: pages[0]))
      return 0
    }

    // Several pages: batch's executor, in this process, one page after another, so the extension's warm state (an
    // engine pipeline, a cache) is reused; batch's display, summary and exit code. Outputs mirror the pages' folders
    // (OutputLayout), so two pages never write the same file.
    let folder = URL(fileURLWithPath: outputDirectory).standardizedFileURL
    let outputs = try OutputLayout.relativePaths(for: pages, in: outputDirectory)
    try BatchInputs.checkOutput(folder, inputs: pages)
    let files = zip(pages, outputs).map { page, name in
      BatchFile(input: page, relativePath: name, size: (try? FileManager.default.attributesOfItem(atPath: page)[.size] as? Int) ?? 0)
    }
    // (No worker processes: their command and setup are not used.)
    var batchOptions = Batch.Options(
      workerCommand: [], setup: BatchWorkerSetup(extensionName: extensionName, settings: settings, verbose: options.verbose),
      outputFolder: folder, fileTimeLimit: .infinity)
    let display = BatchDisplay(command: "run", quiet: options.quiet, verbose: options.verbose)
    batchOptions.onRecord = { record, progress in display.show(record, progress) }
    let batch = Batch(
      files: files, options: batchOptions,
      inProcess: BatchWorker(host: host, settings: settings, finalizeArguments: finalizeArguments))
    return try display.run(batch, destinations: ["pages in \(folder.path)"])
  }

  /// Writes the page: a compressed page's output compressed only to a name ending in `.gz`.
  private func write(_ data: Data, to path: String?) throws(WebActionError) {
    let keepsCompression = path?.lowercased().hasSuffix(".gz") ?? false
    let bytes = keepsCompression ? data : PageFormats.decompressedIfGzip(data)
    if let path, path != "-" {
      try AtomicFile.write(bytes, to: URL(fileURLWithPath: path))
      progress("wrote \(path) (\(BatchDisplay.size(bytes.count)))")
    } else {
      try StandardOutput.write(bytes, what: "the page")
    }
  }

  /// `-o`'s file: a folder (an existing one, or a path ending in `/`, created) receives the page under its own name.
  private func destination(for page: String) throws(WebActionError) -> String? {
    guard let output, output != "-" else { return output }
    var isFolder: ObjCBool = false
    let exists = FileManager.default.fileExists(atPath: output, isDirectory: &isFolder)
    guard output.hasSuffix("/") || (exists && isFolder.boolValue) else { return output }
    let folder = URL(fileURLWithPath: output, isDirectory: true)
    try AtomicFile.createFolder(folder)
    return folder.appendingPathComponent(page == "-" ? "page.html" : URL(fileURLWithPath: page).lastPathComponent).path
  }

  private func progress(_ line: String) {
    if !options.quiet { StandardError.write("\(line)\n") }
  }
}

extension PropertyList.Format: ExpressibleByArgument {}
