import ArgumentParser
import Foundation
import WebActionHost
import WebActionKit

struct BatchCommand: WebActionCommandWithExitCode {
  static let configuration = CommandConfiguration(
    commandName: "batch",
    abstract: "Run an Action extension on many saved pages with worker processes.",
    discussion: """
      Inputs are files, folders (every page file below them, links to files
      included; linked folders are not entered), shell patterns (quote them:
      'crawl/*.html'), and - for a list of paths on standard input.
      The output folder mirrors the inputs' tree below the folder they share:
        webaction batch site/ --ext translate --arg to=es --out site-es/
      writes site-es/a/b.html for site/a/b.html.

      Each worker process keeps the extension warm from page to page (an
      engine pipeline, a cache); each page still gets its own document, global
      object and extension context. The largest files go first. A failing page
      is recorded and the batch goes on; a worker that crashes or takes longer
      than --file-timeout on one file is replaced.

      On a terminal a progress line shows done/total, pages/s, the time left
      and the failures; elsewhere only failures are printed. Always a summary.

      --resume skips files whose output exists and is newer than the input and
      than the extension bundle, so an interrupted batch continues where it
      stopped. Ctrl-C or SIGTERM stop at once: outputs are only ever renamed
      into place, so nothing partial is left, and the report is complete up to
      that moment.

      --shard K/N processes part K (from 0) of N, chosen by a hash of each
      file's path below the shared folder: N machines given the same inputs
      split them without overlap. --shard auto reads a Kubernetes Indexed Job
      (JOB_COMPLETION_INDEX, JOB_COMPLETIONS) or a Slurm job array
      (SLURM_ARRAY_TASK_ID, SLURM_ARRAY_TASK_COUNT, SLURM_ARRAY_TASK_MIN).

      Exit codes: 0 every file ok (or skipped), 10 some files failed (see the
      summary and --report), 2 usage, 3 an input not found, 130/143 stopped by
      SIGINT/SIGTERM.
      """)

  @Argument(help: ArgumentHelp("Files, folders, quoted patterns, or - (a list of paths on standard input).", valueName: "input"))
  var inputs: [String]

  @Option(name: .customLong("ext"), help: ArgumentHelp(
    "The extension: an .appex folder, or a name on the search path or built in (see `webaction list`).", valueName: "name|path"),
    completion: .extensions)
  var extensionName: String

  @Option(name: [.customShort("o"), .customLong("out")], help: ArgumentHelp("The output folder (created if missing); not an input folder nor inside one. Optional with --results or --results-dir.", valueName: "dir"))
  var outputFolder: String?

  @Option(help: ArgumentHelp("Write one JSON line per page (input, output, status, run()'s results, finalize()'s argument, or the error) to this file.", valueName: "file"))
  var results: String?

  @Option(name: .customLong("results-dir"), help: ArgumentHelp("Write each file's results as JSON to DIR, at its path below the inputs' folder plus .json.", valueName: "dir"))
  var resultsFolder: String?

  @Option(name: .customShort("j"), help: ArgumentHelp("Worker processes (default: the number of cores).", valueName: "n"))
  var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

  @Option(help: ArgumentHelp("Write one JSON line per file (input, output, status, milliseconds, bytes, error) to this file.",
                             valueName: "file"))
  var report: String?

  @Flag(help: "Skip files whose output is complete and newer than the input and the extension.")
  var resume = false

  @Option(help: ArgumentHelp("Process only part K (from 0) of N, or auto (Kubernetes Indexed Job, Slurm job array).",
                             valueName: "K/N|auto"))
  var shard: String?

  @Option(name: .customLong("file-timeout"), parsing: .unconditional, help: ArgumentHelp(
    "Seconds a worker may spend on one file before it is stopped and replaced (default: the page timeouts added up, plus a minute).",
    valueName: "seconds"))
  var fileTimeout: Double?

  @OptionGroup(title: "Page options")
  var options: PageOptions

  func validate() throws {
    guard jobs >= 1 else { throw ValidationError("-j \(jobs): give at least 1 worker") }
    guard outputFolder != nil || results != nil || resultsFolder != nil else {
      throw ValidationError("say where the batch goes: --out DIR for the pages, --results FILE or --results-dir DIR for what run() collected (or both)")
    }
    if resume, outputFolder == nil { throw ValidationError("--resume needs --out DIR: it skips the pages whose output there is complete") }
    if let fileTimeout, fileTimeout <= 0 {
      throw ValidationError("--file-timeout \(String(format: "%g", fileTimeout)): give a number of seconds, more than zero")
    }
    if let shard {
      do {
        _ = try BatchShard(argument: shard)
      } catch {
        throw ValidationError(error.description)
      }
    }
  }

  func execute() throws(WebActionError) -> Int32 {
    // The extension is resolved here first, so that a bad --ext fails once, before any worker starts.
    let source = try builtInExtensions.resolve(extensionName)
    if !options.force { try source.requireActivation() }
    try options.checkArguments(for: source)
    if !source.hasNativeSide, options.finalizeArgs == nil, !options.quiet { StandardError.write("webaction: warning: \(source.loopbackNote)\n") }
    var files = try BatchInputs.expand(inputs)
    if let shard {
      let part = try BatchShard(argument: shard)
      files = files.filter { part.contains($0.relativePath) }
    }
    // Without --out only results are written: the pages are processed and dropped.
    let output = outputFolder.map { URL(fileURLWithPath: $0).standardizedFileURL }
    if let output { try BatchInputs.checkOutput(output, inputs: inputs) }
    let resultsURL = resultsFolder.map { URL(fileURLWithPath: $0).standardizedFileURL }
    if let resultsURL { try BatchInputs.checkOutput(resultsURL, inputs: inputs) }
    let settings = options.settings
    var batchOptions = Batch.Options(
      workerCommand: [Self.executablePath, "batch-worker"],
      setup: BatchWorkerSetup(extensionName: extensionName, settings: settings, verbose: options.verbose),
      outputFolder: output,
      fileTimeLimit: fileTimeout ?? (settings.timeout * 2 + settings.extensionTimeout + settings.pageTimersTime + 60))
    batchOptions.workers = jobs
    batchOptions.resume = resume
    batchOptions.resultsPath = results
    batchOptions.resultsFolder = resultsURL
    let finalizeBytes = try settings.finalizeArgumentsFile.map { path throws(WebActionError) in
      try InputFile.read(path, what: "the --finalize-args file")
    }
    if let finalizeBytes, let path = settings.finalizeArgumentsFile { _ = try PropertyListFile.decode(finalizeBytes, name: path) }
    batchOptions.setup.finalizeArguments = finalizeBytes
    if let output {
      let (stamp, notKept) = try BatchStamp.settle(
        in: output, bundle: source.bundle, arguments: settings.arguments, finalizeArguments: finalizeBytes,
        viewport: settings.viewport)
      batchOptions.validSince = stamp.since
      if resume, let notKept, !options.quiet {
        StandardError.write("webaction: --resume: every page is redone: the outputs in \(output.path) are not kept, as \(notKept)\n")
      }
    }
    batchOptions.bundleURL = source.bundle.url
    batchOptions.reportPath = report
    let display = BatchDisplay(command: "batch", quiet: options.quiet, verbose: options.verbose)
    batchOptions.onRecord = { record, progress in display.show(record, progress) }
    let batch = Batch(files: files, options: batchOptions)
    return try display.run(batch, destinations: [
      output.map { "pages in \($0.path)" }, results.map { "results in \($0)" }, resultsURL.map { "results in \($0.path)/" },
      report.map { "report in \($0)" },
    ].compactMap { $0 })
  }

  /// This binary, for starting workers.
  static var executablePath: String {
    (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
  }
}

/// `webaction batch-worker`: a batch's worker process (not for direct use): reads its setup and then jobs on
/// standard input, one JSON line each, and answers each job with a JSON line on standard output.
struct BatchWorkerCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "batch-worker", abstract: "A worker process of `webaction batch` (started by it).", shouldDisplay: false)

  func run() throws {
    Foundation.exit(BatchWorker.serveStandardIO(resolve: builtInExtensions.resolve, isolationCommand: ExtensionHostCommand.command))
  }
}
