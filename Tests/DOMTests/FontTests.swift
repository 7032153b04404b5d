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
}
