/// Focus without a user: `focus()` and `blur()` move the document's focused element and fire the events a browser
/// fires (blur and focusout at the element losing focus, then focus and focusin at the one gaining it, each a
/// FocusEvent whose relatedTarget is the other), so that a form filler that focuses each field before typing, as a
/// person would, sees what it sees in Safari.
///
/// https://html.spec.whatwg.org/multipage/interaction.html#focusing-steps and
/// https://w3c.github.io/uievents/#events-focusevent-event-order
extension Element {
  /// Whether the element is a focusable area: a control that is not disabled (not a hidden input), a link with
  /// `href`, an iframe, a `summary`, an element with `tabindex` or `contenteditable`.
  ///
  /// https://html.spec.whatwg.org/multipage/interaction.html#focusable-area
  public var isFocusable: Bool {
    guard isConnected, isBeingRendered else { return false }
    if hasAttribute("tabindex") || (getAttribute("contenteditable").map { $0.asciiLowercased != "false" } ?? false) {
      return true
    }
    guard isHTML else { return false }
    switch localName {
    case "input": return inputType != "hidden" && !isDisabledFormControl
    case "button", "select", "textarea": return !isDisabledFormControl
    case "a", "area": return hasAttribute("href")
    case "iframe", "summary": return true
    default: return false
    }
  }

  /// `focus()`: focuses this element when it is a focusable area (https://html.spec.whatwg.org/#dom-focus).
  /// True when the element has a box: neither it nor an ancestor computes `display: none`, and it is visible
  /// (https://html.spec.whatwg.org/multipage/rendering.html#being-rendered; WebKit, the reference, also refuses
  /// focus to `visibility: hidden`). A field in a collapsed or hidden part of a page takes no focus in Safari.
  public var isBeingRendered: Bool {
    guard let style = computedStyle, style[.display] != "none", style[.visibility] == "visible" else { return false }
    var ancestor = parentElement
    while let element = ancestor {
      if element.computedStyle?[.display] == "none" { return false }
      ancestor = element.parentElement
    }
    return true
  }

  public func focus() {
    guard isFocusable, document.focusedElement !== self else { return }
    let previous = document.focusedElement
    if let previous {
      document.focusedElement = nil
      previous.fireFocusEvent("blur", bubbles: false, related: self)
      previous.fireFocusEvent("focusout", bubbles: true, related: self)
    }
    // A blur listener may have moved focus elsewhere, or taken this element out.
    guard document.focusedElement == nil, isConnected else { return }
    document.focusedElement = self
    fireFocusEvent("focus", bubbles: false, related: previous)
    fireFocusEvent("focusin", bubbles: true, related: previous)
  }

  /// `blur()`: unfocuses this element when it is focused (https://html.spec.whatwg.org/#dom-blur).
  public func blur() {
    guard document.focusedElement === self else { return }
    document.focusedElement = nil
    fireFocusEvent("blur", bubbles: false, related: nil)
    fireFocusEvent("focusout", bubbles: true, related: nil)
  }

  private func fireFocusEvent(_ type: String, bubbles: Bool, related: Element?) {
    let event = DictionaryEvent(
      interface: "FocusEvent", type: type, bubbles: bubbles, composed: true,
      values: ["view": .target(document.defaultView), "detail": .number(0), "relatedTarget": .target(related)])
    fireEvent(event)
  }
}

extension Document {
  /// The element with focus, or its body when none has (https://html.spec.whatwg.org/#dom-document-activeelement).
  public var activeElement: Element? {
    if let focused = focusedElement, focused.isConnected, focused.document === self { return focused }
    return body ?? documentElement
  }
}
