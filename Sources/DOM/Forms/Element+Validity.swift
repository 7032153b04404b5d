/// Constraint validation, as far as `:valid` and `:invalid` need it: which controls are validated, and whether a
/// required one is missing its value. Values come from the content attributes (there is no user input here).
///
/// https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#constraints
extension Element {
  /// Input types that `readonly` bars from constraint validation and whose value `required` asks for.
  static let textLikeInputTypes: Set<String> = [
    "text", "search", "url", "tel", "email", "password", "date", "month", "week", "time", "datetime-local", "number",
  ]

  /// True for a control that is a candidate for constraint validation.
  ///
  /// https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#candidate-for-constraint-validation
  /// Steps 1-2 are the element's behaviour's (``ElementBehavior/isValidationCandidate(_:)``); step 3: a disabled
  /// control, and one inside a `datalist`, are barred.
  public var willValidate: Bool {
    guard let behavior, behavior.isValidationCandidate(self) else { return false }
    return !isDisabledFormControl && !hasDatalistAncestor
  }

  /// True when the control is required and has no value: the one validity flag computed here
  /// (``ElementBehavior/isSufferingFromBeingMissing(_:)``).
  var isSufferingFromBeingMissing: Bool { behavior?.isSufferingFromBeingMissing(self) ?? false }

  /// https://html.spec.whatwg.org/multipage/form-elements.html#placeholder-label-option: no option is selected, or
  /// (in a drop-down) only the placeholder label option is (``selectedOptions``).
  var selectIsMissing: Bool {
    let selected = selectedOptions
    guard isDropDownSelect else { return selected.isEmpty }
    guard let chosen = selected.first else { return true }
    // The placeholder label option: the first option, a child of the select, with an empty value.
    guard let first = selectOptions.first, chosen === first, first.parentElement === self else { return false }
    return first.optionValue.isEmpty
  }

  /// Whether `:valid` (true) or `:invalid` (false) matches the element; nil when neither does
  /// (``ElementBehavior/selectorValidity(of:)``: a candidate by its constraints, a form and a fieldset by theirs).
  public var validityForSelectors: Bool? { behavior?.selectorValidity(of: self) ?? nil }
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
  /// https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#check-validity-steps
  public func checkValidity() -> Bool { staticallyValidate().isEmpty }

  /// https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#interactively-validate-the-constraints:
  /// as ``checkValidity()``, then the first failing control whose `invalid` was not canceled is focused (where a
  /// browser shows its message). True when none fails.
  func interactivelyValidate() -> Bool {
    let failing = staticallyValidate()
    failing.first { !$0.canceled }?.control.focus()
    return failing.isEmpty
  }

  /// https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#statically-validate-the-constraints:
  /// the failing controls (this one, or those a form owns), each fired a cancelable `invalid`, and whether a
  /// listener canceled it.
  private func staticallyValidate() -> [(control: Element, canceled: Bool)] {
    let failing = isHTML(named: "form") ? ownedListedElements.filter(\.isInvalidCandidate) : (isInvalidCandidate ? [self] : [])
    return failing.map { ($0, !$0.fireEvent("invalid", cancelable: true)) }
  }

  /// The message a browser would show for the failed constraint: the custom one, else Safari's for a required
  /// control without a value, else "".
  public var validationMessage: String {
    guard willValidate else { return "" }
    if !customValidityMessage.isEmpty { return customValidityMessage }
    return isSufferingFromBeingMissing ? "Fill out this field" : ""
  }
}
