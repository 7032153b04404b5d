import DOM
import DOMBindings
import XCTest

@testable import WebActionHost

/// A saved page's `<iframe src>`: a file in the page's folder loads (decoded as a page is); nothing else does.
final class PageFramesTests: XCTestCase {
  private var base: URL!

  override func setUpWithError() throws {
    base = FileManager.default.temporaryDirectory.appendingPathComponent("webaction-frames-\(UUID().uuidString)")
    let site = base.appendingPathComponent("site")
    try FileManager.default.createDirectory(at: site.appendingPathComponent("sub"), withIntermediateDirectories: true)
    try FileManager.default.createDirectory(at: base.appendingPathComponent("outside"), withIntermediateDirectories: true)
    // windows-1252 by its <meta>: 0x80 is the euro sign.
    try Data(Array(#"<meta charset="windows-1252"><h1>inner "#.utf8) + [0x80] + Array("</h1>".utf8))
      .write(to: site.appendingPathComponent("sub/inner.html"))
    try Data("<h1>secret</h1>".utf8).write(to: base.appendingPathComponent("outside/secret.html"))
  }

  override func tearDownWithError() throws { try FileManager.default.removeItem(at: base) }

  func testAFrameBesideThePageLoadsAndOthersStayEmpty() throws {
    let page = base.appendingPathComponent("site/page.html")
    try Data("""
      <!doctype html><body>
      <iframe src="sub/inner.html"></iframe><iframe src="../outside/secret.html"></iframe><iframe src="https://example.com/"></iframe>
      <script>
      globalThis.seen = [];
      for (const frame of document.querySelectorAll("iframe")) {
        frame.onload = () => seen.push(frame.contentDocument.body.textContent);
      }
      </script>
      """.utf8).write(to: page)
    var request = ActionRequest(page: .file(page))
    request.runPageScripts = true
    request.pageTimersTime = 1
    var diagnostics: [Diagnostic] = []
    let loaded = try Page(request: request) { diagnostics.append($0) }
    let seen = try loaded.context.evaluate("seen.join('|')", sourceURL: "check.js").toString()
    XCTAssertEqual(seen, "inner €||", "\(diagnostics)")
    XCTAssertEqual(try loaded.context.evaluate("frames.length === 3 && frames[0].parent === window", sourceURL: "check.js").toBool(), true)
  }
}
