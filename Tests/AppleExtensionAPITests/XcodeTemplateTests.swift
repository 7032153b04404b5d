import WebActionFoundation
import WebActionKit
import XCTest

/// Xcode's Action template (Handlers/XcodeTemplateActionRequestHandler.swift links to the unmodified fixture that
/// `PortCommandTests` ports), compiled as it is and driven in this process as the extension process drives it: on the
/// main thread, pumping the main run loop until the request ends.
final class XcodeTemplateTests: XCTestCase {
  private func run(preprocessingResults: PropertyList?) throws -> ExtensionContext.Outcome {
    XCTAssertTrue(Thread.isMainThread, "requests are handled on the main thread")
    let input = preprocessingResults.map { ExtensionItem(preprocessingResults: $0) } ?? ExtensionItem()
    let context = ExtensionContext(inputItems: [input])
    ActionRequestHandler().beginRequest(with: NSExtensionContext(context))
    let outcome = try XCTUnwrap(context.waitRunningMainRunLoop(timeout: 10), "the template never completed")
    XCTAssertEqual(context.diagnostics, [])
    return outcome
  }

  private func finalizeArgument(_ outcome: ExtensionContext.Outcome) throws -> PropertyList? {
    guard case .completed(let items) = outcome else {
      XCTFail("expected completion, got \(outcome)")
      return nil
    }
    return try ExtensionContext.finalizeArguments(from: items)
  }

  func testNoBackgroundColourAsksForRedAndOneAsksForGreen() throws {
    XCTAssertEqual(try finalizeArgument(run(preprocessingResults: ["currentBackgroundColor": ""])), ["newBackgroundColor": "red"])
    XCTAssertEqual(
      try finalizeArgument(run(preprocessingResults: ["currentBackgroundColor": "rgb(255, 255, 0)"])), ["newBackgroundColor": "green"])
  }

  func testNoPreprocessingItemCompletesWithNothing() throws {
    XCTAssertNil(try finalizeArgument(run(preprocessingResults: nil)))
  }

  func testTheTemplateReallyHopsThroughTheMainQueue() throws {
    // Without the main run loop running, the template's OperationQueue.main block cannot run.
    let context = ExtensionContext(inputItems: [ExtensionItem(preprocessingResults: ["currentBackgroundColor": ""])])
    ActionRequestHandler().beginRequest(with: NSExtensionContext(context))
    Thread.sleep(forTimeInterval: 0.2)
    XCTAssertNil(context.outcome)
    XCTAssertNotNil(context.waitRunningMainRunLoop(timeout: 10))
  }
}
