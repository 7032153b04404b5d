import XCTest

@testable import WebActionHost

final class OutputLayoutTests: XCTestCase {
  private func layout(_ pages: [String], from directory: String = "/work") throws -> [String] {
    try OutputLayout.relativePaths(for: pages, in: "out", currentDirectory: directory)
  }

  func testPagesInOneFolderKeepTheirNames() throws {
    XCTAssertEqual(try layout(["site/a.html", "site/b.html"]), ["a.html", "b.html"])
    XCTAssertEqual(try layout(["a.html"]), ["a.html"])
    XCTAssertEqual(try layout(["/srv/site/a.html", "/srv/site/b.html"]), ["a.html", "b.html"])
  }

  func testTheTreeBelowTheSharedFolderIsMirrored() throws {
    XCTAssertEqual(try layout(["x/p.html", "y/p.html"]), ["x/p.html", "y/p.html"])
    XCTAssertEqual(try layout(["site/a.html", "site/sub/deeper/a.html"]), ["a.html", "sub/deeper/a.html"])
    XCTAssertEqual(try layout(["/srv/x/p.html", "y/p.html"], from: "/srv"), ["x/p.html", "y/p.html"])
    XCTAssertEqual(try layout(["/a/p.html", "/b/p.html"]), ["a/p.html", "b/p.html"])
    XCTAssertEqual(try layout(["x/../y/p.html", "./x/p.html"]), ["y/p.html", "x/p.html"], "paths are standardized first")
  }

  func testTheSamePageTwiceIsAUsageError() {
    XCTAssertThrowsError(try layout(["x/p.html", "y/q.html", "./x/p.html"])) { error in
      XCTAssertEqual((error as? WebActionError)?.kind, .usage)
      XCTAssertEqual((error as? WebActionError)?.message, "x/p.html and ./x/p.html are the same page: both would be written to out/x/p.html")
    }
  }
}
