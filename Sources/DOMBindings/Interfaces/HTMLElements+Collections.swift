import DOM

/// The option text `label`/`value` fall back to.
extension Element {
  /// https://html.spec.whatwg.org/multipage/form-elements.html#dom-option-text: the descendant text with
  /// ASCII whitespace stripped and collapsed.
  var optionText: String {
    (textContent ?? "").split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}" })
      .joined(separator: " ")
  }

}
