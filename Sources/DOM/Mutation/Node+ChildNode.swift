/// A node or a string to become a Text node: the arguments of append/prepend/before/after/replaceWith.
public enum NodeOrString: ExpressibleByStringLiteral {
  case node(Node)
  case string(String)

  public init(stringLiteral value: String) { self = .string(value) }
}

/// The ChildNode and ParentNode convenience methods.
extension Node {
  /// https://dom.spec.whatwg.org/#converting-nodes-into-a-node
  func convertToNode(_ items: [NodeOrString]) throws -> Node {
    // Step 1.
    let nodes = items.map { item -> Node in
      switch item {
      case .node(let node): return node
      case .string(let text): return document.createTextNode(text)
      }
    }
    // Step 2.
    if nodes.count == 1 { return nodes[0] }
    // Step 3.
    let fragment = document.createDocumentFragment()
    for node in nodes { try fragment.appendChild(node) }
    return fragment
  }

  private func firstSibling(after start: Node?, forward: Bool, notIn items: [NodeOrString]) -> Node? {
    let excluded = Set(items.compactMap { item -> ObjectIdentifier? in
      if case .node(let node) = item { return ObjectIdentifier(node) }
      return nil
    })
    var cursor = start
    while let node = cursor, excluded.contains(ObjectIdentifier(node)) {
      cursor = forward ? node.nextSibling : node.previousSibling
    }
    return cursor
  }

  /// Inserts the items just before this node.
  ///
  /// https://dom.spec.whatwg.org/#dom-childnode-before
  public func before(_ items: [NodeOrString]) throws {
    // Steps 1-2.
    guard let parent = parentNode else { return }
    // Step 3.
    let viablePrevious = firstSibling(after: previousSibling, forward: false, notIn: items)
    // Step 4.
    let node = try convertToNode(items)
    // Step 5.
    let reference = viablePrevious == nil ? parent.firstChild : viablePrevious?.nextSibling
    // Step 6.
    try parent.preInsert(node, before: reference)
  }

  /// Inserts the items just after this node.
  ///
  /// https://dom.spec.whatwg.org/#dom-childnode-after
  public func after(_ items: [NodeOrString]) throws {
    // Steps 1-2.
    guard let parent = parentNode else { return }
    // Step 3.
    let viableNext = firstSibling(after: nextSibling, forward: true, notIn: items)
    // Step 4.
    let node = try convertToNode(items)
    // Step 5.
    try parent.preInsert(node, before: viableNext)
  }

  /// Replaces this node with the items.
  ///
  /// https://dom.spec.whatwg.org/#dom-childnode-replacewith
  public func replaceWith(_ items: [NodeOrString]) throws {
    // Steps 1-2.
    guard let parent = parentNode else { return }
    // Step 3.
    let viableNext = firstSibling(after: nextSibling, forward: true, notIn: items)
    // Step 4.
    let node = try convertToNode(items)
    // Steps 5-6.
    if parentNode === parent {
      try parent.replaceChild(node, self)
    } else {
      try parent.preInsert(node, before: viableNext)
    }
  }

  /// Removes this node from its parent (nothing when it has none).
  public func remove() { removeFromParent() }

  /// Inserts the items before the first child.
  public func prepend(_ items: [NodeOrString]) throws {
    try preInsert(try convertToNode(items), before: firstChild)
  }

  /// Inserts the items after the last child.
  public func append(_ items: [NodeOrString]) throws {
    try preInsert(try convertToNode(items), before: nil)
  }

  /// Replaces all children with the items.
  ///
  /// https://dom.spec.whatwg.org/#dom-parentnode-replacechildren
  public func replaceChildren(_ items: [NodeOrString]) throws {
    // Step 1.
    let node = try convertToNode(items)
    // Step 2.
    try ensurePreInsertionValidity(node, before: nil)
    // Step 3.
    replaceAll(with: node)
  }

  public func before(_ items: NodeOrString...) throws { try before(items) }
  public func after(_ items: NodeOrString...) throws { try after(items) }
  public func replaceWith(_ items: NodeOrString...) throws { try replaceWith(items) }
  public func prepend(_ items: NodeOrString...) throws { try prepend(items) }
  public func append(_ items: NodeOrString...) throws { try append(items) }
  public func replaceChildren(_ items: NodeOrString...) throws { try replaceChildren(items) }
}
