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
  /// HTML elements in an HTML document match the name lowercased. Not live: a fresh array each call.
  public func getElementsByTagName(_ qualifiedName: String) -> [Element] {
    if qualifiedName == "*" { return descendantElements }
    let lower = qualifiedName.asciiLowercased
    let html = document.isHTMLDocument
    return descendantElements.filter {
      ($0.isHTML && html) ? $0.qualifiedName == lower : $0.qualifiedName == qualifiedName
    }
  }

  /// A snapshot of the descendant elements with all the given class names (whitespace-separated).
  ///
  /// https://dom.spec.whatwg.org/#concept-getelementsbyclassname
  /// Not live: a fresh array each call. An empty list of names matches nothing.
  public func getElementsByClassName(_ classNames: String) -> [Element] {
    let wanted = Set(classNames.splitOnASCIIWhitespace())
    guard !wanted.isEmpty else { return [] }
    let quirks = document.quirksMode == .quirks
    return descendantElements.filter { element in
      let have = element.classes
      if quirks {
        let lowered = Set(have.map(\.asciiLowercased))
        return wanted.allSatisfy { lowered.contains($0.asciiLowercased) }
      }
      return wanted.isSubset(of: have)
    }
  }
}

extension Document {
  /// The first element in tree order whose `id` is `id`.
  public func getElementById(_ id: String) -> Element? {
    guard !id.isEmpty else { return nil }
    return descendants().lazy.compactMap { $0 as? Element }.first { $0.getAttribute("id") == id }
  }
}

extension DocumentFragment {
  /// The first element in tree order whose `id` is `id`.
  public func getElementById(_ id: String) -> Element? {
    guard !id.isEmpty else { return nil }
    return descendants().lazy.compactMap { $0 as? Element }.first { $0.getAttribute("id") == id }
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
      guard let current = pending else { return nil }
      pending = LibXML.following(current, within: root.raw)
      return root.document.node(for: current)
    }
  }

  public func makeIterator() -> Iterator {
    Iterator(root: root, pending: includingSelf ? root.raw : LibXML.firstChild(root.raw))
  }
}
