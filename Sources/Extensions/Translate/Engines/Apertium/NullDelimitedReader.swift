import Foundation

/// Drains a pipe on its own thread and hands out `\0`-terminated answers with a deadline on every read.
///
/// Because the pipe is always drained, a writer on another thread never blocks on a full pipe for long.
final class NullDelimitedReader: @unchecked Sendable {
  private let condition = NSCondition()
  private var buffer = Data()
  private var finished = false
  /// Bytes before this offset are known to hold no `\0`.
  private var scanned = 0
  private let keepTail: Int?

  /// Starts draining `handle`; `keepTail` keeps only the last N bytes (for stderr).
  init(_ handle: FileHandle, keepTail: Int? = nil) {
    self.keepTail = keepTail
    let thread = Thread { [self] in
      while true {
        let chunk = handle.availableData
        condition.lock()
        if chunk.isEmpty { finished = true } else { buffer.append(chunk) }
        if let keep = keepTail, buffer.count > keep { buffer = Data(buffer.suffix(keep)); scanned = 0 }
        condition.broadcast()
        condition.unlock()
        if chunk.isEmpty { return }
      }
    }
    thread.name = "webaction.apertium.reader"
    thread.start()
  }

  enum ReadError: Error {
    case timedOut
    case endOfStream
  }

  /// The bytes up to the next `\0` (not included), waiting at most until `deadline`.
  func next(before deadline: Date) throws(ReadError) -> Data {
    condition.lock()
    defer { condition.unlock() }
    while true {
      if let answer = takeAnswer() { return answer }
      if finished { throw .endOfStream }
      if !condition.wait(until: deadline) {
        if let answer = takeAnswer() { return answer }
        throw .timedOut
      }
    }
  }

  /// Removes and returns the bytes before the first `\0`, searching only bytes not searched before.
  private func takeAnswer() -> Data? {
    let start = buffer.startIndex + scanned
    guard let zero = buffer[start...].firstIndex(of: 0) else {
      scanned = buffer.count
      return nil
    }
    let answer = Data(buffer[buffer.startIndex..<zero])
    buffer = Data(buffer[buffer.index(after: zero)...])
    scanned = 0
    return answer
  }

  /// Everything buffered so far, as text (used for stderr).
  var text: String {
    condition.lock()
    defer { condition.unlock() }
    return String(decoding: buffer, as: UTF8.self)
  }

  /// Waits until the pipe closes or `deadline` passes; true when it closed.
  func waitForEnd(before deadline: Date) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    while !finished { if !condition.wait(until: deadline) { return finished } }
    return true
  }
}
