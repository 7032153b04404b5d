/// One WARC record as read (WARC/1.0 and 1.1, ISO 28500 §4): a version line, headers, an empty line, a block of
/// `Content-Length` bytes and CRLF CRLF, each kept by its place in the file.
struct WARCRecord: Sendable {
  /// The whole record, from its version line to the end of the CRLF CRLF after its block.
  var range: Range<Int>
  var headers: HeaderBlock
  /// From the first header line to the end of the empty line after the headers.
  var headerRange: Range<Int>
  var blockRange: Range<Int>
  /// Its number in the file, from 1, for messages.
  var number: Int

  /// `WARC-Type`, lowercased.
  var type: String { (headers["WARC-Type"] ?? "").lowercased() }

  /// `WARC-Target-URI`, without the angle brackets WARC/1.0's grammar allowed.
  var targetURI: String? {
    guard let uri = headers["WARC-Target-URI"] else { return nil }
    return uri.hasPrefix("<") && uri.hasSuffix(">") && uri.count >= 2 ? String(uri.dropFirst().dropLast()) : uri
  }

  /// How messages name the record: its number, type and target.
  var label: String {
    let about = targetURI.map { "\(type) \($0)" } ?? type
    return "record \(number) (\(about))"
  }

  /// Every record of `bytes`, which must hold nothing else.
  static func records(in bytes: [UInt8]) throws(MalformedInput) -> [WARCRecord] {
    var records: [WARCRecord] = []
    var start = 0
    while start < bytes.count {
      let number = records.count + 1
      let version = bytes.line(at: start)
      let text = bytes[version.start..<version.end].latin1
      guard text.hasPrefix("WARC/1."), version.isTerminated else {
        throw MalformedInput("record \(number), at byte \(start), does not start with a WARC/1.0 or 1.1 line")
      }
      let headers: HeaderBlock
      let blockStart: Int
      do {
        (headers, blockStart) = try HeaderBlock.parse(bytes, at: version.next)
      } catch {
        throw MalformedInput("record \(number), at byte \(start): \(error.what)")
      }
      var record = WARCRecord(
        range: start..<blockStart, headers: headers, headerRange: version.next..<blockStart,
        blockRange: blockStart..<blockStart, number: number)
      guard let length = headers["Content-Length"].flatMap({ Int($0) }), length >= 0 else {
        throw MalformedInput("\(record.label) has no valid Content-Length")
      }
      let available = bytes.count - blockStart
      guard length <= available else {
        throw MalformedInput(
          "\(record.label) is cut short: its Content-Length is \(length) but \(available) bytes follow")
      }
      record.blockRange = blockStart..<(blockStart + length)
      guard bytes.hasPrefix([UInt8].crlf + .crlf, at: record.blockRange.upperBound) else {
        throw MalformedInput("\(record.label) does not end with CRLF CRLF after its \(length)-byte block")
      }
      record.range = start..<(record.blockRange.upperBound + 4)
      records.append(record)
      start = record.range.upperBound
    }
    return records
  }
}
