/// Iterates a subtree in tree order, keeping its place when nodes are removed.
///
/// https://dom.spec.whatwg.org/#interface-nodeiterator
public final class NodeIterator: Traverser, TreeObserver {
  /// The node the iterator's pointer is next to.
  public private(set) var referenceNode: Node
  /// True when the pointer is before `referenceNode`.
  public private(set) var pointerBeforeReferenceNode = true

  override init(root: Node, whatToShow: WhatToShow, filter: NodeFilterFunction?) {
    referenceNode = root
    super.init(root: root, whatToShow: whatToShow, filter: filter)
  }

  /// The next shown node, or nil at the end.
  public func nextNode() throws -> Node? { try traverse(next: true) }

  /// The previous shown node, or nil at the start.
  public func previousNode() throws -> Node? { try traverse(next: false) }

  /// Does nothing (kept for the DOM's `detach()`).
  public func detach() {}

  /// https://dom.spec.whatwg.org/#concept-nodeiterator-traverse
  private func traverse(next: Bool) throws -> Node? {
    // Step 1.
    var node = referenceNode
    var beforeNode = pointerBeforeReferenceNode
    // Step 2.
    while true {
      // Step 2.1.
      if next {
        if !beforeNode {
          guard let following = following(node) else { return nil }
          node = following
        } else {
          beforeNode = false
        }
      } else {
        if beforeNode {
          guard let preceding = preceding(node) else { return nil }
          node = preceding
        } else {
          beforeNode = true
        }
      }
      // Steps 2.2-2.3.
      if try filterNode(node) == .accept { break }
    }
    // Step 3.
    referenceNode = node
    pointerBeforeReferenceNode = beforeNode
    // Step 4.
    return node
  }

  /// The node after `node` in tree order, inside root.
  private func following(_ node: Node) -> Node? {
    LibXML.following(node.raw, within: root.raw).map { root.document.node(for: $0) }
  }

  /// The node before `node` in tree order, inside root.
  private func preceding(_ node: Node) -> Node? {
    guard node !== root else { return nil }
    guard let sibling = node.previousSibling else { return node.parentNode }
    var last = sibling
    while let child = last.lastChild { last = child }
    return last
  }

  /// https://dom.spec.whatwg.org/#nodeiterator-pre-removing-steps
  ///
  /// Step 1 also returns when `toBeRemoved` is an ancestor of root (outside the iterator's collection), as
  /// browsers and WPT's NodeIterator-removal.html do: removing it leaves the iterator's subtree unchanged.
  public func nodeWillBeRemoved(_ toBeRemoved: Node) {
    // Step 1.
    guard toBeRemoved !== root, root.contains(toBeRemoved), toBeRemoved.contains(referenceNode) else { return }
    // Step 2.
    if pointerBeforeReferenceNode {
      // Step 2.1.
      var next = LibXML.followingSkippingChildren(toBeRemoved.raw, within: root.raw)
      if let candidate = next, !root.contains(root.document.node(for: candidate)) { next = nil }
      // Step 2.2.
      if let next {
        referenceNode = root.document.node(for: next)
        return
      }
      // Step 2.3.
      pointerBeforeReferenceNode = false
    }
    // Step 3.
    if let sibling = toBeRemoved.previousSibling {
      var last = sibling
      while let child = last.lastChild { last = child }
      referenceNode = last
    } else if let parent = toBeRemoved.parentNode {
      referenceNode = parent
    }
  }
}
