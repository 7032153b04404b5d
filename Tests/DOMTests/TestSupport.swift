import XCTest
@testable import DOM

/// A compact, test-only rendering of a subtree, for asserting tree shape.
func shape(_ node: Node) -> String {
  switch node {
  case let element as Element:
    let attributes = element.attributes.map { " \($0.name)=\"\($0.value)\"" }.joined()
    return "<\(element.qualifiedName)\(attributes)>" + element.childNodes.map(shape).joined() + "</\(element.qualifiedName)>"
  case let text as Text: return "'\(text.data)'"
  case let comment as Comment: return "<!--\(comment.data)-->"
  case let doctype as DocumentType: return "<!DOCTYPE \(doctype.name)>"
  default: return node.childNodes.map(shape).joined()
  }
}

/// Builds `<tag>` with children in `document`.
func make(_ document: Document, _ tag: String, _ attributes: [String: String] = [:], _ children: [Node] = []) -> Element {
  let element = try! document.createElement(tag)
  for (name, value) in attributes.sorted(by: { $0.key < $1.key }) { try! element.setAttribute(name, value) }
  for child in children { try! element.appendChild(child) }
  return element
}

/// Asserts that `body` throws a DOMException named `name`.
func XCTAssertThrowsDOMException(
  _ name: DOMException.Name, _ body: @autoclosure () throws -> some Any, file: StaticString = #filePath, line: UInt = #line
) {
  do {
    _ = try body()
    XCTFail("expected \(name.rawValue), nothing was thrown", file: file, line: line)
  } catch let error as DOMException {
    XCTAssertEqual(error.name, name, "wrong exception: \(error)", file: file, line: line)
  } catch {
    XCTFail("expected DOMException \(name.rawValue), got \(error)", file: file, line: line)
  }
}
