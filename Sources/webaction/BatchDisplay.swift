import Foundation
import WebActionHost
import WebActionKit

/// What `batch` and `run PAGES --output-dir` show on standard error while WebActionHost's ``Batch`` runs: a
/// progress line on a terminal, failures always, each output with `-v`, and a summary; and how either ends (Ctrl-C
/// and SIGTERM stop the batch, the summary and the report are still written; ``BatchProgress/exitCode(signal:)``).
final class BatchDisplay: @unchecked Sendable {
  private let command: String
  private let terminal: Bool
  private let quiet: Bool
  private let verbose: Bool
  private var lastDrawn = Date.distantPast
  private var lineShown = false

  /// `command` begins the progress and summary lines (`batch: 12/40 files ...`).
  init(command: String, quiet: Bool, verbose: Bool, terminal: Bool = isatty(STDERR_FILENO) == 1) {
    self.command = command
    self.terminal = terminal
    self.quiet = quiet
    self.verbose = verbose
  }

  /// Runs `batch` to its end or to a stopping signal, prints the summary (naming `destinations`) and returns the
  /// exit code.
  func run(_ batch: Batch, destinations: [String]) throws(WebActionError) -> Int32 {
    let stopSignal = SignalFlag()
    // Weakly: the handler stays installed past the batch, and with it the batch and the Data it holds
    // (--finalize-args), which LeakSanitizer would then report at exit (it cannot follow Data's pointers).
    ChildProcesses.handleTerminationSignals { [weak batch] signalNumber in
      stopSignal.set(signalNumber)
      batch?.stop()
    }
    let totals = try batch.run()
    ChildProcesses.handleTerminationSignals()
    summary(totals, destinations: destinations)
    if stopSignal.value == nil, let failure = totals.stoppedBy {
      StandardError.write("webaction: stopped: every page would fail this way: \(failure.message)\n")
    }
    return totals.exitCode(signal: stopSignal.value)
  }

  /// Called under the batch's lock, one record at a time.
  func show(_ record: BatchRecord, _ progress: BatchProgress) {
    if record.status == .failed {
      clearLine()
      StandardError.write("FAILED \(record.input): \(record.error?.message ?? "unknown error")\n")
    } else if verbose, !quiet, record.status == .ok, !record.output.isEmpty {
      clearLine()
      StandardError.write("wrote \(record.output) (\(Self.size(record.bytesOut)), \(record.milliseconds) ms)\n")
    }
    guard terminal, !quiet else { return }
    let now = Date()
    guard now.timeIntervalSince(lastDrawn) >= 0.2 || progress.done == progress.total else { return }
    lastDrawn = now
    var line = "\(command): \(progress.done)/\(progress.total) files, \(String(format: "%.1f", progress.filesPerSecond)) files/s"
    if let left = progress.secondsLeft { line += ", \(Self.duration(left)) left" }
    if progress.failed > 0 { line += ", \(progress.failed) failed" }
    StandardError.write("\r\u{1B}[K" + line)
    lineShown = true
  }

  func summary(_ totals: BatchProgress, destinations: [String]) {
    clearLine()
    let seconds = (totals.finished ?? Date()).timeIntervalSince(totals.started)
    let count = { (n: Int, what: String) in "\(n) \(what)\(n == 1 ? "" : "s")" }
    var line = "\(command): \(count(totals.total, "file")) (\(count(totals.pages, "page"))) in \(String(format: "%.1f", seconds)) s"
    line += " (\(String(format: "%.1f", totals.filesPerSecond)) files/s): \(totals.ok) ok, \(totals.failed) failed"
    if totals.skipped > 0 { line += ", \(totals.skipped) skipped (--resume)" }
    if totals.interrupted > 0 { line += ", \(totals.interrupted) interrupted" }
    if totals.notStarted > 0 { line += ", \(totals.notStarted) not started" }
    if !destinations.isEmpty { line += "; " + destinations.joined(separator: ", ") }
    StandardError.write(line + "\n")
  }

  private func clearLine() {
    if lineShown {
      StandardError.write("\r\u{1B}[K")
      lineShown = false
    }
  }

  static func duration(_ seconds: Double) -> String {
    let total = Int(seconds.rounded())
    return total >= 3600
      ? String(format: "%d:%02d:%02d", total / 3600, total / 60 % 60, total % 60)
      : String(format: "%d:%02d", total / 60, total % 60)
  }

  /// A size as people read it: 812 bytes, 2.6 KB, 1.4 MB.
  static func size(_ bytes: Int) -> String {
    if bytes < 1024 { return "\(bytes) byte\(bytes == 1 ? "" : "s")" }
    if bytes < 1_048_576 { return String(format: "%.1f KB", Double(bytes) / 1024) }
    return String(format: "%.1f MB", Double(bytes) / 1_048_576)
  }
}

/// The signal that stopped the batch, set from a signal handler's queue.
private final class SignalFlag: @unchecked Sendable {
  private let lock = NSLock()
  private var signalNumber: Int32?

  func set(_ value: Int32) {
    lock.lock()
    if signalNumber == nil { signalNumber = value }
    lock.unlock()
  }

  var value: Int32? {
    lock.lock()
    defer { lock.unlock() }
    return signalNumber
  }
}
