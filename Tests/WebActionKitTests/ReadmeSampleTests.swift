import WebActionKit
import XCTest

// The principal class from README.md's "Write an extension in 5 minutes", verbatim: if this stops compiling or
// passing, the README is wrong.
final class ReadmeActionRequestHandler: ExtensionRequestHandling {
  func beginRequest(with context: ExtensionContext) {
    let item = context.inputItems.first as! ExtensionItem
    let provider = item.attachments!.first { $0.hasItemConformingToTypeIdentifier(UTType.propertyList.identifier) }!
    provider.loadItem(forTypeIdentifier: UTType.propertyList.identifier, options: nil) { item, error in
      let dictionary = item as! [String: Any]
      let results = dictionary[NSExtensionJavaScriptPreprocessingResultsKey] as! [String: Any]
      let links = results["links"] as! [String]
      let reply = ExtensionItem()
      reply.attachments = [ItemProvider(
        item: [NSExtensionJavaScriptFinalizeArgumentKey: ["summary": "\(links.count) links"]],
        typeIdentifier: UTType.propertyList.identifier)]
      context.completeRequest(returningItems: [reply], completionHandler: nil)
    }
  }
}

final class ReadmeSampleTests: XCTestCase {
  func testTheReadmeSampleCountsLinks() throws {
    let context = ExtensionContext(
      inputItems: [ExtensionItem(preprocessingResults: ["title": "t", "links": ["https://a.example/", "https://b.example/"]])])
    ReadmeActionRequestHandler().beginRequest(with: context)
    guard case .completed(let items) = try XCTUnwrap(context.outcome) else { return XCTFail("not completed") }
    XCTAssertEqual(try ExtensionContext.finalizeArguments(from: items), ["summary": "2 links"])
  }
}
