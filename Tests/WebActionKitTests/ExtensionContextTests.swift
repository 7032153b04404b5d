import WebActionKit
import XCTest

final class ItemProviderTests: XCTestCase {
  func testPropertyListsLoadAsFoundationObjects() throws {
    let provider = ItemProvider(propertyList: ["a": [1, true]])
    XCTAssertEqual(provider.registeredTypeIdentifiers, ["com.apple.property-list"])
    XCTAssertTrue(provider.hasItemConformingToTypeIdentifier(UTType.propertyList.identifier))
    XCTAssertTrue(provider.hasItemConformingToTypeIdentifier(UTType.data.identifier))
    XCTAssertTrue(provider.hasItemConformingToTypeIdentifier(UTType.item.identifier))
    XCTAssertFalse(provider.hasItemConformingToTypeIdentifier(UTType.url.identifier))
    var loaded: Any?
    var calls = 0
    provider.loadItem(forTypeIdentifier: kUTTypePropertyList, options: nil) { item, error in
      XCTAssertNil(error)
      loaded = item
      calls += 1
    }
    XCTAssertEqual(calls, 1, "the handler runs before loadItem returns")
    let dictionary = try XCTUnwrap(loaded as? [String: Any])
    XCTAssertEqual(dictionary["a"] as? [Any] as? NSArray, [1, true] as NSArray)
    XCTAssertEqual(try provider.loadPropertyList(), ["a": [1, true]])
  }

  func testUnknownTypeErrorNamesTypeAndRegisteredOnes() {
    let provider = ItemProvider(item: "text", typeIdentifier: nil)
    XCTAssertEqual(provider.registeredTypeIdentifiers, ["public.plain-text"])
    var failure: (any Error)?
    provider.loadItem(forTypeIdentifier: "public.url", options: nil) { item, error in
      XCTAssertNil(item)
      failure = error
    }
    XCTAssertEqual(
      failure.map { "\($0)" },
      "the item provider has no item conforming to public.url (registered: public.plain-text); "
        + "check hasItemConformingToTypeIdentifier(_:) before loading")
    XCTAssertThrowsError(try provider.loadPropertyList()) { error in
      XCTAssertEqual((error as? ItemProviderError)?.typeIdentifier, "com.apple.property-list")
    }
  }

  func testTypeInferenceAndEmptyProviders() {
    XCTAssertEqual(ItemProvider(item: URL(string: "https://a.example/")!, typeIdentifier: nil).registeredTypeIdentifiers, ["public.url"])
    XCTAssertEqual(ItemProvider(item: Data(), typeIdentifier: nil).registeredTypeIdentifiers, ["public.data"])
    XCTAssertEqual(ItemProvider(item: ["k": 1], typeIdentifier: nil).registeredTypeIdentifiers, ["com.apple.property-list"])
    XCTAssertEqual(ItemProvider(item: nil, typeIdentifier: "public.url").registeredTypeIdentifiers, [])
  }

  func testAsyncLoad() async throws {
    let provider = ItemProvider(item: "hello", typeIdentifier: UTType.plainText.identifier)
    let item = try await provider.loadItem(forTypeIdentifier: UTType.text.identifier)
    XCTAssertEqual(item as? String, "hello")
  }

  func testNonPropertyListItemIsReportedWithPath() {
    struct Opaque {}
    let provider = ItemProvider(item: ["key": Opaque()], typeIdentifier: kUTTypePropertyList)
    XCTAssertThrowsError(try provider.loadPropertyList()) { error in
      XCTAssertEqual("\(error)", "item.key: unsupported value of type Opaque")
    }
  }

  func testUTTypeHierarchy() {
    XCTAssertTrue(UTType.plainText.conforms(to: .text))
    XCTAssertTrue(UTType.plainText.conforms(to: .item))
    XCTAssertTrue(UTType.fileURL.conforms(to: .url))
    XCTAssertFalse(UTType.url.conforms(to: .fileURL))
    XCTAssertFalse(UTType("com.example.custom").conforms(to: .data))
    XCTAssertEqual(UTType.propertyList.identifier, kUTTypePropertyList)
    // Apple's identifiers (UTTypePropertyList is com.apple.property-list, conforming to public.data).
    XCTAssertEqual(kUTTypePropertyList, "com.apple.property-list")
    XCTAssertTrue(UTType.propertyList.conforms(to: .data))
    XCTAssertTrue(UTType("com.apple.binary-property-list").conforms(to: .propertyList))
    // What webaction registered before still reads as a property list (process extensions written then return it).
    XCTAssertTrue(UTType("public.property-list").conforms(to: .propertyList))
  }
}

final class ExtensionContextTests: XCTestCase {
  func testInputItemsPortAsExtensionItemsWithArguments() throws {
    let item = ExtensionItem(preprocessingResults: ["title": "T"], arguments: ["color": "blue"])
    let context = ExtensionContext(inputItems: [item])
    let items = context.inputItems as! [ExtensionItem]
    XCTAssertEqual(items[0].webActionArguments, ["color": "blue"])
    XCTAssertEqual(context.webActionArguments, ["color": "blue"])
    XCTAssertEqual(try context.javaScriptPreprocessingResults(), ["title": "T"])
    XCTAssertNil(try ExtensionContext(inputItems: [ExtensionItem()]).javaScriptPreprocessingResults())
    XCTAssertEqual(ExtensionItem().webActionArguments, [:])
  }

  func testCompletionIsRecordedOnceAndTheSecondCallIsDiagnosed() {
    let context = ExtensionContext(inputItems: [])
    XCTAssertNil(context.outcome)
    var accepted: [Bool] = []
    context.completeRequest(returningItems: [ExtensionItem(finalizeArgument: ["x": 1])]) { accepted.append($0) }
    context.completeRequest(returningItems: []) { accepted.append($0) }
    context.cancelRequest(withError: CocoaError(.userCancelled))
    XCTAssertEqual(accepted, [true, false])
    guard case .completed(let items)? = context.outcome else { return XCTFail("expected completion") }
    XCTAssertEqual(try ExtensionContext.finalizeArguments(from: items), ["x": 1])
    XCTAssertEqual(context.diagnostics, [
      "completeRequest(returningItems:) was called after the request had already completed; the second call was ignored",
      "cancelRequest(withError:) was called after the request had already completed; the second call was ignored",
    ])
  }

  func testCancellationCarriesTheError() {
    struct Oops: Error {}
    let context = ExtensionContext(inputItems: [])
    context.cancelRequest(withError: Oops())
    guard case .cancelled(let error)? = context.outcome else { return XCTFail("expected cancellation") }
    XCTAssertTrue(error is Oops)
  }

  func testItemsThatAreNotExtensionItemsAreDroppedWithADiagnostic() {
    let context = ExtensionContext(inputItems: [])
    context.completeRequest(returningItems: ["not an item", ExtensionItem()])
    guard case .completed(let items)? = context.outcome else { return XCTFail("expected completion") }
    XCTAssertEqual(items.count, 1)
    XCTAssertEqual(context.diagnostics, [
      "completeRequest(returningItems:): item 0 is a String, not an ExtensionItem; it was ignored"
    ])
  }

  func testCompletionFromAnotherThreadWakesAMainThreadWaiter() {
    let context = ExtensionContext(inputItems: [])
    let observed = expectation(description: "onOutcome")
    context.onOutcome { outcome in
      if case .completed = outcome { observed.fulfill() }
    }
    Thread.detachNewThread { context.completeRequest(returningItems: nil) }
    guard case .completed(let items)? = context.waitRunningMainRunLoop(timeout: 10) else {
      return XCTFail("no outcome")
    }
    XCTAssertTrue(items.isEmpty)
    wait(for: [observed], timeout: 10)
  }

  func testBlockingWaitAndTimeout() {
    let context = ExtensionContext(inputItems: [])
    XCTAssertNil(context.wait(timeout: 0, pumping: {}), "nothing completed: the wait times out")
    DispatchQueue.global().async { context.cancelRequest(withError: CocoaError(.userCancelled)) }
    guard case .cancelled? = context.waitBlocking(timeout: 10) else { return XCTFail("no outcome") }
    var pumped = 0
    XCTAssertNotNil(context.wait(timeout: 10) { pumped += 1 }, "an outcome ends the wait at once")
    XCTAssertEqual(pumped, 0)
  }

  func testFinalizeArgumentsComesFromTheFirstAttachmentThatHasIt() throws {
    let plain = ExtensionItem()
    plain.attachments = [ItemProvider(item: "x", typeIdentifier: nil), ItemProvider(propertyList: ["other": 1])]
    let second = ExtensionItem(finalizeArgument: ["n": 2])
    let third = ExtensionItem(finalizeArgument: ["n": 3])
    XCTAssertEqual(try ExtensionContext.finalizeArguments(from: [plain, second, third]), ["n": 2])
    XCTAssertNil(try ExtensionContext.finalizeArguments(from: [plain]))
    XCTAssertNil(try ExtensionContext.finalizeArguments(from: []))
  }
}
