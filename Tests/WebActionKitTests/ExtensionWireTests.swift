import Foundation
import XCTest

@testable import WebActionKit

/// The extension protocol's frames and messages: what crosses the pipe is what the other side rebuilds.
final class ExtensionWireTests: XCTestCase {
  private func roundTrip(_ message: PropertyList) throws -> [String: PropertyList] {
    let frame = try ExtensionWire.frame(message)
    let length = try ExtensionWire.frameLength(header: frame.prefix(4))
    XCTAssertEqual(length, frame.count - 4)
    XCTAssertTrue(frame.dropFirst(4).starts(with: Array("bplist00".utf8)))
    return try ExtensionWire.message(body: frame.dropFirst(4))
  }

  func testARequestArrivesAsTheItemsSafariBuilds() throws {
    let results: PropertyList = ["title": "A page", "missing": .null, "list": [1, .null, ["x": .null]], "when": .date(Date(timeIntervalSince1970: 1e9))]
    let item = ExtensionItem(preprocessingResults: results, arguments: ["to": "es"])
    item.attributedTitle = NSAttributedString(string: "Title")
    let provider = ItemProvider(item: URL(string: "https://example.com/a?b")!, typeIdentifier: "public.url")
    let text = ItemProvider(item: "some text", typeIdentifier: nil)
    let extra = ExtensionItem()
    extra.attachments = [provider, text]

    let message = try roundTrip(ExtensionWire.request(id: 7, items: [item, extra]))
    XCTAssertEqual(message["type"], "request")
    let (id, items) = try ExtensionWire.decodeRequest(message)
    XCTAssertEqual(id, 7)
    XCTAssertEqual(items.count, 2)

    // The results keep their JavaScript nulls (binary property lists have none: they travel as {"$null": true}).
    let context = ExtensionContext(inputItems: items)
    XCTAssertEqual(try context.javaScriptPreprocessingResults(), results)
    XCTAssertEqual(context.webActionArguments, ["to": "es"])
    XCTAssertEqual(items[0].attributedTitle?.string, "Title")

    // A URL comes back a URL; text comes back text.
    let attachments = try XCTUnwrap(items[1].attachments)
    XCTAssertEqual(attachments.map(\.registeredTypeIdentifiers), [["public.url"], ["public.plain-text"]])
    var loaded: [Any] = []
    for attachment in attachments {
      let type = attachment.registeredTypeIdentifiers[0]
      attachment.loadItem(forTypeIdentifier: type, options: nil) { value, _ in loaded.append(value as Any) }
    }
    XCTAssertEqual(loaded[0] as? URL, URL(string: "https://example.com/a?b"))
    XCTAssertEqual(loaded[1] as? String, "some text")
  }

  func testRepliesCarryTheFinalizeArgumentOrTheError() throws {
    let completed = try roundTrip(ExtensionWire.reply(id: 3, .completed(
      items: [ExtensionItem(finalizeArgument: ["newBackgroundColor": "red"])], diagnostics: ["careful"],
      openedURLs: ["https://example.com/"])))
    guard case (3, .completed(let items, let diagnostics, let opened)) = try ExtensionWire.decodeReply(completed) else {
      return XCTFail("\(completed)")
    }
    XCTAssertEqual(try ExtensionContext.finalizeArguments(from: items), ["newBackgroundColor": "red"])
    XCTAssertEqual(diagnostics, ["careful"])
    XCTAssertEqual(opened, ["https://example.com/"])

    let context = ExtensionContext(inputItems: [])
    context.cancelRequest(withError: MissingDependencyError("apertium-en-es is not installed"))
    let reply = ExtensionWire.Reply(context.outcome!, diagnostics: [], openedURLs: [])
    let cancelled = try roundTrip(ExtensionWire.reply(id: 4, reply))
    guard case (4, .cancelled(let domain, _, let description, _, _)) = try ExtensionWire.decodeReply(cancelled) else {
      return XCTFail("\(cancelled)")
    }
    XCTAssertEqual(domain, ExtensionWire.missingDependencyDomain)
    XCTAssertEqual(description, "apertium-en-es is not installed")
  }

  func testMalformedFramesAndMessagesAreNamed() throws {
    XCTAssertThrowsError(try ExtensionWire.frameLength(header: Data([0x7F, 0, 0, 0]))) { error in
      XCTAssertTrue("\(error)".contains("more than the 256 MB limit"), "\(error)")
    }
    XCTAssertThrowsError(try ExtensionWire.message(body: Data("hello, world".utf8))) { error in
      XCTAssertTrue("\(error)".contains("not a binary property list (it starts with “hello, w”)"), "\(error)")
    }
    let noType = try PropertyList.dictionary(["id": 1]).encoded(as: .binary)
    XCTAssertThrowsError(try ExtensionWire.message(body: noType)) { error in
      XCTAssertTrue("\(error)".contains("a dictionary with a string `type`"), "\(error)")
    }
    let wrongItems: [String: PropertyList] = ["type": "request", "id": 1, "inputItems": ["not an item"]]
    XCTAssertThrowsError(try ExtensionWire.decodeRequest(wrongItems)) { error in
      XCTAssertTrue("\(error)".contains("inputItems[0] is a string, not a dictionary"), "\(error)")
    }
    let unknown: [String: PropertyList] = ["type": "hello", "id": 1]
    XCTAssertThrowsError(try ExtensionWire.decodeReply(unknown)) { error in
      XCTAssertTrue("\(error)".contains("got a message of type “hello”"), "\(error)")
    }
  }

  func testAnItemThatIsNotAPropertyListCannotCross() {
    let item = ExtensionItem()
    item.attachments = [ItemProvider(item: NSObject(), typeIdentifier: "public.data")]
    XCTAssertThrowsError(try ExtensionWire.encode(item)) { error in
      XCTAssertTrue("\(error)".contains("cannot cross to another process"), "\(error)")
    }
  }

  func testOpenIsRecordedAndRefused() {
    let context = ExtensionContext(inputItems: [])
    var answer: Bool?
    context.open(URL(string: "https://example.com/")!) { answer = $0 }
    XCTAssertEqual(answer, false)
    XCTAssertEqual(context.openedURLs, [URL(string: "https://example.com/")!])
  }
}
