import CSSSelectors

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
  private var selectorRoots: [(element: RawElement, includeRoot: Bool)] {
    if let element = self as? Element { return [(RawElement(element), false)] }
    var roots: [(RawElement, Bool)] = []
    var cursor = LibXML.firstChild(raw)
    while let node = cursor {
      if LibXML.kind(node) == .element { roots.append((RawElement(node, in: document), true)) }
      cursor = LibXML.next(node)
    }
    return roots
  }

  /// The first descendant element matching `selectors`, in tree order.
  ///
  /// https://dom.spec.whatwg.org/#dom-parentnode-queryselector
  /// Throws SyntaxError when `selectors` does not parse.
  public func querySelector(_ selectors: String) throws -> Element? {
    let list = try selectorList(selectors)
    for root in selectorRoots {
      if let found = list.firstMatch(in: root.element, includeRoot: root.includeRoot) { return found.element }
    }
    return nil
  }

  /// All descendant elements matching `selectors`, in tree order (a snapshot, as the DOM's static NodeList).
  ///
  /// https://dom.spec.whatwg.org/#dom-parentnode-queryselectorall
  public func querySelectorAll(_ selectors: String) throws -> [Element] {
    let list = try selectorList(selectors)
    return selectorRoots.flatMap { list.allMatches(in: $0.element, includeRoot: $0.includeRoot).map(\.element) }
  }
}

extension Element {
  /// True when this element matches `selectors` (`:scope` is the element itself).
  ///
  /// https://dom.spec.whatwg.org/#dom-element-matches
  public func matches(_ selectors: String) throws -> Bool {
    try selectorList(selectors).matches(RawElement(self), scope: RawElement(self))
  }

  /// The nearest inclusive ancestor element matching `selectors`.
  ///
  /// https://dom.spec.whatwg.org/#dom-element-closest
  public func closest(_ selectors: String) throws -> Element? {
    let list = try selectorList(selectors)
    let scope = RawElement(self)
    var cursor: Element? = self
    while let element = cursor {
      if list.matches(RawElement(element), scope: scope) { return element }
      cursor = element.parentElement
    }
    return nil
  }
}
