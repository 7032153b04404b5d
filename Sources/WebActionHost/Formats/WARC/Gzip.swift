import CZlib

/// gzip (RFC 1952) and deflate through zlib: the members of a `.warc.gz`, and gzip- or deflate-encoded payloads.
/// zlib's calls live in this file only.
enum Gzip {
  /// One member of a gzip file: where it lies in the file, and what it holds.
  struct Member: Sendable {
    var range: Range<Int>
    var content: [UInt8]
  }

  /// Every member of `bytes`, in order: a `.warc.gz` holds one per record, or one for the whole file. With a
  /// `limit`, members that together decompress to more bytes are refused (a small file can hold gigabytes of zeros).
  static func members(_ bytes: [UInt8], limit: Int? = nil) throws(MalformedInput) -> [Member] {
    var members: [Member] = []
    var start = 0
    var total = 0
    while start < bytes.count {
      guard bytes.hasPrefix([0x1F, 0x8B], at: start) else {
        throw MalformedInput("the bytes from \(start) on are not a gzip member")
      }
      let (content, end) = try inflate(bytes, from: start, windowBits: 15 + 16, limit: limit.map { $0 - total })
      members.append(Member(range: start..<end, content: content))
      total += content.count
      start = end
    }
    return members
  }

  /// A payload encoded `gzip` (every member) or `deflate` (zlib-wrapped, or raw as some servers send it).
  static func decode(_ bytes: [UInt8], coding: String, limit: Int? = nil) throws(MalformedInput) -> [UInt8] {
    if coding == "deflate" {
      if let (content, _) = try? inflate(bytes, from: 0, windowBits: 15, limit: limit) { return content }
      return try inflate(bytes, from: 0, windowBits: -15, limit: limit).content
    }
    return try members(bytes, limit: limit).flatMap(\.content)
  }

  /// `bytes` as one gzip member.
  static func compress(_ bytes: [UInt8]) -> [UInt8] {
    var stream = z_stream()
    guard webaction_deflate_init2(&stream, Z_DEFAULT_COMPRESSION, 15 + 16) == Z_OK else { return [] }
    defer { deflateEnd(&stream) }
    var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(bytes.count))))
    let written = bytes.withUnsafeBufferPointer { input in
      output.withUnsafeMutableBufferPointer { out in
        stream.next_in = input.baseAddress
        stream.avail_in = uInt(clamping: input.count)
        stream.next_out = out.baseAddress
        stream.avail_out = uInt(out.count)
        // deflateBound leaves room for everything, so one call with Z_FINISH ends the stream.
        _ = deflate(&stream, Z_FINISH)
        return out.count - Int(stream.avail_out)
      }
    }
    return Array(output[..<written])
  }

  /// Inflates the stream starting at `start`: what it holds, and where it ends.
  private static func inflate(
    _ bytes: [UInt8], from start: Int, windowBits: Int32, limit: Int?
  ) throws(MalformedInput) -> (content: [UInt8], end: Int) {
    var stream = z_stream()
    guard webaction_inflate_init2(&stream, windowBits) == Z_OK else {
      throw MalformedInput("zlib could not start inflating")
    }
    defer { inflateEnd(&stream) }
    var content: [UInt8] = []
    var window = [UInt8](repeating: 0, count: 1 << 16)
    var isOverLimit = false
    let status = bytes.withUnsafeBufferPointer { input in
      stream.next_in = input.baseAddress.map { $0 + start }
      stream.avail_in = uInt(clamping: input.count - start)
      while true {
        let status = window.withUnsafeMutableBufferPointer { out in
          stream.next_out = out.baseAddress
          stream.avail_out = uInt(out.count)
          let status = CZlib.inflate(&stream, Z_NO_FLUSH)
          content += out[..<(out.count - Int(stream.avail_out))]
          return status
        }
        if let limit, content.count > limit {
          isOverLimit = true
          return status
        }
        if status != Z_OK { return status }
      }
    }
    if isOverLimit, let limit {
      throw MalformedInput("the gzip data from byte \(start) decompresses to more than \(limit) bytes (--max-page-size)")
    }
    switch status {
    case Z_STREAM_END: return (content, bytes.count - Int(stream.avail_in))
    case Z_BUF_ERROR: throw MalformedInput("the gzip data from byte \(start) is cut short")
    default:
      let reason = stream.msg.map { String(cString: $0) } ?? "zlib error \(status)"
      throw MalformedInput("the gzip data from byte \(start) is corrupt (\(reason))")
    }
  }
}
