import XCTest
@testable import DOM

/// Fonts chosen and text measured as WebKitGTK does on this machine's fonts (Scripts/install-deps installs them).
/// The expected widths and heights are WebKitGTK 2.50's `getBoundingClientRect()` of
/// `<span style="font-family: F">Hello world, the quick brown fox</span>` at 16px in a 390x844 window
/// (`/usr/bin/python3 ../shared/reference/webkit_host.py --ext probe.js --window-size 390x844 page.html`, the
/// script reading each span's rect).
final class FontTests: XCTestCase {
  static let sentence: Substring = "Hello world, the quick brown fox"

  func testFamiliesAndWidthsAreWebKits() {
    let cases: [(families: [String], weight: Int, italic: Bool, size: Double, width: Double, height: Double)] = [
      (["-webkit-standard"], 400, false, 16, 256.15625, 19),
      (["serif"], 400, false, 16, 266, 19),
      (["sans-serif"], 400, false, 16, 256.15625, 19),
      (["monospace"], 400, false, 13, 256, 18),
      (["Arial"], 400, false, 16, 226, 17),
      (["Helvetica"], 400, false, 16, 224.688, 16),
      (["Open Sans", "sans-serif"], 400, false, 16, 256.15625, 19),
      (["Open Sans"], 400, false, 16, 256.15625, 19),
      (["Times New Roman"], 400, false, 16, 212, 17),
      (["Georgia", "serif"], 400, false, 16, 266, 19),
      (["system-ui"], 400, false, 16, 256.15625, 19),
      (["-apple-system", "BlinkMacSystemFont", "Segoe UI", "Roboto"], 400, false, 16, 256.15625, 19),
      (["Courier New"], 400, false, 16, 320, 18),
      (["-webkit-standard"], 700, false, 16, 292, 19),
      (["-webkit-standard"], 400, true, 16, 257, 19),
      (["-webkit-standard"], 400, false, 13, 210.314453125, 15),
      (["cursive"], 400, false, 16, 266, 19),
    ]
    for c in cases {
      let font = FontCatalog.shared.font(for: FontDescription(families: c.families, weight: c.weight, italic: c.italic, size: c.size))
      XCTAssertEqual(font.width(of: Self.sentence), c.width, accuracy: 0.05, "\(c.families) \(c.weight) \(c.italic) \(c.size): \(font.family)")
      XCTAssertEqual(font.height, c.height, "\(c.families): \(font.family)")
    }
  }

  /// A character the font lacks is measured in the font fontconfig finds for it, found by its UTF-8 offset in the
  /// run (☃ is in DejaVu Sans only; Arial is Liberation Sans here).
  func testMissingCharactersAreMeasuredInTheirFallbackFont() {
    let arial = FontCatalog.shared.font(for: FontDescription(families: ["Arial"], size: 16))
    let dejaVu = FontCatalog.shared.font(for: FontDescription(families: ["DejaVu Sans"], size: 16))
    XCTAssertEqual(arial.family, "Liberation Sans")
    let snowman = dejaVu.width(of: "\u{2603}")
    XCTAssertGreaterThan(snowman, 8, "measured in DejaVu Sans, not given half the size")
    XCTAssertEqual(arial.width(of: "\u{2603}"), snowman, accuracy: 0.001)
    // After a two-byte character: the second snowman is at byte 6, UTF-16 offset 3.
    let expected = arial.width(of: "é") + arial.width(of: "x") + 2 * snowman
    XCTAssertEqual(arial.width(of: "é\u{2603}x\u{2603}"), expected, accuracy: 0.001)
  }

  /// The width cache finds every word it holds, tells apart words that differ in one byte, and empties at 50,000.
  func testWidthCache() {
    var cache = WidthCache()
    func insert(_ word: Substring, _ width: Double) {
      var word = word
      word.withUTF8 { cache.insert($0, hash: WidthCache.hash($0), width: width) }
    }
    func find(_ word: Substring, hashOf other: Substring? = nil) -> Double? {
      var word = word, other = other ?? word
      let hash = other.withUTF8 { WidthCache.hash($0) }
      return word.withUTF8 { cache.width(of: $0, hash: hash) }
    }
    let words = (0..<3000).map { "w\($0)" }
    for (index, word) in words.enumerated() { insert(word[...], Double(index)) }
    for (index, word) in words.enumerated() { XCTAssertEqual(find(word[...]), Double(index), word) }
    XCTAssertNil(find("w3000"))
    // A word with another word's hash is not that word.
    XCTAssertNil(find("v1", hashOf: "w1"))
    // A slice of a longer string is the same word as the word alone.
    let line = "say w42 twice"
    XCTAssertEqual(find(line[line.index(line.startIndex, offsetBy: 4)..<line.index(line.startIndex, offsetBy: 7)]), 42)
    for index in 3000..<50_001 { insert("w\(index)"[...], 1) }
    XCTAssertNil(find("w0"), "emptied when it held 50,000")
    XCTAssertEqual(find("w50000"), 1)
  }
}
