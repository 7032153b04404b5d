/// A line of a byte buffer: `start..<end` is its text, `next` where the following line starts (after its CRLF or
/// LF; `end` for a last line that has none).
struct ByteLine: Sendable {
  var start: Int
  var end: Int
  var next: Int
  /// Whether a line break ends the line.
  var isTerminated: Bool { next > end }
}

/// A saved-page format's input that is not what its format says: `what` completes "NAME: ...".
struct MalformedInput: Error {
  var what: String
  init(_ what: String) { self.what = what }
}

extension Array where Element == UInt8 {
  static let crlf: [UInt8] = [0x0D, 0x0A]

  /// The line starting at `start`, ended by LF (a CR before it is not part of the text) or by `limit`.
  func line(at start: Int, limit: Int? = nil) -> ByteLine {
    let limit = limit ?? count
    var index = start
    while index < limit, self[index] != 0x0A { index += 1 }
    guard index < limit else { return ByteLine(start: start, end: limit, next: limit) }
    let end = index > start && self[index - 1] == 0x0D ? index - 1 : index
    return ByteLine(start: start, end: end, next: index + 1)
  }

  /// Whether `prefix` occurs at `index`.
  func hasPrefix(_ prefix: [UInt8], at index: Int) -> Bool {
    guard index >= 0, index + prefix.count <= count else { return false }
    for offset in prefix.indices where self[index + offset] != prefix[offset] { return false }
    return true
  }

  /// Whether `pattern` occurs anywhere in `self[range]`.
  func contains(_ pattern: [UInt8], in range: Range<Int>) -> Bool {
    guard let first = pattern.first, range.count >= pattern.count else { return pattern.isEmpty }
    var index = range.lowerBound
    while index <= range.upperBound - pattern.count {
      if self[index] == first, hasPrefix(pattern, at: index) { return true }
      index += 1
    }
    return false
  }

  /// A copy with each range replaced by its bytes; the ranges are in order and do not overlap.
  func replacing(_ edits: [(range: Range<Int>, bytes: [UInt8])]) -> [UInt8] {
    var result: [UInt8] = []
    result.reserveCapacity(count)
    var copied = 0
    for edit in edits {
      result += self[copied..<edit.range.lowerBound]
      result += edit.bytes
      copied = edit.range.upperBound
    }
    result += self[copied...]
    return result
  }

  /// The bytes as text, one character per byte (ISO-8859-1), as header values are read.
  var latin1: String { String(decoding: map { UInt16($0) }, as: UTF16.self) }
}

extension ArraySlice where Element == UInt8 {
  /// The bytes as text, one character per byte (ISO-8859-1).
  var latin1: String { String(decoding: map { UInt16($0) }, as: UTF16.self) }
}

extension String {
  /// The text as bytes, one per character (ISO-8859-1; other characters become `?`), as header lines are written.
  var latin1Bytes: [UInt8] { unicodeScalars.map { $0.value < 256 ? UInt8($0.value) : 0x3F } }
}
