/// Fast tree-order iteration and the getElementsBy… queries.
extension Node {
  /// The node's descendants in tree order (preorder), optionally preceded by the node itself.
  ///
  /// Walks the raw tree lazily; mutating the subtree while iterating is not supported.
  public func descendants(includingSelf: Bool = false) -> DescendantSequence {
    DescendantSequence(root: self, includingSelf: includingSelf)
  }

  /// The element descendants, in tree order.
  public var descendantElements: [Element] { descendants().compactMap { $0 as? Element } }

  /// A snapshot of the descendant elements whose qualified name is `qualifiedName` ("*" for all).
  ///
  /// https://dom.spec.whatwg.org/#concept-getelementsbytagname
  /// HTML elements in an HTML document match the name lowercased. Not live: a fresh array each call
  /// (``LiveCollection/elements(byTagName:under:)`` is the live one).
  public func getElementsByTagName(_ qualifiedName: String) -> [Element] {
    descendantElements.filter(Node.tagNameMatcher(qualifiedName, in: document))
  }

  /// A snapshot of the descendant elements with all the given class names (whitespace-separated).
  ///
  /// https://dom.spec.whatwg.org/#concept-getelementsbyclassname
  /// Not live: a fresh array each call. An empty list of names matches nothing.
  public func getElementsByClassName(_ classNames: String) -> [Element] {
    descendantElements.filter(Node.classNamesMatcher(classNames, in: document))
  }

  /// Which elements `getElementsByTagName(qualifiedName)` selects in `document`.
  ///
  /// https://dom.spec.whatwg.org/#concept-getelementsbytagname steps 1-2.
  static func tagNameMatcher(_ qualifiedName: String, in document: Document) -> (Element) -> Bool {
    // Step 1. "*" matches every element.
    if qualifiedName == "*" { return { _ in true } }
    // Step 2. HTML elements in an HTML document compare with the lowercased name; others with the name as given.
    let lower = qualifiedName.asciiLowercased
    let html = document.isHTMLDocument
    return { ($0.isHTML && html) ? $0.qualifiedName == lower : $0.qualifiedName == qualifiedName }
  }

  /// Which elements `getElementsByClassName(classNames)` selects in `document` (quirks mode compares ASCII
  /// case-insensitively).
  ///
  /// https://dom.spec.whatwg.org/#concept-getelementsbyclassname
  static func classNamesMatcher(_ classNames: String, in document: Document) -> (Element) -> Bool {
    // Class names compare code unit by code unit (Swift's String == would equate canonically equivalent names).
    let wanted = Set(classNames.splitOnASCIIWhitespace().map(CodeUnitString.init))
    guard !wanted.isEmpty else { return { _ in false } }
    if document.quirksMode == .quirks {
      let loweredWanted = Set(wanted.map { CodeUnitString($0.value.asciiLowercased) })
      return { element in
        loweredWanted.isSubset(of: Set(element.classes.map { CodeUnitString($0.asciiLowercased) }))
      }
    }
    return { wanted.isSubset(of: Set($0.classes.map(CodeUnitString.init))) }
  }
}

extension LiveCollection {
  /// Live `getElementsByTagName(qualifiedName)` on `root`.
  public static func elements(byTagName qualifiedName: String, under root: Node) -> LiveCollection {
    elements(under: root, where: Node.tagNameMatcher(qualifiedName, in: root.document))
  }

  /// Live `getElementsByTagNameNS(namespace, localName)` on `root`.
  ///
  /// https://dom.spec.whatwg.org/#concept-getelementsbytagnamens
  public static func elements(byNamespace namespace: String?, localName: String, under root: Node) -> LiveCollection {
    // Step 1. The empty string is the null namespace.
    let namespace = namespace == "" ? nil : namespace
    switch (namespace, localName) {
    // Step 2. Both "*": every descendant element.
    case ("*", "*"): return elements(under: root) { _ in true }
    // Step 3. Any namespace: the local name decides.
    case ("*", _): return elements(under: root) { $0.localName == localName }
    // Step 4. Any local name: the namespace decides.
    case (_, "*"): return elements(under: root) { $0.namespaceURI == namespace }
    // Step 5. Both must match.
    default: return elements(under: root) { $0.namespaceURI == namespace && $0.localName == localName }
    }
  }

  /// Live `getElementsByClassName(classNames)` on `root`.
  public static func elements(byClassNames classNames: String, under root: Node) -> LiveCollection {
    elements(under: root, where: Node.classNamesMatcher(classNames, in: root.document))
  }

  /// Live `document.getElementsByName(name)`: the HTML elements whose `name` attribute is `name`.
  ///
  /// https://html.spec.whatwg.org/multipage/dom.html#dom-document-getelementsbyname
  public static func elements(byName name: String, under document: Document) -> LiveCollection {
    elements(under: document) { $0.isHTML && $0.getAttribute("name") == name }
  }
}

extension Document {
  /// The first element in tree order whose ID is `id`.
  ///
  /// The first lookup after a change to the tree (or to an `id`) walks libxml2's nodes until it finds the element;
  /// the second builds an index of every ID, which answers until the next change. A page's script looking up ids
  /// in a loop took a walk over the whole page per call, making a wrapper for every node (2,000 lookups on a page
  /// of 22,000 elements: 7.6 s); a script that changes the tree between lookups pays one walk per lookup, as before.
  public func getElementById(_ id: String) -> Element? {
    guard !id.isEmpty else { return nil }
    let found: LibXML.Node?
    if let index = elementByIDIndex, index.version == treeVersion {
      let ids = index.ids ?? LibXML.elementsByID(below: raw)
      if index.ids == nil { elementByIDIndex = (treeVersion, ids) }
      found = ids[id]
    } else {
      elementByIDIndex = (treeVersion, nil)
      found = LibXML.firstElement(withID: id, below: raw)
    }
    return found.flatMap { node(for: $0) as? Element }
  }
}

extension Document {
  /// The index of `child` among `parent`'s children, from an index of them all kept until the tree changes (built
  /// by the second question about `parent` at one tree version); nil if it has none yet, or `child` is not one of
  /// them. A script that changes the tree between questions (inserting with a live range, which asks for each
  /// insertion) then pays a count each time, not an index of all the children.
  func childIndex(of child: LibXML.Node, in parent: LibXML.Node) -> Int? {
    if let cached = childIndexes, cached.version == treeVersion, cached.parent == parent {
      if let indexes = cached.indexes { return indexes[child] }
    } else {
      childIndexes = (treeVersion, parent, nil)
      return nil
    }
    var indexes: [LibXML.Node: Int] = [:]
    var cursor = LibXML.firstChild(parent)
    while let each = cursor {
      indexes[each] = indexes.count
      cursor = LibXML.next(each)
    }
    childIndexes = (treeVersion, parent, indexes)
    return indexes[child]
  }
}

extension DocumentFragment {
  /// The first element in tree order whose ID is `id`.
  public func getElementById(_ id: String) -> Element? {
    guard !id.isEmpty else { return nil }
    return LibXML.firstElement(withID: id, below: raw).flatMap { document.node(for: $0) as? Element }
  }
}

/// The descendants of a node in tree order.
public struct DescendantSequence: Sequence {
  let root: Node
  let includingSelf: Bool

  public struct Iterator: IteratorProtocol {
    let root: Node
    var pending: LibXML.Node?

    public mutating func next() -> Node? {
      guard let current = pending, !root.document.interruption.poll() else { return nil }
      pending = LibXML.following(current, within: root.raw)
      return root.document.node(for: current)
    }
  }

  public func makeIterator() -> Iterator {
    Iterator(root: root, pending: includingSelf ? root.raw : LibXML.firstChild(root.raw))
  }
}
