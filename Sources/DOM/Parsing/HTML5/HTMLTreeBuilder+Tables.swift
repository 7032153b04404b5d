/// The table insertion modes: in table, in table text, in caption, in column group, in table body, in row, in cell.
extension HTMLTreeBuilder {
  static let tableContext: Set<String> = ["table", "template", "html"]
  static let tableBodyContext: Set<String> = ["tbody", "tfoot", "thead", "template", "html"]
  static let rowContext: Set<String> = ["tr", "template", "html"]
  static let tableSections: Set<String> = ["tbody", "thead", "tfoot"]
  static let cells: Set<String> = ["td", "th"]

  /// https://html.spec.whatwg.org/#parsing-main-intable
  mutating func inTableMode(_ token: HTMLToken) {
    switch token {
    case .characters:
      if let current = currentNode, current.ns == .html,
         ["table", "tbody", "template", "tfoot", "thead", "tr"].contains(current.name)
      {
        pendingTableText = []
        originalMode = mode
        reprocess(token, in: .inTableText)
      } else {
        inTableAnythingElse(token)
      }
    case .comment(let data): insertComment(data)
    case .doctype: return
    case .startTag(let tag):
      switch tag.name {
      case "caption":
        clearStackBack(to: Self.tableContext)
        formatting.appendMarker()
        insertElement(tag)
        mode = .inCaption
      case "colgroup":
        clearStackBack(to: Self.tableContext)
        insertElement(tag)
        mode = .inColumnGroup
      case "col":
        clearStackBack(to: Self.tableContext)
        insertElement(named: "colgroup")
        reprocess(token, in: .inColumnGroup)
      case "tbody", "tfoot", "thead":
        clearStackBack(to: Self.tableContext)
        insertElement(tag)
        mode = .inTableBody
      case "td", "th", "tr":
        clearStackBack(to: Self.tableContext)
        insertElement(named: "tbody")
        reprocess(token, in: .inTableBody)
      case "table":
        guard inScope("table", .table) else { return }
        popUntil("table")
        resetInsertionMode()
        dispatch(token)
      case "style", "script", "template": inHeadMode(token)
      case "input":
        guard tag.attribute("type").map(asciiLowercased) == "hidden" else { return inTableAnythingElse(token) }
        insertVoidElement(tag)
      case "form":
        if stackContains("template") || formElement != nil { return }
        formElement = insertElement(tag).node
        pop()
      default: inTableAnythingElse(token)
      }
    case .endTag(let tag):
      switch tag.name {
      case "table":
        guard inScope("table", .table) else { return }
        popUntil("table")
        resetInsertionMode()
      case "body", "caption", "col", "colgroup", "html", "tbody", "td", "tfoot", "th", "thead", "tr": return
      case "template": inHeadMode(token)
      default: inTableAnythingElse(token)
      }
    case .endOfFile: inBodyMode(token)
    }
  }

  private mutating func inTableAnythingElse(_ token: HTMLToken) {
    fosterParenting = true
    inBodyMode(token)
    fosterParenting = false
  }

  /// https://html.spec.whatwg.org/#clear-the-stack-back-to-a-table-context and its body/row variants.
  mutating func clearStackBack(to names: Set<String>) {
    while let current = currentNode, !current.isHTML(in: names) { pop() }
  }

  /// https://html.spec.whatwg.org/#parsing-main-intabletext
  mutating func inTableTextMode(_ token: HTMLToken) {
    if case .characters(let s) = token {
      let text = Substring(s).withoutNulls
      if !text.isEmpty { pendingTableText.append(String(text)) }
      return
    }
    let text = pendingTableText.joined()
    pendingTableText = []
    if Substring(text).isAllHTMLSpace {
      insertCharacters(Substring(text))
    } else {
      inTableAnythingElse(.characters(text))
    }
    reprocess(token, in: originalMode)
  }

  /// https://html.spec.whatwg.org/#parsing-main-incaption
  mutating func inCaptionMode(_ token: HTMLToken) {
    switch token {
    case .endTag(let tag) where tag.name == "caption":
      closeCaption()
    case .startTag(let tag)
    where ["caption", "col", "colgroup", "tbody", "td", "tfoot", "th", "thead", "tr"].contains(tag.name):
      if closeCaption() { dispatch(token) }
    case .endTag(let tag) where tag.name == "table":
      if closeCaption() { dispatch(token) }
    case .endTag(let tag)
    where ["body", "col", "colgroup", "html", "tbody", "td", "tfoot", "th", "thead", "tr"].contains(tag.name):
      return
    default: inBodyMode(token)
    }
  }

  @discardableResult
  private mutating func closeCaption() -> Bool {
    guard inScope("caption", .table) else { return false }
    generateImpliedEndTags()
    popUntil("caption")
    clearFormattingToLastMarker()
    mode = .inTable
    return true
  }

  /// https://html.spec.whatwg.org/#parsing-main-incolgroup
  mutating func inColumnGroupMode(_ token: HTMLToken) {
    switch token {
    case .characters(let s):
      let (space, rest) = Substring(s).splitLeadingWhitespace()
      insertCharacters(space)
      if !rest.isEmpty { inColumnGroupAnythingElse(.characters(String(rest))) }
    case .comment(let data): insertComment(data)
    case .doctype: return
    case .startTag(let tag) where tag.name == "html": inBodyMode(token)
    case .startTag(let tag) where tag.name == "col":
      insertVoidElement(tag)
    case .endTag(let tag) where tag.name == "colgroup":
      guard currentNode?.isHTML("colgroup") == true else { return }
      pop()
      mode = .inTable
    case .endTag(let tag) where tag.name == "col": return
    case .startTag(let tag) where tag.name == "template": inHeadMode(token)
    case .endTag(let tag) where tag.name == "template": inHeadMode(token)
    case .endOfFile: inBodyMode(token)
    default: inColumnGroupAnythingElse(token)
    }
  }

  private mutating func inColumnGroupAnythingElse(_ token: HTMLToken) {
    guard currentNode?.isHTML("colgroup") == true else { return }
    pop()
    reprocess(token, in: .inTable)
  }

  /// https://html.spec.whatwg.org/#parsing-main-intbody
  mutating func inTableBodyMode(_ token: HTMLToken) {
    switch token {
    case .startTag(let tag) where tag.name == "tr":
      clearStackBack(to: Self.tableBodyContext)
      insertElement(tag)
      mode = .inRow
    case .startTag(let tag) where tag.name == "th" || tag.name == "td":
      clearStackBack(to: Self.tableBodyContext)
      insertElement(named: "tr")
      reprocess(token, in: .inRow)
    case .endTag(let tag) where ["tbody", "tfoot", "thead"].contains(tag.name):
      guard inScope(tag.name, .table) else { return }
      clearStackBack(to: Self.tableBodyContext)
      pop()
      mode = .inTable
    case .startTag(let tag) where ["caption", "col", "colgroup", "tbody", "tfoot", "thead"].contains(tag.name):
      closeTableBody(token)
    case .endTag(let tag) where tag.name == "table":
      closeTableBody(token)
    case .endTag(let tag)
    where ["body", "caption", "col", "colgroup", "html", "td", "th", "tr"].contains(tag.name):
      return
    default: inTableMode(token)
    }
  }

  private mutating func closeTableBody(_ token: HTMLToken) {
    guard inScope(oneOf: Self.tableSections, .table) else { return }
    clearStackBack(to: Self.tableBodyContext)
    pop()
    reprocess(token, in: .inTable)
  }

  /// https://html.spec.whatwg.org/#parsing-main-intr
  mutating func inRowMode(_ token: HTMLToken) {
    switch token {
    case .startTag(let tag) where tag.name == "th" || tag.name == "td":
      clearStackBack(to: Self.rowContext)
      insertElement(tag)
      mode = .inCell
      formatting.appendMarker()
    case .endTag(let tag) where tag.name == "tr":
      closeRow()
    case .startTag(let tag)
    where ["caption", "col", "colgroup", "tbody", "tfoot", "thead", "tr"].contains(tag.name):
      if closeRow() { dispatch(token) }
    case .endTag(let tag) where tag.name == "table":
      if closeRow() { dispatch(token) }
    case .endTag(let tag) where ["tbody", "tfoot", "thead"].contains(tag.name):
      guard inScope(tag.name, .table) else { return }
      if closeRow() { dispatch(token) }
    case .endTag(let tag) where ["body", "caption", "col", "colgroup", "html", "td", "th"].contains(tag.name):
      return
    default: inTableMode(token)
    }
  }

  @discardableResult
  private mutating func closeRow() -> Bool {
    guard inScope("tr", .table) else { return false }
    clearStackBack(to: Self.rowContext)
    pop()
    mode = .inTableBody
    return true
  }

  /// https://html.spec.whatwg.org/#parsing-main-intd
  mutating func inCellMode(_ token: HTMLToken) {
    switch token {
    case .endTag(let tag) where tag.name == "td" || tag.name == "th":
      guard inScope(tag.name, .table) else { return }
      generateImpliedEndTags()
      popUntil(tag.name)
      clearFormattingToLastMarker()
      mode = .inRow
    case .startTag(let tag)
    where ["caption", "col", "colgroup", "tbody", "td", "tfoot", "th", "thead", "tr"].contains(tag.name):
      guard inScope(oneOf: Self.cells, .table) else { return }
      closeCell()
      dispatch(token)
    case .endTag(let tag) where ["body", "caption", "col", "colgroup", "html"].contains(tag.name):
      return
    case .endTag(let tag) where ["table", "tbody", "tfoot", "thead", "tr"].contains(tag.name):
      guard inScope(tag.name, .table) else { return }
      closeCell()
      dispatch(token)
    default: inBodyMode(token)
    }
  }

  /// https://html.spec.whatwg.org/#close-the-cell
  private mutating func closeCell() {
    generateImpliedEndTags()
    popUntil(oneOf: Self.cells)
    clearFormattingToLastMarker()
    mode = .inRow
  }
}
