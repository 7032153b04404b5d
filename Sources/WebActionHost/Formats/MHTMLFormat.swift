import Foundation

/// MHTML (`.mht`, `.mhtml`): a MIME `multipart/related` message (RFC 2557) as Chromium and Blink save a page. The
/// page is the part the `start` parameter names by `Content-ID`, else the first `text/html` part; its
/// `Content-Location` is the document URL and its `Content-Type` charset the encoding when the page declares none.
/// Every other part is a resource served to the page by its `Content-Location` and its `cid:` URL.
///
/// Written back with the top headers and every other part byte for byte as read, and the page part's headers as
/// read except `Content-Type` (charset `utf-8`) and `Content-Transfer-Encoding` (`quoted-printable`, the new page
/// encoded as Chromium writes it). Should the boundary occur in the new page, a new one is chosen.
public struct MHTMLFormat: PageFormat {
  /// The MHTML format.
  public init() {}
  /// `mhtml`.
  public var name: String { "mhtml" }

  /// `.mhtml` and `.mht`.
  public var fileExtensions: [String] { [".mhtml", ".mht"] }

  /// The page part, with every other part as its subresources; throws an input error when the message is malformed.
  public func read(_ data: Data, name: String, fileURL: URL?) throws(WebActionError) -> SavedFile {
    do {
      return try read(MultipartMessage([UInt8](data)), name: name, fileURL: fileURL)
    } catch {
      throw WebActionError(.input, "\(name): \(error.what)")
    }
  }

  private func read(_ message: MultipartMessage, name: String, fileURL: URL?) throws(MalformedInput) -> SavedFile {
    let main = try mainPart(of: message)
    var subresources: [SavedResource] = []
    for index in message.parts.indices where index != main {
      // By its location and by its cid: URL (Chromium refers to frames by theirs).
      let headers = message.parts[index].headers
      let urls = [headers["Content-Location"], headers["Content-ID"].map(Self.cidURL)].compactMap { $0 }
      guard !urls.isEmpty else { continue }
      let type = message.parts[index].contentType
      let body = Data(try message.body(of: index))
      for url in urls {
        subresources.append(
          SavedResource(url: url, mimeType: type.type, textEncoding: type.parameter("charset"), data: body))
      }
    }
    let type = message.parts[main].contentType
    let page = SavedPage(
      data: Data(try message.body(of: main)), name: name, url: message.parts[main].headers["Content-Location"],
      textEncoding: type.parameter("charset"), mimeType: type.type, subresources: subresources, fileURL: fileURL)
    return SavedFile(pages: [page]) { outputs in
      guard let output = outputs.first ?? nil else { return Data(message.bytes) }
      return Data(Self.write(message, replacing: main, with: [UInt8](output)))
    }
  }

  /// The page's part: the one whose `Content-ID` the `start` parameter names, else the first `text/html` one.
  private func mainPart(of message: MultipartMessage) throws(MalformedInput) -> Int {
    if let start = MediaType(message.headers["Content-Type"] ?? "").parameter("start") {
      let id = Self.bareID(start)
      guard let index = message.parts.firstIndex(where: { $0.headers["Content-ID"].map(Self.bareID) == id }) else {
        throw MalformedInput("no part has the Content-ID <\(id)> that the start parameter names")
      }
      return index
    }
    guard let index = message.parts.firstIndex(where: { $0.contentType.type == "text/html" }) else {
      throw MalformedInput("no part is text/html")
    }
    return index
  }

  /// The message with part `main`'s body replaced by `output`, quoted-printable and marked UTF-8.
  private static func write(_ message: MultipartMessage, replacing main: Int, with output: [UInt8]) -> [UInt8] {
    let part = message.parts[main]
    var headers = part.headers
    headers.set("Content-Type", part.contentType.setting("charset", to: "utf-8").headerValue)
    headers.set("Content-Transfer-Encoding", "quoted-printable")
    let body = QuotedPrintable.encode(output)
    var edits: [(range: Range<Int>, bytes: [UInt8])] = [(part.headerRange, headers.bytes), (part.bodyRange, body)]
    guard body.contains(Array("--\(message.boundary)".utf8), in: body.indices) else {
      return message.bytes.replacing(edits)
    }
    // The new page holds a delimiter line: choose a boundary that occurs nowhere, and write it everywhere.
    var generator = SystemRandomNumberGenerator()
    let written = message.bytes.replacing(edits)
    let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
    var boundary: String
    repeat {
      let random = String((0..<42).map { _ in letters.randomElement(using: &generator) ?? "A" })
      boundary = "----MultipartBoundary--\(random)----"
    } while written.contains(Array(boundary.utf8), in: written.indices)
    var top = message.headers
    top.set("Content-Type", MediaType(top["Content-Type"] ?? "").setting("boundary", to: boundary).headerValue)
    let oldLength = 2 + Array(message.boundary.utf8).count
    edits.insert((message.headerRange, top.bytes), at: 0)
    edits += message.delimiters.map { ($0..<($0 + oldLength), Array("--\(boundary)".utf8)) }
    edits.sort { $0.range.lowerBound < $1.range.lowerBound }
    return message.bytes.replacing(edits)
  }

  /// A `Content-ID` without its angle brackets.
  private static func bareID(_ id: String) -> String {
    id.hasPrefix("<") && id.hasSuffix(">") && id.count >= 2 ? String(id.dropFirst().dropLast()) : id
  }

  /// The `cid:` URL of a part that has a `Content-ID` and no `Content-Location` (RFC 2392).
  private static func cidURL(_ id: String) -> String {
    "cid:" + (bareID(id).addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? bareID(id))
  }
}
