import Foundation
import URLStandard

/// Activation behaviour: what a `click` does to checkboxes, radio buttons, submit and reset buttons, and labels.
///
/// https://dom.spec.whatwg.org/#eventtarget-activation-behavior and the HTML elements' sections.
public enum ActivationBehavior: Sendable {
  case checkbox, radio, submit, reset, label
  /// A hyperlink (`a` or `area` with `href`): fragment navigation within the document.
  case hyperlink
  /// A `summary` that is its `details`' first: toggles `open`.
  case summary

}

/// What the legacy-pre-activation behaviour changed, for the legacy-canceled-activation behaviour to undo.
struct ActivationState {
  /// The checkedness before the click of the element and, for a radio, of the group member it unchecked.
  var previous: [(Element, Bool)] = []
}

extension Element {
  /// The element's activation behaviour, if it has one (its kind's, ``ElementBehavior/activationBehavior(of:)``).
  public var activationBehavior: ActivationBehavior? { behavior?.activationBehavior(of: self) }

  /// https://html.spec.whatwg.org/multipage/input.html#the-input-element:legacy-pre-activation-behavior
  func legacyPreActivation() -> ActivationState {
    var state = ActivationState()
    switch activationBehavior {
    case .checkbox?:
      state.previous = [(self, checkedness)]
      checkedness.toggle()
    case .radio?:
      state.previous = [(self, checkedness)]
      for other in radioGroup() where other !== self && other.checkedness {
        state.previous.append((other, true))
        other.checkedness = false
      }
      checkedness = true
    default: break
    }
    return state
  }

  /// Undoes the legacy-pre-activation behaviour of a canceled click.
  func legacyCanceledActivation(_ state: ActivationState) {
    for (element, checked) in state.previous { element.checkedness = checked }
  }

  /// Runs the activation behaviour after a click nobody canceled.
  func runActivationBehavior(_ event: Event, _ state: ActivationState) {
    switch activationBehavior {
    case .checkbox?, .radio?:
      // https://html.spec.whatwg.org/multipage/input.html#the-input-element:activation-behaviour
      guard isConnected else { return }
      if activationBehavior == .radio, state.previous.first?.1 == true { return }
      fireEvent(Event(type: "input", bubbles: true, composed: true))
      fireEvent("change", bubbles: true)
    case .submit?:
      // https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#concept-form-submit (the
      // submit event only: there is no navigation here).
      guard isConnected, !isDisabledFormControl, let form = formOwner, form.isConnected else { return }
      // Step 6.3: unless novalidate or formnovalidate says not to, "interactively validate the constraints": an
      // invalid form gets `invalid` at each failing control, its first one focused, and is not submitted (as in
      // WebKit: a login form whose required field is empty fires no submit).
      if !form.hasAttribute("novalidate"), !hasAttribute("formnovalidate"), !form.interactivelyValidate() { return }
      form.fireEvent("submit", bubbles: true, cancelable: true)
    case .reset?:
      // https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#concept-form-reset
      guard isConnected, !isDisabledFormControl, let form = formOwner else { return }
      form.resetForm()
    case .label?:
      // https://html.spec.whatwg.org/multipage/forms.html#the-label-element: the click goes to the control,
      // unless it came from the control or other interactive content inside the label.
      guard let control = labeledControl, let target = event.target as? Element, control !== target,
        !control.contains(target)
      else { return }
      control.click()
    case .hyperlink?:
      followHyperlink()
    case .summary?:
      // https://html.spec.whatwg.org/multipage/interactive-elements.html#the-summary-element:activation-behaviour
      guard let details = parentElement else { return }
      if details.hasAttribute("open") { details.removeAttribute("open") } else { try? details.setAttribute("open", "") }
      // https://html.spec.whatwg.org/multipage/interactive-elements.html#queue-a-details-toggle-event-task
      document.browsingContext?.queueTask { [weak details] in details?.fireEvent("toggle") }
    case nil: break
    }
  }

  /// Follows the element's `href` when only the fragment changes: the document URL takes the new fragment and
  /// the window gets a `hashchange` event in a later task. Other navigations stay refused (the page is never
  /// replaced).
  ///
  /// https://html.spec.whatwg.org/multipage/browsing-the-web.html#navigate-fragid
  func followHyperlink() {
    guard let href = getAttribute("href"), let url = document.resolveURL(href) else { return }
    _ = document.navigateToFragment(url)
  }
}

extension Document {
  /// Navigates to `url` when it differs from the document URL only in its fragment (and has one): the document URL
  /// takes it and the window gets a `hashchange` event in a later task. False for any other URL (the page is never
  /// replaced).
  ///
  /// https://html.spec.whatwg.org/multipage/browsing-the-web.html#navigate-fragid
  public func navigateToFragment(_ url: URLRecord) -> Bool {
    guard let window = defaultView, let context = browsingContext, url.fragment != nil,
      url.serialized(excludingFragment: true) == self.url.serialized(excludingFragment: true)
    else { return false }
    let oldURL = self.url.href
    self.url = url
    context.queueTask { [weak window] in
      let event = DictionaryEvent(
        interface: "HashChangeEvent", type: "hashchange",
        values: ["oldURL": .string(oldURL), "newURL": .string(url.href)])
      window?.fireEvent(event)
    }
    return true
  }
}

extension Element {
  /// Resets this form: a cancelable `reset` event, then, unless it was canceled, each control's reset steps (its
  /// dirty value and checkedness forgotten).
  ///
  /// https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#concept-form-reset
  public func resetForm() {
    guard fireEvent("reset", bubbles: true, cancelable: true) else { return }
    for control in descendantElements { control.behavior?.reset(control) }
  }

  /// The form owner: the form its `form` attribute names (in its tree), else the nearest `form` ancestor.
  ///
  /// https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#reset-the-form-owner
  public var formOwner: Element? {
    if let id = getAttribute("form") {
      guard !id.isEmpty, let named = getRootNode().descendantElements.first(where: { $0.id == id }), named.isHTML(named: "form")
      else { return nil }
      return named
    }
    var node = parentNode
    while let current = node {
      if let element = current as? Element, element.isHTML(named: "form") { return element }
      node = current.parentNode
    }
    return nil
  }

  /// The radio buttons of this one's group: same `name`, same form owner, same tree.
  ///
  /// https://html.spec.whatwg.org/multipage/input.html#radio-button-group
  func radioGroup() -> [Element] {
    guard let name = getAttribute("name"), !name.isEmpty else { return [self] }
    let owner = formOwner
    let root = owner ?? getRootNode()
    return root.descendantElements.filter { other in
      other.isHTML(named: "input") && other.getAttribute("type")?.lowercased() == "radio"
        && other.getAttribute("name") == name && other.formOwner === owner
    }
  }

  /// The `label` elements whose control this is, in tree order; nil for an element that is not labelable (a hidden
  /// input).
  ///
  /// https://html.spec.whatwg.org/multipage/forms.html#dom-lfe-labels
  public var labels: [Element]? {
    guard isHTML, Self.labelable.contains(localName), !(localName == "input" && inputType == "hidden") else { return nil }
    return getRootNode().descendantElements.filter { $0.isHTML(named: "label") && $0.labeledControl === self }
  }

  /// https://html.spec.whatwg.org/multipage/forms.html#category-label
  static let labelable: Set<String> = ["button", "input", "meter", "output", "progress", "select", "textarea"]

  /// A label's control: the element its `for` names, else its first labelable descendant.
  public var labeledControl: Element? {
    let labelable = Self.labelable
    if let id = getAttribute("for") {
      guard let element = getRootNode().descendants().lazy.compactMap({ $0 as? Element }).first(where: { $0.id == id }),
        labelable.contains(element.localName)
      else { return nil }
      return element
    }
    return descendants().lazy.compactMap { $0 as? Element }.first { $0.isHTML && labelable.contains($0.localName) }
  }
}
