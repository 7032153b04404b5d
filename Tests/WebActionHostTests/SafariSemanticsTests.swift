import Foundation
import WebActionKit
import XCTest

@testable import WebActionHost

/// What real extensions rely on Safari doing (issue 31), through ActionHost with real bundles: the extension's own
/// world beside the page's, scripts it inserts running in the page's world at once, frames loaded before it runs,
/// the forms of preprocessing files people ship, and navigations recorded for the host.
final class SafariSemanticsTests: XCTestCase {
  private var directory: URL!
  private var diagnostics: [Diagnostic] = []

  override func setUpWithError() throws {
    directory = FileManager.default.temporaryDirectory.appendingPathComponent("safari-semantics-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    diagnostics = []
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: directory)
  }

  /// Runs `script` (a whole preprocessing file) on `html` with `finalize` called with `{}`.
  private func run(_ script: String, on html: String = "<!DOCTYPE html><body><p id=p>Hello</p></body>", name: String = "Semantics",
                   scripts: Bool = false) throws -> ActionOutcome {
    let bundle = try writeTestBundle(in: directory, name: name, script: script)
    let host = ActionHost(extension: try ExtensionSource(bundleURL: bundle) { _ in nil }) { [unowned self] in diagnostics.append($0) }
    var request = ActionRequest(page: .bytes(Data(html.utf8), name: "test.html"), finalizeArguments: [:])
    request.timeout = 2
    request.runPageScripts = scripts
    return try host.process(request)
  }

  private func results(_ outcome: ActionOutcome) -> [String: String] {
    (outcome.results.dictionary ?? [:]).compactMapValues(\.string)
  }

  /// The extension's globals are not the page's, and the page's are not the extension's, both ways; both see one
  /// DOM. A script the extension inserts runs in the page's world before appendChild returns.
  func testTheExtensionHasAWorldOfItsOwnAndInsertedScriptsRunInThePages() throws {
    let outcome = try run("""
      var extensionGlobal = "ext";
      var ExtensionPreprocessingJS = {
        run: function (args) {
          document.body.expando = "extension's";
          var script = document.createElement("script");
          script.textContent = "var pageGlobal = 1; document.body.setAttribute('data-page-saw', " +
            "[typeof extensionGlobal, typeof ExtensionPreprocessingJS, typeof document.body.expando].join());" +
            "var d = document.createElement('div'); d.id = 'made'; document.body.appendChild(d);";
          document.body.appendChild(script);
          args.completionFunction({
            madeAtOnce: String(document.getElementById("made") !== null),
            pageSaw: document.body.getAttribute("data-page-saw"),
            extensionSees: [typeof pageGlobal, typeof window.pageGlobal].join()
          });
        }
      };
      """, on: "<!DOCTYPE html><body><script>var pageOwn = 1</script></body>")
    XCTAssertEqual(results(outcome), [
      "madeAtOnce": "true", "pageSaw": "undefined,undefined,undefined", "extensionSees": "undefined,undefined",
    ])
  }

  /// With `--scripts`, the page's own globals are in the page's world: inserted scripts see them, the extension
  /// does not.
  func testPageScriptsAndInsertedScriptsShareThePagesWorld() throws {
    let outcome = try run("""
      var ExtensionPreprocessingJS = {
        run: function (args) {
          var s = document.createElement("script");
          s.text = "document.body.setAttribute('data-inserted-saw', typeof pageOwn)";
          document.body.appendChild(s);
          args.completionFunction({ insertedSaw: document.body.getAttribute("data-inserted-saw"), extensionSaw: typeof pageOwn });
        }
      };
      """, on: "<!DOCTYPE html><body><script>var pageOwn = 1</script></body>", scripts: true)
    XCTAssertEqual(results(outcome), ["insertedSaw": "number", "extensionSaw": "undefined"])
  }

  /// Only scripts a script made run: the saved page's own never do (with or without --scripts they are not run
  /// again when moved), nor those innerHTML makes (HTML marks them started); an empty script runs when it gets text,
  /// and an external one that the page's files do not hold gets `error`.
  func testWhichInsertedScriptsRun() throws {
    let outcome = try run("""
      var ExtensionPreprocessingJS = {
        run: function (args) {
          document.body.appendChild(document.getElementById("saved"));
          var holder = document.createElement("div");
          holder.innerHTML = "<script>document.body.setAttribute('data-inner', 'ran')<\\/script>";
          document.body.appendChild(holder);
          var late = document.createElement("script");
          document.body.appendChild(late);
          late.appendChild(document.createTextNode("document.body.setAttribute('data-late', 'ran')"));
          var data = document.createElement("script");
          data.type = "application/ld+json";
          data.text = "document.body.setAttribute('data-json', 'ran')";
          document.body.appendChild(data);
          var external = document.createElement("script");
          external.src = "https://cdn.example.com/lib.js";
          external.onerror = function () {
            args.completionFunction({
              saved: String(document.body.getAttribute("data-saved")), inner: String(document.body.getAttribute("data-inner")),
              late: String(document.body.getAttribute("data-late")), json: String(document.body.getAttribute("data-json")),
              external: "error"
            });
          };
          document.body.appendChild(external);
        }
      };
      """, on: "<!DOCTYPE html><body><script id=saved>document.body.setAttribute('data-saved', 'ran')</script></body>")
    XCTAssertEqual(results(outcome), ["saved": "null", "inner": "null", "late": "ran", "json": "null", "external": "error"])
  }

  /// A page's `<iframe srcdoc>` is loaded before the extension runs (without --scripts too), and the frame's body
  /// has the iframe's margins, as WebKit gives them.
  func testFramesAreLoadedBeforeTheExtensionRuns() throws {
    let outcome = try run("""
      var ExtensionPreprocessingJS = {
        run: function (args) {
          var doc = document.querySelector("iframe").contentDocument;
          args.completionFunction({ body: doc.body.outerHTML, url: doc.URL });
        }
      };
      """, on: #"<!DOCTYPE html><body><iframe srcdoc="<p>framed</p>" marginwidth="3" marginheight=" 4px"></iframe></body>"#)
    XCTAssertEqual(results(outcome), ["body": #"<body marginwidth="3" marginheight="4"><p>framed</p></body>"#, "url": "about:srcdoc"])
  }

  /// The shapes of preprocessing files that ship: `window.ExtensionPreprocessingJS = …`, a byte order mark, a
  /// finalize() with no run(); and run()'s argument names the extension.
  func testPreprocessingFilesInTheFormsTheyShip() throws {
    let assigned = try run("""
      window.ExtensionPreprocessingJS = { run: ({ completionFunction, extensionName }) => completionFunction({ name: extensionName }) };
      """)
    XCTAssertEqual(results(assigned), ["name": "org.webaction.tests.semantics"])
    let bom = try run("\u{FEFF}var ExtensionPreprocessingJS = { run: function (a) { a.completionFunction({ ok: 'yes' }); } };", name: "BOM")
    XCTAssertEqual(results(bom), ["ok": "yes"])
    let finalizeOnly = try run("""
      var ExtensionPreprocessingJS = { finalize: function (a) { document.getElementById("p").textContent = "finalized"; } };
      """, name: "FinalizeOnly")
    XCTAssertEqual(finalizeOnly.results, [:])
    XCTAssertTrue(finalizeOnly.html.contains("<p id=\"p\">finalized</p>"), finalizeOnly.html)
    XCTAssertTrue(diagnostics.contains { $0.message.contains("has finalize() but no run()") }, "\(diagnostics)")
  }

  /// `location.href = "myapp://…"` and `location.reload()` are recorded for the host (Safari would open the URL or
  /// reload); the page stays.
  func testNavigationsAreRecordedForTheHost() throws {
    let outcome = try run("""
      var ExtensionPreprocessingJS = {
        run: function (a) { a.completionFunction({}); },
        finalize: function (a) { location.href = "myapp://open?item=42"; location.reload(); location.hash = "#top"; }
      };
      """)
    XCTAssertEqual(outcome.navigations.map(\.member), ["location.href", "location.reload()"],
                   "a change of fragment is followed, not recorded: \(outcome.navigations)")
    XCTAssertEqual(outcome.navigations.first?.url, "myapp://open?item=42")
  }
}
