import Foundation
import WebActionKit

/// How webaction processes many files (`batch`, and `run PAGES --output-dir`): with worker processes or in this
/// process, resumably, with progress, a report and one rule for the exit code (``BatchProgress/exitCode(signal:)``).
///
/// - Scheduling: with workers, the largest files first, each to the next free worker; a worker is a process of the
///   same binary (``Options/workerCommand``, started by WebActionKit's `ChildProcesses`) that keeps its extension
///   warm across pages (``BatchWorker``), and is sent ``BatchWorker/overlap`` files at a time, so that it can load the
///   next while an extension that completes from a queue of its own still works on the one before. In process (``init(files:options:inProcess:)``), the files in the order
///   given, through one ``BatchWorker`` on the calling thread.
/// - Failures: a failing file is recorded and the batch goes on. A worker that crashes, or takes longer on one file
///   than ``Options/fileTimeLimit``, is replaced and its file recorded as failed.
/// - Outputs: written atomically by the workers; with ``Options/resume``, a file whose output exists and is newer
///   than the input and than the extension bundle is skipped.
/// - Stopping: ``stop()`` (the CLI calls it on Ctrl-C or SIGTERM) ends the workers at once: the files they were on
///   are recorded as interrupted and nothing partial is left, since outputs appear only by rename.
public final class Batch: @unchecked Sendable {
  /// What a batch runs and where it writes; the command-line options of `batch` (and `run PAGES --output-dir`).
  public struct Options: Sendable {
    /// The worker processes run at once.
    public var workers = ProcessInfo.processInfo.activeProcessorCount
    /// The command that starts a worker (the binary and its hidden worker subcommand).
    public var workerCommand: [String]
    /// The extension and settings every worker runs each page with, sent to it first.
    public var setup: BatchWorkerSetup
    /// Where the pages go, mirroring the inputs' tree; nil when the batch only collects results (no `--out`): pages
    /// are processed, nothing is written for them.
    public var outputFolder: URL?
    /// `--resume`: skip a file whose output exists and is not older than its input, nor than ``bundleURL``'s files
    /// and ``validSince`` when they are set.
    public var resume = false
    /// The extension bundle: with ``resume``, outputs older than its newest file are redone.
    public var bundleURL: URL?
    /// With ``resume``, outputs older than this were made with other settings (``BatchStamp``) and are redone.
    public var validSince: Date?
    /// `--results FILE`: JSON Lines, one line per page with run()'s results and finalize()'s argument.
    public var resultsPath: String?
    /// `--results-dir DIR`: one JSON file per input file, at its relative path plus `.json`.
    public var resultsFolder: URL?
    /// `--report FILE`: JSON Lines, one ``BatchRecord`` per file, written as files finish.
    public var reportPath: String?
    /// The longest a worker may spend on one file before it is stopped and replaced.
    public var fileTimeLimit: TimeInterval
    /// Called with each finished file's record, on the worker's dispatching thread, under the batch's lock.
    public var onRecord: @Sendable (BatchRecord, BatchProgress) -> Void = { _, _ in }

    /// Options with the given worker command, setup, output folder (nil: results only) and per-file time limit in
    /// seconds; the rest keep their defaults.
    public init(workerCommand: [String], setup: BatchWorkerSetup, outputFolder: URL?, fileTimeLimit: TimeInterval) {
      self.workerCommand = workerCommand
      self.setup = setup
      self.outputFolder = outputFolder
      self.fileTimeLimit = fileTimeLimit
    }
  }

  private let options: Options
  private let lock = NSLock()
  private var queue: [BatchFile] = []
  private var next = 0
  private var progress: BatchProgress
  private var stopped = false
  private var running: [ObjectIdentifier: Process] = [:]
  private var report: Int32 = -1
  private var results: Int32 = -1

  /// The worker that processes every file in this process, when there are no worker processes.
  private let inProcess: BatchWorker?

  /// A batch over `files`; with `inProcess`, processed by it on the thread that calls ``run()``, in the order given
  /// (``Options/workers`` and ``Options/workerCommand`` are then not used).
  public init(files: [BatchFile], options: Options, inProcess: BatchWorker? = nil) {
    self.options = options
    self.inProcess = inProcess
    // Largest first: the long files start early instead of ending the batch alone on one worker.
    queue = inProcess != nil ? files : files.sorted { $0.size != $1.size ? $0.size > $1.size : $0.relativePath < $1.relativePath }
    progress = BatchProgress(total: files.count)
    relativePaths = Dictionary(files.map { ($0.input, $0.relativePath) }, uniquingKeysWith: { first, _ in first })
  }

  /// Each input's path below the batch's root, for `--results-dir`.
  private let relativePaths: [String: String]

  /// Runs the batch to the end (or until ``stop()``) and returns the totals.
  public func run() throws(WebActionError) -> BatchProgress {
    if let path = options.reportPath {
      report = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
      guard report >= 0 else {
        throw WebActionError(.output, "cannot write the report \(path): \(FileDescriptorWriter.reason(errno))")
      }
    }
    defer { if report >= 0 { close(report) } }
    if let path = options.resultsPath {
      results = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
      guard results >= 0 else {
        throw WebActionError(.output, "cannot write the results \(path): \(FileDescriptorWriter.reason(errno))")
      }
    }
    defer { if results >= 0 { close(results) } }
    let bundleDate = options.resume
      ? [options.bundleURL.flatMap(Self.newestModification), options.validSince].compactMap { $0 }.max() : nil
    if let inProcess {
      processInProcess(with: inProcess, bundleDate: bundleDate)
    } else {
      dispatchToWorkers(bundleDate: bundleDate)
    }
    // The files the batch stopped before: a line each, so that the report accounts for every input.
    lock.lock()
    let untouched = queue[min(next, queue.count)...]
    next = queue.count
    lock.unlock()
    for file in untouched {
      record(BatchRecord(input: file.input, output: outputPath(of: file), status: .notStarted, bytesIn: file.size))
    }
    lock.lock()
    defer { lock.unlock() }
    progress.finished = Date()
    return progress
  }

  /// One thread per worker slot, each feeding its worker process, until no file is left.
  private func dispatchToWorkers(bundleDate: Date?) {
    let slots = max(1, min(options.workers, queue.count))
    let group = DispatchGroup()
    for slot in 0..<slots {
      group.enter()
      let thread = Thread { [self] in
        dispatch(slot: slot, bundleDate: bundleDate)
        group.leave()
      }
      thread.name = "batch-worker-\(slot)"
      thread.start()
    }
    group.wait()
  }

  /// Every file through `worker`, here, in order; a file whose extension is still at work waits while the next is
  /// begun (``BatchWorker/begin(_:)``). A page that fails once the batch is stopped (its children were stopped with
  /// it) counts as interrupted.
  private func processInProcess(with worker: BatchWorker, bundleDate: Date?) {
    var pending: [BatchWorker.PendingJob] = []
    func finishOldest() {
      var result = worker.finish(pending.removeFirst())
      if result.status == .failed, isStopped {
        result.status = .interrupted
        result.error = nil
      }
      record(result)
    }
    while let file = take() {
      let output = outputPath(of: file)
      if options.resume, Self.isComplete(output: output, input: file.input, bundleDate: bundleDate) {
        record(BatchRecord(input: file.input, output: output, status: .skipped))
        continue
      }
      pending.append(worker.begin(BatchJob(file: file, output: output, collectsResults: collectsResults)))
      while BatchWorker.finishesOldest(of: pending) { finishOldest() }
    }
    while !pending.isEmpty { finishOldest() }
  }

  private func outputPath(of file: BatchFile) -> String {
    options.outputFolder?.appendingPathComponent(file.relativePath).path ?? ""
  }

  private var collectsResults: Bool { options.resultsPath != nil || options.resultsFolder != nil }

  /// Stops the batch: no new file starts, the workers end now (in process: this process's children, so the page
  /// under way ends soon), and their files are recorded as interrupted.
  public func stop() {
    lock.lock()
    stopped = true
    let processes = Array(running.values)
    lock.unlock()
    for process in processes where process.isRunning { kill(process.processIdentifier, SIGKILL) }
    if inProcess != nil { ChildProcesses.stopAll(grace: 1) }
  }

  // MARK: - One worker slot

  /// Feeds files to one worker process after another (a new one after a crash or a time-out) until none is left.
  /// ``BatchWorker/overlap`` jobs are kept outstanding, so that the worker can begin the next files while an
  /// extension that completes from a queue of its own (translate's engine) still works on the one before.
  private func dispatch(slot: Int, bundleDate: Date?) {
    var worker: WorkerProcess?
    defer { worker?.finish() }
    /// Jobs sent to the worker and not answered yet, oldest first.
    var sent: [BatchJob] = []
    /// Files sent to a worker that ended on the job before them: sent again, to the next worker.
    var carried: [BatchFile] = []
    /// When the oldest outstanding job's time began: when it was sent, or when the job before it was answered.
    var clock = Date()
    while true {
      if isStopped, !carried.isEmpty {
        for file in carried {
          record(BatchRecord(input: file.input, output: outputPath(of: file), status: .notStarted, bytesIn: file.size))
        }
        carried = []
      }
      while sent.count < BatchWorker.overlap, let file = carried.isEmpty ? take() : carried.removeFirst() {
        let output = outputPath(of: file)
        if options.resume, Self.isComplete(output: output, input: file.input, bundleDate: bundleDate) {
          record(BatchRecord(input: file.input, output: output, status: .skipped))
          continue
        }
        if worker == nil {
          do {
            worker = try startWorker()
          } catch {
            record(BatchRecord(input: file.input, output: output, status: .failed, error: .init(error)))
            continue
          }
        }
        let job = BatchJob(file: file, output: output, collectsResults: collectsResults)
        // A job the worker cannot take (it is gone) is answered below as the end of its output.
        _ = worker?.channel.send(job)
        if sent.isEmpty { clock = Date() }
        sent.append(job)
      }
      guard let oldest = sent.first, let current = worker else { return }
      let answer = current.channel.receive(BatchRecord.self, deadline: clock + options.fileTimeLimit)
      if case .message(let result) = answer {
        record(result)
        sent.removeFirst()
        clock = Date()
        continue
      }
      if case .timedOut = answer { kill(current.process.processIdentifier, SIGKILL) }
      let status = current.finish()
      worker = nil
      carried = sent.dropFirst().map(\.file)
      sent = []
      let elapsed = Int(Date().timeIntervalSince(clock) * 1000)
      if isStopped {
        record(BatchRecord(input: oldest.file.input, output: oldest.output, status: .interrupted, milliseconds: elapsed))
        continue
      }
      let message: String
      switch answer {
      case .timedOut:
        message = "the worker took longer than \(Int(options.fileTimeLimit)) s on this file and was stopped"
      case .malformed(let line):
        message = "the worker answered something unexpected (\(line)); it was replaced"
      default:
        message = "the worker processing this file \(status); it was replaced"
      }
      record(BatchRecord(input: oldest.file.input, output: oldest.output, status: .failed, milliseconds: elapsed,
                         error: .init(kind: "worker", message: message)))
    }
  }

  private var isStopped: Bool {
    lock.lock()
    defer { lock.unlock() }
    return stopped
  }

  /// The next file, or nil when none is left or the batch was stopped.
  private func take() -> BatchFile? {
    lock.lock()
    defer { lock.unlock() }
    guard !stopped, next < queue.count else { return nil }
    next += 1
    return queue[next - 1]
  }

  private func record(_ record: BatchRecord) {
    lock.lock()
    var stopsTheBatch = false
    defer {
      lock.unlock()
      if stopsTheBatch { stop() }
    }
    if record.status == .failed, let failure = record.error, failure.sameForEveryPage == true, progress.stoppedBy == nil, !stopped {
      // The next page would fail the same way: stop at the first, not once per page.
      progress.stoppedBy = failure
      stopsTheBatch = true
    }
    progress.add(record)
    writeResults(of: record)
    var reported = record
    reported.pageResults = nil
    if report >= 0, var line = try? Self.reportEncoder.encode(reported) {
      line.append(UInt8(ascii: "\n"))
      _ = FileDescriptorWriter.writeAll(line, to: report)
    }
    options.onRecord(record, progress)
  }

  /// The `--results` lines and the `--results-dir` file of a finished file: per page, its input, output, status,
  /// page number (in a file of several), run()'s results and finalize()'s argument; a failed file's error.
  private func writeResults(of record: BatchRecord) {
    guard results >= 0 || options.resultsFolder != nil else { return }
    var base: [String: Any] = ["input": record.input, "status": record.status.rawValue]
    if !record.output.isEmpty { base["output"] = record.output }
    if let error = record.error { base["error"] = ["kind": error.kind, "message": error.message] }
    var objects: [[String: Any]] = []
    let pages = record.pageResults ?? []
    for (index, text) in pages.enumerated() {
      var object = base
      if pages.count > 1 { object["page"] = index + 1 }
      if let parsed = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] {
        object.merge(parsed) { $1 }
      }
      objects.append(object)
    }
    if pages.isEmpty { objects = [base] }
    if results >= 0 {
      for object in objects {
        guard var line = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]) else { continue }
        line.append(UInt8(ascii: "\n"))
        _ = FileDescriptorWriter.writeAll(line, to: results)
      }
    }
    if let folder = options.resultsFolder, record.status == .ok || record.status == .failed,
      let relative = relativePaths[record.input]
    {
      let value: Any = objects.count == 1 ? objects[0] : objects
      if let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]) {
        let url = folder.appendingPathComponent(relative + ".json")
        do throws(WebActionError) {
          try AtomicFile.createFolder(url.deletingLastPathComponent())
          try AtomicFile.write(data + Data("\n".utf8), to: url)
        } catch {
          StandardError.write("webaction: \(error.description)\n")
        }
      }
    }
  }

  private static let reportEncoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }()

  // MARK: - Worker processes

  private final class WorkerProcess {
    let process: Process
    let channel: LineChannel
    private let toWorker: Pipe
    private let fromWorker: Pipe
    private let unregister: () -> Void

    init(process: Process, toWorker: Pipe, fromWorker: Pipe, unregister: @escaping () -> Void) {
      self.process = process
      self.toWorker = toWorker
      self.fromWorker = fromWorker
      self.unregister = unregister
      channel = LineChannel(
        input: fromWorker.fileHandleForReading.fileDescriptor, output: toWorker.fileHandleForWriting.fileDescriptor)
    }

    /// Closes the worker's input (it ends after its current file), waits for it and describes how it ended.
    @discardableResult
    func finish() -> String {
      try? toWorker.fileHandleForWriting.close()
      process.waitUntilExit()
      try? fromWorker.fileHandleForReading.close()
      unregister()
      if process.terminationReason == .uncaughtSignal {
        let signal = process.terminationStatus
        return "was killed by signal \(signal) (\(String(cString: strsignal(signal))))"
      }
      return "exited with status \(process.terminationStatus)"
    }
  }

  private func startWorker() throws(WebActionError) -> WorkerProcess {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: options.workerCommand[0])
    process.arguments = Array(options.workerCommand.dropFirst())
    let toWorker = Pipe()
    let fromWorker = Pipe()
    process.standardInput = toWorker
    process.standardOutput = fromWorker
    process.standardError = FileHandle.standardError
    lock.lock()
    let stoppedAlready = stopped
    lock.unlock()
    if stoppedAlready { throw WebActionError(.output, "the batch was stopped") }
    do {
      try ChildProcesses.run(process)
    } catch {
      throw WebActionError(.dependency, "cannot start a worker process \(options.workerCommand[0]): \(error)")
    }
    let key = ObjectIdentifier(process)
    lock.lock()
    running[key] = process
    lock.unlock()
    // A strong reference: the worker ends before the batch does (and a weak one's side table looks leaked to
    // LeakSanitizer).
    let worker = WorkerProcess(process: process, toWorker: toWorker, fromWorker: fromWorker) { [self] in
      lock.lock()
      running[key] = nil
      lock.unlock()
    }
    guard worker.channel.send(options.setup) else {
      throw WebActionError(.dependency, "the worker process \(options.workerCommand[0]) \(worker.finish()) at start")
    }
    return worker
  }

  // MARK: - Resume

  /// True when `output` exists and is at least as new as `input` and as the bundle (outputs appear only whole).
  static func isComplete(output: String, input: String, bundleDate: Date?) -> Bool {
    guard let written = modification(output), let read = modification(input) else { return false }
    return written >= read && bundleDate.map { written >= $0 } ?? true
  }

  static func modification(_ path: String) -> Date? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return Date(timeIntervalSince1970: TimeInterval(info.st_mtim.tv_sec) + TimeInterval(info.st_mtim.tv_nsec) / 1e9)
  }

  /// The newest modification time of any file in a bundle folder (its script, its Info.plist, its resources).
  static func newestModification(_ bundle: URL) -> Date? {
    var newest = modification(bundle.path)
    let walker = FileManager.default.enumerator(at: bundle, includingPropertiesForKeys: nil)
    while let file = walker?.nextObject() as? URL {
      if let date = modification(file.path), newest.map({ date > $0 }) ?? true { newest = date }
    }
    return newest
  }
}

/// A batch's running totals.
public struct BatchProgress: Sendable {
  /// The files in the batch.
  public var total: Int
  /// Files processed and written.
  public var ok = 0
  /// Files whose processing failed (a worker that crashed or ran out of time included).
  public var failed = 0
  /// Files skipped by `--resume`, their outputs being complete.
  public var skipped = 0
  /// Files under way when the batch was stopped.
  public var interrupted = 0
  /// Files the batch stopped before reaching.
  public var notStarted = 0
  /// Pages processed in the files that are ok (a WARC file holds any number).
  public var pages = 0
  /// The failure that stopped the batch because every page would meet it, when one did.
  public var stoppedBy: BatchRecord.Failure?
  /// When the totals were made: the batch's start.
  public let started = Date()
  /// When the batch ended; nil while it runs.
  public var finished: Date?

  /// Totals for a batch of `total` files, none done yet.
  public init(total: Int) { self.total = total }

  /// Files finished: ok, failed, skipped or interrupted (not those never started).
  public var done: Int { ok + failed + skipped + interrupted }

  /// The exit code of a finished batch, `batch`'s and `run PAGES --output-dir`'s alike: 128 + `signal` when one
  /// stopped it; the class's code of a failure every page would meet (``stoppedBy``); ``someFailedExitCode`` when
  /// some files failed; 0 when every file is ok or skipped.
  public func exitCode(signal: Int32?) -> Int32 {
    if let signal { return 128 + signal }
    if let failure = stoppedBy { return WebActionError.Kind(rawValue: failure.kind)?.exitCode ?? Self.someFailedExitCode }
    return failed > 0 ? Self.someFailedExitCode : 0
  }

  /// The exit code of a batch that finished with failed files.
  public static let someFailedExitCode: Int32 = 10

  mutating func add(_ record: BatchRecord) {
    switch record.status {
    case .ok: ok += 1
    case .failed: failed += 1
    case .skipped: skipped += 1
    case .interrupted: interrupted += 1
    case .notStarted: notStarted += 1
    }
    pages += record.status == .ok ? record.pages : 0
  }

  /// Files processed (not skipped) per second so far.
  public var filesPerSecond: Double {
    let elapsed = (finished ?? Date()).timeIntervalSince(started)
    let processed = ok + failed
    return elapsed > 0 ? Double(processed) / elapsed : 0
  }

  /// Seconds left at the current rate, when there is one.
  public var secondsLeft: Double? {
    let rate = filesPerSecond
    return rate > 0 ? Double(total - done) / rate : nil
  }
}
