// THE PORT CHECK: Apple's Xcode "Action Extension" template (no user interface, Swift, the UniformTypeIdentifiers
// version), compiled against WebActionKit and driven through an ExtensionContext.
//
// Tokens renamed, and nothing else in the template's logic:
//   import UIKit / import MobileCoreServices / import UniformTypeIdentifiers  →  import WebActionKit
//   NSExtensionRequestHandling  →  ExtensionRequestHandling
//   NSExtensionContext          →  ExtensionContext   (3 places)
//   NSExtensionItem             →  ExtensionItem      (2 places)
//   NSItemProvider              →  ItemProvider       (1 place)
// Swift 6 language mode (this package's mode; Xcode's template builds in Swift 5 mode) additionally needs two
// annotations that the template would need on Apple platforms too, because OperationQueue.addOperation takes a
// @Sendable closure that captures `self` and `dictionary`:
//   `class ActionRequestHandler: NSObject, ...`  gains  `, @unchecked Sendable`
//   `let dictionary = item as! [String: Any]`     becomes `nonisolated(unsafe) let dictionary = ...`
// The template's comments are kept; the Xcode file header is dropped.

import WebActionKit
import XCTest

class ActionRequestHandler: NSObject, ExtensionRequestHandling, @unchecked Sendable {

    var extensionContext: ExtensionContext?
    
    func beginRequest(with context: ExtensionContext) {
        // Do not call super in an Action extension with no user interface
        self.extensionContext = context
        
        var found = false
        
        // Find the item containing the results from the JavaScript preprocessing.
        outer:
            for item in context.inputItems as! [ExtensionItem] {
                if let attachments = item.attachments {
                    for itemProvider in attachments {
                        if itemProvider.hasItemConformingToTypeIdentifier(UTType.propertyList.identifier) {
                            itemProvider.loadItem(forTypeIdentifier: UTType.propertyList.identifier, options: nil, completionHandler: { (item, error) in
                                nonisolated(unsafe) let dictionary = item as! [String: Any]
                                OperationQueue.main.addOperation {
                                    self.itemLoadCompletedWithPreprocessingResults(dictionary[NSExtensionJavaScriptPreprocessingResultsKey] as! [String: Any]? ?? [:])
                                }
                            })
                            found = true
                            break outer
                        }
                    }
                }
        }
        
        if !found {
            self.doneWithResults(nil)
        }
    }
    
    func itemLoadCompletedWithPreprocessingResults(_ javaScriptPreprocessingResults: [String: Any]) {
        // Here, do something, potentially asynchronously, with the preprocessing
        // results.
        
        // In this very simple example, the JavaScript will have passed us the
        // current background color style, if there is one. We will construct a
        // dictionary to send back with a desired new background color style.
        let bgColor: Any? = javaScriptPreprocessingResults["currentBackgroundColor"]
        if bgColor == nil ||  bgColor! as! String == "" {
            // No specific background color? Request setting the background to red.
            self.doneWithResults(["newBackgroundColor": "red"])
        } else {
            // Specific background color is set? Request replacing it with green.
            self.doneWithResults(["newBackgroundColor": "green"])
        }
    }
    
    func doneWithResults(_ resultsForJavaScriptFinalizeArg: [String: Any]?) {
        if let resultsForJavaScriptFinalize = resultsForJavaScriptFinalizeArg {
            // Construct an NSExtensionItem of the appropriate type to return our
            // results dictionary in.
            
            // These will be used as the arguments to the JavaScript finalize()
            // method.
            
            let resultsDictionary = [NSExtensionJavaScriptFinalizeArgumentKey: resultsForJavaScriptFinalize]
            
            let resultsProvider = ItemProvider(item: resultsDictionary as NSDictionary, typeIdentifier: UTType.propertyList.identifier)
            
            let resultsItem = ExtensionItem()
            resultsItem.attachments = [resultsProvider]
            
            // Signal that we're complete, returning our results.
            self.extensionContext!.completeRequest(returningItems: [resultsItem], completionHandler: nil)
        } else {
            // We still need to signal that we're done even if we have nothing to
            // pass back.
            self.extensionContext!.completeRequest(returningItems: [], completionHandler: nil)
        }
        
        // Don't hold on to this after we finished with it.
        self.extensionContext = nil
    }

}

final class AppleTemplatePortTests: XCTestCase {
  /// Runs the template as a host would: on the main thread, pumping the main run loop until the request ends.
  private func run(preprocessingResults: PropertyList?) throws -> (ExtensionContext.Outcome, ExtensionContext) {
    XCTAssertTrue(Thread.isMainThread, "the host waits on the main thread")
    let input = preprocessingResults.map { ExtensionItem(preprocessingResults: $0) } ?? ExtensionItem()
    let context = ExtensionContext(inputItems: [input])
    ActionRequestHandler().beginRequest(with: context)
    let outcome = try XCTUnwrap(context.waitRunningMainRunLoop(timeout: 10), "the template never completed")
    return (outcome, context)
  }

  func testNoBackgroundColourAsksForRed() throws {
    let (outcome, context) = try run(preprocessingResults: ["currentBackgroundColor": ""])
    guard case .completed(let items) = outcome else { return XCTFail("expected completion, got \(outcome)") }
    XCTAssertEqual(try ExtensionContext.finalizeArguments(from: items), ["newBackgroundColor": "red"])
    XCTAssertEqual(context.diagnostics, [])
  }

  func testABackgroundColourAsksForGreen() throws {
    let (outcome, _) = try run(preprocessingResults: ["currentBackgroundColor": "rgb(255, 255, 0)"])
    guard case .completed(let items) = outcome else { return XCTFail("expected completion, got \(outcome)") }
    XCTAssertEqual(try ExtensionContext.finalizeArguments(from: items), ["newBackgroundColor": "green"])
  }

  func testNoPreprocessingItemCompletesWithNothing() throws {
    let (outcome, _) = try run(preprocessingResults: nil)
    guard case .completed(let items) = outcome else { return XCTFail("expected completion, got \(outcome)") }
    XCTAssertTrue(items.isEmpty)
    XCTAssertNil(try ExtensionContext.finalizeArguments(from: items))
  }

  func testTheTemplateReallyHopsThroughTheMainQueue() throws {
    // Without pumping the main run loop, the template's OperationQueue.main block cannot run.
    let context = ExtensionContext(inputItems: [ExtensionItem(preprocessingResults: ["currentBackgroundColor": ""])])
    ActionRequestHandler().beginRequest(with: context)
    XCTAssertNil(context.outcome)
    XCTAssertNotNil(context.waitRunningMainRunLoop(timeout: 10))
  }
}
