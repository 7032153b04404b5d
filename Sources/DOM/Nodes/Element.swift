/// An element. HTML elements are stored with no libxml2 namespace and report the XHTML namespace.
public final class Element: Node {
  /// The element's local name (lowercase for HTML elements made by the parser or createElement).
  public var localName: String { LibXML.name(raw) }

  /// The namespace URI: XHTML for HTML elements, nil for elements in no namespace.
  public var namespaceURI: String? {
    guard let uri = LibXML.namespaceURI(raw) else { return LibXML.Namespace.html.rawValue }
    return uri.isEmpty ? nil : uri
  }

  /// The namespace prefix, if any.
  public var prefix: String? { LibXML.namespacePrefix(raw) }

  /// `prefix:localName`, or the local name.
  public var qualifiedName: String { prefix.map { "\($0):\(localName)" } ?? localName }

  /// True for elements in the HTML namespace.
  public var isHTML: Bool {
    // The parser leaves an HTML element's namespace unset: no string is made or compared for those.
    LibXML.namespaceURI(raw).map { $0 == LibXML.Namespace.html.rawValue } ?? true
  }

  /// True when this is an HTML element with this local name.
  public func isHTML(named name: String) -> Bool { LibXML.hasName(raw, name) && isHTML }

  /// True when names given to attribute methods are lowercased (HTML element in an HTML document).
  var lowercasesNames: Bool { isHTML && document.isHTMLDocument }

  /// The qualified name, uppercased for HTML elements in HTML documents.
  ///
  /// https://dom.spec.whatwg.org/#element-html-uppercased-qualified-name
  public var tagName: String { lowercasesNames ? qualifiedName.asciiUppercased : qualifiedName }

  public override var nodeName: String { tagName }

  /// The state of this element's behaviour (``ElementBehavior``): an input's dirty value and checkedness, a script's
  /// "already started". Nil until the behaviour makes it.
  var behaviorState: AnyObject?

  /// The inline style bound to the `style` attribute: one object per element (`el.style === el.style`).
  public private(set) lazy var style = CSSStyleDeclaration(element: self)

  /// The `id` attribute ("" when absent).
  public var id: String {
    get { getAttribute("id") ?? "" }
    set { setAttributeUnchecked("id", newValue) }
  }

  /// The `class` attribute ("" when absent).
  public var className: String {
    get { getAttribute("class") ?? "" }
    set { setAttributeUnchecked("class", newValue) }
  }

  /// The class names: the `class` attribute split on ASCII whitespace, duplicates (same code units) removed.
  public var classes: [String] { className.orderedTokenSet() }

  // MARK: Element tree

  /// The element children, as a snapshot array.
  public var children: [Element] { childNodes.compactMap { $0 as? Element } }

  /// The first element child.
  public var firstElementChild: Element? {
    var cursor = firstChild
    while let node = cursor {
      if let element = node as? Element { return element }
      cursor = node.nextSibling
    }
    return nil
  }

  /// The last element child.
  public var lastElementChild: Element? {
    var cursor = lastChild
    while let node = cursor {
      if let element = node as? Element { return element }
      cursor = node.previousSibling
    }
    return nil
  }

  /// The previous sibling that is an element.
  public var previousElementSibling: Element? {
    var cursor = previousSibling
    while let node = cursor {
      if let element = node as? Element { return element }
      cursor = node.previousSibling
    }
    return nil
  }

  /// The next sibling that is an element.
  public var nextElementSibling: Element? {
    var cursor = nextSibling
    while let node = cursor {
      if let element = node as? Element { return element }
      cursor = node.nextSibling
    }
    return nil
  }

  /// The number of element children.
  public var childElementCount: Int { children.count }

  // MARK: Template

  /// For an HTML `<template>`: its contents fragment (created on first use for script-made templates).
  public var templateContent: DocumentFragment? {
    guard isHTML(named: "template") else { return nil }
    if let content = document.templateContents[raw] {
      return document.node(for: content) as? DocumentFragment
    }
    let fragment = document.createDocumentFragment()
    document.templateContents[raw] = fragment.raw
    return fragment
  }

  // MARK: Adjacent insertion

  /// Where `insertAdjacent…` inserts.
  public enum AdjacentPosition: String, Sendable {
    case beforeBegin = "beforebegin", afterBegin = "afterbegin", beforeEnd = "beforeend", afterEnd = "afterend"

    /// Parses a position case-insensitively; SyntaxError for anything else.
    public init(parsing string: String) throws {
      guard let position = AdjacentPosition(rawValue: string.asciiLowercased) else {
        throw DOMException(.syntaxError,
                           "\"\(string)\" is not a position; use beforebegin, afterbegin, beforeend or afterend")
      }
      self = position
    }
  }

  /// https://dom.spec.whatwg.org/#insert-adjacent
  @discardableResult
  func insertAdjacent(_ position: AdjacentPosition, _ node: Node) throws -> Node? {
    switch position {
    case .beforeBegin:
      guard let parent = parentNode else { return nil }
      return try parent.preInsert(node, before: self)
    case .afterBegin: return try preInsert(node, before: firstChild)
    case .beforeEnd: return try preInsert(node, before: nil)
    case .afterEnd:
      guard let parent = parentNode else { return nil }
      return try parent.preInsert(node, before: nextSibling)
    }
  }

  /// Inserts `element` relative to this element; nil when there is no parent to insert into.
  @discardableResult
  public func insertAdjacentElement(_ position: AdjacentPosition, _ element: Element) throws -> Element? {
    try insertAdjacent(position, element) as? Element
  }

  /// Inserts a new Text node relative to this element.
  public func insertAdjacentText(_ position: AdjacentPosition, _ text: String) throws {
    try insertAdjacent(position, document.createTextNode(text))
  }
}
