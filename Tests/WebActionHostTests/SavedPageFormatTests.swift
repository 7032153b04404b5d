import Foundation
import WebActionKit
import XCTest

@testable import WebActionHost

/// Saved-page formats: read, processed through the real pipeline, written back in the same format.
final class SavedPageFormatTests: SavedPageFormatTestCase {
  private func webArchive(page: Data, encoding: String?, subresources: [[String: Any]]) throws -> Data {
    var main: [String: Any] = [
      "WebResourceData": page, "WebResourceURL": "https://example.org/news/a.html", "WebResourceMIMEType": "text/html",
      "WebResourceFrameName": "",
    ]
    if let encoding { main["WebResourceTextEncodingName"] = encoding }
    let root: [String: Any] = ["WebMainResource": main, "WebSubresources": subresources, "WebSubframeArchives": [Any]()]
    return try PropertyListSerialization.data(fromPropertyList: root, format: .binary, options: 0)
  }

  func testAWebArchiveIsProcessedWithItsURLEncodingAndStyleSheetAndWrittenBack() throws {
    let sheet: [String: Any] = [
      "WebResourceData": Data("p { color: rgb(1, 2, 3) }".utf8), "WebResourceURL": "https://cdn.example.net/s.css",
      "WebResourceMIMEType": "text/css",
    ]
    let image: [String: Any] = [
      "WebResourceData": Data([0x89, 0x50, 0x4E, 0x47]), "WebResourceURL": "https://example.org/i.png",
      "WebResourceMIMEType": "image/png",
    ]
    let html = Data("<link rel=stylesheet href='https://cdn.example.net/s.css'><p>caf".utf8) + Data([0xE9])
    let outcome = try process(
      try webArchive(page: html, encoding: "ISO-8859-1", subresources: [sheet, image]), as: "a.webarchive")
    XCTAssertEqual(outcome.outcomes.map(\.results), [[
      "url": "https://example.org/news/a.html", "charset": "windows-1252", "text": "café", "color": "rgb(1, 2, 3)",
    ]])
    // Written back: a web archive with the new page in UTF-8, everything else as it was.
    let root = try XCTUnwrap(PropertyListSerialization.propertyList(from: outcome.written, format: nil) as? [String: Any])
    let main = try XCTUnwrap(root["WebMainResource"] as? [String: Any])
    XCTAssertEqual(main["WebResourceTextEncodingName"] as? String, "UTF-8")
    XCTAssertEqual(main["WebResourceURL"] as? String, "https://example.org/news/a.html")
    XCTAssertEqual(main["WebResourceFrameName"] as? String, "")
    let page = String(decoding: try XCTUnwrap(main["WebResourceData"] as? Data), as: UTF8.self)
    XCTAssertTrue(page.contains("<p>café</p><p>added</p>"), page)
    let subresources = try XCTUnwrap(root["WebSubresources"] as? [[String: Any]])
    XCTAssertEqual(subresources.map { $0["WebResourceURL"] as? String }, ["https://cdn.example.net/s.css", "https://example.org/i.png"])
    XCTAssertEqual(subresources[1]["WebResourceData"] as? Data, Data([0x89, 0x50, 0x4E, 0x47]))
    XCTAssertNotNil(root["WebSubframeArchives"] as? [Any])
    // And it reads again.
    let again = try WebArchiveFormat().read(outcome.written, name: "out.webarchive", fileURL: nil)
    XCTAssertEqual(again.pages.first?.textEncoding, "UTF-8")
  }

  func testMalformedWebArchivesAreInputErrorsNamingWhatIsWrong() throws {
    let cases: [(Data, String)] = [
      (Data("<p>html, not a plist".utf8), "a.webarchive: not a web archive (not a property list"),
      (try PropertyListSerialization.data(fromPropertyList: ["x": 1], format: .binary, options: 0),
       "a.webarchive: not a web archive (no WebMainResource dictionary)"),
      (try PropertyListSerialization.data(fromPropertyList: ["WebMainResource": ["WebResourceData": "text"]], format: .binary, options: 0),
       "a.webarchive: WebMainResource.WebResourceData is missing or not data"),
      (try webArchive(page: Data(), encoding: nil, subresources: [["WebResourceURL": "https://x/"]]),
       "a.webarchive: WebSubresources[0] lacks WebResourceURL or WebResourceData"),
    ]
    assertInputErrors(WebArchiveFormat(), name: "a.webarchive", cases)
  }

  func testFormatsAreChosenByFileName() {
    XCTAssertEqual(PageFormats.format(for: "x/Page.WebArchive").name, "webarchive")
    XCTAssertEqual(PageFormats.format(for: "x/page.htm").name, "html")
    XCTAssertEqual(PageFormats.format(for: "x/page").name, "html")
    XCTAssertEqual(PageFormats.format(for: "x/page.MHT").name, "mhtml")
    XCTAssertEqual(PageFormats.format(for: "x/page.mhtml").name, "mhtml")
    XCTAssertTrue(PageFormats.isPage("a.webarchive"))
    XCTAssertEqual(PageFormats.format(for: "x/crawl.warc").name, "warc")
    XCTAssertEqual(PageFormats.format(for: "x/crawl.WARC.gz").name, "warc")
    XCTAssertTrue(PageFormats.isPage("a.mhtml"))
    XCTAssertTrue(PageFormats.isPage("a.warc.gz"))
    XCTAssertFalse(PageFormats.isPage("a.gz"))
    XCTAssertFalse(PageFormats.isPage("notes.txt"))
  }

  /// fuzz-formats found a binary web archive Foundation reads but cannot write back (Fuzz/Formats/regressions): it is
  /// refused on reading, as an input error, instead of failing at the write as an output error.
  func testAWebArchiveFoundationCannotWriteBackIsAnInputError() throws {
    let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fuzz/Formats/regressions/crash-14170d92ee73436c7d3e07ec392858cd51c34cfb")
    // The file is a fuzz-formats input: its first byte chose the format (2: web archive).
    let archive = try Data(contentsOf: file).dropFirst()
    XCTAssertThrowsError(try WebArchiveFormat().read(Data(archive), name: "fuzz.webarchive", fileURL: nil)) { error in
      guard let error = error as? WebActionError else { return XCTFail("\(error)") }
      XCTAssertEqual(error.kind, .input, error.description)
      XCTAssertTrue(error.description.contains("not a web archive webaction can write back"), error.description)
    }
  }

  /// fuzz-formats found a web archive holding a set, which crashed Foundation's reader (SIGSEGV, in CI at 21b6e2e):
  /// it is refused before Foundation reads it.
  func testAWebArchiveHoldingASetIsAnInputErrorNotACrash() throws {
    let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fuzz/Formats/regressions/crash-e155c0f96fef1e035eb63139a44116e350011493")
    let archive = try Data(contentsOf: file).dropFirst()  // The first byte chose the format (2: web archive).
    XCTAssertThrowsError(try WebArchiveFormat().read(Data(archive), name: "fuzz.webarchive", fileURL: nil)) { error in
      guard let error = error as? WebActionError else { return XCTFail("\(error)") }
      XCTAssertEqual(error.kind, .input, error.description)
      XCTAssertTrue(error.description.contains("is a set, which web archives never hold"), error.description)
    }
  }
}
