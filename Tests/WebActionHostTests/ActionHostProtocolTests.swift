import WebActionKit
import XCTest

@testable import WebActionHost

/// The run → extension → finalize protocol, through ActionHost with real bundles and Swift principal classes.
final class ActionHostProtocolTests: XCTestCase {
  private var directory: URL!
  private var diagnostics: [Diagnostic] = []

  override func setUpWithError() throws {
    directory = FileManager.default.temporaryDirectory.appendingPathComponent("host-protocol-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    diagnostics = []
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: directory)
  }

  /// A bundle whose principal class is `Handler` and whose script is `script`.
  private func host(script: String, handler: @escaping @Sendable () -> any ExtensionRequestHandling) throws -> ActionHost {
    let bundle = try writeTestBundle(in: directory, name: "Protocol", principalClass: "Handler", script: script)
    let source = try ExtensionSource(bundleURL: bundle) { $0 == "Handler" ? handler() : nil }
    return ActionHost(extension: source) { [unowned self] in diagnostics.append($0) }
  }

  private func request(_ html: String = "<p id=p>Hello</p>") -> ActionRequest {
    var request = ActionRequest(page: .bytes(Data(html.utf8), name: "test.html"))
    request.timeout = 2
    request.extensionTimeout = 2
    return request
  }

  private static let echo = """
    var ExtensionPreprocessingJS = {
      run: function (a) { a.completionFunction({ text: document.getElementById("p").textContent }); },
      finalize: function (a) { document.getElementById("p").textContent = JSON.stringify(a); }
    };
    """

  func testResultsArriveAsApplesItemAndTheFinalizeArgumentComesBack() throws {
    let seen = Box<PropertyList?>(nil)
    let host = try host(script: Self.echo) {
      Handler { context in
        let item = context.inputItems.first as! ExtensionItem
        let provider = item.attachments!.first!
        XCTAssertEqual(item.attachments?.count, 1, "Safari's page is one attachment")
        XCTAssertEqual(provider.registeredTypeIdentifiers, ["com.apple.property-list", "public.url"])
        provider.loadItem(forTypeIdentifier: "public.url", options: nil) { url, _ in
          XCTAssertEqual((url as? URL)?.absoluteString, "about:blank", "the page's URL (a page from bytes has none of its own)")
        }
        provider.loadItem(forTypeIdentifier: "com.apple.property-list", options: nil) { item, _ in
          let dictionary = item as! [String: Any]
          seen.value = try? PropertyList(foundationObject: dictionary[NSExtensionJavaScriptPreprocessingResultsKey]!)
        }
        context.completeRequest(returningItems: [ExtensionItem(finalizeArgument: ["answer": .integer(42)])])
      }
    }
    let outcome = try host.process(request())
    XCTAssertEqual(seen.value, ["text": "Hello"])
    XCTAssertEqual(outcome.results, ["text": "Hello"])
    XCTAssertTrue(outcome.html.contains(#"<p id="p">{"answer":42}</p>"#), outcome.html)
  }

  func testArgumentsReachTheExtensionThroughUserInfo() throws {
    let arguments = Box<[String: String]>([:])
    let host = try host(script: Self.echo) {
      Handler { context in
        arguments.value = (context.inputItems.first as! ExtensionItem).webActionArguments
        context.completeRequest(returningItems: [])
      }
    }
    var request = request()
    request.arguments = ["to": "es", "engine": "apertium"]
    _ = try host.process(request)
    XCTAssertEqual(arguments.value, ["to": "es", "engine": "apertium"])
  }

  func testNoReturnedItemsStillCallsFinalizeWithAnEmptyDictionary() throws {
    let host = try host(script: Self.echo) { Handler { $0.completeRequest(returningItems: []) } }
    XCTAssertTrue(try host.process(request()).html.contains(#"<p id="p">{}</p>"#))
  }

  func testCancellingEndsTheRunWithTheExtensionsError() throws {
    struct Refused: LocalizedError { var errorDescription: String? { "no network for this page" } }
    let host = try host(script: Self.echo) { Handler { $0.cancelRequest(withError: Refused()) } }
    XCTAssertThrowsError(try host.process(request())) { error in
      let error = error as! WebActionError
      XCTAssertEqual(error.kind, .extensionFailed)
      XCTAssertEqual(error.message, "Protocol cancelled the request: no network for this page")
    }
  }

  func testCompletionFromTheMainQueueAndFromAnotherThread() throws {
    let viaMain = try host(script: Self.echo) {
      Handler { context in
        DispatchQueue.main.async { context.completeRequest(returningItems: [ExtensionItem(finalizeArgument: ["q": "main"])]) }
      }
    }
    XCTAssertTrue(try viaMain.process(request()).html.contains(#"{"q":"main"}"#))
    let viaThread = try host(script: Self.echo) {
      Handler { context in
        Thread.detachNewThread { context.completeRequest(returningItems: [ExtensionItem(finalizeArgument: ["q": "thread"])]) }
      }
    }
    XCTAssertTrue(try viaThread.process(request()).html.contains(#"{"q":"thread"}"#))
  }

  /// An extension that completes from a queue of its own leaves begin() at once: the host begins the next page
  /// while it works, each page gets its own answer, and the bundle's App Groups hold until the last page finishes.
  func testTheNextPageBeginsWhileTheExtensionWorksOnThisOne() throws {
    let gate = DispatchSemaphore(value: 0)
    let queue = DispatchQueue(label: "test.extension")
    let groupsSeen = Box<[Set<String>?]>([])
    let host = try host(script: Self.echo) {
      Handler { context in
        let item = context.inputItems.first as! ExtensionItem
        queue.async {
          gate.wait()
          groupsSeen.value.append(AppGroup.declaredGroups)
          item.attachments!.first!.loadItem(forTypeIdentifier: "com.apple.property-list", options: nil) { plist, _ in
            let results = (plist as! [String: Any])[NSExtensionJavaScriptPreprocessingResultsKey] as! [String: Any]
            let argument = ["echo": PropertyList.string(results["text"] as! String)]
            context.completeRequest(returningItems: [ExtensionItem(finalizeArgument: .dictionary(argument))])
          }
        }
      }
    }
    XCTAssertNil(AppGroup.declaredGroups)
    let first = try host.begin(request("<p id=p>one</p>"))
    let second = try host.begin(request("<p id=p>two</p>"))
    XCTAssertFalse(first.isAnswered)
    XCTAssertFalse(second.isAnswered)
    gate.signal()
    gate.signal()
    XCTAssertTrue(try host.finish(first).html.contains(#"<p id="p">{"echo":"one"}</p>"#))
    // Each page in flight has a script group of its own (a page's end forgets its group's wrappers: sharing one, no
    // page's end would come while another is open, and a worker's memory grew by 2 MB a page), freed when it ends.
    XCTAssertEqual(host.scriptGroups.count, 2)
    XCTAssertEqual(host.scriptGroups.filter(\.isIdle).count, 1, "the finished page's group is free")
    let third = try host.begin(request("<p id=p>three</p>"))
    XCTAssertEqual(host.scriptGroups.count, 2, "and takes the next page")
    gate.signal()
    XCTAssertTrue(try host.finish(second).html.contains(#"<p id="p">{"echo":"two"}</p>"#))
    XCTAssertTrue(try host.finish(third).html.contains(#"<p id="p">{"echo":"three"}</p>"#))
    XCTAssertEqual(host.scriptGroups.filter(\.isIdle).count, 2)
    XCTAssertEqual(groupsSeen.value, [[], [], []], "the bundle declares no App Group, so none opens while it works")
    XCTAssertNil(AppGroup.declaredGroups, "restored once the last page is finished")
  }

  func testAnExtensionThatNeverCompletesTimesOut() throws {
    let host = try host(script: Self.echo) { Handler { _ in } }
    var request = request()
    request.extensionTimeout = 0.2
    XCTAssertThrowsError(try host.process(request)) { error in
      XCTAssertEqual((error as! WebActionError).kind, .extensionFailed)
      XCTAssertTrue((error as! WebActionError).message.contains("did not complete the request within"))
    }
  }

  func testSecondCompletionCallIsAWarningAndTheFirstValueWins() throws {
    let script = """
      var ExtensionPreprocessingJS = {
        run: function (a) { a.completionFunction({ n: 1 }); a.completionFunction({ n: 2 }); },
        finalize: function (a) {}
      };
      """
    let host = try host(script: script) { Handler { $0.completeRequest(returningItems: []) } }
    XCTAssertEqual(try host.process(request()).results, ["n": .integer(1)])
    XCTAssertTrue(diagnostics.contains { $0.level == .warning && $0.message.contains("called 2 times") }, "\(diagnostics)")
  }

  func testCompletionFromATimerAndAPromiseIsWaitedFor() throws {
    let script = """
      var ExtensionPreprocessingJS = {
        run: function (a) {
          var done = a.completionFunction;
          setTimeout(function () { Promise.resolve(7).then(function (v) { done({ v: v }); }); }, 30);
        },
        finalize: function (a) {}
      };
      """
    let host = try host(script: script) { Handler { $0.completeRequest(returningItems: []) } }
    XCTAssertEqual(try host.process(request()).results, ["v": .integer(7)])
  }

  func testFinalizeArgumentsOptionSkipsTheNativeSide() throws {
    let host = try host(script: Self.echo) {
      Handler { _ in XCTFail("the native side must not run with --finalize-args") }
    }
    var request = request()
    request.finalizeArguments = ["given": true]
    XCTAssertTrue(try host.process(request).html.contains(#"{"given":true}"#))
  }

  /// A page from an archive: the URL and encoding the archive recorded are the defaults, as a browser takes a
  /// response's URL and its header's charset; the page's own declaration and `--url` still win.
  func testASavedPageUsesItsRecordedURLAndEncoding() throws {
    let script = """
      var ExtensionPreprocessingJS = { run: function (a) {
        a.completionFunction({ url: document.URL, charset: document.characterSet, text: document.body.textContent });
      }, finalize: function () {} };
      """
    let host = try host(script: script) { Handler { $0.completeRequest(returningItems: []) } }
    let bytes = Data("<p>caf".utf8) + Data([0xE9])
    let saved = SavedPage(data: bytes, name: "a.webarchive", url: "https://example.org/a", textEncoding: "windows-1252")
    var request = ActionRequest(page: .saved(saved))
    request.finalizeArguments = [:]
    XCTAssertEqual(
      try host.process(request).results,
      ["url": "https://example.org/a", "charset": "windows-1252", "text": "café"])
    request.url = "https://given.example/"
    request.page = .saved(SavedPage(data: Data("<meta charset=utf-8><p>x".utf8), name: "b", url: "https://example.org/b",
                                    textEncoding: "windows-1252"))
    XCTAssertEqual(try host.process(request).results, ["url": "https://given.example/", "charset": "UTF-8", "text": "x"])
  }

  /// Safari makes a principal object per request; a class that adopts ReusableExtensionRequestHandling is made once
  /// per host and serves every page (each with its own ExtensionContext).
  func testAReusablePrincipalObjectServesEveryPageOthersAreMadeEachTime() throws {
    for reusable in [false, true] {
      let made = Box(0)
      let contexts = Box<[ExtensionContext]>([])  // kept alive, so their identities stay distinct
      let host = try host(script: Self.echo) {
        made.value += 1
        let body: (ExtensionContext) -> Void = { context in
          contexts.value.append(context)
          context.completeRequest(returningItems: [])
        }
        return reusable ? ReusableHandler(body) : Handler(body)
      }
      for _ in 0..<3 { _ = try host.process(request()) }
      XCTAssertEqual(made.value, reusable ? 1 : 3, "reusable: \(reusable)")
      XCTAssertEqual(Set(contexts.value.map(ObjectIdentifier.init)).count, 3, "a new ExtensionContext per request")
    }
  }

  func testConsoleOutputBecomesDiagnostics() throws {
    let script = """
      console.log("loaded", 1, {a: [1, 2]});
      var ExtensionPreprocessingJS = { run: function (a) { console.warn("careful"); a.completionFunction({}); }, finalize: function () {} };
      """
    let host = try host(script: script) { Handler { $0.completeRequest(returningItems: []) } }
    _ = try host.process(request())
    XCTAssertTrue(diagnostics.contains { $0.source == "console" && $0.level == .log && $0.message.hasPrefix("loaded 1") && $0.phase == "load" }, "\(diagnostics)")
    XCTAssertTrue(diagnostics.contains { $0.source == "console" && $0.level == .warning && $0.message == "careful" && $0.phase == "run()" })
    XCTAssertEqual(diagnostics.first { $0.message == "careful" }?.description, "[console run() warning] careful")
  }
}

/// A principal class whose behaviour is a closure.
private final class Handler: ExtensionRequestHandling {
  let body: (ExtensionContext) -> Void
  init(_ body: @escaping (ExtensionContext) -> Void) { self.body = body }
  func beginRequest(with context: ExtensionContext) { body(context) }
}

private final class ReusableHandler: ReusableExtensionRequestHandling {
  let body: (ExtensionContext) -> Void
  init(_ body: @escaping (ExtensionContext) -> Void) { self.body = body }
  func beginRequest(with context: ExtensionContext) { body(context) }
}

private final class Box<T>: @unchecked Sendable {
  var value: T
  init(_ value: T) { self.value = value }
}
