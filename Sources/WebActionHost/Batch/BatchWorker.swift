import Foundation
import WebActionKit

/// A batch worker process: reads jobs (``BatchJob``, one JSON line each) on standard input, processes each file
/// and writes its output atomically, and answers each job with a ``BatchRecord`` line on standard output.
///
/// One worker keeps one ``ActionHost``: the extension's warm state (an engine pipeline, a cache) carries from page to
/// page, while each page still gets its own document, global object and extension context.
public final class BatchWorker {
  private let host: ActionHost
  private let settings: PageSettings
  private let finalizeArguments: PropertyList?

  /// `report` receives the pages' console output and warnings (the page currently processed is `currentPage`);
  /// `isolationCommand` is the host's (``ActionHost/isolationCommand``).
  public init(
    source: ExtensionSource, settings: PageSettings, finalizeArguments given: Data? = nil,
    isolationCommand: [String]? = nil, report: @escaping (Diagnostic) -> Void = { _ in }
  ) throws(WebActionError) {
    self.settings = settings
    // The batch read the file once (a pipe or <(...) can be read only once) and sent its bytes.
    if let given, let path = settings.finalizeArgumentsFile {
      finalizeArguments = try PropertyListFile.decode(given, name: path)
    } else {
      finalizeArguments = try settings.finalizeArgumentsFile.map { path throws(WebActionError) in try PropertyListFile.read(path) }
    }
    host = ActionHost(extension: source, report: report)
    host.isolationCommand = isolationCommand
  }

  /// A worker over a host made elsewhere (`run PAGES --output-dir`, in process, with its own reporting).
  public init(host: ActionHost, settings: PageSettings, finalizeArguments: PropertyList?) {
    self.host = host
    self.settings = settings
    self.finalizeArguments = finalizeArguments
  }

  /// A worker process's life: reads its ``BatchWorkerSetup`` and then jobs on standard input, answering each on
  /// standard output, until standard input ends (the batch closed it, or died). `resolve` turns `--ext` into the
  /// extension as `run` does, and `isolationCommand` is the host's (``ActionHost/isolationCommand``). Returns the
  /// process's exit code.
  public static func serveStandardIO(
    resolve: (String) throws(WebActionError) -> ExtensionSource, isolationCommand: [String]? = nil
  ) -> Int32 {
    let channel = LineChannel(input: STDIN_FILENO, output: STDOUT_FILENO)
    guard case .message(let setup) = channel.receive(BatchWorkerSetup.self) else {
      StandardError.write("webaction batch-worker: no setup on standard input (this command is started by `webaction batch`)\n")
      return WebActionError.Kind.usage.exitCode
    }
    let worker: BatchWorker
    do {
      let verbose = setup.verbose
      worker = try BatchWorker(
        source: try resolve(setup.extensionName), settings: setup.settings, finalizeArguments: setup.finalizeArguments,
        isolationCommand: isolationCommand
      ) { diagnostic in
        if verbose { StandardError.write("[worker \(getpid())] \(diagnostic)\n") }
      }
    } catch {
      StandardError.write("webaction batch-worker: \(error.description)\n")
      return error.kind.exitCode
    }
    while case .message(let job) = channel.receive(BatchJob.self) {
      guard channel.send(worker.process(job)) else { break }
    }
    return 0
  }

  /// One page's `{"results": …, "finalizeArgument": …}` as JSON text (dates as ISO 8601, data as base64).
  static func resultsJSON(_ outcome: ActionOutcome) throws(WebActionError) -> String {
    var object: [String: PropertyList] = ["results": outcome.results]
    if let argument = outcome.finalizeArguments { object["finalizeArgument"] = argument }
    do {
      return String(decoding: try PropertyList.dictionary(object).encoded(as: .json), as: UTF8.self)
    } catch {
      throw WebActionError(.protocolViolation, "the page's results cannot be written as JSON: \(error)")
    }
  }

  /// Processes one file: every page it holds, then the file in its own format, written atomically.
  public func process(_ job: BatchJob) -> BatchRecord {
    let started = DispatchTime.now()
    // The input's size as found, until the file is read (a file that fails still says how big it was).
    var record = BatchRecord(input: job.file.input, output: job.output, status: .failed, bytesIn: job.file.size)
    do throws(WebActionError) {
      let file = try host.process(file: job.file.input, settings: settings, finalizeArguments: finalizeArguments)
      record.bytesIn = file.bytesRead
      record.pages = file.outcomes.count
      if job.collectsResults { record.pageResults = try file.outcomes.map(Self.resultsJSON) }
      if !job.output.isEmpty {
        let destination = URL(fileURLWithPath: job.output)
        try AtomicFile.createFolder(destination.deletingLastPathComponent())
        try AtomicFile.write(file.written, to: destination)
        record.bytesOut = file.written.count
      }
      record.status = .ok
    } catch {
      record.error = BatchRecord.Failure(error)
    }
    // Rounded, not truncated: truncating took half a millisecond off every page on average, a third of a small page's
    // time, and the sum of a report's milliseconds fell short of the batch's time by that much.
    record.milliseconds = Int((DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds + 500_000) / 1_000_000)
    record.worker = getpid()
    var usage = rusage()
    if getrusage(RUSAGE_SELF.rawValue, &usage) == 0 { record.workerPeakKiB = usage.ru_maxrss }
    return record
  }
}
