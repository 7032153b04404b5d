/// What one kind of element does beyond the generic DOM: the hooks the DOM calls on every element of a kind that
/// registers one (``ElementBehaviors``), as Servo's `VirtualMethods` and Ladybird's `attribute_changed`/`inserted`
/// are called. Generic code (the one insert, the one remove, attribute change, cloning) calls the hooks and never
/// asks for a tag name. Every hook does nothing by default.
///
/// Per-element state (an input's dirty value, a script's "already started") lives in the element's
/// ``Element/behaviorState`` slot, made by its behaviour.
public protocol ElementBehavior: Sendable {
  /// An attribute of `element` was set, changed or removed (https://dom.spec.whatwg.org/#concept-element-attributes-change-ext).
  func attributeChanged(_ element: Element, localName: String, namespaceURI: String?, oldValue: String?)

  /// `element` became connected (it, or an ancestor, was inserted into a document): HTML's insertion and
  /// post-connection steps, run once the tree is consistent.
  func connected(_ element: Element)

  /// `element` left a connected tree (it, or an ancestor, was removed): HTML's removing steps.
  func disconnected(_ element: Element)

  /// `element`'s children changed (https://dom.spec.whatwg.org/#concept-node-children-changed-ext).
  func childrenChanged(_ element: Element)

  /// `copy` was cloned from `original` (https://dom.spec.whatwg.org/#concept-node-clone-ext).
  func cloned(_ copy: Element, from original: Element)

  /// The activation behaviour of `element`, if it has one now (it may depend on its attributes: an input's type).
  ///
  /// https://dom.spec.whatwg.org/#eventtarget-activation-behavior
  func activationBehavior(of element: Element) -> ActivationBehavior?

  /// A form owner's reset reached `element` (https://html.spec.whatwg.org/#concept-form-reset-control).
  func reset(_ element: Element)

  /// True when `element`'s kind and type make it a candidate for constraint validation (steps 1 and 2 of
  /// https://html.spec.whatwg.org/#candidate-for-constraint-validation: a submittable element not barred by its
  /// type or `readonly`; being disabled or in a `datalist` bars it too, which ``Element/willValidate`` checks).
  func isValidationCandidate(_ element: Element) -> Bool

  /// True when `element` is required and has no value (https://html.spec.whatwg.org/#suffering-from-being-missing).
  func isSufferingFromBeingMissing(_ element: Element) -> Bool

  /// Whether `:valid` (true) or `:invalid` (false) matches `element`; nil when neither does
  /// (https://html.spec.whatwg.org/multipage/semantics-other.html#selector-valid).
  func selectorValidity(of element: Element) -> Bool?

  /// Appends `element`'s entries to a form's entry list: it is named, enabled, not in a `datalist`, and a button
  /// only as the submitter (https://html.spec.whatwg.org/#constructing-the-form-data-set, steps 5.3 to 5.11).
  func appendEntries(of element: Element, submitter: Element?, to entries: inout [FormEntry])
}

extension ElementBehavior {
  public func attributeChanged(_ element: Element, localName: String, namespaceURI: String?, oldValue: String?) {}
  public func connected(_ element: Element) {}
  public func disconnected(_ element: Element) {}
  public func childrenChanged(_ element: Element) {}
  public func cloned(_ copy: Element, from original: Element) {}
  public func activationBehavior(of element: Element) -> ActivationBehavior? { nil }
  public func reset(_ element: Element) {}
  public func isValidationCandidate(_ element: Element) -> Bool { false }
  public func isSufferingFromBeingMissing(_ element: Element) -> Bool { false }
  public func selectorValidity(of element: Element) -> Bool? {
    element.willValidate ? !element.isSufferingFromBeingMissing : nil
  }
  public func appendEntries(of element: Element, submitter: Element?, to entries: inout [FormEntry]) {}
}

/// The one table of element behaviours: HTML local name → behaviour (elements in other namespaces have none).
public enum ElementBehaviors {
  static let html = TagTable<any ElementBehavior>([
    "script": ScriptElementBehavior(),
    "iframe": IFrameElementBehavior(),
    "body": BodyElementBehavior(),
    "frameset": BodyElementBehavior(),
    "input": InputElementBehavior(),
    "textarea": TextAreaElementBehavior(),
    "button": ButtonElementBehavior(),
    "a": HyperlinkElementBehavior(),
    "area": HyperlinkElementBehavior(),
    "summary": SummaryElementBehavior(),
    "label": LabelElementBehavior(),
    "select": SelectElementBehavior(),
    "form": FormElementBehavior(),
    "fieldset": FieldSetElementBehavior(),
  ])

  /// The names whose behaviour has connection or removing steps: an insertion or removal looks for these in the
  /// subtree it moves (only they get Swift objects there), in tree order.
  static let connectionNames: [StaticString] = ["script", "iframe"]

  /// The behaviour of `element`, if its kind has one.
  public static func behavior(of element: Element) -> (any ElementBehavior)? {
    LibXML.lookUpHTMLElement(element.raw, in: html)
  }
}

extension Element {
  /// This element's behaviour (``ElementBehaviors``), if its kind has one.
  var behavior: (any ElementBehavior)? { ElementBehaviors.behavior(of: self) }

  /// The state of this element's behaviour, of type `State`, made by `make` on first use.
  func behaviorState<State: AnyObject>(_ type: State.Type, make: () -> State) -> State {
    if let state = behaviorState as? State { return state }
    let made = make()
    behaviorState = made
    return made
  }
}

extension Node {
  /// The elements among `node` and its descendants whose behaviour has connection or removing steps, in tree
  /// order (only these get Swift objects).
  static func elementsWithConnectionSteps(in node: Node) -> [Element] {
    guard node is Element || node is DocumentFragment else { return [] }
    var found: [Element] = []
    var cursor: LibXML.Node? = node.raw
    while let current = cursor {
      if ElementBehaviors.connectionNames.contains(where: { LibXML.isHTMLElement(current, $0) }),
        let element = node.document.node(for: current) as? Element
      {
        found.append(element)
      }
      cursor = LibXML.following(current, within: node.raw)
    }
    return found
  }
}
