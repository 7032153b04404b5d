import Foundation
import WebActionKit

#if canImport(Glibc)
  import Glibc
#endif

/// One running Apertium pipeline for one pair, in null-flush mode, kept for many requests.
///
/// The stage list comes from `apertium-wblank-mode -z <mode file>`: every stage runs with `-z` and the word-bound
/// blank stages are in place; `$1` becomes `-n` (no `*` marks on unknown words) and `$2` is dropped. The pipeline
/// runs under `/bin/sh`, started by WebActionKit's ``ChildProcesses``: in a process group of its own, so that a restart
/// can end every stage at once with `kill(-pid, SIGKILL)`, and killed by the kernel if this process dies.
final class ApertiumPipeline {
  /// The shell command that runs the stages.
  let command: String
  /// How long one answer may take before the pipeline counts as hung.
  let timeout: TimeInterval

  private var process: Process?
  private var stdin: FileHandle?
  private var stdout: NullDelimitedReader?
  private var stderr: NullDelimitedReader?
  /// Writes requests to `stdin`, and closes it: every use of the handle runs here, in order. Foundation's `FileHandle`
  /// does not synchronise a write with a close on another thread: a write could read the descriptor's number, the
  /// close free it and the next pipeline's `pipe()` take it, and the old request would go to the new pipeline.
  private let writer = DispatchQueue(label: "webaction.apertium.writer")
  /// Orders concurrent `send` calls: the calls begun (`sendings`), the one whose answers are read now (`reading`),
  /// and whether a call failed, leaving the answers out of step with the requests.
  private let turns = NSCondition()
  private var sendings = 0
  private var reading = 0
  private var outOfStep = false

  init(command: String, timeout: TimeInterval) {
    self.command = command
    self.timeout = timeout
  }

  deinit { stop() }

  /// The pipeline command for `modeFile`, from `apertium-wblank-mode -z`.
  static func command(forModeFile modeFile: URL) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["apertium-wblank-mode", "-z", modeFile.path]
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    do { try ChildProcesses.run(process) } catch {
      throw TranslateError(
        "translate: cannot run apertium-wblank-mode (\(error.localizedDescription)). Install it with "
          + "`apt-get install apertium` or run Scripts/install-deps.")
    }
    let data = out.fileHandleForReading.readDataToEndOfFile()
    let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let pipeline = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    guard process.terminationStatus == 0, !pipeline.isEmpty else {
      throw TranslateError(
        "translate: `apertium-wblank-mode -z \(modeFile.path)` failed (status \(process.terminationStatus)): "
          + "\(errors.trimmingCharacters(in: .whitespacesAndNewlines)). Check that the pair's package is installed.")
    }
    return pipeline.replacingOccurrences(of: "$1", with: "-n").replacingOccurrences(of: "$2", with: "")
  }

  /// The process id (and process group id) of the running pipeline's shell, if running.
  var processIdentifier: Int32? { process.map(\.processIdentifier) }

  /// What the stages wrote to stderr lately (still readable after `stop()`).
  var errorOutput: String { stderr?.text.trimmingCharacters(in: .whitespacesAndNewlines) ?? "" }

  func start() throws {
    guard process == nil else { return }
    // A pipeline that died leaves our end of its stdin closed; write errors must not kill the host.
    signal(SIGPIPE, SIG_IGN)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", command]
    let input = Pipe()
    let output = Pipe()
    let errors = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errors
    do { try ChildProcesses.run(process) } catch {
      throw TranslateError("translate: cannot start the Apertium pipeline `\(command)`: \(error.localizedDescription)")
    }
    self.process = process
    stdin = input.fileHandleForWriting
    stdout = NullDelimitedReader(output.fileHandleForReading)
    stderr = NullDelimitedReader(errors.fileHandleForReading, keepTail: 4096)
  }

  enum Failure: Error {
    case timedOut
    case ended
  }

  /// Sends every request (each followed by `\0`) from a writer thread and reads the answers in order.
  ///
  /// `received` gets each answer as it arrives, so a failure part-way keeps what was already answered. Callers on
  /// several threads may send at once: each call's requests are written after those of the calls before it, and
  /// each reads its answers in its turn, so the stages work on the next call's text while this one's answers are
  /// read. After a call fails, the pipeline is out of step (answers unread or lost) and every later call ends.
  func send(_ requests: [String], received: (String) -> Void) throws(Failure) {
    turns.lock()
    guard let stdin, let stdout, !outOfStep else {
      turns.unlock()
      throw .ended
    }
    let turn = sendings
    sendings += 1
    for request in requests {
      var data = Data(request.utf8)
      data.append(0)
      let payload = data
      writer.async { try? stdin.write(contentsOf: payload) }
    }
    while reading != turn { turns.wait() }
    let ended = outOfStep
    turns.unlock()
    var failure: Failure?
    if ended {
      failure = .ended
    } else {
      for _ in requests {
        do {
          let answer = try stdout.next(before: Date().addingTimeInterval(timeout))
          received(String(decoding: answer, as: UTF8.self))
        } catch .timedOut {
          failure = .timedOut
          break
        } catch {
          failure = .ended
          break
        }
      }
    }
    turns.lock()
    if failure != nil { outOfStep = true }
    reading += 1
    turns.broadcast()
    turns.unlock()
    if let failure { throw failure }
  }

  /// Ends every stage: closes stdin (after the writes still queued, which fail once the stages are gone) and kills
  /// the session's process group.
  func stop() {
    turns.lock()
    outOfStep = true
    let process = process, stdin = stdin, stdout = stdout
    self.process = nil
    self.stdin = nil
    self.stdout = nil
    turns.unlock()
    guard let process else { return }
    let pid = process.processIdentifier
    if let stdin { writer.async { try? stdin.close() } }
    if process.isRunning { kill(-pid, SIGKILL) }
    _ = stdout?.waitForEnd(before: Date().addingTimeInterval(2))
    _ = stderr?.waitForEnd(before: Date().addingTimeInterval(2))
    process.waitUntilExit()
  }
}
