import Foundation

/// WARC (`.warc`, `.warc.gz`; WARC/1.0 and 1.1, ISO 28500), as web crawlers and wget write it. Each `response`
/// record holding an HTTP response (`application/http`, `msgtype=response` or none) whose `Content-Type` is
/// `text/html` or `application/xhtml+xml` and whose payload is not empty is a page: its `WARC-Target-URI` is the
/// document URL, the HTTP charset its encoding when it declares none, and its payload is processed with the chunked
/// transfer coding and gzip or deflate content codings removed. The file's other responses and `resource` records
/// are served to every page by their target URI.
///
/// Written back with every other record byte for byte as read. A processed record keeps its version line and WARC
/// headers but for `Content-Length` and the digests, which are recomputed (`sha1:`, base32) when the record had them
/// and not added when it had none; its HTTP status line and headers are kept but for `Content-Length` (the new
/// payload's), `Transfer-Encoding` and `Content-Encoding` (dropped: the payload is written identity-encoded) and the
/// charset in `Content-Type` (`utf-8`). A `.warc.gz` is read member by member (gzip magic, whatever the name); a
/// member holding no processed record is copied as read, and one that does is compressed anew, alone (or with the
/// members a processed record spans).
public struct WARCFormat: PageFormat {
  /// The most bytes a `.warc.gz`, or a page's gzip or deflate payload, may decompress to (nil: no limit).
  public var maximumSize: Int?

  /// The WARC format, decompressing at most `maximumSize` bytes (nil: no limit).
  public init(maximumSize: Int? = nil) { self.maximumSize = maximumSize }

  /// The WARC format with ``maximumSize`` set to `maximumSize`.
  public func limited(to maximumSize: Int?) -> any PageFormat { WARCFormat(maximumSize: maximumSize) }

  /// `warc`.
  public var name: String { "warc" }

  /// `.warc` and `.warc.gz`.
  public var fileExtensions: [String] { [".warc", ".warc.gz"] }

  /// A page's record: where it is, and its HTTP response.
  private struct PageRecord: Sendable {
    var record: WARCRecord
    var response: HTTPResponse
  }

  /// Each HTML response record as a page, with the file's other responses as subresources; throws an input error
  /// when the file is malformed.
  public func read(_ data: Data, name: String, fileURL: URL?) throws(WebActionError) -> SavedFile {
    let bytes = [UInt8](data)
    do {
      let members = bytes.starts(with: [0x1F, 0x8B]) ? try Gzip.members(bytes, limit: maximumSize) : nil
      let plain = members.map { $0.flatMap(\.content) } ?? bytes
      let records = try WARCRecord.records(in: plain)
      var pages: [SavedPage] = []
      var pageRecords: [PageRecord] = []
      var resources: [SavedResource] = []
      for record in records {
        guard let (response, payload, type) = try Self.contents(of: record, in: plain, limit: maximumSize) else {
          continue
        }
        if let url = record.targetURI {
          resources.append(SavedResource(
            url: url, mimeType: type.type, textEncoding: type.parameter("charset"), data: Data(payload)))
        }
        guard let response, ["text/html", "application/xhtml+xml"].contains(type.type), !payload.isEmpty else {
          continue
        }
        pages.append(SavedPage(
          data: Data(payload), name: "\(name) \(record.label)", url: record.targetURI,
          textEncoding: type.parameter("charset"), mimeType: type.type, fileURL: fileURL))
        pageRecords.append(PageRecord(record: record, response: response))
      }
      for index in pages.indices { pages[index].subresources = resources }
      let processed = pageRecords
      return SavedFile(pages: pages) { outputs in
        let edits = zip(processed, outputs).compactMap { page, output in
          output.map { Self.rewrite(page, in: plain, payload: [UInt8]($0)) }
        }
        guard !edits.isEmpty else { return data }
        guard let members else { return Data(plain.replacing(edits)) }
        return Data(Self.recompress(members, original: bytes, plain: plain, edits: edits))
      }
    } catch {
      throw WebActionError(.input, "\(name): \(error.what)")
    }
  }

  /// What a record gives the pages: for a `response` record, its HTTP response, decoded payload and type; for a
  /// `resource` record, its block and type; nil for any other record, and for a response that is not HTTP or whose
  /// payload cannot be decoded and is not a page (it is copied as read).
  private static func contents(
    of record: WARCRecord, in plain: [UInt8], limit: Int?
  ) throws(MalformedInput) -> (HTTPResponse?, [UInt8], MediaType)? {
    let blockType = MediaType(record.headers["Content-Type"] ?? "")
    let holdsResponse =
      blockType.type == "application/http" && (blockType.parameter("msgtype")?.lowercased() ?? "response") == "response"
    switch record.type {
    case "resource":
      return (nil, Array(plain[record.blockRange]), blockType)
    case "response" where holdsResponse:
      guard let response = try? HTTPResponse(plain, block: record.blockRange) else { return nil }
      let type = response.contentType
      do {
        return (response, try response.decodedPayload(plain, limit: limit), type)
      } catch where ["text/html", "application/xhtml+xml"].contains(type.type) {
        throw MalformedInput("\(record.label): \(error.what)")
      } catch {
        return nil
      }
    default:
      return nil
    }
  }

  /// The edit that writes a page's record again with `payload`: its headers and block (the version line, and the
  /// CRLF CRLF after the block, stay as read).
  private static func rewrite(
    _ page: PageRecord, in plain: [UInt8], payload: [UInt8]
  ) -> (range: Range<Int>, bytes: [UInt8]) {
    let block = page.response.rewritten(payload: payload)
    var headers = page.record.headers
    headers.set("Content-Length", String(block.count))
    if headers["WARC-Block-Digest"] != nil { headers.set("WARC-Block-Digest", SHA1.warcDigest(block)) }
    if headers["WARC-Payload-Digest"] != nil { headers.set("WARC-Payload-Digest", SHA1.warcDigest(payload)) }
    return (page.record.headerRange.lowerBound..<page.record.blockRange.upperBound, headers.bytes + block)
  }

  /// The `.warc.gz` again: each member that no edit touches as read, and each run of members that edits touch (a
  /// member, or those a record spans) compressed anew as one member.
  private static func recompress(
    _ members: [Gzip.Member], original: [UInt8], plain: [UInt8], edits: [(range: Range<Int>, bytes: [UInt8])]
  ) -> [UInt8] {
    // Where each member's content starts in `plain`, and the end.
    let offsets = members.reduce(into: [0]) { offsets, member in
      offsets.append(offsets[offsets.count - 1] + member.content.count)
    }
    var output: [UInt8] = []
    var member = 0
    var edit = 0
    while member < members.count {
      var last = member
      var group: [(range: Range<Int>, bytes: [UInt8])] = []
      while edit < edits.count, edits[edit].range.lowerBound < offsets[last + 1] {
        while edits[edit].range.upperBound > offsets[last + 1] { last += 1 }
        let range = edits[edit].range
        group.append(((range.lowerBound - offsets[member])..<(range.upperBound - offsets[member]), edits[edit].bytes))
        edit += 1
      }
      if group.isEmpty {
        output += original[members[member].range]
      } else {
        output += Gzip.compress(Array(plain[offsets[member]..<offsets[last + 1]]).replacing(group))
      }
      member = last + 1
    }
    return output
  }
}
