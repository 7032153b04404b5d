import Foundation
import XCTest

/// End-to-end: `webaction run --scripts` runs the page's inline scripts while loading, then the extension.
final class ScriptsCommandTests: WorkFolderTestCase {
  private let page = Data("""
    <!DOCTYPE html><html><head><title>t</title>
    <script>document.title = document.readyState + "-" + document.body;</script></head>
    <body><p>one</p><script>document.write("<p>written</p>");</script><p>two</p>
    <script src="x.js"></script>
    <script>
      undefinedFunction();</script><p>three</p>
    <script>document.body.setAttribute("data-seen", document.body.children.length + "/" + document.readyState);</script>
    </body></html>
    """.utf8)

  private func run(_ extra: [String]) throws -> (WebActionCommand.Result, [String: Any]) {
    let results = work.appendingPathComponent("results-\(UUID().uuidString).json").path
    let args = work.appendingPathComponent("args.json")
    try JSONSerialization.data(withJSONObject: ["mark": "x"]).write(to: args)
    let result = try WebActionCommand.run(
      ["run", "-", "--ext", WebActionCommand.fixture("probe.appex"), "--finalize-args", args.path,
       "--results", results] + extra, stdin: page)
    let info = (try? JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: results)))) as? [String: Any]
    return (result, info ?? [:])
  }

  func testScriptsRunWhileLoadingAndWritesLandInPlace() throws {
    let (result, info) = try run(["--scripts"])
    XCTAssertEqual(result.status, 0, result.stderr)
    // The head script ran before the body existed, while loading.
    XCTAssertEqual(info["title"] as? String, "loading-null")
    // document.write put its paragraph right after its script; the extension saw four paragraphs.
    XCTAssertTrue(result.stdout.contains(
      #"<p>one</p><script>document.write("<p>written</p>");</script><p>written</p><p>two</p>"#), result.stdout)
    XCTAssertEqual(info["paragraphs"] as? Int, 4)
    // The last script saw the body as parsed so far: p, script, p, p, script(src), script, p, script = 8.
    XCTAssertTrue(result.stdout.contains(#"data-seen="8/loading""#), result.stdout)
    // finalize() still ran after the page scripts.
    XCTAssertTrue(result.stdout.contains(#"data-finalized="x""#), result.stdout)
    // A throwing page script is a console error with its place, not a failure; the external one is reported.
    XCTAssertTrue(result.stderr.contains("[console error] Uncaught <stdin>#script-4:6:"), result.stderr)
    XCTAssertTrue(result.stderr.contains("ReferenceError"), result.stderr)
    XCTAssertTrue(result.stderr.contains(#"<stdin>#script-3 (line 4): <script src="x.js"> was not run"#), result.stderr)
  }

  func testWithoutTheFlagScriptsStayInert() throws {
    let (result, info) = try run([])
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertEqual(info["title"] as? String, "t")
    XCTAssertEqual(info["paragraphs"] as? Int, 3)
    XCTAssertFalse(result.stdout.contains("</script><p>written</p>"), result.stdout)
    XCTAssertFalse(result.stdout.contains(#"data-seen=""#), result.stdout)
    XCTAssertFalse(result.stderr.contains("#script-"), result.stderr)
  }

  func testPageListenersForDOMContentLoadedAndLoadWriteIntoTheDOM() throws {
    let page = Data("""
      <!DOCTYPE html><html><head><script>
      document.addEventListener("DOMContentLoaded", () => {
        document.getElementById("status").textContent = "dcl:" + document.readyState + ":" + document.querySelectorAll("p").length;
      });
      window.addEventListener("load", e => {
        document.body.setAttribute("data-load", document.readyState + ":" + (e.target === document));
        throw new Error("late listener failure");
      });
      </script></head><body><p id="status">parsing</p><p>last</p></body></html>
      """.utf8)
    let result = try WebActionCommand.run(["run", "-", "--ext", WebActionCommand.fixture("probe.appex"), "--scripts"], stdin: page)
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertTrue(result.stdout.contains(#"<body data-load="complete:true""#), result.stdout)
    XCTAssertTrue(result.stdout.contains(#"<p id="status">dcl:interactive:2</p>"#), result.stdout)
    XCTAssertTrue(result.stderr.contains("[console error] Uncaught "), result.stderr)
    XCTAssertTrue(result.stderr.contains("Error: late listener failure"), result.stderr)
  }

  func testHelpMentionsTheFlag() throws {
    let result = try WebActionCommand.run(["run", "--help"])
    XCTAssertTrue(result.stdout.contains("--scripts"), result.stdout)
    XCTAssertTrue(result.stdout.contains("--subresources"), result.stdout)
    XCTAssertTrue(result.stdout.contains("--page-timers"), result.stdout)
  }
}
