import XCTest
@testable import DOM

final class DocumentPositionTests: XCTestCase {
  func testCompareDocumentPosition() throws {
    let document = Document()
    let body = try XCTUnwrap(document.body)
    let a = make(document, "a", [:], [make(document, "i")])
    let b = make(document, "b")
    try body.append(.node(a), .node(b))
    let i = try XCTUnwrap(a.firstChild)
    XCTAssertEqual(a.compareDocumentPosition(a), [])
    XCTAssertEqual(a.compareDocumentPosition(b), .following)
    XCTAssertEqual(b.compareDocumentPosition(i), .preceding)
    XCTAssertEqual(i.compareDocumentPosition(b), .following)
    XCTAssertEqual(a.compareDocumentPosition(i), [.containedBy, .following])
    XCTAssertEqual(i.compareDocumentPosition(body), [.contains, .preceding])
    let lone = make(document, "p")
    let position = lone.compareDocumentPosition(a)
    XCTAssertTrue(position.contains([.disconnected, .implementationSpecific]))
    XCTAssertEqual(position.contains(.preceding), !a.compareDocumentPosition(lone).contains(.preceding),
                   "disconnected order is consistent both ways")
  }
}
