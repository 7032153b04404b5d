import DOM

/// The element lists behind `form.elements`, `select.options`, `table.rows` and `table.tBodies`, and the
/// option text `label`/`value` fall back to.
extension Element {
  /// https://html.spec.whatwg.org/multipage/form-elements.html#dom-option-text: the descendant text with
  /// ASCII whitespace stripped and collapsed.
  var optionText: String {
    (textContent ?? "").split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}" })
      .joined(separator: " ")
  }

  /// https://html.spec.whatwg.org/multipage/forms.html#category-listed (except form-associated custom elements).
  var isListedFormControl: Bool {
    guard isHTML else { return false }
    switch localName {
    case "button", "fieldset", "input", "object", "output", "select", "textarea": return true
    default: return false
    }
  }

  /// The HTML children named `name`.
  func childElements(named name: String) -> [Element] { children.filter { $0.isHTML && $0.localName == name } }

  /// https://html.spec.whatwg.org/multipage/tables.html#dom-table-rows: `thead` rows, then rows of the table and its
  /// `tbody`s in tree order, then `tfoot` rows.
  var tableRows: [Element] {
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
}
