import Foundation
import XCTest

/// End-to-end: pages saved in GBK, Shift_JIS and Big5 (Fixtures/encodings) decode through the WHATWG decoders.
///
/// Each page holds bytes that glibc's iconv, which decoded pages before, read differently (its answer is in the
/// comment), so these fail if page loading stops going through TextEncodings.
final class LegacyEncodingPageTests: XCTestCase {
  private var outputDirectory: URL!

  override func setUpWithError() throws {
    outputDirectory = try WebActionCommand.temporaryDirectory()
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: outputDirectory)
  }

  /// Runs the probe extension on a fixture page; returns what it saw and the page written back (as UTF-8).
  private func run(_ page: String) throws -> (probe: [String: Any], html: String) {
    let results = outputDirectory.appendingPathComponent("\(page).json").path
    let output = outputDirectory.appendingPathComponent(page).path
    let result = try WebActionCommand.run(
      ["run", WebActionCommand.fixture("encodings/\(page)"), "--ext", WebActionCommand.fixture("probe.appex"),
       "--results", results, "-o", output])
    XCTAssertEqual(result.status, 0, result.stderr)
    let probe = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: results))) as? [String: Any])
    let html = try XCTUnwrap(String(data: Data(contentsOf: URL(fileURLWithPath: output)), encoding: .utf8))
    return (probe, html)
  }

  func testGBKPage() throws {
    let (probe, html) = try run("gbk.html")
    XCTAssertEqual(probe["characterSet"] as? String, "GBK")
    // 0x80 is € (iconv: U+FFFD); 0xA3 0xA0 is U+3000 (iconv: U+E5E5).
    XCTAssertEqual(probe["title"] as? String, "价格 €5\u{3000}你好")
    // 0xFE 0x51 is U+E816 (iconv: U+20087).
    XCTAssertTrue(html.contains("<p>欢迎光临。 \u{E816}</p>"), html)
    XCTAssertTrue(html.contains(#"<meta charset="utf-8">"#), "the page now says what it is: \(html)")
  }

  func testShiftJISPage() throws {
    let (probe, html) = try run("shift_jis.html")
    XCTAssertEqual(probe["characterSet"] as? String, "Shift_JIS")
    XCTAssertEqual(probe["title"] as? String, "日本語のページ ①")
    // 0x81 0xAD is one error (iconv: U+FFFD then U+FF6D); 0xB1 is half-width katakana.
    XCTAssertTrue(html.contains("<p>こんにちは [\u{FFFD}] ｱ</p>"), html)
  }

  func testBig5Page() throws {
    let (probe, html) = try run("big5.html")
    XCTAssertEqual(probe["characterSet"] as? String, "Big5")
    // 0x8E 0x69 is U+7BB8 (iconv: U+FFFD then "i").
    XCTAssertEqual(probe["title"] as? String, "中文網頁 箸")
    // 0x88 0x62 is two code points, U+00CA U+0304.
    XCTAssertTrue(html.contains("<p>歡迎 \u{CA}\u{304}</p>"), html)
  }
}
