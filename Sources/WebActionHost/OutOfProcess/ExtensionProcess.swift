import Foundation
import WebActionKit

/// One extension executable, running: started by ``ChildProcesses`` (a process group of its own, killed by the
/// kernel if this process dies, its data-segment limit set from its first instruction), spoken to over
/// ``ExtensionWire`` by one host thread, which blocks while it waits (a page's work stays on its thread). A reader
/// thread turns the child's output into events; a serial queue writes its input, so a long request never blocks the
/// host thread against a child that is writing.
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
  private let process = Process()
  private let processID: pid_t
  private var ended = false
  /// The child's standard input.
  private let input: InputWriter
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
    process.executableURL = executable
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    process.currentDirectoryURL = directory
    let toChild = Pipe()
    let fromChild = Pipe()
    process.standardInput = toChild
    process.standardOutput = fromChild
    process.standardError = FileHandle.standardError
    do {
      try ChildProcesses.run(process, dataLimit: memoryLimit)
    } catch {
      throw WebActionError(.bundle, "cannot start the extension executable \(executable.path): \(error)",
                           hint: "CFBundleExecutable must name an executable file in the bundle (chmod +x it; a script needs a #! line).")
    }
    processID = process.processIdentifier
    input = InputWriter(toChild.fileHandleForWriting)
    // The child's ends are its own now.
    try? toChild.fileHandleForReading.close()
    try? fromChild.fileHandleForWriting.close()
    let output = fromChild.fileHandleForReading
    let reader = Thread { [self] in
      readFrames(from: output)
      process.waitUntilExit()
      post(.exited(process.terminationReason == .uncaughtSignal ? .signal(process.terminationStatus) : .status(process.terminationStatus)))
    }
    reader.name = "webaction.extension-process.reader"
    reader.start()
  }

  deinit {
    input.close()
  }

  /// Writes frames to the child's standard input in order from a serial queue, and closes it after them.
  private final class InputWriter: @unchecked Sendable {
    private let queue = DispatchQueue(label: "webaction.extension-process.writer")
    private let handle: FileHandle
    private var closed = false

    init(_ handle: FileHandle) { self.handle = handle }

    func write(_ data: Data) {
      queue.async { [self] in
        if !closed { try? handle.write(contentsOf: data) }
      }
    }

    func close() {
      queue.async { [self] in
        if !closed { try? handle.close() }
        closed = true
      }
    }
  }

  /// False once the child has exited or closed its output (an extension may answer one request and exit): the next
  /// request needs a new process.
  var isRunning: Bool {
    condition.lock()
    defer { condition.unlock() }
    return !ended && !events.contains { if case .outputEnded = $0 { true } else { false } }
  }

  /// The child's process ID (for messages and tests).
  var pid: pid_t? { processID }

  /// Sends one message.
  func send(_ message: PropertyList) throws(ExtensionWire.ProtocolError) {
    input.write(try ExtensionWire.frame(message))
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
    input.close()
    if let ended = waitForExit(until: Date(timeIntervalSinceNow: grace)) { return ended }
    // Its input is closed; signal its process group instead (the child leads its own).
    ChildProcesses.stop(process, grace: grace)
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
    guard let status = try? String(contentsOfFile: "/proc/\(processID)/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmData:") }),
      let kilobytes = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
    else { return }
    condition.lock()
    peakDataBytes = max(peakDataBytes, kilobytes * 1024)
    condition.unlock()
  }

  // MARK: - The child's output (its reader thread)

  /// Reads frames until the child's output ends (its reader thread).
  private func readFrames(from output: FileHandle) {
    defer { try? output.close() }
    var pending = Data()
    do {
      // (FileHandle's read(upToCount:) waits for the whole count; a reply is shorter.)
      var buffer = [UInt8](repeating: 0, count: 65536)
      while true {
        let count = read(output.fileDescriptor, &buffer, buffer.count)
        if count < 0, errno == EINTR { continue }
        guard count > 0 else { break }
        pending.append(contentsOf: buffer[..<count])
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
