import CSSSelectors

/// Elements as a tree CSSSelectors can match against.
///
/// Each step through the tree polls the document's ``Interruption``: once it says stop, the tree seems to end there,
/// so every walk of the matcher ends at once (the caller discards the incomplete answer).
extension Element: SelectorElement {
  public var selectorParent: Element? { document.interruption.poll() ? nil : parentNode as? Element }
  public var selectorPreviousSibling: Element? { document.interruption.poll() ? nil : previousElementSibling }
  public var selectorNextSibling: Element? { document.interruption.poll() ? nil : nextElementSibling }
  public var selectorFirstChild: Element? { document.interruption.poll() ? nil : firstElementChild }
  public var selectorLastChild: Element? { document.interruption.poll() ? nil : lastElementChild }
  public var selectorLocalName: String { localName }
  public var selectorIsHTML: Bool { isHTML }
  public func selectorAttribute(_ name: String) -> String? { getAttribute(name) }

  /// No element children and no Text child with data (comments do not count).
  public var selectorIsEmpty: Bool {
    childNodes.allSatisfy { node in
      if node is Element { return false }
      if let text = node as? Text { return text.data.isEmpty }
      return true
    }
  }

  public func selectorIsSame(_ other: Element) -> Bool { self === other }

  public var selectorNamespaceURI: String? { namespaceURI }

  public func selectorAttributes(localName: String) -> [(namespaceURI: String?, value: String)] {
    attributes.filter { $0.localName == localName }.map { ($0.namespaceURI, $0.value) }
  }

  /// The document element: an element whose parent is a document (`:root`).
  public var selectorIsDocumentElement: Bool { parentNode is Document }

  public var selectorLanguage: String? { language }

  public var selectorIsTarget: Bool { document.targetElement === self }

  public var selectorValidity: Bool? { validityForSelectors }
}

extension Node {
  /// Parses a selector list, reporting a bad one as SyntaxError.
  func selectorList(_ selectors: String) throws -> SelectorList {
    if let cached = document.selectorCache[selectors] { return cached }
    do {
      let list = try SelectorList(parsing: selectors)
      if document.selectorCache.count > 256 { document.selectorCache.removeAll() }
      document.selectorCache[selectors] = list
      return list
    } catch {
      throw DOMException(.syntaxError, "\"\(selectors)\" is not a valid selector: \(error.message)")
    }
  }

  /// The top-level elements selectors are matched below: this element, or a document's or
  /// fragment's element children.
  private var selectorRoots: [(element: Element, includeRoot: Bool)] {
    if let element = self as? Element { return [(element, false)] }
    return childNodes.compactMap { ($0 as? Element).map { ($0, true) } }
  }

  /// The first descendant element matching `selectors`, in tree order.
  ///
  /// https://dom.spec.whatwg.org/#dom-parentnode-queryselector
  /// Throws SyntaxError when `selectors` does not parse.
  public func querySelector(_ selectors: String) throws -> Element? {
    let list = try selectorList(selectors)
    for root in selectorRoots {
      if let found = list.firstMatch(in: root.element, includeRoot: root.includeRoot) { return found }
    }
    return nil
  }

  /// All descendant elements matching `selectors`, in tree order (a snapshot, as the DOM's static NodeList).
  ///
  /// https://dom.spec.whatwg.org/#dom-parentnode-queryselectorall
  public func querySelectorAll(_ selectors: String) throws -> [Element] {
    let list = try selectorList(selectors)
    return selectorRoots.flatMap { list.allMatches(in: $0.element, includeRoot: $0.includeRoot) }
  }
}

extension Element {
  /// True when this element matches `selectors` (`:scope` is the element itself).
  ///
  /// https://dom.spec.whatwg.org/#dom-element-matches
  public func matches(_ selectors: String) throws -> Bool {
    try selectorList(selectors).matches(self, scope: self)
  }

  /// The nearest inclusive ancestor element matching `selectors`.
  ///
  /// https://dom.spec.whatwg.org/#dom-element-closest
  public func closest(_ selectors: String) throws -> Element? {
    let list = try selectorList(selectors)
    var cursor: Element? = self
    while let element = cursor {
      if list.matches(element, scope: self) { return element }
      cursor = element.parentElement
    }
    return nil
  }
}
