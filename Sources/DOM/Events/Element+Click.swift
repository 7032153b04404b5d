/// `click()`: a synthetic click the way a script asks for one.
extension Element {
  /// The form controls that ignore `click()` while `disabled` (https://html.spec.whatwg.org/#concept-fe-disabled).
  static let disableableControls: Set<String> = ["button", "input", "select", "textarea"]

  /// True for a button, input, select or textarea that is disabled: its own `disabled` attribute, or a
  /// disabled `fieldset` ancestor (outside that fieldset's first `legend`).
  ///
  /// https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#concept-fe-disabled
  public var isDisabledFormControl: Bool {
    guard isHTML, Self.disableableControls.contains(localName) else { return false }
    if hasAttribute("disabled") { return true }
    var child: Element = self
    while let parent = child.parentElement {
      if parent.isHTML(named: "fieldset"), parent.hasAttribute("disabled") {
        let firstLegend = parent.childNodes.lazy.compactMap { $0 as? Element }.first { $0.isHTML(named: "legend") }
        if child !== firstLegend { return true }
      }
      child = parent
    }
    return false
  }

  /// Fires a synthetic, untrusted `click` PointerEvent at the element (bubbles, cancelable, composed).
  ///
  /// https://html.spec.whatwg.org/multipage/interaction.html#dom-click
  public func click() {
    // Step 1.
    if isDisabledFormControl { return }
    // Steps 2-3.
    let key = ObjectIdentifier(self)
    guard document.clicksInProgress.insert(key).inserted else { return }
    // Step 4. https://html.spec.whatwg.org/#fire-a-synthetic-pointer-event
    let event = DictionaryEvent(
      interface: "PointerEvent", type: "click", bubbles: true, cancelable: true, composed: true,
      values: ["view": .target(document.defaultView), "detail": .number(0)])
    _ = dispatch(event)
    // Step 5.
    document.clicksInProgress.remove(key)
  }
}
