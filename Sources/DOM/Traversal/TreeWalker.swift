import CLibXML2

/// Walks a subtree, showing only the nodes `whatToShow` and the filter accept.
///
/// https://dom.spec.whatwg.org/#interface-treewalker
public final class TreeWalker: Traverser {
  /// The node the walker is at; may be set to any node.
  @exclusivity(unchecked) public var currentNode: Node

  override init(root: Node, whatToShow: WhatToShow, filter: NodeFilterFunction?) {
    currentNode = root
    super.init(root: root, whatToShow: whatToShow, filter: filter)
  }

  /// https://dom.spec.whatwg.org/#dom-treewalker-parentnode
  public func parentNode() throws -> Node? {
    // Step 1.
    var node: Node? = currentNode
    // Step 2.
    while let current = node, current !== root {
      node = current.parentNode
      if let parent = node, try filterNode(parent) == .accept {
        currentNode = parent
        return parent
      }
    }
    // Step 3.
    return nil
  }

  /// https://dom.spec.whatwg.org/#dom-treewalker-firstchild
  public func firstChild() throws -> Node? { try traverseChildren(first: true) }

  /// https://dom.spec.whatwg.org/#dom-treewalker-lastchild
  public func lastChild() throws -> Node? { try traverseChildren(first: false) }

  /// https://dom.spec.whatwg.org/#dom-treewalker-previoussibling
  public func previousSibling() throws -> Node? { try traverseSiblings(next: false) }

  /// https://dom.spec.whatwg.org/#dom-treewalker-nextsibling
  public func nextSibling() throws -> Node? { try traverseSiblings(next: true) }

  /// https://dom.spec.whatwg.org/#concept-traverse-children
  private func traverseChildren(first: Bool) throws -> Node? {
    // Step 1.
    var node = first ? currentNode.firstChild : currentNode.lastChild
    // Step 2.
    while let current = node {
      // Step 2.1.
      let result = try filterNode(current)
      // Step 2.2.
      if result == .accept {
        currentNode = current
        return current
      }
      // Step 2.3.
      if result == .skip, let child = first ? current.firstChild : current.lastChild {
        node = child
        continue
      }
      // Step 2.4.
      var climbing: Node? = current
      node = nil
      while let each = climbing {
        // Steps 2.4.1-2.4.2.
        if let sibling = first ? each.nextSibling : each.previousSibling {
          node = sibling
          break
        }
        // Step 2.4.3.
        let parent = each.parentNode
        // Step 2.4.4.
        if parent == nil || parent === root || parent === currentNode { return nil }
        // Step 2.4.5.
        climbing = parent
      }
    }
    // Step 3.
    return nil
  }

  /// https://dom.spec.whatwg.org/#concept-traverse-siblings
  private func traverseSiblings(next: Bool) throws -> Node? {
    // Step 1.
    var node = currentNode
    // Step 2.
    if node === root { return nil }
    // Step 3.
    while true {
      // Step 3.1.
      var sibling = next ? node.nextSibling : node.previousSibling
      // Step 3.2.
      while let candidate = sibling {
        // Steps 3.2.1-3.2.2.
        node = candidate
        let result = try filterNode(node)
        // Step 3.2.3.
        if result == .accept {
          currentNode = node
          return node
        }
        // Step 3.2.4.
        sibling = next ? node.firstChild : node.lastChild
        // Step 3.2.5.
        if result == .reject || sibling == nil { sibling = next ? node.nextSibling : node.previousSibling }
      }
      // Steps 3.3-3.4.
      guard let parent = node.parentNode, parent !== root else { return nil }
      node = parent
      // Step 3.5.
      if try filterNode(node) == .accept { return nil }
    }
  }

  /// https://dom.spec.whatwg.org/#dom-treewalker-previousnode
  public func previousNode() throws -> Node? {
    // Step 1.
    var node = currentNode
    // Step 2.
    while node !== root {
      // Step 2.1.
      var sibling = node.previousSibling
      // Step 2.2.
      while let candidate = sibling {
        // Steps 2.2.1-2.2.2.
        node = candidate
        var result = try filterNode(node)
        // Step 2.2.3.
        while result != .reject, let last = node.lastChild {
          node = last
          result = try filterNode(node)
        }
        // Step 2.2.4.
        if result == .accept {
          currentNode = node
          return node
        }
        // Step 2.2.5.
        sibling = node.previousSibling
      }
      // Step 2.3.
      guard node !== root, let parent = node.parentNode else { return nil }
      // Step 2.4.
      node = parent
      // Step 2.5.
      if try filterNode(node) == .accept {
        currentNode = node
        return node
      }
    }
    // Step 3.
    return nil
  }

  /// https://dom.spec.whatwg.org/#dom-treewalker-nextnode
  ///
  /// Walked over the raw nodes: a wrapper is made only for the nodes `whatToShow` shows (what the filter sees) and
  /// the one returned, not for every node passed (a SHOW_TEXT walk over a page passes all its elements).
  public func nextNode() throws -> Node? {
    // The nodes linked to the current node are its document's (adoptNode moves a subtree to another one).
    var document = currentNode.document
    let rootRaw = root.raw
    // Steps 1-2.
    var node = currentNode.raw
    var result = FilterResult.accept
    // Step 3.
    while true {
      // Step 3.1.
      while result != .reject, let child = LibXML.firstChild(node) {
        node = child
        result = try filterNode(raw: node, in: &document)
        if result == .accept { return accept(node, in: document) }
      }
      // Steps 3.2-3.3.
      var temporary: xmlNodePtr? = node
      var found: xmlNodePtr?
      while let each = temporary {
        if each == rootRaw { return nil }
        if let sibling = LibXML.next(each) {
          found = sibling
          break
        }
        temporary = LibXML.parent(each)
      }
      guard let sibling = found else { return nil }
      node = sibling
      // Step 3.4.
      result = try filterNode(raw: node, in: &document)
      // Step 3.5.
      if result == .accept { return accept(node, in: document) }
    }
  }

  private func accept(_ raw: xmlNodePtr, in document: Document) -> Node {
    let node = document.node(for: raw)
    currentNode = node
    return node
  }
}
