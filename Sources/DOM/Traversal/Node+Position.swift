/// Where one node is relative to another.
public struct DocumentPosition: OptionSet, Sendable {
  public let rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }

  public static let disconnected = DocumentPosition(rawValue: 0x01)
  public static let preceding = DocumentPosition(rawValue: 0x02)
  public static let following = DocumentPosition(rawValue: 0x04)
  public static let contains = DocumentPosition(rawValue: 0x08)
  public static let containedBy = DocumentPosition(rawValue: 0x10)
  public static let implementationSpecific = DocumentPosition(rawValue: 0x20)
}

extension Node {
  /// Where `other` is relative to this node (empty when it is this node).
  ///
  /// https://dom.spec.whatwg.org/#dom-node-comparedocumentposition (no Attr nodes here)
  public func compareDocumentPosition(_ other: Node) -> DocumentPosition {
    // Step 1.
    if other === self { return [] }
    let mine = ancestorChain, theirs = other.ancestorChain
    // Step 6: different trees; the order is arbitrary but consistent.
    guard mine.first === theirs.first else {
      let order: DocumentPosition =
        ObjectIdentifier(other) < ObjectIdentifier(self) ? .preceding : .following
      return [.disconnected, .implementationSpecific, order]
    }
    // Step 7: other is an ancestor.
    if other.contains(self) { return [.contains, .preceding] }
    // Step 8: other is a descendant.
    if contains(other) { return [.containedBy, .following] }
    // Steps 9-10: compare the children of the deepest common ancestor.
    var depth = 0
    while depth < mine.count, depth < theirs.count, mine[depth] === theirs[depth] { depth += 1 }
    return mine[depth].index > theirs[depth].index ? .preceding : .following
  }

  /// The root first, down to this node.
  private var ancestorChain: [Node] {
    var chain: [Node] = [self]
    var cursor = parentNode
    while let node = cursor {
      chain.append(node)
      cursor = node.parentNode
    }
    return chain.reversed()
  }
}
