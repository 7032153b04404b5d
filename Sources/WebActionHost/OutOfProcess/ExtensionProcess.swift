import Foundation
import Subprocess
import WebActionKit

#if canImport(System)
import System
#else
import SystemPackage
#endif

/// One extension executable, running: started with swift-subprocess, spoken to over ``ExtensionWire`` by one host
/// thread, which blocks while it waits (a page's work stays on its thread; the child's pipes are served by Swift
/// concurrency's pool).
///
/// The child gets a data-segment limit (`RLIMIT_DATA`: its heap and other private writable memory, not the code it
/// maps) from its first instruction: it is started through util-linux's `prlimit` (Debian's essential set), which
/// sets the limit and then executes it, keeping its process ID (Swift's Glibc module does not export `prlimit(2)`, and
/// swift-subprocess has no hook between fork and exec). It runs in a session of its own, so a stop reaches whatever
/// it started.
final class ExtensionProcess: @unchecked Sendable {
  /// What the host thread waits for.
  enum Event {
    case message([String: PropertyList])
    /// The child's output ended (it exited, or closed it); then `exited` follows.
    case outputEnded
    /// The child is gone: how it ended, for a message.
    case exited(Termination)
    /// The output broke the protocol (a bad frame).
    case malformed(String)
  }

  enum Termination: Equatable {
    case status(Int32)
    case signal(Int32)
    case notStarted(String)
  }

  let executable: URL
  private let condition = NSCondition()
  private var events: [Event] = []
  private var processID: pid_t?
  private var ended = false
  /// The frames to write to the child's standard input, in order; finishing it closes that input.
  private let commands: AsyncStream<Data>.Continuation
  /// The largest data-segment size seen by ``sampleMemory()``, in bytes.
  private(set) var peakDataBytes = 0

  /// Starts `executable` in `directory` (its bundle) with `arguments`, limited to `memoryLimit` bytes of data (nil:
  /// no limit). Returns once the process exists, or throws when it cannot be started.
  init(executable: URL, arguments: [String], environment: [String: String], directory: URL, memoryLimit: Int?)
    throws(WebActionError)
  {
    self.executable = executable
    // A child that dies while the host writes to it must not take the host with it (SIGPIPE).
    signal(SIGPIPE, SIG_IGN)
    let (stream, continuation) = AsyncStream.makeStream(of: Data.self)
    commands = continuation
    var options = PlatformOptions()
    options.createSession = true
    var program = Executable.path(FilePath(executable.path))
    var arguments = arguments
    if let memoryLimit {
      arguments = ["--data=\(memoryLimit)", "--", executable.path] + arguments
      program = .path(FilePath(Self.prlimit))
    }
    var added: [Environment.Key: String?] = [:]
    for (key, value) in environment { added[Environment.Key(stringLiteral: key)] = value }
    let configuration = Configuration(
      executable: program, arguments: Arguments(arguments), environment: .inherit.updating(added),
      workingDirectory: FilePath(directory.path), platformOptions: options)
    Task.detached { [self] in
      do {
        let result = try await Subprocess.run(
          configuration, input: .inputWriter, output: .sequence, error: .currentStandardError
        ) { execution in
          self.started(execution.processIdentifier.value)
          try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await self.readFrames(from: execution.standardOutput) }
            for await data in stream {
              _ = try? await execution.standardInputWriter.write(Array(data))
            }
            try? await execution.standardInputWriter.finish()
            try await group.waitForAll()
          }
        }
        switch result.terminationStatus {
        case .exited(let code): self.post(.exited(.status(code)))
        case .signaled(let signal): self.post(.exited(.signal(signal)))
        }
      } catch {
        self.post(.exited(.notStarted("\(error)")))
      }
    }
    condition.lock()
    while processID == nil, !ended { condition.wait() }
    let failure = events.lazy.compactMap { event -> String? in
      if case .exited(.notStarted(let why)) = event { why } else { nil }
    }.first
    condition.unlock()
    if let failure {
      throw WebActionError(.bundle, "cannot start the extension executable \(executable.path): \(failure)",
                           hint: "CFBundleExecutable must name an executable file in the bundle (chmod +x it; a script needs a #! line).")
    }
  }

  deinit {
    commands.finish()
  }

  /// False once the child has exited or closed its output (an extension may answer one request and exit): the next
  /// request needs a new process.
  var isRunning: Bool {
    condition.lock()
    defer { condition.unlock() }
    return !ended && !events.contains { if case .outputEnded = $0 { true } else { false } }
  }

  /// The child's process ID (for messages and tests).
  var pid: pid_t? {
    condition.lock()
    defer { condition.unlock() }
    return processID
  }

  /// Sends one message.
  func send(_ message: PropertyList) throws(ExtensionWire.ProtocolError) {
    commands.yield(try ExtensionWire.frame(message))
  }

  /// The next event, or nil when `deadline` passes first. Samples the child's memory every 50 ms meanwhile.
  func next(before deadline: Date) -> Event? {
    condition.lock()
    defer { condition.unlock() }
    while events.isEmpty {
      let slice = min(deadline, Date(timeIntervalSinceNow: 0.05))
      if !condition.wait(until: slice) {
        condition.unlock()
        sampleMemory()
        condition.lock()
        if Date() >= deadline, events.isEmpty { return nil }
      }
    }
    return events.removeFirst()
  }

  /// Ends the child: closes its input (a well-behaved extension exits at end of input); when it is still there after
  /// `grace`, SIGTERM to its session, then SIGKILL after `grace` more. Waits until it is gone and returns how it ended.
  @discardableResult
  func stop(grace: TimeInterval) -> Termination {
    if let ended = waitForExit(until: Date()) { return ended }
    commands.finish()
    if let ended = waitForExit(until: Date(timeIntervalSinceNow: grace)) { return ended }
    // The stream is finished; signal through the process group instead (the child leads its own session).
    if let pid { kill(-pid, SIGTERM) }
    if let ended = waitForExit(until: Date(timeIntervalSinceNow: grace)) { return ended }
    if let pid { kill(-pid, SIGKILL) }
    return waitForExit(until: .distantFuture)!
  }

  /// Waits until the child has exited or `deadline` passes; how it ended, or nil.
  func waitForExit(until deadline: Date) -> Termination? {
    condition.lock()
    defer { condition.unlock() }
    while true {
      if let index = events.lastIndex(where: { if case .exited = $0 { true } else { false } }),
        case .exited(let how) = events[index]
      {
        return how
      }
      // (Foundation's wait(until:) traps on .distantFuture.)
      if deadline == .distantFuture {
        condition.wait()
      } else if !condition.wait(until: deadline) {
        return nil
      }
    }
  }

  /// Reads the child's data-segment size from /proc (VmData) and keeps the largest.
  func sampleMemory() {
    guard let pid, let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmData:") }),
      let kilobytes = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
    else { return }
    condition.lock()
    peakDataBytes = max(peakDataBytes, kilobytes * 1024)
    condition.unlock()
  }

  // MARK: - The child's side of the pipes (Swift concurrency's threads)

  /// util-linux's prlimit(1).
  static let prlimit = "/usr/bin/prlimit"

  private func started(_ pid: pid_t) {
    condition.lock()
    processID = pid
    condition.broadcast()
    condition.unlock()
  }

  private func readFrames(from output: SubprocessOutputSequence) async {
    var pending = Data()
    do {
      for try await chunk in output {
        chunk.withUnsafeBytes { pending.append(contentsOf: $0) }
        while pending.count >= 4 {
          let length = try ExtensionWire.frameLength(header: pending.prefix(4))
          guard pending.count >= 4 + length else { break }
          let body = pending.subdata(in: pending.startIndex + 4..<pending.startIndex + 4 + length)
          pending.removeFirst(4 + length)
          post(.message(try ExtensionWire.message(body: body)))
        }
      }
      post(pending.isEmpty ? .outputEnded : .malformed("its output ended inside a frame (\(pending.count) bytes left over)"))
    } catch {
      post(.malformed("\(error)"))
    }
  }

  private func post(_ event: Event) {
    condition.lock()
    if case .exited = event { ended = true }
    events.append(event)
    condition.broadcast()
    condition.unlock()
  }
}
