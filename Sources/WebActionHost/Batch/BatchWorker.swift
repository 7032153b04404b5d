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
    // A job whose extension is still at work waits while the next ones, if the batch has sent them, are begun: the
    // batch keeps `overlap` jobs outstanding for this (``Batch``).
    var pending: [PendingJob] = []
    while true {
      if let oldest = pending.first, Self.finishesOldest(of: pending) || !channel.hasInput {
        pending.removeFirst()
        guard channel.send(worker.finish(oldest)) else { return 0 }
        continue
      }
      guard case .message(let job) = channel.receive(BatchJob.self) else { break }
      pending.append(worker.begin(job))
    }
    for job in pending where !channel.send(worker.finish(job)) { break }
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
    finish(begin(job))
  }

  /// The most jobs a worker has begun and not finished: while translate's engine works on one page, the next two are
  /// loaded and their text joins the engine's queue, so that Apertium's stages never wait between pages.
  public static let overlap = 3

  /// Whether the oldest of the jobs begun and not finished (oldest first) is finished before another is begun: its
  /// extension has answered, or ``overlap`` are begun.
  public static func finishesOldest(of pending: [PendingJob]) -> Bool {
    guard let oldest = pending.first else { return false }
    return oldest.isAnswered || pending.count >= overlap
  }

  /// A job between ``begin(_:)`` and ``finish(_:)``.
  public final class PendingJob {
    fileprivate let job: BatchJob
    fileprivate let file: Result<ActionHost.PendingFile, WebActionError>
    /// Nanoseconds spent on the job so far (its begin; not another job's work done meanwhile).
    fileprivate let nanoseconds: UInt64

    fileprivate init(job: BatchJob, file: Result<ActionHost.PendingFile, WebActionError>, nanoseconds: UInt64) {
      self.job = job
      self.file = file
      self.nanoseconds = nanoseconds
    }

    /// False while the extension is still at work on the file (``ActionHost/PendingFile/isAnswered``): the worker
    /// begins the next job before finishing this one, so that the two overlap.
    public var isAnswered: Bool { (try? file.get().isAnswered) ?? true }
  }

  /// Reads the job's file and begins its first page (``ActionHost/begin(file:settings:finalizeArguments:name:)``).
  /// Every begun job must be finished, in the order begun.
  public func begin(_ job: BatchJob) -> PendingJob {
    let started = DispatchTime.now().uptimeNanoseconds
    let file = Result { () throws(WebActionError) in
      try host.begin(file: job.file.input, settings: settings, finalizeArguments: finalizeArguments)
    }
    return PendingJob(job: job, file: file, nanoseconds: DispatchTime.now().uptimeNanoseconds - started)
  }

  /// Finishes the job's file and writes it; its record.
  public func finish(_ pending: PendingJob) -> BatchRecord {
    let started = DispatchTime.now().uptimeNanoseconds
    let job = pending.job
    // The input's size as found, until the file is read (a file that fails still says how big it was).
    var record = BatchRecord(input: job.file.input, output: job.output, status: .failed, bytesIn: job.file.size)
    do throws(WebActionError) {
      let file = try host.finish(file: pending.file.get())
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
    // time, and the sum of a report's milliseconds fell short of the batch's time by that much. The time is the
    // job's own (its begin and its finish), not that of the next job begun meanwhile.
    let nanoseconds = pending.nanoseconds + DispatchTime.now().uptimeNanoseconds - started
    record.milliseconds = Int((nanoseconds + 500_000) / 1_000_000)
    record.worker = getpid()
    var usage = rusage()
    if getrusage(RUSAGE_SELF.rawValue, &usage) == 0 { record.workerPeakKiB = usage.ru_maxrss }
    return record
  }
}
