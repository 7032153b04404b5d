import XCTest
@testable import DOM

/// matchMedia without a viewport. Serializations and the media-type answers agree with Chromium 156
/// (Scripts/chromium-reference); where a media feature is tested Chromium answers from its viewport, webaction says false.
final class MediaQueryTests: XCTestCase {
  private func check(_ text: String, _ serialized: String, _ matches: Bool, line: UInt = #line) {
    let query = MediaQuery(text)
    XCTAssertEqual(query.serialized, serialized, text, line: line)
    XCTAssertEqual(query.matches(), matches, text, line: line)
  }

  func testMediaTypesMatchForScreensOnly() {
    check("all", "all", true)
    check("screen", "screen", true)
    check("SCREEN", "screen", true)
    check("only screen", "only screen", true)
    check("not print", "not print", true)
    check("print", "print", false)
    check("tv", "tv", false)
    check("not all", "not all", false)
    check("not screen", "not screen", false)
  }

  func testListsMatchWhenAnyQueryDoes() {
    check("screen, print", "screen, print", true)
    check("  screen  ,  all ", "screen, all", true)
    check("print, tv", "print, tv", false)
    check("", "", true)
  }

  /// Features are evaluated as the style sheets evaluate them: a 390 × 844 colour phone screen.
  func testFeaturesAreEvaluatedForThePhoneScreen() {
    check("(min-width:100PX)", "(min-width: 100px)", true)
    check("(min-width: 600px)", "(min-width: 600px)", false)
    check("screen and (color)", "screen and (color)", true)
    check("(orientation: portrait)", "(orientation: portrait)", true)
    check("(orientation: landscape)", "(orientation: landscape)", false)
    check("screen and (max-width: 100000px)", "screen and (max-width: 100000px)", true)
    check("not (color)", "not (color)", false)
    check("all and (color)", "(color)", true)
    check("(color", "(color)", true)
  }

  func testInvalidQueriesBecomeNotAll() {
    check("only", "not all", false)
    check("screen and", "not all", false)
    check("and screen", "not all", false)
    check("screen (color)", "not all", false)
    check("print, only, screen", "print, not all, screen", true)
  }
}
