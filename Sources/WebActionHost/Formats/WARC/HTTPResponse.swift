/// An HTTP/1.x response as a WARC `response` record's block holds it (RFC 9112): status line, headers, payload.
struct HTTPResponse: Sendable {
  /// The status line, its line break included.
  var statusLine: [UInt8]
  var headers: HeaderBlock
  var payloadRange: Range<Int>

  init(_ bytes: [UInt8], block: Range<Int>) throws(MalformedInput) {
    let line = bytes.line(at: block.lowerBound, limit: block.upperBound)
    guard bytes[line.start..<line.end].latin1.hasPrefix("HTTP/"), line.isTerminated else {
      throw MalformedInput("its HTTP response has no status line")
    }
    statusLine = Array(bytes[line.start..<line.next])
    let payloadStart: Int
    (headers, payloadStart) = try HeaderBlock.parse(bytes, at: line.next, limit: block.upperBound)
    payloadRange = payloadStart..<block.upperBound
  }

  var contentType: MediaType { MediaType(headers["Content-Type"] ?? "") }

  /// The payload without its transfer coding (chunked) and content codings (gzip, deflate), as a browser gets it.
  func decodedPayload(_ bytes: [UInt8], limit: Int? = nil) throws(MalformedInput) -> [UInt8] {
    var payload = Array(bytes[payloadRange])
    let transfer = Self.codings(headers["Transfer-Encoding"])
    if transfer.last == "chunked" { payload = try Self.dechunk(payload) }
    for coding in Self.codings(headers["Content-Encoding"]).reversed() {
      switch coding {
      case "identity": continue
      case "gzip", "x-gzip": payload = try Gzip.decode(payload, coding: "gzip", limit: limit)
      case "deflate": payload = try Gzip.decode(payload, coding: "deflate", limit: limit)
      default: throw MalformedInput("its Content-Encoding \(coding) is not supported (gzip and deflate are)")
      }
    }
    return payload
  }

  /// The block again with `payload` identity-encoded: the status line and headers as read, but `Content-Length` set
  /// to the payload's, `Transfer-Encoding` and `Content-Encoding` dropped, and charset `utf-8` in `Content-Type`.
  func rewritten(payload: [UInt8]) -> [UInt8] {
    var headers = headers
    headers.remove("Transfer-Encoding")
    headers.remove("Content-Encoding")
    headers.set("Content-Type", contentType.setting("charset", to: "utf-8").headerValue)
    headers.set("Content-Length", String(payload.count))
    return statusLine + headers.bytes + payload
  }

  private static func codings(_ value: String?) -> [String] {
    (value ?? "").split(separator: ",").map { $0.trimmingSpaces.lowercased() }.filter { !$0.isEmpty }
  }

  /// The chunked transfer coding removed (RFC 9112 §7.1): sizes in hex, extensions after `;`, trailers ignored.
  private static func dechunk(_ bytes: [UInt8]) throws(MalformedInput) -> [UInt8] {
    var output: [UInt8] = []
    var index = 0
    while true {
      let line = bytes.line(at: index)
      let sizeText = bytes[line.start..<line.end].latin1.split(separator: ";").first.map { $0.trimmingSpaces } ?? ""
      guard line.isTerminated, let size = Int(sizeText, radix: 16), size >= 0 else {
        throw MalformedInput("its chunked payload is malformed (a chunk size line is \"\(sizeText.prefix(20))\")")
      }
      if size == 0 { return output }
      guard size <= bytes.count - line.next else { throw MalformedInput("its chunked payload is cut short") }
      output += bytes[line.next..<(line.next + size)]
      index = bytes.line(at: line.next + size).next
    }
  }
}
