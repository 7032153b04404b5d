/// The table model's DOM API: a table's caption, sections and rows, a section's rows, a row's cells, and the
/// operations that create, insert and delete them.
///
/// https://html.spec.whatwg.org/multipage/tables.html (HTMLTableElement, HTMLTableSectionElement,
/// HTMLTableRowElement, HTMLTableCellElement). Each list is a snapshot; the bindings wrap them in live collections.
extension Element {
  /// The HTML children named `name`.
  public func childElements(named name: String) -> [Element] { children.filter { $0.isHTML(named: name) } }

  /// The first HTML child named `name`.
  func firstChildElement(named name: String) -> Element? {
    var child = firstElementChild
    while let current = child, !current.isHTML(named: name) { child = current.nextElementSibling }
    return child
  }

  /// True for an HTML `thead`, `tbody` or `tfoot`.
  public var isTableSection: Bool { isHTML && ["thead", "tbody", "tfoot"].contains(localName) }

  // MARK: HTMLTableElement

  /// https://html.spec.whatwg.org/multipage/tables.html#dom-table-caption: the first `caption` child.
  public var tableCaption: Element? { firstChildElement(named: "caption") }

  /// https://html.spec.whatwg.org/multipage/tables.html#dom-table-caption (setter): removes the first `caption`
  /// child, then inserts `caption` (when not nil) as the first child.
  public func setTableCaption(_ caption: Element?) throws {
    deleteCaption()
    if let caption { _ = try insertBefore(caption, firstChild) }
  }

  /// https://html.spec.whatwg.org/multipage/tables.html#dom-table-createcaption
  public func createCaption() -> Element {
    if let caption = tableCaption { return caption }
    let caption = document.createElement(unchecked: "caption")
    _ = try? insertBefore(caption, firstChild)
    return caption
  }

  /// https://html.spec.whatwg.org/multipage/tables.html#dom-table-deletecaption
  public func deleteCaption() { tableCaption?.remove() }

  /// https://html.spec.whatwg.org/multipage/tables.html#dom-table-thead: the first `thead` child.
  public var tHead: Element? { firstChildElement(named: "thead") }

  /// https://html.spec.whatwg.org/multipage/tables.html#dom-table-thead (setter).
  public func setTHead(_ head: Element?) throws {
    // Step 1. Only null or a thead.
    if let head, !head.isHTML(named: "thead") {
      throw DOMException(.hierarchyRequestError, "HTMLTableElement.tHead: the new value must be a thead element or null")
    }
    // Step 2. Remove the first thead child, then insert the new one before the first child that is neither a caption
    // nor a colgroup.
    deleteTHead()
    if let head { _ = try insertBefore(head, firstChildAfterCaptionsAndColgroups) }
  }

  /// https://html.spec.whatwg.org/multipage/tables.html#dom-table-createthead
  public func createTHead() -> Element {
    if let head = tHead { return head }
    let head = document.createElement(unchecked: "thead")
    _ = try? insertBefore(head, firstChildAfterCaptionsAndColgroups)
    return head
  }

  /// https://html.spec.whatwg.org/multipage/tables.html#dom-table-deletethead
  public func deleteTHead() { tHead?.remove() }

  /// The first element child that is neither a `caption` nor a `colgroup`: where a new `thead` goes.
  private var firstChildAfterCaptionsAndColgroups: Element? {
    children.first { !($0.isHTML(named: "caption") || $0.isHTML(named: "colgroup")) }
  }

  /// https://html.spec.whatwg.org/multipage/tables.html#dom-table-tfoot: the first `tfoot` child.
  public var tFoot: Element? { firstChildElement(named: "tfoot") }

  /// https://html.spec.whatwg.org/multipage/tables.html#dom-table-tfoot (setter).
  public func setTFoot(_ foot: Element?) throws {
    // Step 1. Only null or a tfoot.
    if let foot, !foot.isHTML(named: "tfoot") {
      throw DOMException(.hierarchyRequestError, "HTMLTableElement.tFoot: the new value must be a tfoot element or null")
    }
    // Step 2. Remove the first tfoot child, then append the new one.
    deleteTFoot()
    if let foot { _ = try appendChild(foot) }
  }

  /// https://html.spec.whatwg.org/multipage/tables.html#dom-table-createtfoot
  public func createTFoot() -> Element {
    if let foot = tFoot { return foot }
    let foot = document.createElement(unchecked: "tfoot")
    _ = try? appendChild(foot)
    return foot
  }

  /// https://html.spec.whatwg.org/multipage/tables.html#dom-table-deletetfoot
  public func deleteTFoot() { tFoot?.remove() }

  /// https://html.spec.whatwg.org/multipage/tables.html#dom-table-createtbody: a new `tbody` after the last
  /// `tbody` child, or at the end.
  public func createTBody() -> Element {
    let body = document.createElement(unchecked: "tbody")
    _ = try? insertBefore(body, childElements(named: "tbody").last?.nextSibling)
    return body
  }

  /// https://html.spec.whatwg.org/multipage/tables.html#dom-table-rows: `thead` rows, then rows of the table and its
  /// `tbody`s in tree order, then `tfoot` rows.
  public var tableRows: [Element] {
    var head: [Element] = [], body: [Element] = [], foot: [Element] = []
    for child in children where child.isHTML {
      switch child.localName {
      case "thead": head += child.childElements(named: "tr")
      case "tbody": body += child.childElements(named: "tr")
      case "tfoot": foot += child.childElements(named: "tr")
      case "tr": body.append(child)
      default: break
      }
    }
    return head + body + foot
  }

  /// https://html.spec.whatwg.org/multipage/tables.html#dom-table-insertrow
  @discardableResult
  public func insertTableRow(at index: Int = -1) throws -> Element {
    let rows = tableRows
    // Step 1.
    guard index >= -1, index <= rows.count else {
      throw DOMException(.indexSizeError, "HTMLTableElement.insertRow: index \(index) is outside -1...\(rows.count)")
    }
    let row = document.createElement(unchecked: "tr")
    if rows.isEmpty {
      if let body = childElements(named: "tbody").last {
        // Step 3. No rows, but a tbody: the row goes at the end of the last one.
        _ = try body.appendChild(row)
      } else {
        // Step 2. No rows and no tbody: a new tbody holding the row goes at the end of the table.
        let body = document.createElement(unchecked: "tbody")
        _ = try body.appendChild(row)
        _ = try appendChild(body)
      }
    } else if index == -1 || index == rows.count {
      // Step 4. At the end of the last row's parent.
      _ = try rows[rows.count - 1].parentNode?.appendChild(row)
    } else {
      // Step 5. Before the index-th row, in its parent.
      _ = try rows[index].parentNode?.insertBefore(row, rows[index])
    }
    return row
  }

  /// https://html.spec.whatwg.org/multipage/tables.html#dom-table-deleterow
  public func deleteTableRow(at index: Int) throws {
    try Self.delete(at: index, from: tableRows, "HTMLTableElement.deleteRow")
  }

  // MARK: HTMLTableSectionElement

  /// https://html.spec.whatwg.org/multipage/tables.html#dom-tbody-rows: the `tr` children.
  public var sectionRows: [Element] { childElements(named: "tr") }

  /// https://html.spec.whatwg.org/multipage/tables.html#dom-tbody-insertrow
  @discardableResult
  public func insertSectionRow(at index: Int = -1) throws -> Element {
    try insertChild("tr", at: index, among: sectionRows, "HTMLTableSectionElement.insertRow")
  }

  /// https://html.spec.whatwg.org/multipage/tables.html#dom-tbody-deleterow
  public func deleteSectionRow(at index: Int) throws {
    try Self.delete(at: index, from: sectionRows, "HTMLTableSectionElement.deleteRow")
  }

  // MARK: HTMLTableRowElement

  /// https://html.spec.whatwg.org/multipage/tables.html#dom-tr-cells: the `td` and `th` children.
  public var cells: [Element] { children.filter { $0.isTableCell } }

  /// True for an HTML `td` or `th`.
  public var isTableCell: Bool { isHTML && (localName == "td" || localName == "th") }

  /// https://html.spec.whatwg.org/multipage/tables.html#dom-tr-rowindex: the index in the table's `rows`, or -1
  /// when the row is not in a table (directly or through a section).
  public var rowIndex: Int {
    guard let parent = parentElement else { return -1 }
    if parent.isHTML(named: "table") { return parent.tableRows.firstIndex { $0 === self } ?? -1 }
    guard parent.isTableSection, let table = parent.parentElement, table.isHTML(named: "table") else { return -1 }
    return table.tableRows.firstIndex { $0 === self } ?? -1
  }

  /// https://html.spec.whatwg.org/multipage/tables.html#dom-tr-sectionrowindex: the index in the parent table's
  /// `rows` or the parent section's `rows`, else -1.
  public var sectionRowIndex: Int {
    guard let parent = parentElement else { return -1 }
    if parent.isHTML(named: "table") { return parent.tableRows.firstIndex { $0 === self } ?? -1 }
    guard parent.isTableSection else { return -1 }
    return parent.sectionRows.firstIndex { $0 === self } ?? -1
  }

  /// https://html.spec.whatwg.org/multipage/tables.html#dom-tr-insertcell: a new `td`.
  @discardableResult
  public func insertCell(at index: Int = -1) throws -> Element {
    try insertChild("td", at: index, among: cells, "HTMLTableRowElement.insertCell")
  }

  /// https://html.spec.whatwg.org/multipage/tables.html#dom-tr-deletecell
  public func deleteCell(at index: Int) throws {
    try Self.delete(at: index, from: cells, "HTMLTableRowElement.deleteCell")
  }

  // MARK: HTMLTableCellElement

  /// https://html.spec.whatwg.org/multipage/tables.html#dom-tdth-cellindex: the index in the parent row's `cells`,
  /// or -1 without a parent `tr`.
  public var cellIndex: Int {
    guard let row = parentElement, row.isHTML(named: "tr") else { return -1 }
    return row.cells.firstIndex { $0 === self } ?? -1
  }

  // MARK: Shared steps

  /// A section's `insertRow` and a row's `insertCell`: a new HTML `name` element at the end (index -1 or the count)
  /// or before the index-th of `items`; IndexSizeError outside -1...count.
  private func insertChild(_ name: String, at index: Int, among items: [Element], _ method: String) throws -> Element {
    // Step 1.
    guard index >= -1, index <= items.count else {
      throw DOMException(.indexSizeError, "\(method): index \(index) is outside -1...\(items.count)")
    }
    // Steps 2-3.
    let element = document.createElement(unchecked: name)
    _ = try insertBefore(element, index == -1 || index == items.count ? nil : items[index])
    return element
  }

  /// The `deleteRow`/`deleteCell` steps: -1 removes the last item (if any), else the index-th; IndexSizeError
  /// outside -1..<count.
  private static func delete(at index: Int, from items: [Element], _ method: String) throws {
    // Step 1.
    guard index >= -1, index < items.count else {
      throw DOMException(.indexSizeError, "\(method): index \(index) is outside -1..<\(items.count)")
    }
    // Steps 2-3.
    (index == -1 ? items.last : items[index])?.remove()
  }
}
