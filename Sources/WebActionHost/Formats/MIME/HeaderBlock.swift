/// Header fields as MIME (RFC 5322 §2.2), WARC and HTTP/1.1 write them: `Name: value` lines, where a line starting
/// with a space or a tab continues the one before (folding), ended by an empty line.
///
/// Each field keeps its bytes as read, so a block written back differs only in the fields that were set.
struct HeaderBlock: Sendable {
  struct Field: Sendable {
    /// The name as spelled in the file.
    var name: String
    /// The value, unfolded and trimmed, read as ISO-8859-1.
    var value: String
    /// The field's lines as read, line breaks included (or as written by ``HeaderBlock/set(_:_:)``).
    var raw: [UInt8]
  }

  var fields: [Field]
  /// The empty line that ends the block, as read (CRLF or LF); new fields end with the same line break.
  var terminator: [UInt8]

  /// Reads the block starting at `start`, up to and including its empty line, which must come before `limit`.
  /// Returns the block and where what follows it starts.
  static func parse(_ bytes: [UInt8], at start: Int, limit: Int? = nil) throws(MalformedInput) -> (HeaderBlock, Int) {
    let limit = limit ?? bytes.count
    var fields: [Field] = []
    var index = start
    while true {
      let line = bytes.line(at: index, limit: limit)
      guard line.isTerminated else { throw MalformedInput("the headers have no empty line after them") }
      if line.end == line.start {
        return (HeaderBlock(fields: fields, terminator: Array(bytes[line.start..<line.next])), line.next)
      }
      let text = bytes[line.start..<line.end]
      if text.first == 0x20 || text.first == 0x09 {
        guard !fields.isEmpty else { throw MalformedInput("the headers start with a continuation line") }
        fields[fields.count - 1].value += " " + text.latin1.trimmingSpaces
        fields[fields.count - 1].raw += bytes[line.start..<line.next]
      } else {
        guard let colon = text.firstIndex(of: 0x3A) else {
          throw MalformedInput("the header line \"\(String(text.latin1.prefix(60)))\" has no colon")
        }
        fields.append(Field(
          name: bytes[line.start..<colon].latin1.trimmingSpaces,
          value: bytes[(colon + 1)..<line.end].latin1.trimmingSpaces, raw: Array(bytes[line.start..<line.next])))
      }
      index = line.next
    }
  }

  /// The first value of the field `name` (any case), if any.
  subscript(name: String) -> String? {
    fields.first { $0.name.lowercased() == name.lowercased() }?.value
  }

  /// Sets the first field `name` to `value`, in its place and with its spelling, or adds the field at the end.
  mutating func set(_ name: String, _ value: String) {
    if let index = fields.firstIndex(where: { $0.name.lowercased() == name.lowercased() }) {
      let spelling = fields[index].name
      fields[index] = Field(name: spelling, value: value, raw: "\(spelling): \(value)".latin1Bytes + terminator)
    } else {
      fields.append(Field(name: name, value: value, raw: "\(name): \(value)".latin1Bytes + terminator))
    }
  }

  /// Removes every field `name`.
  mutating func remove(_ name: String) {
    fields.removeAll { $0.name.lowercased() == name.lowercased() }
  }

  /// The block as bytes: its fields and the empty line.
  var bytes: [UInt8] { fields.flatMap(\.raw) + terminator }
}

extension StringProtocol {
  /// The text without leading and trailing spaces and tabs.
  var trimmingSpaces: String {
    let isSpace = { (c: Character) in c == " " || c == "\t" }
    guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
      return ""
    }
    return String(self[first...last])
  }
}
