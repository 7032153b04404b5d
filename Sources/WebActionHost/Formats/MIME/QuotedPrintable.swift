/// Quoted-printable, the MIME content transfer encoding of mostly-ASCII text (RFC 2045 §6.7).
enum QuotedPrintable {
  /// The longest encoded line, soft-break `=` included.
  static let lineLength = 76

  /// Decodes `bytes`: `=XX` is a byte, `=` at the end of a line joins it to the next (a soft break), trailing
  /// spaces and tabs (added in transport) are dropped, and other line breaks are kept as written. An `=` not
  /// followed by two hex digits is kept as it is, as RFC 2045 advises.
  static func decode(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
    let input = Array(bytes)
    var output: [UInt8] = []
    output.reserveCapacity(input.count)
    var index = 0
    while index < input.count {
      let line = input.line(at: index)
      var end = line.end
      while end > line.start, input[end - 1] == 0x20 || input[end - 1] == 0x09 { end -= 1 }
      let soft = end > line.start && input[end - 1] == 0x3D
      if soft { end -= 1 }
      var position = line.start
      while position < end {
        if input[position] == 0x3D, let high = hexValue(input, position + 1, end),
          let low = hexValue(input, position + 2, end)
        {
          output.append(high << 4 | low)
          position += 3
        } else {
          output.append(input[position])
          position += 1
        }
      }
      if !soft { output += input[line.end..<line.next] }
      index = line.next
    }
    return output
  }

  private static func hexValue(_ bytes: [UInt8], _ index: Int, _ end: Int) -> UInt8? {
    guard index < end else { return nil }
    switch bytes[index] {
    case 0x30...0x39: return bytes[index] - 0x30
    case 0x41...0x46: return bytes[index] - 0x41 + 10
    case 0x61...0x66: return bytes[index] - 0x61 + 10
    default: return nil
    }
  }

  /// Encodes text as Chromium writes an MHTML page: printable ASCII as itself (`=` as `=3D`), other bytes as `=XX`,
  /// a space or tab before a line break or at the end as `=20`/`=09`, each line break (LF or CRLF) as CRLF, and
  /// lines cut with a soft break `=` CRLF so that none is longer than 76 bytes.
  static func encode(_ bytes: [UInt8]) -> [UInt8] {
    let hex: [UInt8] = Array("0123456789ABCDEF".utf8)
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count + bytes.count / 8)
    var column = 0
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 0x0A || (byte == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A) {
        output += [UInt8].crlf
        column = 0
        index += byte == 0x0D ? 2 : 1
        continue
      }
      let next = index + 1 < bytes.count ? bytes[index + 1] : nil
      let beforeBreak =
        next == nil || next == 0x0A || (next == 0x0D && index + 2 < bytes.count && bytes[index + 2] == 0x0A)
      let literal = (0x21...0x7E).contains(byte) && byte != 0x3D || ((byte == 0x20 || byte == 0x09) && !beforeBreak)
      let token: [UInt8] = literal ? [byte] : [0x3D, hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
      // A line may end with the soft break's `=`, so it holds 75 bytes before it.
      if column + token.count > lineLength - 1 {
        output += [0x3D] + [UInt8].crlf
        column = 0
      }
      output += token
      column += token.count
      index += 1
    }
    return output
  }
}
