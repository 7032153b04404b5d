import Foundation

/// A MIME multipart message (RFC 2046 §5.1) as read: its headers, boundary and parts, each kept by its place in the
/// bytes so that a rewrite can replace one part and copy the rest as they were.
struct MultipartMessage: Sendable {
  /// One body part.
  struct Part: Sendable {
    var headers: HeaderBlock
    /// From the part's first header line to the end of the empty line after its headers.
    var headerRange: Range<Int>
    /// The encoded body, without the line break that belongs to the next delimiter.
    var bodyRange: Range<Int>
    var contentType: MediaType { MediaType(headers["Content-Type"] ?? "text/plain") }
  }

  let bytes: [UInt8]
  let headers: HeaderBlock
  /// The top header block, empty line included.
  let headerRange: Range<Int>
  let boundary: String
  /// Where each delimiter line starts (at its `--boundary`), the closing one last.
  let delimiters: [Int]
  let parts: [Part]

  init(_ bytes: [UInt8]) throws(MalformedInput) {
    self.bytes = bytes
    let (headers, bodyStart) = try HeaderBlock.parse(bytes, at: 0)
    self.headers = headers
    headerRange = 0..<bodyStart
    let contentType = MediaType(headers["Content-Type"] ?? "")
    guard contentType.type.hasPrefix("multipart/") else {
      let found = headers["Content-Type"].map { "is \($0)" } ?? "is missing"
      throw MalformedInput("not MHTML (its Content-Type \(found), not multipart/related)")
    }
    guard let boundary = contentType.parameter("boundary"), !boundary.isEmpty else {
      throw MalformedInput("not MHTML (its Content-Type has no boundary parameter)")
    }
    self.boundary = boundary
    let dashBoundary = Array("--\(boundary)".utf8)
    // Step 1: the delimiter lines, up to the closing one.
    var delimiters: [Int] = []
    var closed = false
    var index = bodyStart
    while index < bytes.count, !closed {
      let line = bytes.line(at: index)
      if bytes.hasPrefix(dashBoundary, at: line.start), line.start + dashBoundary.count <= line.end {
        let rest = bytes[(line.start + dashBoundary.count)..<line.end]
        if rest.starts(with: [0x2D, 0x2D]) {
          closed = true
          delimiters.append(line.start)
        } else if rest.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
          delimiters.append(line.start)
        }
      }
      index = line.next
    }
    guard !delimiters.isEmpty else { throw MalformedInput("the boundary \"\(boundary)\" never occurs") }
    guard closed else {
      throw MalformedInput("the closing boundary line (--\(boundary)--) is missing: the file is cut short")
    }
    self.delimiters = delimiters
    // Step 2: each part runs from the end of one delimiter line to the line break before the next.
    var parts: [Part] = []
    for (number, (start, next)) in zip(delimiters, delimiters.dropFirst()).enumerated() {
      let partStart = bytes.line(at: start).next
      var partEnd = next
      if partEnd > partStart, bytes[partEnd - 1] == 0x0A { partEnd -= 1 }
      if partEnd > partStart, bytes[partEnd - 1] == 0x0D { partEnd -= 1 }
      do {
        let (headers, bodyStart) = try HeaderBlock.parse(bytes, at: partStart, limit: partEnd)
        parts.append(Part(headers: headers, headerRange: partStart..<bodyStart, bodyRange: bodyStart..<partEnd))
      } catch {
        throw MalformedInput("part \(number + 1): \(error.what)")
      }
    }
    self.parts = parts
  }

  /// The decoded body of part `index`, by its `Content-Transfer-Encoding` (quoted-printable, base64, 7bit, 8bit or
  /// binary).
  func body(of index: Int) throws(MalformedInput) -> [UInt8] {
    let part = parts[index]
    let encoded = bytes[part.bodyRange]
    switch (part.headers["Content-Transfer-Encoding"] ?? "7bit").lowercased() {
    case "quoted-printable":
      return QuotedPrintable.decode(encoded)
    case "base64":
      let text = encoded.filter { $0 != 0x0D && $0 != 0x0A && $0 != 0x20 && $0 != 0x09 }
      let padded = text + [UInt8](repeating: 0x3D, count: (4 - text.count % 4) % 4)
      guard let data = Data(base64Encoded: Data(padded)) else {
        throw MalformedInput("part \(index + 1) (\(name(of: index))): its base64 is malformed")
      }
      return [UInt8](data)
    case "7bit", "8bit", "binary":
      return Array(encoded)
    case let other:
      throw MalformedInput("part \(index + 1) (\(name(of: index))): unknown Content-Transfer-Encoding \(other)")
    }
  }

  /// How messages name part `index`: its `Content-Location`, else its `Content-ID`, else its type.
  func name(of index: Int) -> String {
    let headers = parts[index].headers
    return headers["Content-Location"] ?? headers["Content-ID"] ?? parts[index].contentType.type
  }
}
