import DOM
import JSBridge
import XCTest

@testable import WebActionHost

/// With `--scripts`, loading ends with readystatechange, DOMContentLoaded and load, as in a browser.
final class PageEventsTests: XCTestCase {
  private var diagnostics: [Diagnostic] = []

  private func page(_ html: String, scripts: Bool = true) throws -> Page {
    var request = ActionRequest(page: .bytes(Data(html.utf8), name: "test.html"))
    request.runPageScripts = scripts
    request.pageTimersTime = 1
    diagnostics = []
    return try Page(request: request) { [unowned self] in diagnostics.append($0) }
  }

  private static let listening = """
    <body><p id=out></p><script>
    var log = [];
    document.addEventListener("readystatechange", () => log.push("rs:" + document.readyState));
    document.addEventListener("DOMContentLoaded", e => log.push("dcl:" + document.readyState + ":" + e.isTrusted + ":" + e.bubbles));
    window.addEventListener("DOMContentLoaded", e => log.push("dcl@window:" + (e.target === document)));
    window.addEventListener("load", e => log.push("load:" + document.readyState + ":" + (e.target === document) + ":" + (e.currentTarget === window)));
    document.addEventListener("load", () => log.push("load@document"));
    document.addEventListener("DOMContentLoaded", () => { document.getElementById("out").textContent = "ready"; });
    </script><p id=late>parsed after the script</p>
    """

  func testEventsFireInBrowserOrderAroundTheReadyStateChanges() throws {
    let page = try page(Self.listening)
    XCTAssertEqual(try page.context.evaluate("log.join(' ')", sourceURL: "t").toString(),
                   "rs:interactive dcl:interactive:true:true dcl@window:true rs:complete load:complete:true:true")
    XCTAssertEqual(page.document.getElementById("out")?.textContent, "ready")
    XCTAssertTrue(diagnostics.isEmpty, "\(diagnostics)")
  }

  func testWithoutScriptsNothingFires() throws {
    let page = try page(Self.listening, scripts: false)
    XCTAssertEqual(try page.context.evaluate("typeof log", sourceURL: "t").toString(), "undefined")
    XCTAssertEqual(page.document.getElementById("out")?.textContent, "")
  }

  func testAThrowingLoadListenerIsAConsoleErrorAndTheNextRuns() throws {
    let page = try page("""
      <body><script>
      window.addEventListener("load", () => { throw new TypeError("listener broke"); });
      window.addEventListener("load", () => document.body.setAttribute("data-loaded", "yes"));
      </script>
      """)
    XCTAssertEqual(page.document.body?.getAttribute("data-loaded"), "yes")
    XCTAssertEqual(diagnostics.map(\.level), [.error], "\(diagnostics)")
    XCTAssertTrue(diagnostics[0].message.hasPrefix("Uncaught "), diagnostics[0].message)
    XCTAssertTrue(diagnostics[0].message.contains("TypeError: listener broke"), diagnostics[0].message)
    XCTAssertNoThrow(try page.throwPendingScriptError())
  }

  func testMutationObserverRecordsOfParsedNodesArriveBeforeTheNextScriptAndAfterTheLast() throws {
    // https://html.spec.whatwg.org/#parsing-main-incdata ("An end tag whose tag name is script"): a microtask
    // checkpoint before each parser script, as in a browser.
    let page = try page("""
      <body><script>
      var seen = [];
      new MutationObserver(records => seen.push(records.map(r => [...r.addedNodes].map(n => n.nodeName)).join())).observe(document, { childList: true, subtree: true });
      </script><p></p><script>var atSecond = seen.join(";");</script><i></i>
      """)
    XCTAssertEqual(try page.context.evaluate("atSecond + ' / ' + seen.join(';')", sourceURL: "t").toString(),
                   "P,SCRIPT,#text / P,SCRIPT,#text;I")
  }
}
