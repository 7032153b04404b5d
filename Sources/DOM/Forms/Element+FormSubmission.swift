/// A form's controls and the entry list it would submit (what `new FormData(form)` holds).
///
/// https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#constructing-the-form-data-set
public struct FormEntry: Equatable, Sendable {
  public var name: String
  /// The value; a file input's entry (no file is ever chosen here, and there is no `File`) is the empty string.
  public var value: String

  public init(name: String, value: String) {
    self.name = name
    self.value = value
  }
}

extension Element {
  /// True for a listed element (https://html.spec.whatwg.org/multipage/forms.html#category-listed): `button`,
  /// `fieldset`, `input`, `object`, `output`, `select`, `textarea`.
  public var isListedElement: Bool {
    isHTML && ["button", "fieldset", "input", "object", "output", "select", "textarea"].contains(localName)
  }

  /// A form's `elements` (https://html.spec.whatwg.org/multipage/forms.html#dom-form-elements): the listed
  /// elements whose form owner it is, in tree order, image buttons excepted; empty for an element that is not a form.
  public var formControls: [Element] { ownedListedElements.filter { !$0.isImageButton } }

  /// True when this element is one of `form`'s `elements` (``formControls``): listed, not an image button, owned
  /// by `form`.
  public func isControl(of form: Element) -> Bool { isListedElement && !isImageButton && formOwner === form }

  private var isImageButton: Bool { localName == "input" && inputType == "image" }

  /// The listed elements whose form owner this form is, image buttons included (the form's controls that its entry
  /// list walks); empty for an element that is not a form.
  var ownedListedElements: [Element] {
    guard isHTML(named: "form") else { return [] }
    return getRootNode().descendantElements.filter { $0.isListedElement && $0.formOwner === self }
  }

  /// The entry list of this form, as submitting it with `submitter` (nil: none, as `new FormData(form)`) would
  /// make it: each control that is not disabled, not in a `datalist`, a button only when it is the submitter, a
  /// checkbox or radio button only when checked, and named, gives its entries (``ElementBehavior``'s
  /// `appendEntries`); `dirname` adds the direction.
  ///
  /// https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#constructing-the-form-data-set
  public func formEntryList(submitter: Element? = nil) -> [FormEntry] {
    var entries: [FormEntry] = []
    for control in ownedListedElements {
      guard let behavior = control.behavior, !control.isDisabledFormControl, !control.hasDatalistAncestor else { continue }
      // Step 5.1: buttons (image buttons too) count only as the submitter.
      if control.isSubmitButton, control !== submitter { continue }
      behavior.appendEntries(of: control, submitter: submitter, to: &entries)
      // Step 5.12: dirname (https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#attr-fe-dirname).
      if control.localName == "textarea" || ["text", "search"].contains(control.inputType),
        let dirname = control.getAttribute("dirname"), !dirname.isEmpty, control.getAttribute("name") != nil
      {
        entries.append(FormEntry(name: dirname, value: control.computedDirectionality))
      }
    }
    return entries
  }

  /// A `button`, or an `input` of type submit, image, reset or button
  /// (https://html.spec.whatwg.org/multipage/forms.html#concept-button).
  public var isSubmitButton: Bool {
    guard isHTML else { return false }
    if localName == "button" { return true }
    return localName == "input" && ["submit", "image", "reset", "button"].contains(inputType)
  }

  var hasDatalistAncestor: Bool {
    var ancestor = parentElement
    while let element = ancestor {
      if element.isHTML(named: "datalist") { return true }
      ancestor = element.parentElement
    }
    return false
  }

  /// "ltr" or "rtl" from the nearest `dir` attribute that says one ("ltr" when none does; `auto` is taken as ltr).
  var computedDirectionality: String {
    var cursor: Element? = self
    while let element = cursor {
      switch element.getAttribute("dir")?.asciiLowercased {
      case "rtl": return "rtl"
      case "ltr", "auto": return "ltr"
      default: cursor = element.parentElement
      }
    }
    return "ltr"
  }

  /// The control's name, when it has a non-empty one (step 5.5 of the entry list).
  var submissionName: String? {
    guard let name = getAttribute("name"), !name.isEmpty else { return nil }
    return name
  }
}
