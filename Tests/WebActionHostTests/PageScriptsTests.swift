import DOM
import JSBridge
import XCTest

@testable import WebActionHost

/// `ActionRequest.runPageScripts`: Page parses with the page's inline scripts running in its JS context.
final class PageScriptsTests: XCTestCase {
  private var diagnostics: [Diagnostic] = []

  private func page(_ html: String, scripts: Bool = true, timeLimit: Double = 5, timersTime: Double = 1) throws -> Page {
    var request = ActionRequest(page: .bytes(Data(html.utf8), name: "test.html"))
    request.runPageScripts = scripts
    request.pageTimersTime = timersTime
    request.scriptTimeLimit = timeLimit
    diagnostics = []
    let page = try Page(request: request) { [unowned self] in diagnostics.append($0) }
    if let failure = page.loadFailure { throw failure }
    return page
  }

  /// A page's endless zero-delay timer chain stops at the event loop's turn limit (not after --page-timers seconds),
  /// with a warning; its timers are cancelled and the page is usable.
  func testAnEndlessTimerChainInThePageIsCancelledAtTheTurnLimit() throws {
    let started = Date()
    let page = try page("<body><script>var n = 0; (function f() { n++; setTimeout(f, 0) })()</script>", timersTime: 600)
    XCTAssertLessThan(Date().timeIntervalSince(started), 60)
    XCTAssertEqual(page.loop.pendingTimerCount, 0)
    XCTAssertEqual(try page.context.evaluate("n", sourceURL: "t").toDouble(), Double(page.loop.turnLimit + 1))
    XCTAssertTrue(diagnostics.contains { $0.message.contains("timer callbacks ran \(page.loop.turnLimit) times after loading") }, "\(diagnostics)")
  }

  func testNestedWritesFromJavaScript() throws {
    let page = try page(#"""
      <body><script>document.write("<script>document.write('<b>2<\/b>')<\/script><i>1</i>")</script><div>after</div>
      """#)
    XCTAssertEqual(page.document.body?.innerHTML.replacingOccurrences(of: #"<script>document.write("<script>document.write('<b>2<\/b>')<\/script><i>1</i>")</script>"#, with: "A"),
                   "A<script>document.write('<b>2</b>')</script><b>2</b><i>1</i><div>after</div>")
    XCTAssertTrue(diagnostics.isEmpty, "\(diagnostics)")
  }

  func testPartialTagWrittenInTwoCalls() throws {
    let page = try page(#"<body><script>document.write("<b"); document.write(">x</b>")</script><p>next</p>"#)
    XCTAssertEqual(try page.document.querySelector("script + b")?.outerHTML, "<b>x</b>")
    XCTAssertEqual(try page.document.querySelector("b + p")?.textContent, "next")
  }

  func testScriptsShareGlobalsAndSeeTheDocumentSoFar() throws {
    let page = try page("""
      <body><p>1</p><script>var seen = [document.body.children.length, document.readyState];</script><p>2</p>
      <script>seen.push(document.body.children.length);</script>
      """)
    XCTAssertEqual(try page.context.evaluate("seen.join() + ',' + document.readyState", sourceURL: "t").toString(),
                   "2,loading,4,complete")
  }

  func testCurrentScriptIsTheRunningScriptAndNullAfterwards() throws {
    let page = try page(#"""
      <body><script id=a>var ids = [document.currentScript.id];
      document.write("<script id=b>ids.push(document.currentScript.id)<\/script>"); ids.push(document.currentScript.id);
      </script>
      """#)
    XCTAssertEqual(try page.context.evaluate("ids.join() + ',' + document.currentScript", sourceURL: "t").toString(),
                   "a,b,a,null")
  }

  func testAThrowingScriptIsAConsoleErrorAndParsingGoesOn() throws {
    let page = try page("<body><script>\n\nnope.x</script><p id=after>after</p><script>console.log('next ran')</script>")
    XCTAssertNotNil(page.document.getElementById("after"))
    XCTAssertEqual(diagnostics.map(\.level), [.error, .log])
    XCTAssertTrue(diagnostics[0].message.hasPrefix("Uncaught test.html#script-1:3"), diagnostics[0].message)
    XCTAssertEqual(diagnostics[1].message, "next ran")
  }

  func testARunawayScriptIsStoppedByTheWatchdogAndParsingGoesOn() throws {
    let page = try page("<body><script>while (true) {}</script><p id=after>after</p>", timeLimit: 0.2)
    XCTAssertNotNil(page.document.getElementById("after"))
    XCTAssertEqual(diagnostics.map(\.level), [.error])
  }

  func testDueTimersRunAfterLoadingAndTheirErrorsAreConsoleErrors() throws {
    let page = try page("""
      <body><script>
      setTimeout(function () { document.body.setAttribute("data-timer", document.readyState); }, 0);
      Promise.resolve().then(function () { document.body.setAttribute("data-promise", "1"); });
      setTimeout(function () { missing(); }, 0);
      </script>
      """)
    XCTAssertEqual(page.document.body?.getAttribute("data-timer"), "complete")
    XCTAssertEqual(page.document.body?.getAttribute("data-promise"), "1")
    XCTAssertEqual(diagnostics.map(\.level), [.error])
    XCTAssertTrue(diagnostics[0].message.contains("ReferenceError"), diagnostics[0].message)
    XCTAssertNoThrow(try page.throwPendingScriptError())
  }

  func testPageTimersStillPendingAreCancelled() throws {
    let page = try page("<body><script>setInterval(function () {}, 10); setTimeout(function () {}, 5000);</script>",
                        timersTime: 0)
    XCTAssertEqual(page.loop.pendingTimerCount, 0)
    XCTAssertEqual(diagnostics.map(\.message), ["2 page timer(s) still pending 0 s after loading were cancelled"])
  }

  func testWithoutTheFlagScriptsAreInert() throws {
    let page = try page("<body><script>document.write('<p>w</p>')</script>", scripts: false)
    XCTAssertNil(try page.document.querySelector("p"))
    XCTAssertEqual(try page.context.evaluate("document.readyState", sourceURL: "t").toString(), "complete")
  }
}

/// `ActionRequest.subresources`: same-origin `<script src>` files served from local folders.
final class PageSubresourceTests: XCTestCase {
  private var diagnostics: [Diagnostic] = []
  private var folders: [URL] = []

  override func setUpWithError() throws {
    let base = FileManager.default.temporaryDirectory.appendingPathComponent("webaction-subresources-\(UUID().uuidString)")
    let site = base.appendingPathComponent("site"), overlay = base.appendingPathComponent("overlay")
    let outside = base.appendingPathComponent("outside")
    for folder in [site.appendingPathComponent("lib"), site.appendingPathComponent("a/b"), overlay.appendingPathComponent("lib"), outside] {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }
    try Data("var order = (window.order || []).concat('root');".utf8).write(to: site.appendingPathComponent("lib/root.js"))
    try Data("order.push('relative');".utf8).write(to: site.appendingPathComponent("a/common.js"))
    try Data("order.push('site-shadowed');".utf8).write(to: site.appendingPathComponent("lib/shadowed.js"))
    try Data("order.push('overlay');".utf8).write(to: overlay.appendingPathComponent("lib/shadowed.js"))
    try Data("order.push('thrower'); undefinedFunction();".utf8).write(to: site.appendingPathComponent("lib/throws.js"))
    try Data("order.push('secret');".utf8).write(to: outside.appendingPathComponent("secret.js"))
    // "order.push('价€');" in GBK, "order.push('日本');" in Shift_JIS, and a UTF-8 one with a byte order mark.
    try Data(Array("order.push('".utf8) + [0xBC, 0xDB, 0x80] + Array("');".utf8)).write(to: site.appendingPathComponent("lib/gbk.js"))
    try Data(Array("order.push('".utf8) + [0x93, 0xFA, 0x96, 0x7B] + Array("');".utf8)).write(to: site.appendingPathComponent("lib/sjis.js"))
    try Data([0xEF, 0xBB, 0xBF] + Array("order.push('é');".utf8)).write(to: site.appendingPathComponent("lib/bom.js"))
    try FileManager.default.createSymbolicLink(at: site.appendingPathComponent("lib/escape.js"),
                                               withDestinationURL: outside.appendingPathComponent("secret.js"))
    folders = [overlay, site, base]
  }

  override func tearDownWithError() throws {
    if let base = folders.last { try FileManager.default.removeItem(at: base) }
  }

  private func page(_ html: String, folders: [URL]) throws -> Page {
    var request = ActionRequest(page: .bytes(Data(html.utf8), name: "test.html"))
    request.url = "http://example.test/a/b/page.html"
    request.runPageScripts = true
    request.subresources = SubresourceFolders(folders.map(\.path))
    diagnostics = []
    let page = try Page(request: request) { [unowned self] in diagnostics.append($0) }
    if let failure = page.loadFailure { throw failure }
    return page
  }

  private func order(_ page: Page) throws -> String {
    try page.context.evaluate("order.join()", sourceURL: "t").toString()
  }

  func testLinkedStyleSheetsLoadFromTheFoldersWithoutScripts() throws {
    try Data("p { text-transform: uppercase } @media print { p { display: none } }".utf8)
      .write(to: folders[1].appendingPathComponent("lib/site.css"))
    let html = """
      <!DOCTYPE html><link rel=stylesheet href=/lib/site.css><link rel=stylesheet href=missing.css>
      <link rel=stylesheet href=http://other.test/lib/site.css><p>text</p>
      """
    var request = ActionRequest(page: .bytes(Data(html.utf8), name: "test.html"))
    request.url = "http://example.test/a/b/page.html"
    request.subresources = SubresourceFolders(folders.map(\.path))
    diagnostics = []
    let page = try Page(request: request) { [unowned self] in diagnostics.append($0) }
    XCTAssertEqual(try page.context.evaluate("document.body.innerText", sourceURL: "t").toString(), "TEXT")
    XCTAssertEqual(diagnostics.filter { $0.message.contains("missing.css") }.count, 1, "\(diagnostics)")
    XCTAssertFalse(diagnostics.contains { $0.message.contains("other.test") }, "another origin is not looked up")
  }

  func testSameOriginScriptsLoadByPathRelativeOrAbsoluteFirstFolderWins() throws {
    let page = try page("""
      <script src="/lib/root.js"></script><script src="../common.js"></script>
      <script src="http://example.test/lib/shadowed.js"></script><script>order.push('inline')</script>
      """, folders: Array(folders.prefix(2)))
    XCTAssertEqual(try order(page), "root,relative,overlay,inline")
    XCTAssertEqual(diagnostics.map(\.message), [])
  }

  func testOtherOriginsMissingFilesAndModulesAreReportedNotRun() throws {
    let page = try page("""
      <script src="/lib/root.js"></script><script src="https://cdn.example.com/lib/root.js"></script>
      <script src="/lib/missing.js"></script><script type=module src="/lib/shadowed.js"></script>
      """, folders: Array(folders.prefix(2)))
    XCTAssertEqual(try order(page), "root")
    XCTAssertEqual(diagnostics.count, 3, "\(diagnostics)")
    XCTAssertTrue(diagnostics[0].message.contains("not on the page's origin"), diagnostics[0].message)
    XCTAssertTrue(diagnostics[1].message.contains("no such file"), diagnostics[1].message)
    XCTAssertTrue(diagnostics[1].message.contains("lib/missing.js"), diagnostics[1].message)
    XCTAssertTrue(diagnostics[2].message.contains("type=module"), diagnostics[2].message)
  }

  func testDotSegmentsCannotClimbOutOfTheFolder() throws {
    // "/../../outside/secret.js" resolves (as URLs do) to "/outside/secret.js" inside the folder: not found there.
    let page = try page("""
      <script src="/lib/root.js"></script><script src="/../../outside/secret.js"></script>
      <script src="%2e%2e/%2e%2e/%2e%2e/outside/secret.js"></script>
      """, folders: [folders[1]])
    XCTAssertEqual(try order(page), "root")
    XCTAssertEqual(diagnostics.filter { $0.message.contains("no such file") }.count, 2, "\(diagnostics)")
  }

  func testASymbolicLinkLeadingOutOfTheFolderFailsTheRunNamingTheFile() throws {
    XCTAssertThrowsError(try page(#"<script src="/lib/escape.js"></script>"#, folders: [folders[1]])) { error in
      let message = (error as? WebActionError)?.description ?? "\(error)"
      XCTAssertTrue(message.contains("escape.js"), message)
      XCTAssertTrue(message.contains("outside --subresources"), message)
    }
  }

  func testAnExternalScriptsExceptionIsReportedWithItsURL() throws {
    let page = try page("""
      <script>var order = [], errors = []; addEventListener("error", function (e) { errors.push(e.filename + ":" + e.lineno); });</script>
      <script src="/lib/throws.js"></script><script>order.push('after')</script>
      """, folders: [folders[1]])
    XCTAssertEqual(try order(page), "thrower,after")
    XCTAssertEqual(try page.context.evaluate("errors.join()", sourceURL: "t").toString(), "http://example.test/lib/throws.js:1")
  }

  /// A script decodes with its charset attribute, else the page's encoding; a byte order mark wins over both.
  func testExternalScriptsDecodeInTheirCharsetOrThePagesEncoding() throws {
    let page = try page("""
      <meta charset="gbk"><script>var order = [];</script><script src="/lib/gbk.js"></script>
      <script src="/lib/sjis.js" charset="shift_jis"></script><script src="/lib/bom.js" charset="big5"></script>
      <script src="/lib/gbk.js" charset="no-such-encoding"></script>
      """, folders: [folders[1]])
    XCTAssertEqual(try order(page), "价€,日本,é,价€")
  }

  func testWithoutFoldersExternalScriptsAreReportedAsBefore() throws {
    let page = try page(#"<script src="/lib/root.js"></script><script>var order = ['inline']</script>"#, folders: [])
    XCTAssertEqual(try order(page), "inline")
    XCTAssertTrue(diagnostics[0].message.contains("--scripts does not fetch external scripts"), "\(diagnostics)")
  }
}
