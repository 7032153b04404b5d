/// `click()`: a synthetic click the way a script asks for one.
extension Element {
  /// The form controls that ignore `click()` while `disabled` (https://html.spec.whatwg.org/#concept-fe-disabled).
  static let disableableControls: Set<String> = ["button", "input", "select", "textarea"]

  /// Fires a synthetic, untrusted `click` PointerEvent at the element (bubbles, cancelable, composed).
  ///
  /// https://html.spec.whatwg.org/multipage/interaction.html#dom-click
  public func click() {
    // Step 1.
    if isHTML, Self.disableableControls.contains(localName), hasAttribute("disabled") { return }
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
