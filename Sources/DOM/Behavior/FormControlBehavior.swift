/// The state a form control keeps beside its attributes: its value and checkedness once a script or the user set
/// them (the "dirty" flags: nil means the content attribute still decides).
///
/// https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#concept-fe-value
final class FormControlState {
  /// The dirty value (https://html.spec.whatwg.org/#concept-fe-dirty), or nil while the value follows the `value`
  /// attribute (an input) or the child text content (a textarea).
  var value: String?
  /// The dirty checkedness (https://html.spec.whatwg.org/#concept-input-checked-dirty-flag), or nil while the
  /// `checked` attribute decides.
  var checkedness: Bool?
  /// An option's dirty selectedness, or nil while the `selected` attributes decide.
  var selectedness: Bool?
  /// The custom validity error message (https://html.spec.whatwg.org/#custom-validity-error-message).
  var customValidity = ""
}

/// `<input>`: its value mode, value sanitization, checkedness and activation behaviour, by its `type`.
///
/// https://html.spec.whatwg.org/multipage/input.html#the-input-element
struct InputElementBehavior: ElementBehavior {
  func activationBehavior(of element: Element) -> ActivationBehavior? {
    switch element.inputType {
    case "checkbox": .checkbox
    case "radio": .radio
    case "submit", "image": .submit
    case "reset": .reset
    default: nil
    }
  }

  /// Step: "The cloning steps for input elements must propagate the value, dirty value flag, checkedness, and dirty
  /// checkedness flag from the node being cloned to the copy."
  func cloned(_ copy: Element, from original: Element) {
    guard let state = original.behaviorState as? FormControlState else { return }
    let copied = copy.behaviorState(FormControlState.self, make: FormControlState.init)
    copied.value = state.value
    copied.checkedness = state.checkedness
  }

  /// https://html.spec.whatwg.org/multipage/input.html#the-input-element:concept-form-reset-control
  func reset(_ element: Element) {
    guard let state = element.behaviorState as? FormControlState else { return }
    state.value = nil
    state.checkedness = nil
  }

  /// Barred: types hidden, reset and button; a `readonly` text-like input.
  func isValidationCandidate(_ element: Element) -> Bool {
    let type = element.inputType
    if ["hidden", "reset", "button"].contains(type) { return false }
    return !(element.hasAttribute("readonly") && Element.textLikeInputTypes.contains(type))
  }

  /// A checkbox: not checked; a radio button: none of its group checked and one of them required; a file input:
  /// always (no file is chosen here); a text-like input: an empty value (the dirty value once set).
  func isSufferingFromBeingMissing(_ element: Element) -> Bool {
    switch element.inputType {
    case "checkbox": return element.hasAttribute("required") && !element.checkedness
    case "radio":
      let group = element.radioGroup()
      return group.contains { $0.hasAttribute("required") } && !group.contains { $0.checkedness }
    case "file": return element.hasAttribute("required")
    case let type:
      return element.hasAttribute("required") && Element.textLikeInputTypes.contains(type) && element.controlValue.isEmpty
    }
  }

  /// An image button (the submitter) gives `name.x` and `name.y` (0: no click position here); a checked checkbox
  /// or radio button its value or "on"; a file input an empty file; a hidden `_charset_` the encoding (UTF-8); any
  /// other its value.
  func appendEntries(of element: Element, submitter: Element?, to entries: inout [FormEntry]) {
    let type = element.inputType
    if type == "image" {
      let prefix = element.submissionName.map { $0 + "." } ?? ""
      entries += [FormEntry(name: prefix + "x", value: "0"), FormEntry(name: prefix + "y", value: "0")]
      return
    }
    guard let name = element.submissionName else { return }
    switch type {
    case "checkbox", "radio":
      guard element.checkedness else { return }
      entries.append(FormEntry(name: name, value: element.getAttribute("value") ?? "on"))
    case "file":
      entries.append(FormEntry(name: name, value: ""))
    case "hidden" where name.asciiLowercased == "_charset_":
      entries.append(FormEntry(name: name, value: "UTF-8"))
    default:
      entries.append(FormEntry(name: name, value: element.controlValue))
    }
  }
}

/// `<textarea>`: its raw value is its child text content until a script sets `value`.
///
/// https://html.spec.whatwg.org/multipage/form-elements.html#the-textarea-element
struct TextAreaElementBehavior: ElementBehavior {
  func cloned(_ copy: Element, from original: Element) {
    guard let value = (original.behaviorState as? FormControlState)?.value else { return }
    copy.behaviorState(FormControlState.self, make: FormControlState.init).value = value
  }

  func reset(_ element: Element) {
    (element.behaviorState as? FormControlState)?.value = nil
  }

  func isValidationCandidate(_ element: Element) -> Bool { !element.hasAttribute("readonly") }

  func isSufferingFromBeingMissing(_ element: Element) -> Bool {
    element.hasAttribute("required") && element.controlValue.isEmpty
  }

  func appendEntries(of element: Element, submitter: Element?, to entries: inout [FormEntry]) {
    guard let name = element.submissionName else { return }
    entries.append(FormEntry(name: name, value: element.controlValue))
  }
}

/// `<select>`: required means an option other than the placeholder label option is selected; each selected,
/// enabled option is an entry.
///
/// https://html.spec.whatwg.org/multipage/form-elements.html#the-select-element
struct SelectElementBehavior: ElementBehavior {
  func isValidationCandidate(_ element: Element) -> Bool { true }

  func isSufferingFromBeingMissing(_ element: Element) -> Bool {
    element.hasAttribute("required") && element.selectIsMissing
  }

  func appendEntries(of element: Element, submitter: Element?, to entries: inout [FormEntry]) {
    guard let name = element.submissionName else { return }
    for option in element.selectedOptions where !option.isDisabledOption {
      entries.append(FormEntry(name: name, value: option.optionValue))
    }
  }
}

/// `<form>`: `:invalid` when a candidate it owns is.
struct FormElementBehavior: ElementBehavior {
  func selectorValidity(of element: Element) -> Bool? {
    !element.descendantElements.contains { $0.formOwner === element && $0.willValidate && $0.isSufferingFromBeingMissing }
  }
}

/// `<fieldset>`: `:invalid` when a candidate among its descendants is.
struct FieldSetElementBehavior: ElementBehavior {
  func selectorValidity(of element: Element) -> Bool? {
    !element.descendantElements.contains { $0.willValidate && $0.isSufferingFromBeingMissing }
  }
}

/// `<button>`: submits or resets its form, by its `type` (missing or invalid: submit).
///
/// https://html.spec.whatwg.org/multipage/form-elements.html#attr-button-type
struct ButtonElementBehavior: ElementBehavior {
  func activationBehavior(of element: Element) -> ActivationBehavior? {
    switch element.getAttribute("type")?.lowercased() {
    case "reset": .reset
    case "button": nil
    default: .submit
    }
  }

  /// Barred: types reset and button.
  func isValidationCandidate(_ element: Element) -> Bool {
    guard let type = element.getAttribute("type")?.asciiLowercased else { return true }
    return type != "reset" && type != "button"
  }

  /// As the submitter: its name and value.
  func appendEntries(of element: Element, submitter: Element?, to entries: inout [FormEntry]) {
    guard let name = element.submissionName else { return }
    entries.append(FormEntry(name: name, value: element.getAttribute("value") ?? ""))
  }
}

/// `<label>`: a click goes to its control.
struct LabelElementBehavior: ElementBehavior {
  func activationBehavior(of element: Element) -> ActivationBehavior? { .label }
}

/// `<a>` and `<area>` with `href`: fragment navigation.
struct HyperlinkElementBehavior: ElementBehavior {
  func activationBehavior(of element: Element) -> ActivationBehavior? { element.hasAttribute("href") ? .hyperlink : nil }
}

/// `<summary>`, when it is its `details`' first: toggles `open`.
struct SummaryElementBehavior: ElementBehavior {
  func activationBehavior(of element: Element) -> ActivationBehavior? {
    guard let details = element.parentElement, details.isHTML(named: "details"),
      details.childNodes.lazy.compactMap({ $0 as? Element }).first(where: { $0.isHTML(named: "summary") }) === element
    else { return nil }
    return .summary
  }
}

extension Element {
  /// An input's `type`, lowercased; "text" when missing or not one HTML knows.
  ///
  /// https://html.spec.whatwg.org/multipage/input.html#attr-input-type
  public var inputType: String {
    let type = getAttribute("type")?.asciiLowercased ?? "text"
    return Self.inputTypes.contains(type) ? type : "text"
  }

  static let inputTypes: Set<String> = [
    "hidden", "text", "search", "tel", "url", "email", "password", "date", "month", "week", "time", "datetime-local",
    "number", "range", "color", "checkbox", "radio", "file", "submit", "image", "reset", "button",
  ]

  /// The element's checkedness: set by a click or a script, else the presence of its `checked` attribute.
  ///
  /// https://html.spec.whatwg.org/multipage/input.html#concept-fe-checked
  public var checkedness: Bool {
    get { (behaviorState as? FormControlState)?.checkedness ?? hasAttribute("checked") }
    set { behaviorState(FormControlState.self, make: FormControlState.init).checkedness = newValue }
  }

  /// The `value` IDL attribute of an `input` or `textarea`: the dirty value once set, else what the content decides
  /// (an input's `value` attribute, sanitized, by its value mode; a textarea's child text content).
  ///
  /// https://html.spec.whatwg.org/multipage/input.html#dom-input-value and
  /// https://html.spec.whatwg.org/multipage/form-elements.html#dom-textarea-value
  public var controlValue: String {
    if localName == "textarea" {
      return (behaviorState as? FormControlState)?.value ?? childTextContent
    }
    switch valueMode {
    case .value: return (behaviorState as? FormControlState)?.value ?? Self.sanitize(getAttribute("value") ?? "", type: inputType)
    case .default: return getAttribute("value") ?? ""
    case .defaultOn: return getAttribute("value") ?? "on"
    case .filename: return ""
    }
  }

  /// Sets ``controlValue``: in value mode "value" (text fields) and for a textarea it becomes the dirty value and
  /// the `value` attribute (so the saved page) keeps the default, as in a browser; in modes "default" and
  /// "default/on" (hidden, buttons, checkboxes) it sets the attribute. A file input takes only "".
  public func setControlValue(_ value: String) throws(DOMException) {
    if localName == "textarea" {
      behaviorState(FormControlState.self, make: FormControlState.init).value = value.normalizingNewlines
      return
    }
    switch valueMode {
    case .value:
      behaviorState(FormControlState.self, make: FormControlState.init).value = Self.sanitize(value, type: inputType)
    case .default, .defaultOn:
      setAttributeUnchecked("value", value)
    case .filename:
      guard value.isEmpty else {
        throw DOMException(.invalidStateError, "a file input's value can only be set to the empty string")
      }
    }
  }

  /// https://html.spec.whatwg.org/multipage/input.html#dom-input-value-value
  enum ValueMode { case value, `default`, defaultOn, filename }

  var valueMode: ValueMode {
    switch inputType {
    case "hidden", "submit", "image", "reset", "button": .default
    case "checkbox", "radio": .defaultOn
    case "file": .filename
    default: .value
    }
  }

  /// The value sanitization algorithm of each type (https://html.spec.whatwg.org/#value-sanitization-algorithm): a
  /// value the type cannot hold becomes "" (number, dates and times), the default (range: 50 for the default 0-100
  /// range; color: #000000); ranges and dates are not otherwise checked against min, max or the calendar.
  static func sanitize(_ value: String, type: String) -> String {
    switch type {
    case "text", "search", "tel", "password":
      return value.contains(where: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) ? value.filter { $0 != "\n" && $0 != "\r" && $0 != "\r\n" } : value
    case "url", "email":
      return value.filter { $0 != "\n" && $0 != "\r" && $0 != "\r\n" }.trimmingASCIIWhitespace
    case "number":
      return value.wholeMatch(of: /-?(\d+(\.\d+)?|\.\d+)([eE][-+]?\d+)?/) != nil ? value : ""
    case "range":
      // Not a valid number: the default value, the midpoint of min (0) and max (100) when neither is set.
      return value.wholeMatch(of: /-?(\d+(\.\d+)?|\.\d+)([eE][-+]?\d+)?/) != nil ? value : "50"
    case "color":
      return value.wholeMatch(of: /#[0-9A-Fa-f]{6}/) != nil ? value.lowercased() : "#000000"
    case "date":
      return value.wholeMatch(of: /\d{4,}-\d\d-\d\d/) != nil ? value : ""
    case "month":
      return value.wholeMatch(of: /\d{4,}-\d\d/) != nil ? value : ""
    case "week":
      return value.wholeMatch(of: /\d{4,}-W\d\d/) != nil ? value : ""
    case "time":
      return value.wholeMatch(of: /\d\d:\d\d(:\d\d(\.\d{1,3})?)?/) != nil ? value : ""
    case "datetime-local":
      return value.wholeMatch(of: /\d{4,}-\d\d-\d\d[T ]\d\d:\d\d(:\d\d(\.\d{1,3})?)?/) != nil ? value.replacingOccurrences(of: " ", with: "T") : ""
    default:
      return value
    }
  }
}

extension String {
  /// CR LF and lone CR as LF (https://infra.spec.whatwg.org/#normalize-newlines).
  var normalizingNewlines: String {
    guard contains(where: { $0 == "\r" || $0 == "\r\n" }) else { return self }
    return replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
  }

  /// Without leading and trailing ASCII whitespace.
  var trimmingASCIIWhitespace: String {
    let isWhitespace = { (c: Character) in c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\u{0C}" || c == "\r\n" }
    guard let first = firstIndex(where: { !isWhitespace($0) }), let last = lastIndex(where: { !isWhitespace($0) }) else { return "" }
    return String(self[first...last])
  }
}
