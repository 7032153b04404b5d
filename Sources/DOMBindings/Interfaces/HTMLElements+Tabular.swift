import DOM
import JSBridge

// HTML element interfaces, grouped as web-platform-tests' html/dom/elements-tabular.js groups them. The members
// follow ../shared/wpt/interfaces/html.idl; each reflected attribute has the type that file checks.

extension DOMInterfaces {
  /// https://html.spec.whatwg.org/multipage/tables.html#htmltablecaptionelement
  static let htmlTableCaptionElement = Interface<Element>("HTMLTableCaptionElement", inherits: htmlElement) { b in
    b.reflect("align")
  }

  /// https://html.spec.whatwg.org/multipage/tables.html#htmltablecellelement
  static let htmlTableCellElement = Interface<Element>("HTMLTableCellElement", inherits: htmlElement) { b in
    b.reflectInteger("colSpan", .clampedUnsignedLong(default: 1, min: 1, max: 1000))
    b.reflectInteger("rowSpan", .clampedUnsignedLong(default: 1, min: 0, max: 65534))
    b.reflect("headers")
    b.reflectEnum("scope", keywords: ["row", "col", "rowgroup", "colgroup"])
    b.reflect("abbr")
    b.reflect("align")
    b.reflect("axis")
    b.reflect("height")
    b.reflect("width")
    b.reflect("ch", attribute: "char")
    b.reflect("chOff", attribute: "charoff")
    b.reflectBool("noWrap")
    b.reflect("vAlign")
    b.reflect("bgColor", nullAsEmpty: true)
    b.getter("cellIndex") { $0.cellIndex }
  }

  /// https://html.spec.whatwg.org/multipage/tables.html#htmltablecolelement
  static let htmlTableColElement = Interface<Element>("HTMLTableColElement", inherits: htmlElement) { b in
    b.reflectInteger("span", .clampedUnsignedLong(default: 1, min: 1, max: 1000))
    b.reflect("align")
    b.reflect("ch", attribute: "char")
    b.reflect("chOff", attribute: "charoff")
    b.reflect("vAlign")
    b.reflect("width")
  }

  /// https://html.spec.whatwg.org/multipage/tables.html#htmltableelement
  static let htmlTableElement = Interface<Element>("HTMLTableElement", inherits: htmlElement) { b in
    b.reflect("align")
    b.reflect("border")
    b.reflect("frame")
    b.reflect("rules")
    b.reflect("summary")
    b.reflect("width")
    b.reflect("bgColor", nullAsEmpty: true)
    b.reflect("cellPadding", nullAsEmpty: true)
    b.reflect("cellSpacing", nullAsEmpty: true)
    b.accessor("caption", get: { $0.tableCaption }, set: { table, value in
      try table.setTableCaption(tableElement(value, "HTMLTableElement.caption", "HTMLTableCaptionElement") {
        $0.isHTML(named: "caption")
      })
    })
    b.method("createCaption") { table, _ in table.createCaption() }
    b.method("deleteCaption") { table, _ in table.deleteCaption() }
    b.accessor("tHead", get: { $0.tHead }, set: { table, value in
      try table.setTHead(tableElement(value, "HTMLTableElement.tHead", "HTMLTableSectionElement") { $0.isTableSection })
    })
    b.method("createTHead") { table, _ in table.createTHead() }
    b.method("deleteTHead") { table, _ in table.deleteTHead() }
    b.accessor("tFoot", get: { $0.tFoot }, set: { table, value in
      try table.setTFoot(tableElement(value, "HTMLTableElement.tFoot", "HTMLTableSectionElement") { $0.isTableSection })
    })
    b.method("createTFoot") { table, _ in table.createTFoot() }
    b.method("deleteTFoot") { table, _ in table.deleteTFoot() }
    b.sameObject("tBodies") { table, _ in
      HTMLCollectionObject(.children(of: table) { $0.isHTML(named: "tbody") })
    }
    b.method("createTBody") { table, _ in table.createTBody() }
    b.sameObject("rows") { table, _ in
      HTMLCollectionObject(LiveCollection(root: table, scope: .computed { ($0 as? Element)?.tableRows ?? [] }, filter: .all))
    }
    b.method("insertRow") { table, args in try table.insertTableRow(at: args.optionalInt(0) ?? -1) }
    b.method("deleteRow", length: 1) { table, args in try table.deleteTableRow(at: args.int(0)) }
  }

  /// A table attribute's new value, converted as WebIDL converts a nullable interface type: null and undefined
  /// are nil; an element `accepts` passes; anything else throws a TypeError naming `interfaceName`.
  private static func tableElement(
    _ value: ScriptValue, _ member: String, _ interfaceName: String, accepts: (Element) -> Bool
  ) throws -> Element? {
    if value.isNull || value.isUndefined { return nil }
    guard let element = value.context.unwrap(value, as: Element.self), accepts(element) else {
      throw ScriptError.typeError("\(member): the new value is not of type '\(interfaceName)'")
    }
    return element
  }

  /// https://html.spec.whatwg.org/multipage/tables.html#htmltablerowelement
  static let htmlTableRowElement = Interface<Element>("HTMLTableRowElement", inherits: htmlElement) { b in
    b.getter("rowIndex") { $0.rowIndex }
    b.getter("sectionRowIndex") { $0.sectionRowIndex }
    b.sameObject("cells") { row, _ in HTMLCollectionObject(.children(of: row) { $0.isTableCell }) }
    b.method("insertCell") { row, args in try row.insertCell(at: args.optionalInt(0) ?? -1) }
    b.method("deleteCell", length: 1) { row, args in try row.deleteCell(at: args.int(0)) }
    b.reflect("align")
    b.reflect("ch", attribute: "char")
    b.reflect("chOff", attribute: "charoff")
    b.reflect("vAlign")
    b.reflect("bgColor", nullAsEmpty: true)
  }

  /// https://html.spec.whatwg.org/multipage/tables.html#htmltablesectionelement
  static let htmlTableSectionElement = Interface<Element>("HTMLTableSectionElement", inherits: htmlElement) { b in
    b.sameObject("rows") { section, _ in HTMLCollectionObject(.children(of: section) { $0.isHTML(named: "tr") }) }
    b.method("insertRow") { section, args in try section.insertSectionRow(at: args.optionalInt(0) ?? -1) }
    b.method("deleteRow", length: 1) { section, args in try section.deleteSectionRow(at: args.int(0)) }
    b.reflect("align")
    b.reflect("ch", attribute: "char")
    b.reflect("chOff", attribute: "charoff")
    b.reflect("vAlign")
  }
}
