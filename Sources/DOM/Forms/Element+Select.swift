/// A `select`'s options and their selectedness: the `selected` attributes decide until a script (or a click) sets
/// one, as a browser's "ask for a reset" would leave them; then each option keeps its own (its dirty selectedness).
///
/// https://html.spec.whatwg.org/multipage/form-elements.html#the-select-element
extension Element {
  /// An option that is disabled: its own `disabled`, or its `optgroup` parent's
  /// (https://html.spec.whatwg.org/multipage/form-elements.html#concept-option-disabled).
  public var isDisabledOption: Bool {
    hasAttribute("disabled") || (parentElement.map { $0.isHTML(named: "optgroup") && $0.hasAttribute("disabled") } ?? false)
  }

  /// A select's list of options: its `option` children and those of its `optgroup` children, in tree order.
  public var selectOptions: [Element] {
    children.flatMap { child -> [Element] in
      if child.isHTML(named: "option") { return [child] }
      if child.isHTML(named: "optgroup") { return child.children.filter { $0.isHTML(named: "option") } }
      return []
    }
  }

  /// True when the select shows one row and takes one choice (no `multiple`, `size` 1 or less): then one option is
  /// always selected when any can be.
  var isDropDownSelect: Bool {
    guard !hasAttribute("multiple") else { return false }
    return (getAttribute("size").flatMap { Int($0.trimmingCSSWhitespace()) } ?? 1) <= 1
  }

  /// The options of this select that are selected.
  ///
  /// https://html.spec.whatwg.org/multipage/form-elements.html#selectedness-setting-algorithm: in a single-choice
  /// select, the last option marked selected wins; a drop-down with none (and no choice a script made) selects
  /// its first option that is not disabled.
  public var selectedOptions: [Element] {
    let options = selectOptions
    let dirty = options.contains { ($0.behaviorState as? FormControlState)?.selectedness != nil }
    var selected = options.filter { option in
      (option.behaviorState as? FormControlState)?.selectedness ?? (!dirty && option.hasAttribute("selected"))
    }
    if !hasAttribute("multiple"), let last = selected.last { selected = [last] }
    // The selectedness setting algorithm runs when the options change, not after a script chose none.
    if selected.isEmpty, !dirty, isDropDownSelect, let first = options.first(where: { !$0.hasAttribute("disabled") }) {
      selected = [first]
    }
    return selected
  }

  /// Whether this option is selected in its select (or, outside one, by its `selected` attribute).
  public var optionSelectedness: Bool {
    guard let select = optionSelect else {
      return (behaviorState as? FormControlState)?.selectedness ?? hasAttribute("selected")
    }
    return select.selectedOptions.contains { $0 === self }
  }

  /// Sets this option's selectedness as a script does (`option.selected = …`): in a single-choice select, the
  /// others are then not selected.
  public func setOptionSelectedness(_ selected: Bool) {
    if let select = optionSelect {
      // Freeze what the attributes gave the others, so that this choice is the one that changes.
      let current = select.selectedOptions
      for option in select.selectOptions {
        let state = option.behaviorState(FormControlState.self, make: FormControlState.init)
        if state.selectedness == nil { state.selectedness = current.contains { $0 === option } }
        if selected, !select.hasAttribute("multiple"), option !== self { state.selectedness = false }
      }
    }
    behaviorState(FormControlState.self, make: FormControlState.init).selectedness = selected
  }

  /// The index of the first selected option, -1 when none is (https://html.spec.whatwg.org/#dom-select-selectedindex).
  public var selectedIndex: Int {
    let selected = selectedOptions
    return selectOptions.firstIndex { option in selected.contains { $0 === option } } ?? -1
  }

  /// Selects the option at `index` alone (none when out of range).
  public func setSelectedIndex(_ index: Int) {
    let options = selectOptions
    for (position, option) in options.enumerated() {
      option.behaviorState(FormControlState.self, make: FormControlState.init).selectedness = position == index
    }
  }

  /// A select's value: its first selected option's (https://html.spec.whatwg.org/#dom-select-value).
  public var selectValue: String { selectedOptions.first?.optionValue ?? "" }

  /// Selects the first option whose value is `value`, and no other.
  public func setSelectValue(_ value: String) {
    let options = selectOptions
    let chosen = options.firstIndex { $0.optionValue == value }
    for (position, option) in options.enumerated() {
      option.behaviorState(FormControlState.self, make: FormControlState.init).selectedness = position == chosen
    }
  }

  /// An option's value: its `value` attribute, else its text.
  public var optionValue: String { getAttribute("value") ?? optionText }

  /// The select an option is in: its parent, or its `optgroup` parent's parent.
  public var optionSelect: Element? {
    guard let parent = parentElement else { return nil }
    if parent.isHTML(named: "select") { return parent }
    if parent.isHTML(named: "optgroup"), let grand = parent.parentElement, grand.isHTML(named: "select") { return grand }
    return nil
  }
}
