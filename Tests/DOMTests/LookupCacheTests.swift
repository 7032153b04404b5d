import XCTest

@testable import DOM

/// `getElementById` and the attribute list by index answer from caches the document keeps until the tree (or an
/// `id`, or any attribute) changes; every change must reach them.
final class LookupCacheTests: XCTestCase {
  private func ids(_ document: Document, _ wanted: [String]) -> [String?] {
    // Twice: the first lookup after a change walks, the second answers from the index.
    for _ in 0..<2 { _ = wanted.map { document.getElementById($0) } }
    return wanted.map { document.getElementById($0)?.textContent }
  }

  func testEveryChangeToTheTreeOrToAnIDReachesTheLookup() throws {
    let document = Document.parse(html: "<p id=a>1</p><p id=b>2</p><p id=a>3</p><svg><g id=c>4</g></svg>")
    XCTAssertEqual(ids(document, ["a", "b", "c", "", "none"]), ["1", "2", "4", nil, nil])

    let first = try XCTUnwrap(document.getElementById("a"))
    try first.setAttribute("id", "x")  // The next element with the ID answers.
    XCTAssertEqual(ids(document, ["a", "x"]), ["3", "1"])
    try XCTUnwrap(first.getAttributeNode("id")).value = "a"  // Through the Attr node.
    XCTAssertEqual(ids(document, ["a", "x"]), ["1", nil])
    first.remove()  // Leaving the document.
    XCTAssertEqual(ids(document, ["a"]), ["3"])
    try XCTUnwrap(document.body).prepend([.node(first)])  // Back, first in tree order.
    XCTAssertEqual(ids(document, ["a"]), ["1"])
    first.removeAttribute("id")
    XCTAssertEqual(ids(document, ["a"]), ["3"])
    try first.setAttributeNS("urn:other", "id", "b")  // An id in a namespace is not the element's ID.
    XCTAssertEqual(ids(document, ["b"]), ["2"])
    try XCTUnwrap(document.body).setInnerHTML("<b id=b>5</b>")  // Markup parsed into the page.
    XCTAssertEqual(ids(document, ["a", "b", "c"]), [nil, "5", nil])
  }

  /// The attribute list by index comes from a cache kept until an attribute or the tree changes.
  func testAttributesByIndexFollowEveryChange() throws {
    let document = Document.parse(html: "<p a=1 b=2>x</p><i c=3></i>")
    let p = try XCTUnwrap(document.querySelector("p")), i = try XCTUnwrap(document.querySelector("i"))
    func names(_ element: Element) -> [String] { (0..<element.attributeCount).compactMap { element.attributeNode(at: $0)?.name } }
    XCTAssertEqual(names(p), ["a", "b"])
    XCTAssertEqual(names(i), ["c"])
    try p.setAttribute("z", "9")
    XCTAssertEqual(names(p), ["a", "b", "z"])
    p.removeAttribute("a")
    XCTAssertEqual(names(p), ["b", "z"])
    let moved = try XCTUnwrap(i.getAttributeNode("c"))
    try i.removeAttributeNode(moved)
    XCTAssertEqual(names(i), [])
    _ = try p.setAttributeNode(moved)
    XCTAssertEqual(names(p), ["b", "z", "c"])
    try p.setAttributeNS("urn:x", "x:y", "1")
    XCTAssertEqual(names(p), ["b", "z", "c", "x:y"])
    XCTAssertEqual(p.attributeNode(at: 4), nil)
  }
}
