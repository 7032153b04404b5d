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
    return try Page(request: request) { [unowned self] in diagnostics.append($0) }
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
