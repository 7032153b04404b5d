import WebActionFoundation
import WebActionKit
import XCTest

/// The handlers in Handlers/ compile unchanged (they are this target's sources) and behave as on iOS: each gets the
/// input item a host sends for a page, on the main thread, and its outcome is read as the host reads it.
final class HandlerStyleTests: XCTestCase {
  private func request(
    _ handler: any NSExtensionRequestHandling, results: PropertyList, url: String = "https://example.org/post/1",
    arguments: [String: String] = [:]
  ) throws -> ExtensionContext {
    let input = ExtensionItem(preprocessingResults: results, url: URL(string: url), arguments: arguments)
    let context = ExtensionContext(inputItems: [input])
    handler.beginRequest(with: NSExtensionContext(context))
    XCTAssertNotNil(context.waitRunningMainRunLoop(timeout: 10), "the handler never completed")
    // Whatever it returned must cross to the host process.
    if case .completed(let items)? = context.outcome {
      for item in items { _ = try ExtensionWire.encode(item) }
    }
    return context
  }

  private func finalizeArgument(_ context: ExtensionContext) throws -> PropertyList? {
    guard case .completed(let items)? = context.outcome else {
      XCTFail("not completed: \(String(describing: context.outcome))")
      return nil
    }
    return try ExtensionContext.finalizeArguments(from: items)
  }

  func testResultsReadWithCastsAndAnNSDictionaryAnswer() throws {
    let results: PropertyList = [
      "title": "Bridges", "paragraphs": ["The old bridge crosses the river.", "It is long."], "wordsPerMinute": 2,
    ]
    let context = try request(WordCountRequestHandler(), results: results)
    XCTAssertEqual(try finalizeArgument(context), ["summary": "Bridges: 9 words, 4 min", "words": 9, "long": true])
  }

  func testAMissingAttachmentCompletesWithNothing() throws {
    let context = ExtensionContext(inputItems: [ExtensionItem()])
    WordCountRequestHandler().beginRequest(with: NSExtensionContext(context))
    guard case .completed(let items)? = context.waitRunningMainRunLoop(timeout: 5) else { return XCTFail("\(String(describing: context.outcome))") }
    XCTAssertTrue(items.isEmpty)
  }

  func testOpeningACustomSchemeIsRecordedAndRefused() throws {
    SaveToAppRequestHandler.openAnswer = nil
    let context = try request(SaveToAppRequestHandler(), results: [:], url: "https://example.org/a?b=c")
    XCTAssertEqual(context.openedURLs.map(\.absoluteString), ["readlater://save?url=https://example.org/a?b%3Dc"])
    XCTAssertEqual(SaveToAppRequestHandler.openAnswer, false, "Action extensions cannot open URLs; the handler is told so")
    XCTAssertNil(try finalizeArgument(context))
  }

  func testCancellingWithItsOwnErrorReachesTheHostWithItsDescription() throws {
    let context = try request(ArticleOnlyRequestHandler(), results: ["article": ""])
    guard case .cancelled(let error)? = context.outcome else { return XCTFail("\(String(describing: context.outcome))") }
    XCTAssertEqual(ExtensionWire.describe(error), "This page has no article to save.")
    let saved = try request(ArticleOnlyRequestHandler(), results: ["article": "Twelve chars"])
    XCTAssertEqual(try finalizeArgument(saved), ["saved": 12])
  }

  func testNoItemsAndTheCompletionHandlerRunsOnTheMainQueue() throws {
    MarkReadRequestHandler.completedOnMainThread = nil
    let context = try request(MarkReadRequestHandler(), results: ["x": 1])
    XCTAssertNil(try finalizeArgument(context))
    let deadline = Date(timeIntervalSinceNow: 5)
    while MarkReadRequestHandler.completedOnMainThread == nil, Date() < deadline {
      _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.01))
    }
    XCTAssertEqual(MarkReadRequestHandler.completedOnMainThread, true)
  }

  func testLoadObjectOfClassURLAndUserInfoArguments() throws {
    let context = try request(ShareLinkRequestHandler(), results: [:], url: "https://www.example.com/x", arguments: ["tag": "later"])
    XCTAssertEqual(try finalizeArgument(context), ["link": "[later] www.example.com"])
    guard case .completed(let items)? = context.outcome else { return }
    XCTAssertEqual(items.first?.attributedTitle?.string, "[later] www.example.com")
    XCTAssertEqual(items.first?.attachments?.first?.registeredTypeIdentifiers, ["public.plain-text"])
  }

  func testItemsAreFoundationObjectsAndLoadOffTheMainThread() throws {
    let input = ExtensionItem(preprocessingResults: ["n": 3, "flag": true, "list": ["a"]], url: URL(string: "https://e.org/"))
    let item = NSExtensionContext(ExtensionContext(inputItems: [input])).inputItems.first as! NSExtensionItem
    let provider = try XCTUnwrap(item.attachments?.first)
    XCTAssertEqual(provider.registeredTypeIdentifiers, ["com.apple.property-list", "public.url"])
    XCTAssertTrue(provider.hasItemConformingToTypeIdentifier("public.data"))
    XCTAssertFalse(provider.hasItemConformingToTypeIdentifier("public.image"))
    let loaded = expectation(description: "loaded")
    provider.loadItem(forTypeIdentifier: "com.apple.property-list", options: nil) { item, error in
      XCTAssertFalse(Thread.isMainThread)
      let results = (item as? NSDictionary)?[NSExtensionJavaScriptPreprocessingResultsKey] as? NSDictionary
      XCTAssertEqual(results?["n"] as? NSNumber, 3)
      XCTAssertEqual(results?["flag"] as? Bool, true)
      XCTAssertEqual((results?["list"] as? [String]), ["a"])
      loaded.fulfill()
    }
    let missing = expectation(description: "missing")
    provider.loadItem(forTypeIdentifier: "public.jpeg", options: nil) { item, error in
      XCTAssertNil(item)
      XCTAssertEqual((error as NSError?)?.domain, NSItemProviderErrorDomain)
      XCTAssertTrue(error?.localizedDescription.contains("registered: com.apple.property-list, public.url") == true)
      missing.fulfill()
    }
    wait(for: [loaded, missing], timeout: 5)
    XCTAssertTrue(provider.canLoadObject(ofClass: URL.self))
    XCTAssertTrue(provider.canLoadObject(ofClass: String.self), "NSString reads public.url too")
  }
}
