import DOM
import JSBridge

// HTML element interfaces, grouped as web-platform-tests' html/dom/elements-forms.js groups them. The members
// follow ../shared/wpt/interfaces/html.idl; each reflected attribute has the type that file checks.

extension DOMInterfaces {
  /// `labels` of the labelable elements: a NodeList of the labels whose control the element is (a snapshot taken
  /// when read; null for a hidden input).
  ///
  /// https://html.spec.whatwg.org/multipage/forms.html#dom-lfe-labels
  static func addLabels(_ b: InterfaceBuilder<Element>) {
    b.getter("labels") { element in element.labels.map { NodeListObject(.snapshot($0)) } }
  }

  /// `form`, the form owner of a form-associated element.
  static func addFormOwner(_ b: InterfaceBuilder<Element>) {
    b.getter("form") { $0.formOwner }
  }

  /// The constraint validation API of the listed form-associated elements (`required` and custom messages only).
  ///
  /// https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#the-constraint-validation-api
  static func addConstraintValidation(_ b: InterfaceBuilder<Element>) {
    b.getter("willValidate") { $0.willValidate }
    b.getter("validationMessage") { $0.validationMessage }
    b.method("checkValidity") { element, _ in element.checkValidity() }
    b.method("reportValidity") { element, _ in element.checkValidity() }
    b.method("setCustomValidity", length: 1) { element, args in element.setCustomValidity(try args.string(0)) }
  }

  /// https://html.spec.whatwg.org/multipage/form-elements.html#htmlbuttonelement
  static let htmlButtonElement = Interface<Element>("HTMLButtonElement", inherits: htmlElement) { b in
    addFormOwner(b)
    addConstraintValidation(b)
    addLabels(b)
    b.reflectBool("disabled")
    b.reflectURL("formAction", emptyIsDocumentURL: true)
    b.reflectEnum(
      "formEnctype",
      keywords: [
        "application/x-www-form-urlencoded", "multipart/form-data", "text/plain",
      ], invalid: "application/x-www-form-urlencoded")
    b.reflectEnum("formMethod", keywords: ["get", "post", "dialog"], invalid: "get")
    b.reflectBool("formNoValidate")
    b.reflect("formTarget")
    b.reflect("name")
    b.reflectEnum("type", keywords: ["submit", "reset", "button"], missing: "submit")
    b.reflect("value")
  }

  /// https://html.spec.whatwg.org/multipage/form-elements.html#htmldatalistelement
  static let htmlDataListElement = Interface<Element>("HTMLDataListElement", inherits: htmlElement) { _ in }

  /// https://html.spec.whatwg.org/multipage/form-elements.html#htmlfieldsetelement
  static let htmlFieldSetElement = Interface<Element>("HTMLFieldSetElement", inherits: htmlElement) { b in
    addFormOwner(b)
    addConstraintValidation(b)
    b.reflectBool("disabled")
    b.reflect("name")
  }

  /// https://html.spec.whatwg.org/multipage/forms.html#htmlformelement
  static let htmlFormElement = Interface<Element>("HTMLFormElement", inherits: htmlElement) { b in
    b.reflect("acceptCharset", attribute: "accept-charset")
    b.reflectURL("action", emptyIsDocumentURL: true)
    b.reflectEnum("autocomplete", keywords: ["on", "off"], missing: "on")
    b.reflectEnum(
      "enctype",
      keywords: [
        "application/x-www-form-urlencoded", "multipart/form-data", "text/plain",
      ], missing: "application/x-www-form-urlencoded")
    b.reflectEnum(
      "encoding", attribute: "enctype",
      keywords: [
        "application/x-www-form-urlencoded", "multipart/form-data", "text/plain",
      ], missing: "application/x-www-form-urlencoded")
    b.reflectEnum("method", keywords: ["get", "post", "dialog"], missing: "get")
    b.method("reset") { form, _ in form.resetForm() }
    b.method("checkValidity") { form, _ in form.checkValidity() }
    b.method("reportValidity") { form, _ in form.checkValidity() }
    b.reflect("name")
    b.reflectBool("noValidate")
    b.reflect("target")
    b.reflect("rel")
    b.reflectTokenList("relList", attribute: "rel", supportedTokens: hyperlinkRelTokens)
    // https://html.spec.whatwg.org/multipage/forms.html#dom-form-elements: the listed elements the form owns
    // (a `form` attribute can name it from outside), image buttons excepted (``DOM/Element/formControls``).
    b.sameObject("elements") { form, _ in HTMLCollectionObject(formControlCollection(of: form)) }
    b.getter("length") { form in form.formControls.count }
  }

  /// A form's `elements` as a live collection over its tree.
  static func formControlCollection(of form: Element) -> LiveCollection {
    .elements(under: form.getRootNode()) { [weak form] element in form.map(element.isControl(of:)) ?? false }
  }

  /// https://html.spec.whatwg.org/multipage/input.html#htmlinputelement
  static let htmlInputElement = Interface<Element>("HTMLInputElement", inherits: htmlElement) { b in
    addFormOwner(b)
    addConstraintValidation(b)
    addLabels(b)
    b.reflect("accept")
    b.reflect("alt")
    b.reflect("autocomplete")
    b.reflectBool("defaultChecked", attribute: "checked")
    b.reflect("dirName")
    b.reflectBool("disabled")
    b.reflectURL("formAction", emptyIsDocumentURL: true)
    b.reflectEnum(
      "formEnctype",
      keywords: [
        "application/x-www-form-urlencoded", "multipart/form-data", "text/plain",
      ], invalid: "application/x-www-form-urlencoded")
    b.reflectEnum("formMethod", keywords: ["get", "post"], invalid: "get")
    b.reflectBool("formNoValidate")
    b.reflect("formTarget")
    b.reflectInteger("height", .unsignedLong(default: 0))
    b.reflect("max")
    b.reflectInteger("maxLength", .limitedLong(default: -1))
    b.reflect("min")
    b.reflectInteger("minLength", .limitedLong(default: -1))
    b.reflectBool("multiple")
    b.reflect("name")
    b.reflect("pattern")
    b.reflect("placeholder")
    b.reflectBool("readOnly")
    b.reflectBool("required")
    b.reflectInteger("size", .limitedUnsignedLong(default: 20))
    b.reflectURL("src")
    b.reflect("step")
    b.reflectEnum(
      "type",
      keywords: [
        "hidden", "text", "search", "tel", "url", "email", "password", "date", "month", "week", "time",
        "datetime-local", "number", "range", "color", "checkbox", "radio", "file", "submit", "image", "reset",
        "button",
      ], missing: "text")
    b.reflectInteger("width", .unsignedLong(default: 0))
    b.reflect("defaultValue", attribute: "value")
    b.reflect("align")
    b.reflect("useMap")
    // The dirty value once set, not the attribute (that is defaultValue): the saved page keeps the default.
    b.accessor("value", get: { $0.controlValue }, set: { input, value in
      try input.setControlValue(value.isNull ? "" : value.toString())
    })
    // Checkedness, not the attribute (that is defaultChecked): click() and activation change it.
    b.accessor("checked", get: { $0.checkedness }, set: { element, value in element.checkedness = value.toBool() })
  }

  /// https://html.spec.whatwg.org/multipage/forms.html#htmllabelelement
  static let htmlLabelElement = Interface<Element>("HTMLLabelElement", inherits: htmlElement) { b in
    addFormOwner(b)
    b.reflect("htmlFor", attribute: "for")
    b.getter("control") { $0.labeledControl }
  }

  /// https://html.spec.whatwg.org/multipage/form-elements.html#htmllegendelement
  static let htmlLegendElement = Interface<Element>("HTMLLegendElement", inherits: htmlElement) { b in
    addFormOwner(b)
    b.reflect("align")
  }

  /// https://html.spec.whatwg.org/multipage/form-elements.html#htmlmeterelement
  static let htmlMeterElement = Interface<Element>("HTMLMeterElement", inherits: htmlElement) { b in
    addLabels(b)
    b.reflectDouble("value")
    b.reflectDouble("min")
    b.reflectDouble("max")
    b.reflectDouble("low")
    b.reflectDouble("high")
    b.reflectDouble("optimum")
  }

  /// https://html.spec.whatwg.org/multipage/form-elements.html#htmloptgroupelement
  static let htmlOptGroupElement = Interface<Element>("HTMLOptGroupElement", inherits: htmlElement) { b in
    b.reflectBool("disabled")
    b.reflect("label")
  }

  /// https://html.spec.whatwg.org/multipage/form-elements.html#htmloptionelement
  static let htmlOptionElement = Interface<Element>("HTMLOptionElement", inherits: htmlElement) { b in
    addFormOwner(b)
    b.reflectBool("disabled")
    b.reflect("label", get: { $0.getAttribute("label") ?? $0.optionText }, set: { try $0.setAttribute("label", $1) })
    b.reflectBool("defaultSelected", attribute: "selected")
    b.reflect("value", get: { $0.getAttribute("value") ?? $0.optionText }, set: { try $0.setAttribute("value", $1) })
    b.reflect("text", get: { $0.optionText }, set: { $0.textContent = $1 })
    // Selectedness, not the attribute (that is defaultSelected).
    b.accessor("selected", get: { $0.optionSelectedness }, set: { option, value in option.setOptionSelectedness(value.toBool()) })
    b.getter("index") { option in option.optionSelect?.selectOptions.firstIndex { $0 === option } ?? 0 }
  }

  /// https://html.spec.whatwg.org/multipage/form-elements.html#htmloutputelement
  static let htmlOutputElement = Interface<Element>("HTMLOutputElement", inherits: htmlElement) { b in
    addFormOwner(b)
    addConstraintValidation(b)
    addLabels(b)
    b.reflectTokenList("htmlFor", attribute: "for")
    b.reflect("name")
  }

  /// https://html.spec.whatwg.org/multipage/form-elements.html#htmlprogresselement
  static let htmlProgressElement = Interface<Element>("HTMLProgressElement", inherits: htmlElement) { b in
    addLabels(b)
    b.reflectDouble("max", defaultValue: 1)
  }

  /// https://html.spec.whatwg.org/multipage/form-elements.html#htmlselectelement
  static let htmlSelectElement = Interface<Element>("HTMLSelectElement", inherits: htmlElement) { b in
    addFormOwner(b)
    addConstraintValidation(b)
    addLabels(b)
    b.reflect("autocomplete")
    b.reflectBool("disabled")
    b.reflectBool("multiple")
    b.reflect("name")
    b.reflectBool("required")
    b.reflectInteger("size", .unsignedLong(default: 0))
    b.sameObject("options") { select, context in
      HTMLCollectionObject(.elements(under: select) { $0.isHTML(named: "option") })
    }
    b.getter("type") { $0.hasAttribute("multiple") ? "select-multiple" : "select-one" }
    // https://html.spec.whatwg.org/multipage/form-elements.html#dom-select-length: setting it drops options past
    // the new length, or appends empty ones up to it.
    b.accessor("length", get: { $0.selectOptions.count }, set: { select, value in
      let length = ReflectedInteger.uint32(value.toDouble())
      let options = select.selectOptions
      if length < options.count {
        for option in options[length...] { try option.parentNode?.removeChild(option) }
      } else {
        for _ in options.count..<min(length, 100_000) { try select.appendChild(select.document.createElement("option")) }
      }
    })
    b.accessor("selectedIndex", get: { $0.selectedIndex }, set: { select, value in
      select.setSelectedIndex(Arguments.int32(value.toDouble()))
    })
    b.accessor("value", get: { $0.selectValue }, set: { select, value in
      select.setSelectValue(value.isNull ? "" : try value.toString())
    })
    // A new collection each read: selectedness changes do not move the tree version live collections follow.
    b.contextGetter("selectedOptions") { select, _ in
      HTMLCollectionObject(.elements(under: select) { $0.isHTML(named: "option") && $0.optionSelectedness })
    }
  }

  /// https://html.spec.whatwg.org/multipage/form-elements.html#htmltextareaelement
  static let htmlTextAreaElement = Interface<Element>("HTMLTextAreaElement", inherits: htmlElement) { b in
    addFormOwner(b)
    addConstraintValidation(b)
    addLabels(b)
    b.reflect("autocomplete")
    b.reflectInteger("cols", .limitedUnsignedLongWithFallback(default: 20))
    b.reflect("dirName")
    b.reflectBool("disabled")
    b.reflectInteger("maxLength", .limitedLong(default: -1))
    b.reflectInteger("minLength", .limitedLong(default: -1))
    b.reflect("name")
    b.reflect("placeholder")
    b.reflectBool("readOnly")
    b.reflectBool("required")
    b.reflectInteger("rows", .limitedUnsignedLongWithFallback(default: 2))
    b.reflect("wrap")
    b.getter("type") { _ in "textarea" }
    // https://html.spec.whatwg.org/multipage/form-elements.html#dom-textarea-defaultvalue: the child text content.
    b.stringAccessor("defaultValue", get: { $0.childTextContent }, set: { textarea, value in textarea.textContent = value })
    b.accessor("value", get: { $0.controlValue }, set: { textarea, value in
      try textarea.setControlValue(value.isNull ? "" : value.toString())
    })
    b.getter("textLength") { $0.controlValue.utf16.count }
  }
}
