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
    b.sameObject("rows") { table, _ in
      HTMLCollectionObject(LiveCollection(root: table, scope: .computed { ($0 as? Element)?.tableRows ?? [] }, filter: .all))
    }
    b.sameObject("tBodies") { table, _ in
      HTMLCollectionObject(LiveCollection(root: table, scope: .children, filter: .elements { $0.isHTML(named: "tbody") }))
    }
  }

  /// https://html.spec.whatwg.org/multipage/tables.html#htmltablerowelement
  static let htmlTableRowElement = Interface<Element>("HTMLTableRowElement", inherits: htmlElement) { b in
    b.reflect("align")
    b.reflect("ch", attribute: "char")
    b.reflect("chOff", attribute: "charoff")
    b.reflect("vAlign")
    b.reflect("bgColor", nullAsEmpty: true)
  }

  /// https://html.spec.whatwg.org/multipage/tables.html#htmltablesectionelement
  static let htmlTableSectionElement = Interface<Element>("HTMLTableSectionElement", inherits: htmlElement) { b in
    b.reflect("align")
    b.reflect("ch", attribute: "char")
    b.reflect("chOff", attribute: "charoff")
    b.reflect("vAlign")
  }
}
