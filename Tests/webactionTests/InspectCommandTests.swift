import Foundation
import XCTest

/// `webaction inspect`: run() alone, and the input items exactly as the native extension receives them.
final class InspectCommandTests: WorkFolderTestCase {
  func testInspectPrintsTheInputItemsAndRunsNothingElse() throws {
    let bundle = try WebActionCommand.actionBundle(
      in: work, run: "args.completionFunction({ title: document.title, nothing: null, list: [1, 'two'] });",
      finalize: "throw new Error('finalize must not run');")
    let json = try WebActionCommand.run(["inspect", WebActionCommand.page("article.html"), "--ext", bundle, "--arg", "to=es"])
    XCTAssertEqual(json.status, 0, json.stderr)
    let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
    let items = try XCTUnwrap(object?["inputItems"] as? [[String: Any]])
    XCTAssertEqual(items.count, 1)
    let attachments = try XCTUnwrap(items[0]["attachments"] as? [[String: Any]])
    XCTAssertEqual(attachments.count, 1, "Safari's page is one attachment: \(attachments)")
    let registrations = try XCTUnwrap(attachments[0]["registrations"] as? [[String: Any]])
    XCTAssertEqual(registrations.map { $0["typeIdentifier"] as? String }, ["com.apple.property-list", "public.url"])
    XCTAssertEqual(registrations[1]["item"] as? String, "https://www.example.org/travel/the-old-bridge.html", "the page's URL (its 'saved from' mark)")
    let registration = registrations[0]
    let results = try XCTUnwrap((registration["item"] as? [String: Any])?["NSExtensionJavaScriptPreprocessingResultsKey"] as? [String: Any])
    XCTAssertEqual(results["title"] as? String, "The Old Bridge of Riverton")
    XCTAssertTrue(results["nothing"] is NSNull, "\(results)")
    XCTAssertEqual(results["list"] as? [AnyHashable], [1, "two"])
    XCTAssertEqual((items[0]["userInfo"] as? [String: Any])?["WebActionArgumentsKey"] as? [String: String], ["to": "es"])

    // XML has no null: it shows the wire's marker.
    let xml = try WebActionCommand.run(["inspect", WebActionCommand.page("article.html"), "--ext", bundle, "--format", "xml"])
    XCTAssertEqual(xml.status, 0, xml.stderr)
    XCTAssertTrue(xml.stdout.contains("<key>nothing</key>\n\t\t\t\t\t\t\t\t\t<dict>\n\t\t\t\t\t\t\t\t\t\t<key>$null</key>\n\t\t\t\t\t\t\t\t\t\t<true/>"), xml.stdout)
  }

  func testAPageThatFailsIsReportedAsRunReportsIt() throws {
    let bundle = try WebActionCommand.actionBundle(in: work, run: "args.completionFunction({ n: document.nope.length });")
    let result = try WebActionCommand.run(["inspect", WebActionCommand.page("article.html"), "--ext", bundle])
    XCTAssertEqual(result.status, 5, result.stderr)
    XCTAssertTrue(result.stderr.contains("TypeError"), result.stderr)
    XCTAssertEqual(result.stdout, "")
  }
}
