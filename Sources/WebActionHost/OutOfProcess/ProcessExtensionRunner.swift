import Foundation
import WebActionKit

/// Runs the native extension as a process of its own and talks to it over ``ExtensionWire``: the bundle's
/// executable, or (with `--isolate`) this program serving a built-in principal class.
///
/// One process serves the pages of one host, one request at a time; it is started by `prepare` (while the page
/// loads) and stopped when the host goes. A crash, a malformed reply, a time-out or the memory limit fail that page
/// only: the process is stopped, and the next page starts a new one.
final class ProcessExtensionRunner: ExtensionRunner {
  /// What to start: a program and its arguments, run in `directory`.
  struct Command: Equatable {
    var executable: URL
    var arguments: [String] = []
    var directory: URL
    /// Added to the host's environment: `WEBACTION_APP_GROUPS`, the groups the bundle declares, one per line
    /// (WebActionKit's ``ExtensionService`` opens no others).
    var environment: [String: String] = [:]
  }

  let name: String
  let command: Command
  var timeout: TimeInterval
  /// Bytes of data (RLIMIT_DATA) the process may use; nil for no limit.
  var memoryLimit: Int?
  /// How long a process may take to go after being asked (end of input or `expire`, then SIGTERM), before the next
  /// step (SIGTERM, then SIGKILL).
  var grace: TimeInterval = 2
  private let report: (Diagnostic) -> Void
  private var child: ExtensionProcess?
  private var nextRequest = 1

  init(name: String, command: Command, timeout: TimeInterval, memoryLimit: Int?, report: @escaping (Diagnostic) -> Void) {
    self.name = name
    self.command = command
    self.timeout = timeout
    self.memoryLimit = memoryLimit
    self.report = report
  }

  deinit {
    child?.stop(grace: grace)
  }

  /// Starts the process now, so that its start overlaps the page's load; a failure to start is reported by `begin`.
  func prepare(arguments: [String: String]) {
    _ = try? running()
  }

  /// Sends the request and reads the reply before returning (one request at a time per process).
  func begin(_ request: ExtensionItem) throws(WebActionError) -> any PendingExtensionReply {
    // An extension may exit (status 0) after any reply, having served what it wanted to: a request sent as it went
    // goes to a new process, once.
    var reply = try send(request, retryingAfterAnExit: true)
    if reply == nil { reply = try send(request, retryingAfterAnExit: false) }
    let answer = reply!
    let name = name, report = report
    return AnsweredExtensionReply { opened throws(WebActionError) in
      try answer.finalizeArgument(of: name, opened: &opened, report: report)
    }
  }

  /// Sends one request and waits for its reply; nil when `retryingAfterAnExit` and the process exited with status 0
  /// before replying (then the caller sends it again).
  private func send(_ item: ExtensionItem, retryingAfterAnExit: Bool) throws(WebActionError) -> ExtensionWire.Reply? {
    let child = try running()
    let id = nextRequest
    nextRequest += 1
    do {
      try child.send(ExtensionWire.request(id: id, items: [item]))
    } catch {
      throw WebActionError(.protocolViolation, "the page's results cannot be sent to \(name): \(error)")
    }
    let deadline = Date(timeIntervalSinceNow: timeout)
    while true {
      guard let event = child.next(before: deadline) else {
        // Time is up: ask politely (expire), then SIGTERM, then SIGKILL.
        try? child.send(["type": "expire", "id": .integer(id)])
        let ended = end(child)
        throw WebActionError(
          .extensionFailed,
          "\(name) did not reply within \(Preprocessor.seconds(timeout)); it was stopped (it \(Self.describe(ended)))",
          hint: "Raise --extension-timeout if it really needs longer.")
      }
      switch event {
      case .message(let message):
        let reply: ExtensionWire.Reply
        do {
          let decoded = try ExtensionWire.decodeReply(message)
          guard decoded.id == id else {
            throw ExtensionWire.ProtocolError("a reply to request \(decoded.id) arrived while request \(id) was open")
          }
          reply = decoded.reply
        } catch {
          throw malformed(child, "\(error)")
        }
        return reply
      case .malformed(let why):
        throw malformed(child, why)
      case .outputEnded, .exited:
        let ended = end(child)
        if retryingAfterAnExit, ended == .status(0) { return nil }
        // A process past its data limit fails an allocation and dies (a Swift trap, a Python MemoryError): the
        // last sample (every 50 ms) near the limit says which.
        var memory = ""
        if let limit = memoryLimit, child.peakDataBytes * 10 >= limit * 9 {
          memory = "; it had used \(Self.megabytes(child.peakDataBytes)) of its \(Self.megabytes(limit)) memory limit, so it most likely ran out of memory"
        }
        let limit = memoryLimit.map { " Its memory is limited to \(Self.megabytes($0)) of data (--extension-memory-limit MB raises it; 0: none), and an allocation past that fails." } ?? ""
        throw WebActionError(
          .extensionFailed, "\(name) \(Self.describe(ended)) before replying to the request\(memory)",
          hint: "Its own messages, if any, are above.\(limit) The next page starts it again.")
      }
    }
  }

  /// The running process, started when there is none.
  private func running() throws(WebActionError) -> ExtensionProcess {
    if let child, child.isRunning { return child }
    if let child { child.stop(grace: grace) }
    child = nil
    let started = try ExtensionProcess(
      executable: command.executable, arguments: command.arguments, environment: command.environment,
      directory: command.directory, memoryLimit: memoryLimit)
    child = started
    return started
  }

  /// Stops `child` for good (the next page starts another) and says how it ended.
  private func end(_ child: ExtensionProcess) -> ExtensionProcess.Termination {
    self.child = nil
    return child.stop(grace: grace)
  }

  private func malformed(_ child: ExtensionProcess, _ why: String) -> WebActionError {
    let ended = end(child)
    return WebActionError(
      .extensionFailed, "\(name) broke the extension protocol: \(why) (it was stopped; it \(Self.describe(ended)))",
      hint: "An extension process must write only ExtensionWire frames to standard output (WebActionKit's documentation: “The extension protocol”); print diagnostics to standard error.")
  }

  static func describe(_ ended: ExtensionProcess.Termination) -> String {
    switch ended {
    case .status(0): "exited"
    case .status(let code): "exited with status \(code)"
    case .signal(let signal): "was killed by signal \(signal) (\(String(cString: strsignal(signal))))"
    case .notStarted(let why): "could not be started: \(why)"
    }
  }

  private static func megabytes(_ bytes: Int) -> String { String(format: "%.0f MB", Double(bytes) / 1_048_576) }
}
