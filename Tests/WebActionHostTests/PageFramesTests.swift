import DOM
import DOMBindings
import URLStandard
import XCTest

@testable import WebActionHost

/// A saved page's `<iframe src>`: a file in the page's folder loads (decoded as a page is, or as XML by its
/// extension); nothing else does. The page's `load` event waits for its frames.
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
    // ISO-8859-2 by its XML declaration: 0xB1 is "ą"; the <meta> inside must not count.
    try Data(Array(#"<?xml version="1.0" encoding="iso-8859-2"?><root xmlns="urn:x"><meta charset="utf-8"/>"#.utf8) + [0xB1]
      + Array("</root>".utf8)).write(to: site.appendingPathComponent("sub/data.xml"))
    try Data(#"<html xmlns="http://www.w3.org/1999/xhtml"><body><p>x</p></body></html>"#.utf8)
      .write(to: site.appendingPathComponent("sub/page.xhtml"))
  }

  override func tearDownWithError() throws { try FileManager.default.removeItem(at: base) }

  /// Loads `page` with its scripts (`--scripts`), and what was reported meanwhile.
  private func load(_ page: URL) throws -> (Page, [Diagnostic]) {
    var request = ActionRequest(page: .file(page))
    request.runPageScripts = true
    request.pageTimersTime = 1
    var diagnostics: [Diagnostic] = []
    let loaded = try Page(request: request) { diagnostics.append($0) }
    return (loaded, diagnostics)
  }

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
    let (loaded, diagnostics) = try load(page)
    let seen = try loaded.context.evaluate("seen.join('|')", sourceURL: "check.js").toString()
    XCTAssertEqual(seen, "inner €||", "\(diagnostics)")
    XCTAssertEqual(try loaded.context.evaluate("frames.length === 3 && frames[0].parent === window", sourceURL: "check.js").toBool(), true)
  }

  func testXMLAndXHTMLFramesLoadAsXMLDocumentsBeforeThePagesLoadEvent() throws {
    let page = base.appendingPathComponent("site/page.html")
    try Data("""
      <!doctype html><body>
      <iframe src="sub/data.xml"></iframe><iframe src="sub/page.xhtml"></iframe>
      <script>
      addEventListener("load", () => {
        const [xml, xhtml] = [...document.querySelectorAll("iframe")].map(f => f.contentDocument);
        globalThis.seen = [xml.contentType, xml.characterSet, xml.documentElement.namespaceURI,
          xml.documentElement.textContent, String(xml instanceof frames[0].XMLDocument), xhtml.contentType,
          xhtml.body.firstChild.tagName, xhtml.createElement("Div").localName].join("|");
      });
      </script>
      """.utf8).write(to: page)
    let (loaded, diagnostics) = try load(page)
    let seen = try loaded.context.evaluate("globalThis.seen", sourceURL: "check.js").toString()
    // XHTML elements keep their case (an XML document), and createElement does not lowercase.
    XCTAssertEqual(seen, "application/xml|ISO-8859-2|urn:x|ą|true|application/xhtml+xml|p|Div", "\(diagnostics)")
  }

  func testAFramesOwnScriptsRunInItsRealmAndItLoadsBeforeItsIframesLoadEvent() throws {
    let page = base.appendingPathComponent("site/page.html")
    try Data("""
      <script>
      globalThis.order = [];
      document.addEventListener("DOMContentLoaded", () => order.push("frame DOMContentLoaded"));
      addEventListener("load", () => order.push("frame load " + document.readyState));
      order.push("frame script sees " + document.querySelectorAll("p").length + " p, parent " + (parent !== window));
      function answer() { return document.querySelector("p").textContent; }
      </script><p>inner</p>
      """.utf8).write(to: base.appendingPathComponent("site/sub/scripted.html"))
    try Data("""
      <!doctype html><body>
      <iframe src="sub/scripted.html" onload="frames[0].order.push('iframe load'); globalThis.seen = frames[0].order.join('|') + '|' + frames[0].answer()"></iframe>
      <script>addEventListener("load", () => globalThis.pageLoad = String(globalThis.seen !== undefined));</script>
      """.utf8).write(to: page)
    let (loaded, diagnostics) = try load(page)
    XCTAssertEqual(try loaded.context.evaluate("globalThis.seen", sourceURL: "check.js").toString(),
                   "frame script sees 0 p, parent true|frame DOMContentLoaded|frame load complete|iframe load|inner", "\(diagnostics)")
    XCTAssertEqual(try loaded.context.evaluate("globalThis.pageLoad", sourceURL: "check.js").toString(), "true")
    // The frame's globals are its own.
    XCTAssertEqual(try loaded.context.evaluate("typeof order", sourceURL: "check.js").toString(), "undefined")
  }

  /// An embedder's loader decides what a frame is: its type and where redirects led (as a server would).
  func testAnEmbeddersSubresourceLoaderGivesFramesTheirTypeAndFinalURL() throws {
    struct Loader: SubresourceLoader {
      func lookup(_ reference: String, documentURL: URLRecord) throws(WebActionError) -> SubresourceLookup {
        guard URLRecord(reference, base: documentURL)?.href == "http://example.test/data.cgi?x=1" else { return .notFound(tried: [reference]) }
        return .found(Subresource(data: Data(#"<svg xmlns="http://www.w3.org/2000/svg"><g/></svg>"#.utf8),
                                  origin: reference, contentType: "image/svg+xml", finalURL: "http://example.test/moved.svg"))
      }
    }
    var request = ActionRequest(page: .bytes(Data("""
      <iframe src="data.cgi?x=1"></iframe>
      <script>addEventListener("load", () => { const d = frames[0].document;
        globalThis.seen = [d.URL, d.contentType, d.documentElement.namespaceURI, d.documentElement.firstChild.localName].join("|"); });</script>
      """.utf8), name: "page.html"))
    request.url = "http://example.test/page.html"
    request.runPageScripts = true
    request.pageTimersTime = 1
    let loaded = try Page(request: request, subresources: Loader()) { _ in }
    XCTAssertEqual(try loaded.context.evaluate("globalThis.seen", sourceURL: "check.js").toString(),
                   "http://example.test/moved.svg|image/svg+xml|http://www.w3.org/2000/svg|g")
  }
}
