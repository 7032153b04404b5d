import Foundation
import XCTest

@testable import WebActionHost

/// MHTML as Chromium saves it: read, processed through the real pipeline, written back as MHTML.
final class MHTMLFormatTests: SavedPageFormatTestCase {
  static let boundary = "----MultipartBoundary--vHfXyKmN3zQ1wTq8RbLp6sEaJdCgU0oYi2Fk5Mh----"

  /// The lines of a file, joined with CRLF as Chromium writes them.
  private func crlf(_ lines: [String]) -> Data { Data(lines.joined(separator: "\r\n").utf8) }

  /// The page part: quoted-printable windows-1252, with soft breaks, `=3D` and `=E9`.
  static let pagePart = [
    "Content-Type: text/html; charset=windows-1252",
    "Content-ID: <frame-2F1A@mhtml.blink>",
    "Content-Transfer-Encoding: quoted-printable",
    "Content-Location: https://example.org/news/a.html",
    "",
    "<html><head><link rel=3D\"stylesheet\" href=3D\"https://cdn.example.net/s.css\"><=",
    "/head><body><p class=3D\"x\">caf=E9 au lait</p></body></html>",
  ]
  static let sheetPart = [
    "Content-Type: text/css",
    "Content-Transfer-Encoding: base64",
    "Content-Location: https://cdn.example.net/s.css",
    "",
    Data("p { color: rgb(1, 2, 3) }".utf8).base64EncodedString(),
  ]
  static let imagePart = [
    "Content-Type: image/png",
    "Content-Transfer-Encoding: base64",
    "Content-Location: https://example.org/i.png",
    "",
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJ",
    "RU5ErkJggg==",
  ]

  private func chromiumFile(parts: [[String]] = [pagePart, sheetPart, imagePart], boundary: String = boundary) -> Data {
    let top = [
      "From: <Saved by Blink>",
      "Snapshot-Content-Location: https://example.org/news/a.html",
      "Subject: =?utf-8?Q?Caf=C3=A9?=",
      "Date: Tue, 3 Jun 2025 10:00:00 -0000",
      "MIME-Version: 1.0",
      "Content-Type: multipart/related;",
      "\ttype=\"text/html\";",
      "\tboundary=\"\(boundary)\"",
      "",
      "",
    ]
    var lines = top
    for part in parts { lines += ["--\(boundary)"] + part }
    lines += ["--\(boundary)--", ""]
    return crlf(lines)
  }

  func testAChromiumMHTMLFileIsProcessedWithItsURLEncodingAndStyleSheetAndWrittenBack() throws {
    let input = chromiumFile()
    let outcome = try process(input, as: "a.mhtml")
    XCTAssertEqual(outcome.outcomes.map(\.results), [[
      "url": "https://example.org/news/a.html", "charset": "windows-1252", "text": "café au lait",
      "color": "rgb(1, 2, 3)",
    ]])
    let before = try MultipartMessage([UInt8](input))
    let after = try MultipartMessage([UInt8](outcome.written))
    // The top headers and the other parts are as they were, byte for byte.
    XCTAssertEqual(after.boundary, Self.boundary)
    XCTAssertEqual(after.bytes[after.headerRange], before.bytes[before.headerRange])
    XCTAssertEqual(after.parts.count, 3)
    for index in 1...2 {
      let old = before.parts[index], new = after.parts[index]
      XCTAssertEqual(
        after.bytes[new.headerRange.lowerBound..<new.bodyRange.upperBound],
        before.bytes[old.headerRange.lowerBound..<old.bodyRange.upperBound])
    }
    // The page: its headers as read but for charset and encoding, quoted-printable as Chromium writes it.
    let page = after.parts[0]
    XCTAssertEqual(
      page.headers.fields.map(\.name), ["Content-Type", "Content-ID", "Content-Transfer-Encoding", "Content-Location"])
    XCTAssertEqual(page.headers["Content-Type"], "text/html; charset=utf-8")
    XCTAssertEqual(page.headers["Content-Transfer-Encoding"], "quoted-printable")
    XCTAssertEqual(page.headers["Content-Location"], "https://example.org/news/a.html")
    let encoded = after.bytes[page.bodyRange]
    let lines = String(decoding: encoded, as: UTF8.self).components(separatedBy: "\r\n")
    XCTAssertTrue(lines.allSatisfy { $0.utf8.count <= 76 && !$0.contains("\n") }, "\(lines)")
    XCTAssertTrue(lines.count > 1, "a long page is cut with soft breaks")
    XCTAssertTrue(encoded.allSatisfy { $0 < 0x80 })
    // Read again: the new page in UTF-8, the same resources.
    let again = try MHTMLFormat().read(outcome.written, name: "out.mhtml", fileURL: nil)
    let saved = try XCTUnwrap(again.pages.first)
    XCTAssertEqual(saved.textEncoding, "utf-8")
    XCTAssertEqual(saved.url, "https://example.org/news/a.html")
    let html = String(decoding: saved.data, as: UTF8.self)
    XCTAssertTrue(html.contains(#"<p class="x">café au lait</p><p>added</p>"#), html)
    XCTAssertEqual(saved.subresources.map(\.url), ["https://cdn.example.net/s.css", "https://example.org/i.png"])
    XCTAssertEqual(saved.subresources.first?.data, Data("p { color: rgb(1, 2, 3) }".utf8))
  }

  func testThePageIsThePartTheStartParameterNamesAndOthersHaveCIDURLs() throws {
    let file = crlf([
      "MIME-Version: 1.0",
      "Content-Type: multipart/related; start=\"<page@x>\"; boundary=b",
      "",
      "preamble",
      "--b",
      "Content-Type: text/html",
      "Content-ID: <other@x>",
      "Content-Location: https://example.org/frame.html",
      "",
      "<p>not the page</p>",
      "--b",
      "Content-Type: text/html; charset=utf-8",
      "Content-ID: <page@x>",
      "Content-Transfer-Encoding: 8bit",
      "",
      "<p>the page</p>",
      "--b--",
      "epilogue",
    ])
    let saved = try MHTMLFormat().read(file, name: "s.mht", fileURL: nil)
    XCTAssertEqual(saved.pages.map { String(decoding: $0.data, as: UTF8.self) }, ["<p>the page</p>"])
    XCTAssertNil(saved.pages.first?.url)
    XCTAssertEqual(saved.pages.first?.subresources.map(\.url), ["https://example.org/frame.html", "cid:other@x"])
    // Preamble, epilogue and the other part survive a rewrite.
    let written = String(decoding: try saved.write([Data("<p>new</p>".utf8)]), as: UTF8.self)
    let kept = [
      "MIME-Version: 1.0", "Content-Type: multipart/related; start=\"<page@x>\"; boundary=b", "", "preamble", "--b",
      "Content-Type: text/html", "Content-ID: <other@x>", "Content-Location: https://example.org/frame.html", "",
      "<p>not the page</p>", "--b", "",
    ]
    XCTAssertTrue(written.hasPrefix(kept.joined(separator: "\r\n")), written)
    XCTAssertTrue(written.hasSuffix("\r\n\r\n<p>new</p>\r\n--b--\r\nepilogue"), written)
  }

  /// A page that writes the boundary on a line of its own gets a new boundary, in the header and every delimiter.
  func testANewBoundaryIsChosenWhenThePageHoldsTheOldOne() throws {
    let saved = try MHTMLFormat().read(chromiumFile(), name: "a.mhtml", fileURL: nil)
    let output = Data("<pre>\n--\(Self.boundary)\n</pre>".utf8)
    let written = try saved.write([output])
    let message = try MultipartMessage([UInt8](written))
    XCTAssertNotEqual(message.boundary, Self.boundary)
    XCTAssertTrue(message.boundary.hasPrefix("----MultipartBoundary--"))
    XCTAssertEqual(message.parts.count, 3)
    let again = try MHTMLFormat().read(written, name: "a.mhtml", fileURL: nil)
    XCTAssertEqual(again.pages.first?.data, Data("<pre>\r\n--\(Self.boundary)\r\n</pre>".utf8))
    XCTAssertEqual(again.pages.first?.subresources.map(\.data), saved.pages.first?.subresources.map(\.data))
  }

  func testWritingBackWithNoNewPageGivesTheFileAsRead() throws {
    let input = chromiumFile()
    XCTAssertEqual(try MHTMLFormat().read(input, name: "a.mhtml", fileURL: nil).write([nil]), input)
  }

  func testQuotedPrintableAsChromiumWritesIt() {
    let text = Array("a=b \tc\u{E9}\n  \r\nend ".utf8) + [UInt8](repeating: 0x78, count: 100)
    let encoded = QuotedPrintable.encode(text)
    let lines = String(decoding: encoded, as: UTF8.self).components(separatedBy: "\r\n")
    XCTAssertEqual(lines[0], "a=3Db \tc=C3=A9")
    XCTAssertEqual(lines[1], " =20")
    XCTAssertEqual(lines[2], "end " + String(repeating: "x", count: 71) + "=")
    XCTAssertEqual(lines[3], String(repeating: "x", count: 29))
    let decoded = Array("a=b \tc\u{E9}\r\n  \r\nend ".utf8) + [UInt8](repeating: 0x78, count: 100)
    XCTAssertEqual(QuotedPrintable.decode(encoded[...]), decoded)
    // Soft breaks, trailing transport spaces, lowercase hex and a stray `=` kept.
    XCTAssertEqual(
      QuotedPrintable.decode(Array("ab=  \r\ncd=3d=e9 \r\n=zz".utf8)[...]),
      Array("abcd=".utf8) + [0xE9, 0x0D, 0x0A] + Array("=zz".utf8))
  }

  func testMalformedMHTMLIsAnInputErrorNamingTheFile() throws {
    let file = chromiumFile()
    let text = String(decoding: file, as: UTF8.self)
    let truncated = Data(text.prefix(text.count - 40).utf8)
    let badBase64 = chromiumFile(parts: [Self.pagePart, Self.sheetPart.dropLast() + ["cCB7IGNvbG9y!!!"]])
    let noBoundary = Data(text.replacingOccurrences(of: "\tboundary=\"\(Self.boundary)\"", with: "\tx=y").utf8)
    assertInputErrors(MHTMLFormat(), name: "a.mhtml", [
      (truncated, "a.mhtml: the closing boundary line (--\(Self.boundary)--) is missing: the file is cut short"),
      (badBase64, "a.mhtml: part 2 (https://cdn.example.net/s.css): its base64 is malformed"),
      (noBoundary, "a.mhtml: not MHTML (its Content-Type has no boundary parameter)"),
      (Data("<html>\n<p>just html".utf8), "a.mhtml: the header line \"<html>\" has no colon"),
      (crlf(["Subject: x", "Content-Type: text/html", "", "<p>"]), "a.mhtml: not MHTML (its Content-Type is text/html"),
      (crlf(["Content-Type: multipart/related; boundary=q", "", "no delimiter"]),
       "a.mhtml: the boundary \"q\" never occurs"),
      (chromiumFile(parts: [Self.sheetPart]), "a.mhtml: no part is text/html"),
      (Data("Content-Type: multipart/related; boundary=\"q\r\"\r\n\r\n--q\r\n".utf8), "a.mhtml: the boundary \"q\r\" never"),
      (crlf(["Content-Type: multipart/related; boundary=q", "", "--q", "Content-Type: text/html", "--q--"]),
       "a.mhtml: part 1: the headers have no empty line after them"),
    ])
  }
}
