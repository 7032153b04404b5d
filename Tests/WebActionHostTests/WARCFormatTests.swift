import Foundation
import XCTest

@testable import WebActionHost

/// WARC files as crawlers write them: read, each HTML response processed through the real pipeline, written back.
final class WARCFormatTests: SavedPageFormatTestCase {
  private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

  /// A WARC/1.1 record: its headers (a record ID, a date, `WARC-Block-Digest`, and `WARC-Payload-Digest` when
  /// `payload` is given) and block.
  private func record(
    _ type: String, uri: String? = nil, contentType: String, block: [UInt8], payload: [UInt8]? = nil
  ) -> [UInt8] {
    var lines = ["WARC/1.1", "WARC-Type: \(type)", "WARC-Record-ID: <urn:uuid:\(UUID().uuidString.lowercased())>",
                 "WARC-Date: 2025-06-03T10:00:00Z"]
    if let uri { lines.append("WARC-Target-URI: \(uri)") }
    lines += ["Content-Type: \(contentType)", "WARC-Block-Digest: \(SHA1.warcDigest(block))"]
    if let payload { lines.append("WARC-Payload-Digest: \(SHA1.warcDigest(payload))") }
    lines.append("Content-Length: \(block.count)")
    return bytes(lines.joined(separator: "\r\n") + "\r\n\r\n") + block + bytes("\r\n\r\n")
  }

  private func http(_ headers: [String], _ payload: [UInt8]) -> [UInt8] {
    bytes((["HTTP/1.1 200 OK"] + headers).joined(separator: "\r\n") + "\r\n\r\n") + payload
  }

  /// `payload` in chunks of 10 bytes, with an extension on the first and a trailer.
  private func chunked(_ payload: [UInt8]) -> [UInt8] {
    var output: [UInt8] = []
    for start in stride(from: 0, to: payload.count, by: 10) {
      let chunk = payload[start..<min(start + 10, payload.count)]
      let size = String(chunk.count, radix: 16) + (start == 0 ? ";name=value" : "")
      output += bytes(size + "\r\n") + chunk + bytes("\r\n")
    }
    return output + bytes("0\r\nX-Trailer: yes\r\n\r\n")
  }

  static let sheet = "p { color: rgb(1, 2, 3) }"
  static let pageA = Array("<link rel=stylesheet href=/s.css><p>caf".utf8) + [0xE9] + Array(" au lait</p>".utf8)
  static let pageB = "<!DOCTYPE html><link rel=stylesheet href=https://example.org/s.css><p>second</p>"
  static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0xFF]

  /// warcinfo, request, page A (chunked, gzip, windows-1252), its style sheet, an image, page B (identity, UTF-8,
  /// no payload digest): the records of a crawl, each as its own array of bytes.
  private func crawl() -> [[UInt8]] {
    let encodedA = chunked(Gzip.compress(Self.pageA))
    return [
      record("warcinfo", contentType: "application/warc-fields",
             block: bytes("software: test\r\nformat: WARC/1.1\r\n")),
      record("request", uri: "https://example.org/a.html", contentType: "application/http; msgtype=request",
             block: bytes("GET /a.html HTTP/1.1\r\nHost: example.org\r\nAccept-Encoding: gzip\r\n\r\n")),
      record("response", uri: "https://example.org/a.html", contentType: "application/http; msgtype=response",
             block: http(["Content-Type: text/html; charset=windows-1252", "Transfer-Encoding: chunked",
                          "Content-Encoding: gzip", "Server: test"], encodedA), payload: encodedA),
      record("response", uri: "https://example.org/s.css", contentType: "application/http;msgtype=response",
             block: http(["Content-Type: text/css", "Content-Length: \(Self.sheet.utf8.count)"], bytes(Self.sheet)),
             payload: bytes(Self.sheet)),
      record("response", uri: "https://example.org/i.png", contentType: "application/http; msgtype=response",
             block: http(["Content-Type: image/png", "Content-Length: \(Self.png.count)"], Self.png),
             payload: Self.png),
      record("response", uri: "<https://example.org/b.html>", contentType: "application/http; msgtype=response",
             block: http(["Content-Type: text/html", "Content-Length: \(Self.pageB.utf8.count)"], bytes(Self.pageB))),
    ]
  }

  /// The records of a processed file, with the bytes they are in.
  private func records(_ data: Data) throws -> ([UInt8], [WARCRecord]) {
    let bytes = [UInt8](data)
    let plain = bytes.starts(with: [0x1F, 0x8B]) ? try Gzip.members(bytes).flatMap(\.content) : bytes
    return (plain, try WARCRecord.records(in: plain))
  }

  private func assertCrawlProcessed(compressed: Bool) throws {
    let input = crawl()
    let file = compressed ? input.flatMap(Gzip.compress) : input.flatMap { $0 }
    let outcome = try process(Data(file), as: compressed ? "crawl.warc.gz" : "crawl.warc")
    XCTAssertEqual(outcome.outcomes.map(\.results), [
      ["url": "https://example.org/a.html", "charset": "windows-1252", "text": "café au lait", "color": "rgb(1, 2, 3)"],
      ["url": "https://example.org/b.html", "charset": "UTF-8", "text": "second", "color": "rgb(1, 2, 3)"],
    ])
    if compressed {
      // One member per record; those of the records not processed as they were.
      let members = try Gzip.members([UInt8](outcome.written))
      XCTAssertEqual(members.count, input.count)
      for index in [0, 1, 3, 4] {
        XCTAssertEqual([UInt8](outcome.written[members[index].range]), Gzip.compress(input[index]), "member \(index)")
      }
    }
    let (plain, records) = try records(outcome.written)
    XCTAssertEqual(records.count, input.count)
    for index in [0, 1, 3, 4] { XCTAssertEqual(Array(plain[records[index].range]), input[index], "record \(index)") }
    for (index, text) in [(2, #"<p>café au lait</p><p>added</p>"#), (5, "<p>second</p><p>added</p>")] {
      let record = records[index]
      let block = Array(plain[record.blockRange])
      let response = try HTTPResponse(plain, block: record.blockRange)
      let payload = Array(plain[response.payloadRange])
      XCTAssertTrue(String(decoding: payload, as: UTF8.self).contains(text), String(decoding: payload, as: UTF8.self))
      XCTAssertEqual(record.headers["Content-Length"], String(block.count))
      XCTAssertEqual(record.headers["WARC-Block-Digest"], SHA1.warcDigest(block))
      XCTAssertEqual(response.headers["Content-Length"], String(payload.count))
      XCTAssertEqual(response.headers["Content-Type"], "text/html; charset=utf-8")
      XCTAssertNil(response.headers["Transfer-Encoding"])
      XCTAssertNil(response.headers["Content-Encoding"])
    }
    XCTAssertEqual(records[2].headers.fields.map(\.name), [
      "WARC-Type", "WARC-Record-ID", "WARC-Date", "WARC-Target-URI", "Content-Type", "WARC-Block-Digest",
      "WARC-Payload-Digest", "Content-Length",
    ])
    let payloadA = Array(plain[try HTTPResponse(plain, block: records[2].blockRange).payloadRange])
    XCTAssertEqual(records[2].headers["WARC-Payload-Digest"], SHA1.warcDigest(payloadA))
    XCTAssertEqual(try HTTPResponse(plain, block: records[2].blockRange).headers["Server"], "test")
    XCTAssertNil(records[5].headers["WARC-Payload-Digest"], "a digest the record lacked is not added")
    XCTAssertEqual(records[2].headers["WARC-Target-URI"], "https://example.org/a.html")
    XCTAssertEqual(records[5].headers["WARC-Target-URI"], "<https://example.org/b.html>")
    // And it reads again, with its pages in UTF-8.
    let again = try WARCFormat().read(outcome.written, name: "out.warc", fileURL: nil)
    XCTAssertEqual(again.pages.map(\.textEncoding), ["utf-8", "utf-8"])
  }

  func testAWARCFileIsProcessedPageByPageAndWrittenBack() throws {
    try assertCrawlProcessed(compressed: false)
  }

  func testAGzippedWARCFileIsProcessedPageByPageAndWrittenBackMemberByMember() throws {
    try assertCrawlProcessed(compressed: true)
  }

  /// A `.warc.gz` compressed whole, as `gzip` makes it: its one member is compressed anew.
  func testAWARCGzippedWholeIsWrittenBackAsOneMember() throws {
    let input = crawl()
    let saved = try WARCFormat().read(Data(Gzip.compress(input.flatMap { $0 })), name: "w.warc.gz", fileURL: nil)
    let written = try saved.write([Data("<p>new a</p>".utf8), nil])
    XCTAssertEqual(try Gzip.members([UInt8](written)).count, 1)
    let (plain, records) = try records(written)
    XCTAssertEqual(records.count, input.count)
    XCTAssertEqual(Array(plain[records[5].range]), input[5])
    XCTAssertTrue(String(decoding: plain[records[2].blockRange], as: UTF8.self).hasSuffix("\r\n\r\n<p>new a</p>"))
  }

  func testWritingBackWithNoNewPageGivesTheFileAsRead() throws {
    let input = crawl()
    for file in [input.flatMap { $0 }, input.flatMap(Gzip.compress)] {
      let saved = try WARCFormat().read(Data(file), name: "w.warc", fileURL: nil)
      XCTAssertEqual(saved.pages.count, 2)
      XCTAssertEqual(try saved.write([nil, nil]), Data(file))
    }
  }

  func testSHA1AndItsWARCLabel() {
    let hex = { (bytes: [UInt8]) in bytes.map { String(format: "%02x", $0) }.joined() }
    XCTAssertEqual(hex(SHA1.digest([])), "da39a3ee5e6b4b0d3255bfef95601890afd80709")
    XCTAssertEqual(hex(SHA1.digest(bytes("abc"))), "a9993e364706816aba3e25717850c26c9cd0d89d")
    XCTAssertEqual(
      hex(SHA1.digest(bytes("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"))),
      "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
    XCTAssertEqual(
      hex(SHA1.digest([UInt8](repeating: 0x61, count: 1_000_000))), "34aa973cd4c4daa4f61eeb2bdbad27316534016f")
    XCTAssertEqual(SHA1.warcDigest(bytes("abc")), "sha1:VGMT4NSHA2AWVOR6EVYXQUGCNSONBWE5")
  }

  func testMalformedWARCIsAnInputErrorNamingTheFile() throws {
    let file = crawl().flatMap { $0 }
    let page = { (headers: [String], payload: String) in
      self.record("response", uri: "https://x/", contentType: "application/http; msgtype=response",
                  block: self.http(["Content-Type: text/html"] + headers, self.bytes(payload)))
    }
    var corrupt = Gzip.compress(file)
    corrupt[corrupt.count / 2] ^= 0xFF
    assertInputErrors(WARCFormat(), name: "w.warc", [
      (Data(file.dropLast(30)),
       "w.warc: record 6 (response https://example.org/b.html) is cut short: its Content-Length is"),
      (Data(bytes("WARC/1.1\r\nWARC-Type: warcinfo\r\nContent-Length: 2\r\n\r\nab")),
       "w.warc: record 1 (warcinfo) does not end with CRLF CRLF after its 2-byte block"),
      (Data(bytes("WARC/1.1\r\nWARC-Type: warcinfo\r\nContent-Length: two\r\n\r\nab\r\n\r\n")),
       "w.warc: record 1 (warcinfo) has no valid Content-Length"),
      (Data(bytes("<html>not a warc</html>")),
       "w.warc: record 1, at byte 0, does not start with a WARC/1.0 or 1.1 line"),
      (Data(bytes("WARC/1.1\r\nWARC-Type: warcinfo\r\n")),
       "w.warc: record 1, at byte 0: the headers have no empty line"),
      (Data(Gzip.compress(file).dropLast(10)), "w.warc: the gzip data from byte 0 is cut short"),
      (Data(corrupt), "w.warc: the gzip data from byte 0 is corrupt"),
      (Data(Gzip.compress(file) + bytes("junk")), "w.warc: the bytes from"),
      (Data(page(["Transfer-Encoding: chunked"], "zz\r\nab\r\n0\r\n\r\n")),
       "w.warc: record 1 (response https://x/): its chunked payload is malformed"),
      (Data(page(["Transfer-Encoding: chunked"], "7FFFFFFFFFFFFFFF\r\nab\r\n0\r\n\r\n")),
       "w.warc: record 1 (response https://x/): its chunked payload is cut short"),
      (Data(page(["Content-Encoding: br"], "<p>")),
       "w.warc: record 1 (response https://x/): its Content-Encoding br is not supported"),
      (Data(page(["Content-Encoding: gzip"], "<p>not gzip")),
       "w.warc: record 1 (response https://x/): the bytes from 0"),
    ])
  }

  /// A small file may hold gigabytes of zeros: what a `.warc.gz`, or a page's gzip payload, decompresses to is held
  /// to --max-page-size, as a plain file's size is.
  func testDecompressingPastTheMaximumSizeIsRefused() throws {
    let zeros = [UInt8](repeating: 0x30, count: 300_000)
    let bomb = record("response", uri: "https://x/", contentType: "application/http; msgtype=response",
                      block: http(["Content-Type: text/html", "Content-Encoding: gzip"], Gzip.compress(zeros)))
    XCTAssertLessThan(Gzip.compress(zeros).count, 2_000)
    assertInputErrors(WARCFormat(maximumSize: 100_000), name: "w.warc", [
      (Data(Gzip.compress(bytes("WARC/1.1\r\nWARC-Type: resource\r\nContent-Length: 300000\r\n\r\n") + zeros)),
       "w.warc: the gzip data from byte 0 decompresses to more than 100000 bytes (--max-page-size)"),
      (Data(bomb), "w.warc: record 1 (response https://x/): the gzip data from byte 0 decompresses to more than 100000"),
    ])
    XCTAssertEqual(try WARCFormat(maximumSize: 400_000).read(Data(bomb), name: "w.warc", fileURL: nil).pages.count, 1)
    XCTAssertTrue(PageFormats.format(for: "a.warc.gz").limited(to: 5) is WARCFormat)
    XCTAssertEqual((PageFormats.format(for: "a.warc.gz").limited(to: 5) as? WARCFormat)?.maximumSize, 5)
  }
}
