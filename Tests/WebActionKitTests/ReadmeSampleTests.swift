import WebActionKit
import XCTest

// The principal class that WebActionKit's "Writing an extension" article shows is Snippets/CountLinks.swift, compiled
// into this target through the symbolic link CountLinks.swift: if this stops compiling or passing, the article is
// wrong.
final class ReadmeSampleTests: XCTestCase {
  func testTheReadmeSampleCountsLinks() throws {
    let context = ExtensionContext(
      inputItems: [ExtensionItem(preprocessingResults: ["title": "t", "links": ["https://a.example/", "https://b.example/"]])])
    ActionRequestHandler().beginRequest(with: context)
    guard case .completed(let items) = try XCTUnwrap(context.outcome) else { return XCTFail("not completed") }
    XCTAssertEqual(try ExtensionContext.finalizeArguments(from: items), ["summary": "2 links"])
  }
}
