/// Constraint validation, as far as `:valid` and `:invalid` need it: which controls are validated, and whether a
/// required one is missing its value. Values come from the content attributes (there is no user input here).
///
/// https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#constraints
extension Element {
  /// Input types that `readonly` bars from constraint validation and whose value `required` asks for.
  private static let textLikeInputTypes: Set<String> = [
    "text", "search", "url", "tel", "email", "password", "date", "month", "week", "time", "datetime-local", "number",
  ]

  /// The input's type state: its `type` lowercased, or `text` when missing or not a type HTML defines.
  private var inputType: String {
    let type = getAttribute("type")?.asciiLowercased ?? "text"
    return Self.knownInputTypes.contains(type) ? type : "text"
  }

  /// True for a control that is a candidate for constraint validation.
  ///
  /// https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#candidate-for-constraint-validation
  /// Step 1. Only submittable elements are candidates: `button`, `input`, `select`, `textarea` (`object` is
  ///         always barred).
  /// Step 2. Barred: `input` of type hidden, reset or button; `button` of type reset or button; a read-only
  ///         `textarea` or text-like `input`.
  /// Step 3. Barred: a disabled control, and one inside a `datalist`.
  public var willValidate: Bool {
    // Step 1.
    guard isHTML else { return false }
    switch localName {
    case "input":
      // Step 2.
      let type = inputType
      if ["hidden", "reset", "button"].contains(type) { return false }
      if hasAttribute("readonly"), Self.textLikeInputTypes.contains(type) { return false }
    case "button":
      if let type = getAttribute("type")?.asciiLowercased, type == "reset" || type == "button" { return false }
    case "textarea":
      if hasAttribute("readonly") { return false }
    case "select":
      break
    default:
      return false
    }
    // Step 3.
    if isDisabledFormControl { return false }
    var ancestor = parentElement
    while let element = ancestor {
      if element.isHTML(named: "datalist") { return false }
      ancestor = element.parentElement
    }
    return true
  }

  /// Every input type HTML defines (any other value of `type` is the text state).
  private static let knownInputTypes: Set<String> = textLikeInputTypes.union([
    "hidden", "checkbox", "radio", "file", "submit", "image", "reset", "button", "color", "range",
  ])

  /// True when the control is required and has no value: the one validity flag computed here.
  ///
  /// https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#suffering-from-being-missing
  /// - Text-like inputs and `textarea`: an empty value (the `value` attribute; a textarea's text).
  /// - A checkbox: not checked. A radio button: no button of its group is checked, and one of them is required.
  /// - A file input: always (no file is ever selected here).
  /// - A `select`: no option is selected, or only its placeholder label option is.
  var isSufferingFromBeingMissing: Bool {
    guard isHTML else { return false }
    switch localName {
    case "input":
      let type = inputType
      switch type {
      case "checkbox": return hasAttribute("required") && !checkedness
      case "radio":
        let group = radioGroup()
        return group.contains { $0.hasAttribute("required") } && !group.contains { $0.checkedness }
      case "file": return hasAttribute("required")
      default:
        return hasAttribute("required") && Self.textLikeInputTypes.contains(type) && (getAttribute("value") ?? "").isEmpty
      }
    case "textarea":
      return hasAttribute("required") && (textContent ?? "").isEmpty
    case "select":
      return hasAttribute("required") && selectIsMissing
    default:
      return false
    }
  }

  /// https://html.spec.whatwg.org/multipage/form-elements.html#placeholder-label-option, with the selectedness
  /// the `selected` attributes give after "ask for a reset": the last option with `selected`, else (when a single
  /// choice shows one row) the first option that is not disabled.
  private var selectIsMissing: Bool {
    let options = selectOptions
    let multiple = hasAttribute("multiple")
    let selected = options.last { $0.hasAttribute("selected") }
    if multiple { return selected == nil }
    let size = getAttribute("size").flatMap { Int($0.trimmingCSSWhitespace()) } ?? 1
    guard size <= 1 else { return selected == nil }
    guard let chosen = selected ?? options.first(where: { !$0.hasAttribute("disabled") }) else { return true }
    // The placeholder label option: the first option, a child of the select, with an empty value.
    guard let first = options.first, chosen === first, first.parentElement === self else { return false }
    return (first.getAttribute("value") ?? first.optionText).isEmpty
  }

  /// A select's list of options: its `option` children and those of its `optgroup` children, in tree order.
  private var selectOptions: [Element] {
    children.flatMap { child -> [Element] in
      if child.isHTML(named: "option") { return [child] }
      if child.isHTML(named: "optgroup") { return child.children.filter { $0.isHTML(named: "option") } }
      return []
    }
  }

  /// Whether `:valid` (true) or `:invalid` (false) matches the element; nil when neither does.
  ///
  /// https://html.spec.whatwg.org/multipage/semantics-other.html#selector-valid
  /// - A candidate for constraint validation: valid when it satisfies its constraints.
  /// - A `form`: invalid when a candidate it owns does not; a `fieldset`: when a descendant candidate does not.
  public var validityForSelectors: Bool? {
    guard isHTML else { return nil }
    switch localName {
    case "form":
      return !descendantElements.contains { $0.formOwner === self && $0.willValidate && $0.isSufferingFromBeingMissing }
    case "fieldset":
      return !descendantElements.contains { $0.willValidate && $0.isSufferingFromBeingMissing }
    default:
      return willValidate ? !isSufferingFromBeingMissing : nil
    }
  }
}
