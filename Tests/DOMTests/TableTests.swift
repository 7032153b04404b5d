import XCTest
@testable import DOM

/// The table model's DOM API (Sources/DOM/Nodes/Element+Tables.swift), checked against the HTML spec's steps and
/// what Chromium returns for the same calls.
final class TableTests: XCTestCase {
  /// The document of the last `table(_:)`, kept alive for its nodes.
  private var document: Document?

  private func table(_ html: String) throws -> Element {
    let document = Document.parse(html: "<table>\(html)</table>")
    self.document = document
    return try XCTUnwrap(document.getElementsByTagName("table").first)
  }

  private func ids(_ elements: [Element]) -> [String] { elements.map(\.id) }

  func testRowsAreHeadThenBodyThenFootRows() throws {
    let table = try table(
      "<tfoot><tr id=f></tr></tfoot><tbody><tr id=b1></tr></tbody><thead><tr id=h></tr></thead><tbody><tr id=b2></tr></tbody>")
    XCTAssertEqual(ids(table.tableRows), ["h", "b1", "b2", "f"])
    XCTAssertEqual(table.childElements(named: "tbody").count, 2)
    XCTAssertEqual(table.tHead?.localName, "thead")
    XCTAssertEqual(table.tFoot?.localName, "tfoot")
    let rows = table.tableRows
    XCTAssertEqual(rows.map(\.rowIndex), [0, 1, 2, 3])
    XCTAssertEqual(rows.map(\.sectionRowIndex), [0, 0, 0, 0])
  }

  func testInsertRowIntoAnEmptyTableCreatesATBody() throws {
    let table = try table("")
    let row = try table.insertTableRow()
    XCTAssertEqual(shape(table), "<table><tbody><tr></tr></tbody></table>")
    XCTAssertEqual(row.rowIndex, 0)
    // With rows: -1 and the count append to the last row's parent; others go before the index-th row.
    try table.insertTableRow(at: 1).id = "last"
    try table.insertTableRow(at: 0).id = "first"
    XCTAssertEqual(ids(table.tableRows), ["first", "", "last"])
    XCTAssertThrowsDOMException(.indexSizeError, try table.insertTableRow(at: 4))
    XCTAssertThrowsDOMException(.indexSizeError, try table.insertTableRow(at: -2))
  }

  func testInsertRowWithoutRowsGoesIntoTheLastTBody() throws {
    let table = try table("<tbody id=a></tbody><tbody id=b></tbody>")
    try table.insertTableRow(at: 0)
    XCTAssertEqual(shape(table), #"<table><tbody id="a"></tbody><tbody id="b"><tr></tr></tbody></table>"#)
  }

  func testDeleteRow() throws {
    let table = try table("<tr id=a></tr><tr id=b></tr><tr id=c></tr>")
    try table.deleteTableRow(at: 1)
    XCTAssertEqual(ids(table.tableRows), ["a", "c"])
    try table.deleteTableRow(at: -1)
    XCTAssertEqual(ids(table.tableRows), ["a"])
    XCTAssertThrowsDOMException(.indexSizeError, try table.deleteTableRow(at: 1))
    XCTAssertThrowsDOMException(.indexSizeError, try table.deleteTableRow(at: -2))
    try table.deleteTableRow(at: 0)
    // -1 on no rows does nothing.
    XCTAssertNoThrow(try table.deleteTableRow(at: -1))
  }

  func testCaptionHeadAndFootPlacement() throws {
    let table = try table("<colgroup></colgroup><tr></tr>")
    let head = table.createTHead()
    XCTAssertTrue(table.createTHead() === head, "createTHead returns the existing thead")
    let foot = table.createTFoot()
    let caption = table.createCaption()
    let body = table.createTBody()
    // A thead goes before the first child that is not a caption or colgroup, a new tbody after the last tbody.
    XCTAssertEqual(
      shape(table),
      "<table><caption></caption><colgroup></colgroup><thead></thead><tbody><tr></tr></tbody><tbody></tbody><tfoot></tfoot></table>")
    XCTAssertTrue(table.tableCaption === caption && table.tFoot === foot)
    XCTAssertTrue(table.children[4] === body)
    table.deleteCaption()
    table.deleteTHead()
    table.deleteTFoot()
    XCTAssertEqual(shape(table), "<table><colgroup></colgroup><tbody><tr></tr></tbody><tbody></tbody></table>")
  }

  func testHeadAndFootSettersCheckTheElement() throws {
    let table = try table("<caption></caption><tbody></tbody>")
    let document = table.document
    XCTAssertThrowsDOMException(.hierarchyRequestError, try table.setTHead(document.createElement("tbody")))
    XCTAssertThrowsDOMException(.hierarchyRequestError, try table.setTFoot(document.createElement("thead")))
    try table.setTHead(document.createElement("thead"))
    try table.setTFoot(document.createElement("tfoot"))
    try table.setTableCaption(document.createElement("caption"))
    XCTAssertEqual(shape(table), "<table><caption></caption><thead></thead><tbody></tbody><tfoot></tfoot></table>")
    try table.setTHead(nil)
    XCTAssertNil(table.tHead)
  }

  func testSectionRowsAndRowCells() throws {
    let table = try table("<tbody><tr id=a><td id=c0></td><th id=c1></th></tr><tr id=b></tr></tbody>")
    let section = try XCTUnwrap(table.childElements(named: "tbody").first)
    XCTAssertEqual(ids(section.sectionRows), ["a", "b"])
    try section.insertSectionRow(at: 1).id = "mid"
    XCTAssertEqual(ids(section.sectionRows), ["a", "mid", "b"])
    XCTAssertEqual(section.sectionRows.map(\.sectionRowIndex), [0, 1, 2])
    try section.deleteSectionRow(at: -1)
    XCTAssertEqual(ids(section.sectionRows), ["a", "mid"])
    XCTAssertThrowsDOMException(.indexSizeError, try section.insertSectionRow(at: 3))

    let row = section.sectionRows[0]
    XCTAssertEqual(ids(row.cells), ["c0", "c1"])
    XCTAssertEqual(row.cells.map(\.cellIndex), [0, 1])
    let cell = try row.insertCell(at: 1)
    XCTAssertEqual(cell.localName, "td")
    XCTAssertEqual(cell.cellIndex, 1)
    try row.deleteCell(at: 0)
    XCTAssertEqual(row.cells.map(\.id), ["", "c1"])
    XCTAssertThrowsDOMException(.indexSizeError, try row.deleteCell(at: 2))
    XCTAssertThrowsDOMException(.indexSizeError, try row.insertCell(at: -2))
  }

  func testIndexesOutsideATable() throws {
    let document = Document()
    let row = try document.createElement("tr"), cell = try document.createElement("td")
    XCTAssertEqual([row.rowIndex, row.sectionRowIndex, cell.cellIndex], [-1, -1, -1])
    let section = try document.createElement("tbody")
    try section.appendChild(row)
    try row.appendChild(cell)
    XCTAssertEqual([row.rowIndex, row.sectionRowIndex, cell.cellIndex], [-1, 0, 0],
                   "a row in a section outside a table has a section index but no row index")
  }
}
