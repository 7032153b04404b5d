import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The one way webaction, its workers and its extensions start programs: no child outlives the process that started
/// it, whatever signal that process gets.
///
/// - Each child leads a process group of its own (Foundation's `Process` starts it so: pgid = pid), so a stop reaches
///   whatever it started itself (an Apertium pipeline's stages): SIGTERM to the group, then SIGKILL.
/// - Each child carries a parent-death signal (SIGKILL, set by util-linux's `setpriv --pdeathsig`, which then executes
///   the program, keeping its process ID): when the process that started it dies, even by SIGKILL, the kernel kills
///   it. Linux sends that signal when the *thread* that forked the child ends, so every child is started from one
///   thread that lives as long as the process.
/// - ``handleTerminationSignals(_:)`` makes SIGINT, SIGTERM and SIGHUP stop every child before this process ends.
/// - An optional data-segment limit (`RLIMIT_DATA`, set by util-linux's `prlimit`) holds from the child's first
///   instruction.
///
/// `setpriv` and `prlimit` are in Debian's essential set (util-linux); without `setpriv` a child is started as is.
public enum ChildProcesses {
  /// Starts `process` as described above: its executable and arguments are kept, wrapped in `setpriv` (and `prlimit`
  /// for `dataLimit` bytes); `Process.processIdentifier` is the program's own. Throws as `Process.run()` does, and
  /// when the executable is missing or not executable.
  public static func run(_ process: Process, dataLimit: Int? = nil) throws {
    guard let program = process.executableURL?.path else { throw StartError(program: "", reason: "no executable given") }
    guard access(program, X_OK) == 0 else {
      throw StartError(program: program, reason: String(cString: strerror(errno)))
    }
    var wrapped = [program] + (process.arguments ?? [])
    if let dataLimit { wrapped = [prlimit, "--data=\(dataLimit)", "--"] + wrapped }
    if hasSetpriv { wrapped = [setpriv, "--pdeathsig", "KILL", "--"] + wrapped }
    process.executableURL = URL(fileURLWithPath: wrapped[0])
    process.arguments = Array(wrapped.dropFirst())
    try spawner.perform { try process.run() }
    registry.add(process)
  }

  /// Stops `process`'s whole group: SIGTERM, then SIGKILL when it is still there after `grace`. Returns once it has
  /// exited (its status is then in `process`).
  public static func stop(_ process: Process, grace: TimeInterval) {
    let pid = process.processIdentifier
    guard pid > 0, process.isRunning else { return }
    kill(-pid, SIGTERM)
    let deadline = Date(timeIntervalSinceNow: grace)
    while process.isRunning, Date() < deadline { usleep(10_000) }
    if process.isRunning { kill(-pid, SIGKILL) }
    process.waitUntilExit()
  }

  /// Stops every child still running (each group SIGTERM, then SIGKILL after `grace`), all at once.
  public static func stopAll(grace: TimeInterval) {
    let running = registry.running()
    for process in running { kill(-process.processIdentifier, SIGTERM) }
    let deadline = Date(timeIntervalSinceNow: grace)
    while running.contains(where: \.isRunning), Date() < deadline { usleep(10_000) }
    for process in running where process.isRunning { kill(-process.processIdentifier, SIGKILL) }
  }

  /// What `arguments` (a program found on PATH, and its arguments) prints on standard output, and its exit status;
  /// nil when it cannot be started. Its standard error is dropped.
  public static func output(of arguments: [String]) -> (status: Int32, text: String)? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle(forWritingAtPath: "/dev/null")
    guard (try? run(process)) != nil else { return nil }
    let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, text)
  }

  /// The children started by ``run(_:dataLimit:)`` and still running.
  public static var running: [Process] { registry.running() }

  /// What SIGINT, SIGTERM and SIGHUP do in this process from now on: `handler(signal)` runs on a background queue.
  /// Without a handler (the default once this was called): every child is stopped (``stopAll(grace:)``, one second's
  /// grace) and this process ends by that signal, as it would have without a handler. A later call replaces the
  /// handler. The signals' dispositions stay "caught", never "ignored", so the children start with the defaults.
  public static func handleTerminationSignals(_ handler: (@Sendable (Int32) -> Void)? = nil) {
    signals.install(handler ?? { signal in
      ending.set()
      stopAll(grace: 1)
      endBySignal(signal)
    })
  }

  /// Never returns while a termination signal is ending this process (``handleTerminationSignals(_:)``'s default):
  /// a command about to exit with a failure that the stopped children caused calls it first, so that the process
  /// ends by the signal it got, not with that failure's code.
  public static func waitIfEnding() {
    while ending.isSet { sleep(1) }
  }

  private static let ending = Flag()

  private final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() {
      lock.lock()
      value = true
      lock.unlock()
    }
    var isSet: Bool {
      lock.lock()
      defer { lock.unlock() }
      return value
    }
  }

  /// Ends this process by `signal`, with its default action (a parent sees "killed by signal N", a shell 128 + N).
  public static func endBySignal(_ signal: Int32) -> Never {
    Glibc.signal(signal, SIG_DFL)
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, signal)
    pthread_sigmask(SIG_UNBLOCK, &set, nil)
    raise(signal)
    exit(128 + signal)
  }

  /// A program that could not be started.
  public struct StartError: LocalizedError, CustomStringConvertible {
    /// The executable's path; empty when no executable was given.
    public var program: String
    /// Why it could not start: the system's message (`strerror`), or "no executable given".
    public var reason: String
    /// `cannot run PROGRAM: REASON`, or the reason alone when there is no program.
    public var description: String { program.isEmpty ? reason : "cannot run \(program): \(reason)" }
    /// The same text as ``description``, for `localizedDescription`.
    public var errorDescription: String? { description }
  }

  static let setpriv = "/usr/bin/setpriv"
  static let prlimit = "/usr/bin/prlimit"
  private static let hasSetpriv = access(setpriv, X_OK) == 0
  private static let spawner = Spawner()
  private static let registry = Registry()
  private static let signals = SignalHandlers()

  /// The thread every child is started from: it never ends, so a child's parent-death signal fires only when this
  /// process does.
  private final class Spawner: @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [() -> Void] = []

    init() {
      let thread = Thread { [unowned self] in serve() }
      thread.name = "webaction.child-spawner"
      thread.start()
    }

    private func serve() {
      while true {
        condition.lock()
        while jobs.isEmpty { condition.wait() }
        let job = jobs.removeFirst()
        condition.unlock()
        job()
      }
    }

    func perform(_ body: @escaping () throws -> Void) throws {
      let done = DispatchSemaphore(value: 0)
      var failure: Error?
      condition.lock()
      jobs.append {
        do { try body() } catch { failure = error }
        done.signal()
      }
      condition.signal()
      condition.unlock()
      done.wait()
      if let failure { throw failure }
    }
  }

  /// The children started, held weakly: a finished child's `Process` goes when its owner lets it go.
  private final class Registry: @unchecked Sendable {
    private final class Entry {
      weak var process: Process?
      init(_ process: Process) { self.process = process }
    }

    private let lock = NSLock()
    private var entries: [Entry] = []

    func add(_ process: Process) {
      lock.lock()
      defer { lock.unlock() }
      entries.removeAll { $0.process.map { !$0.isRunning } ?? true }
      entries.append(Entry(process))
    }

    func running() -> [Process] {
      lock.lock()
      defer { lock.unlock() }
      return entries.compactMap(\.process).filter(\.isRunning)
    }
  }

  /// One dispatch source per termination signal, calling the current handler.
  private final class SignalHandlers: @unchecked Sendable {
    private let lock = NSLock()
    private var handler: (@Sendable (Int32) -> Void)?
    private var sources: [DispatchSourceSignal] = []

    func install(_ handler: @escaping @Sendable (Int32) -> Void) {
      lock.lock()
      defer { lock.unlock() }
      self.handler = handler
      guard sources.isEmpty else { return }
      for signal in [SIGINT, SIGTERM, SIGHUP] {
        // libdispatch on Linux catches the signal with a handler of its own (not SIG_IGN, which children would
        // inherit through exec).
        let source = DispatchSource.makeSignalSource(signal: signal, queue: .global())
        source.setEventHandler { [unowned self] in current()?(signal) }
        source.resume()
        sources.append(source)
      }
    }

    private func current() -> (@Sendable (Int32) -> Void)? {
      lock.lock()
      defer { lock.unlock() }
      return handler
    }
  }
}
