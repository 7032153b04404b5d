/// Constraint validation, as far as `:valid` and `:invalid` need it: which controls are validated, and whether a
/// required one is missing its value. Values come from the content attributes (there is no user input here).
///
/// https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#constraints
extension Element {
  /// Input types that `readonly` bars from constraint validation and whose value `required` asks for.
  private static let textLikeInputTypes: Set<String> = [
    "text", "search", "url", "tel", "email", "password", "date", "month", "week", "time", "datetime-local", "number",
  ]

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
  /// True when the control is required and has no value: the one validity flag computed here.
  ///
  /// https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#suffering-from-being-missing
  /// - Text-like inputs and `textarea`: an empty value (``controlValue``: the dirty value once set).
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
        return hasAttribute("required") && Self.textLikeInputTypes.contains(type) && controlValue.isEmpty
      }
    case "textarea":
      return hasAttribute("required") && controlValue.isEmpty
    case "select":
      return hasAttribute("required") && selectIsMissing
    default:
      return false
    }
  }

  /// https://html.spec.whatwg.org/multipage/form-elements.html#placeholder-label-option: no option is selected, or
  /// (in a drop-down) only the placeholder label option is (``selectedOptions``).
  private var selectIsMissing: Bool {
    let selected = selectedOptions
    guard isDropDownSelect else { return selected.isEmpty }
    guard let chosen = selected.first else { return true }
    // The placeholder label option: the first option, a child of the select, with an empty value.
    guard let first = selectOptions.first, chosen === first, first.parentElement === self else { return false }
    return first.optionValue.isEmpty
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

/// The constraint validation API (https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#the-constraint-validation-api),
/// over what is validated here: `required`, and a script's custom validity message.
extension Element {
  /// True when the control is a candidate that fails its constraints.
  var isInvalidCandidate: Bool {
    willValidate && (isSufferingFromBeingMissing || !customValidityMessage.isEmpty)
  }

  /// The message `setCustomValidity` set ("" when none).
  public var customValidityMessage: String { (behaviorState as? FormControlState)?.customValidity ?? "" }

  /// https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#dom-cva-setcustomvalidity
  public func setCustomValidity(_ message: String) {
    behaviorState(FormControlState.self, make: FormControlState.init).customValidity = message
  }

  /// `checkValidity()` (and `reportValidity()`, which shows nothing here): a control that fails gets a cancelable
  /// `invalid` event and answers false; a form checks each candidate it owns, firing `invalid` at each that fails.
  ///
  /// https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#check-validity-steps and
  /// https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#statically-validate-the-constraints
  public func checkValidity() -> Bool {
    let failing = isHTML(named: "form")
      ? descendantElements.filter { $0.formOwner === self && $0.isInvalidCandidate }
      : (isInvalidCandidate ? [self] : [])
    for control in failing { control.fireEvent("invalid", cancelable: true) }
    return failing.isEmpty
  }

  /// The message a browser would show for the failed constraint: the custom one, else Safari's for a required
  /// control without a value, else "".
  public var validationMessage: String {
    guard willValidate else { return "" }
    if !customValidityMessage.isEmpty { return customValidityMessage }
    return isSufferingFromBeingMissing ? "Fill out this field" : ""
  }
}
