import Foundation

/// What happened to one file of a batch: a line of `--report` (JSON Lines) and a worker's answer to its job.
public struct BatchRecord: Codable, Sendable, Equatable {
  /// How the file ended, as `--report` writes it (`ok`, `skipped`, `failed`, `interrupted`, `not-started`).
  public enum Status: String, Codable, Sendable {
    /// Processed and written.
    case ok
    /// Not processed: its output was complete and newer than the input and the extension (`--resume`).
    case skipped
    /// Processing failed; nothing was written for it.
    case failed
    /// The batch was stopped (Ctrl-C, SIGTERM) while the file was being processed; nothing was written for it.
    case interrupted
    /// The batch stopped before the file's turn came: it was not read.
    case notStarted = "not-started"
  }

  /// The error of a failed file: its class (as `webaction run`'s exit codes name them) and message.
  public struct Failure: Codable, Sendable, Equatable {
    /// The class of the error: a ``WebActionError/Kind-swift.enum`` raw value (`input`, `script`, …).
    public var kind: String
    /// The error's text, with its hint on a second line when it has one.
    public var message: String
    /// True when every page would fail alike (a bundle, dependency or script-syntax error): the batch stops at it.
    public var sameForEveryPage: Bool?

    /// A failure of class `kind` saying `message`; `sameForEveryPage` true makes the batch stop at it.
    public init(kind: String, message: String, sameForEveryPage: Bool? = nil) {
      self.kind = kind
      self.message = message
      self.sameForEveryPage = sameForEveryPage
    }

    /// The failure `error` describes, marked the same for every page when it stops a batch
    /// (``WebActionError/stopsABatch``).
    public init(_ error: WebActionError) {
      self.init(kind: error.kind.rawValue, message: error.description, sameForEveryPage: error.stopsABatch ? true : nil)
    }
  }

  /// The input file's path, as found.
  public var input: String
  /// The output's absolute path; empty when the batch writes no pages.
  public var output: String
  /// How the file ended.
  public var status: Status
  /// Wall-clock milliseconds spent on the file (0 when skipped).
  public var milliseconds: Int
  /// The input's size in bytes: as read, or as found when the file was not read.
  public var bytesIn: Int
  /// The bytes written for the file; 0 when nothing was.
  public var bytesOut: Int
  /// The pages the file held (a WARC file holds any number).
  public var pages: Int
  /// Why the file failed; nil unless it did.
  public var error: Failure?
  /// The worker process that handled the file (nil when it was skipped, or its worker died).
  public var worker: Int32?
  /// That worker's peak resident memory so far, in KiB (`getrusage`'s `ru_maxrss`): a worker whose memory grows
  /// from file to file shows it here.
  public var workerPeakKiB: Int?
  /// Each page's run() results and finalize() argument, as one JSON object of text, when the batch collects them
  /// (`--results`, `--results-dir`); not part of `--report`'s lines.
  public var pageResults: [String]?

  /// A record of `input` and `output` with `status`; the counts default to 0 and `error` to none.
  public init(
    input: String, output: String, status: Status, milliseconds: Int = 0, bytesIn: Int = 0, bytesOut: Int = 0,
    pages: Int = 0, error: Failure? = nil
  ) {
    self.input = input
    self.output = output
    self.status = status
    self.milliseconds = milliseconds
    self.bytesIn = bytesIn
    self.bytesOut = bytesOut
    self.pages = pages
    self.error = error
  }
}

/// The first message a batch sends each worker: how to run every page.
public struct BatchWorkerSetup: Codable, Sendable {
  /// `--ext` as given: the worker resolves it as `run` would.
  public var extensionName: String
  /// The options every page runs with (`--arg` pairs, timeouts, limits), as `run` would use them.
  public var settings: PageSettings
  /// Pass the pages' console output and warnings on (to standard error, prefixed with the page).
  public var verbose: Bool
  /// The `--finalize-args` file's bytes, read once by the batch (a pipe can be read only once).
  public var finalizeArguments: Data?

  /// A setup for `extensionName` with `settings`, without a `--finalize-args` file.
  public init(extensionName: String, settings: PageSettings, verbose: Bool) {
    self.extensionName = extensionName
    self.settings = settings
    self.verbose = verbose
  }
}

/// One job: a file to process and where its output goes.
public struct BatchJob: Codable, Sendable {
  /// The file to process.
  public var file: BatchFile
  /// The output's absolute path; empty when the batch writes no pages (only results).
  public var output: String
  /// Send back each page's results (``BatchRecord/pageResults``).
  public var collectsResults = false

  /// A job for `file`, written to `output` (empty: not written), sending back page results when
  /// `collectsResults`.
  public init(file: BatchFile, output: String, collectsResults: Bool = false) {
    self.file = file
    self.output = output
    self.collectsResults = collectsResults
  }
}

/// JSON Lines over a pair of file descriptors: each message is one line, written with one `write` so that lines
/// never interleave, read with a buffer so that a line may arrive in pieces.
final class LineChannel {
  private let input: Int32
  private let output: Int32
  private var buffer: [UInt8] = []
  private let encoder = JSONEncoder()
  private let decoder = JSONDecoder()

  init(input: Int32, output: Int32) {
    self.input = input
    self.output = output
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
  }

  /// Sends `message`; false when the other side is gone.
  @discardableResult
  func send<T: Encodable>(_ message: T) -> Bool {
    guard var data = try? encoder.encode(message) else { return false }
    data.append(UInt8(ascii: "\n"))
    return FileDescriptorWriter.writeAll(data, to: output) == nil
  }

  /// The next message; nil at end of input. With a `deadline`, `.timedOut` when no whole line came by then.
  func receive<T: Decodable>(_ type: T.Type, deadline: Date? = nil) -> Received<T> {
    while true {
      if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
        let line = Data(buffer[..<newline])
        buffer.removeSubrange(...newline)
        guard let message = try? decoder.decode(T.self, from: line) else {
          return .malformed(String(decoding: line.prefix(200), as: UTF8.self))
        }
        return .message(message)
      }
      if let deadline {
        let milliseconds = Int32(clamping: max(0, Int(deadline.timeIntervalSinceNow * 1000)))
        var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, milliseconds)
        if ready == 0 { return .timedOut }
        if ready < 0, errno == EINTR { continue }
      }
      var chunk = [UInt8](repeating: 0, count: 65_536)
      let count = read(input, &chunk, chunk.count)
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { return .end }
      buffer.append(contentsOf: chunk[..<count])
    }
  }

  /// True when a message has begun to arrive, or the other side closed its end: `receive` would not wait for long.
  var hasInput: Bool {
    if !buffer.isEmpty { return true }
    var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
    return poll(&descriptor, 1, 0) > 0
  }

  enum Received<T> {
    case message(T)
    case end
    case timedOut
    case malformed(String)
  }
}
