import URLStandard
import XCTest
@testable import DOM

final class DocumentTests: XCTestCase {
  func testTitleGetStripsAndCollapsesWhitespace() throws {
    let document = Document()
    XCTAssertEqual(document.title, "")
    let title = make(document, "title", [:], [document.createTextNode("  Hello \n\t  "), document.createTextNode(" world  ")])
    try XCTUnwrap(document.head).appendChild(title)
    XCTAssertEqual(document.title, "Hello world")
    try XCTUnwrap(document.body).appendChild(make(document, "title", [:], [document.createTextNode("second")]))
    XCTAssertEqual(document.title, "Hello world", "the first title in tree order wins")
  }

  func testTitleSetCreatesOrReplaces() throws {
    let document = Document()
    document.title = "  New  title "
    XCTAssertEqual(shape(try XCTUnwrap(document.head)), "<head><title>'  New  title '</title></head>")
    XCTAssertEqual(document.title, "New title")
    let title = try XCTUnwrap(document.head?.firstElementChild)
    document.title = "Other"
    XCTAssertTrue(document.head?.firstElementChild === title, "the existing <title> is reused")
    XCTAssertEqual(title.childNodes.count, 1)
    XCTAssertEqual(document.title, "Other")

    let headless = Document(skeleton: false)
    try headless.appendChild(make(headless, "html"))
    headless.title = "ignored"
    XCTAssertEqual(headless.title, "")
    XCTAssertEqual(headless.documentElement?.childNodes.count, 0)
  }

  func testBaseURL() throws {
    let document = Document()
    document.url = try XCTUnwrap(URLRecord("https://example.org/dir/page.html"))
    XCTAssertEqual(document.baseURL.href, "https://example.org/dir/page.html")
    XCTAssertEqual(document.resolveURL("img.png")?.href, "https://example.org/dir/img.png")
    let head = try XCTUnwrap(document.head)
    try head.appendChild(make(document, "base", ["target": "_top"]))
    try head.appendChild(make(document, "base", ["href": " /static/ "]))
    try head.appendChild(make(document, "base", ["href": "https://other.example/"]))
    XCTAssertEqual(document.baseURL.href, "https://example.org/static/")
    XCTAssertEqual(document.resolveURL("a/b.css")?.href, "https://example.org/static/a/b.css")
  }

  func testDocumentMetadataDefaults() throws {
    let document = Document()
    XCTAssertEqual(document.url.href, "about:blank")
    XCTAssertEqual(document.characterSet, "UTF-8")
    XCTAssertEqual(document.compatMode, "CSS1Compat")
    document.quirksMode = .quirks
    XCTAssertEqual(document.compatMode, "BackCompat")
    XCTAssertTrue(document.isHTMLDocument)
    XCTAssertNil(document.doctype)
  }

  func testCloneDocument() throws {
    let document = Document()
    document.url = try XCTUnwrap(URLRecord("https://example.org/"))
    try document.insertBefore(try document.createDocumentType("html"), document.firstChild)
    document.title = "T"
    let copy = try XCTUnwrap(document.cloneNode(deep: true) as? Document)
    XCTAssertFalse(copy === document)
    XCTAssertEqual(copy.url, document.url)
    XCTAssertEqual(copy.title, "T")
    XCTAssertEqual(copy.doctype?.name, "html")
    XCTAssertTrue(copy.isEqualNode(document))
    XCTAssertTrue(copy.body?.document === copy)
    XCTAssertEqual((document.cloneNode(deep: false) as? Document)?.childNodes.count, 0)
  }

  func testDOMExceptionNamesAndCodes() {
    let error = DOMException(.notFoundError, "gone")
    XCTAssertEqual(error.name.rawValue, "NotFoundError")
    XCTAssertEqual(error.code, 8)
    XCTAssertEqual(DOMException.Name.hierarchyRequestError.code, 3)
    XCTAssertEqual(DOMException.Name.syntaxError.code, 12)
    XCTAssertEqual(DOMException.Name.encodingError.code, 0)
    XCTAssertEqual(error.description, "NotFoundError: gone")
  }

  func testManyDocumentsFreeCleanly() throws {
    // Builds and drops documents with detached, moved and adopted nodes; ASan checks the frees.
    let keeper = Document()
    for round in 0..<20 {
      let document = Document()
      let body = try XCTUnwrap(document.body)
      let parent = make(document, "div", ["id": "r\(round)"], [document.createTextNode("t")])
      try body.appendChild(parent)
      try body.appendChild(try document.createElement("span")).remove()
      let template = make(document, "template")
      try template.templateContent?.appendChild(make(document, "b"))
      try body.appendChild(template)
      _ = document.createComment("never inserted")
      if round % 2 == 0 { try keeper.adoptNode(parent) }
      try document.insertBefore(try document.createDocumentType("html"), document.firstChild)
      document.doctype?.remove()
    }
    XCTAssertEqual(keeper.detachedRootCount, 10 + 0)
  }
}

extension Document {
  /// Test hook: how many unlinked subtrees the document owns.
  var detachedRootCount: Int { detached.count }
}
