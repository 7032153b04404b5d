/// Pseudo-class matching.
/// https://drafts.csswg.org/selectors-4/#pseudo-classes and https://html.spec.whatwg.org/multipage/semantics-other.html#pseudo-classes
extension Matcher {
  func matches(_ pseudo: PseudoClass, _ element: E) -> Bool {
    switch pseudo {
    case .root:
      return element.selectorIsDocumentElement
    case .empty:
      return element.selectorIsEmpty
    case .scope:
      guard let scope else { return element.selectorIsDocumentElement }
      return element.selectorIsSame(scope)
    case .target:
      return element.selectorIsTarget
    case .valid:
      return element.selectorValidity == true
    case .invalid:
      return element.selectorValidity == false
    case .lang(let range):
      return languageMatches(element.selectorLanguage, range)
    case .anyLink:
      return (isHTML(element, "a") || isHTML(element, "area")) && element.selectorAttribute("href") != nil
    case .checked:
      return isChecked(element)
    case .disabled:
      return isFormControl(element) && isDisabled(element)
    case .enabled:
      return isFormControl(element) && !isDisabled(element)
    case .neverMatches:
      return false
    case .defined:
      return !(element.selectorIsHTML && element.selectorLocalName.contains("-"))
    case .nth(let nth):
      return matches(nth, element)
    case .not(let list):
      return !matches(list, element)
    case .is(let list), .where(let list):
      return matches(list, element)
    case .has(let relatives):
      return relatives.contains { hasMatch($0, anchor: element) }
    }
  }

  /// `:lang(range)` as Chromium matches it: the element's language is the range, or starts with the range and
  /// `-`, ASCII case-insensitively. An empty or unknown language matches nothing. (Selectors 4's extended filtering
  /// would also match `:lang(de-DE)` on `de-Latn-DE`; Chromium does not.)
  private func languageMatches(_ language: String?, _ range: String) -> Bool {
    guard let language, !language.isEmpty else { return false }
    return asciiDashMatch(language.utf8, range.utf8, caseInsensitive: true)
  }

  private func isHTML(_ element: E, _ name: String) -> Bool {
    element.selectorIsHTML && element.selectorLocalName == name
  }

  /// https://html.spec.whatwg.org/multipage/semantics-other.html#selector-checked
  /// (from attributes: a page's script-set `checked` state lives in the DOM's attributes here).
  private func isChecked(_ element: E) -> Bool {
    guard element.selectorIsHTML else { return false }
    switch element.selectorLocalName {
    case "input":
      guard element.selectorAttribute("checked") != nil, let type = element.selectorAttribute("type") else { return false }
      return asciiEqual(type.utf8, "checkbox".utf8, caseInsensitive: true)
        || asciiEqual(type.utf8, "radio".utf8, caseInsensitive: true)
    case "option":
      return element.selectorAttribute("selected") != nil
    default:
      return false
    }
  }

  /// Elements that can be disabled: https://html.spec.whatwg.org/multipage/semantics-other.html#concept-element-disabled
  private func isFormControl(_ element: E) -> Bool {
    guard element.selectorIsHTML else { return false }
    switch element.selectorLocalName {
    case "button", "input", "select", "textarea", "optgroup", "option", "fieldset": return true
    default: return false
    }
  }

  /// Step 1. A `disabled` attribute disables the element.
  /// Step 2. An `option` in a disabled `optgroup` is disabled.
  /// Step 3. A `button`, `input`, `select`, `textarea` or `fieldset` inside a disabled `fieldset` is disabled,
  ///         unless it is inside that fieldset's first `legend` child.
  private func isDisabled(_ element: E) -> Bool {
    // Step 1.
    if element.selectorAttribute("disabled") != nil { return true }
    // Step 2.
    if element.selectorLocalName == "option" {
      guard let parent = element.selectorParent else { return false }
      return isHTML(parent, "optgroup") && parent.selectorAttribute("disabled") != nil
    }
    if element.selectorLocalName == "optgroup" { return false }
    // Step 3.
    var child = element
    while let ancestor = child.selectorParent {
      if isHTML(ancestor, "fieldset"), ancestor.selectorAttribute("disabled") != nil {
        let inFirstLegend = isHTML(child, "legend") && firstLegend(of: ancestor)?.selectorIsSame(child) == true
        if !inFirstLegend { return true }
      }
      child = ancestor
    }
    return false
  }

  private func firstLegend(of fieldset: E) -> E? {
    var child = fieldset.selectorFirstChild
    while let c = child {
      if isHTML(c, "legend") { return c }
      child = c.selectorNextSibling
    }
    return nil
  }

  /// True when some element matches the relative selector with `anchor` as its `:has()` subject.
  /// https://drafts.csswg.org/selectors-4/#relational
  /// Step 1. Leading ` ` or `>`: candidates are the anchor's descendants (children only when nothing
  ///         after the leading combinator goes down the tree).
  /// Step 2. Leading `+` or `~`: candidates are the following siblings (only the next one for `:has(+ C)`), and
  ///         their descendants when a later combinator goes down the tree.
  /// Step 3. A candidate matches when the selector matches it and its leftmost compound reaches the anchor.
  /// Past a few hundred candidates, the answer comes from the query's ``RelativeMatchMemo``, computed once per
  /// element (small subtrees and early matches keep the plain walk, which stops early).
  private func hasMatch(_ relative: ComplexSelector, anchor: E) -> Bool {
    if let known = relativeMatches.answer(relative, anchor: anchor) { return known }
    let goesDown = relative.combinators.dropLast().contains { $0 == .descendant || $0 == .child }
    let leading = relative.combinators[relative.combinators.count - 1]
    var budget = relativeMatchWalkBudget
    /// Tests a candidate; false when the budget is spent.
    func tried(_ candidate: E, _ found: inout Bool) -> Bool {
      found = match(relative, 0, candidate, anchor: anchor) == .matched
      budget -= 1
      return !found && budget > 0
    }
    var found = false
    switch leading {
    case .descendant, .child:  // Step 1.
      if leading == .child && !goesDown {  // `:has(> a ~ b)`: children only, each once in a query.
        var child = anchor.selectorFirstChild
        while let c = child {
          if match(relative, 0, c, anchor: anchor) == .matched { return true }
          child = c.selectorNextSibling
        }
        return false
      }
      if Matcher.forEachInDocumentOrder(below: anchor, includeRoot: false, { tried($0, &found) }) || found {
        return found
      }
    case .nextSibling, .subsequentSibling:  // Step 2.
      var sibling = anchor.selectorNextSibling
      while let s = sibling, tried(s, &found) {
        if goesDown, !Matcher.forEachInDocumentOrder(below: s, includeRoot: false, { tried($0, &found) }) { break }
        if leading == .nextSibling && relative.compounds.count == 1 { return false }
        sibling = s.selectorNextSibling
      }
      if found { return true }
      if budget > 0 { return false }
    }
    return relativeMatches.matches(relative, anchor: anchor, self)
  }
}
