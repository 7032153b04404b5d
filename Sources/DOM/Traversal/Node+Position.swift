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
  /// Where `other` is relative to this node (empty when it is this node); an Attr sits just inside its element.
  ///
  /// https://dom.spec.whatwg.org/#dom-node-comparedocumentposition
  public func compareDocumentPosition(_ other: Node) -> DocumentPosition {
    // Step 1.
    if other === self { return [] }
    // Steps 2-4: attributes compare through their elements.
    let attr1 = other as? Attr, attr2 = self as? Attr
    let node1: Node? = attr1.map { $0.ownerElement } ?? other
    let node2: Node? = attr2.map { $0.ownerElement } ?? self
    if let attr1, let attr2, let node1, node1 === node2 {
      // Step 4.2: two attributes of one element, in attribute-list order.
      for attr in (node1 as! Element).attributeNodes {
        if attr === attr1 { return [.implementationSpecific, .preceding] }
        if attr === attr2 { return [.implementationSpecific, .following] }
      }
    }
    // Step 5: different trees; the order is arbitrary but consistent.
    guard let node1, let node2, case let (mine, theirs) = (node2.ancestorChain, node1.ancestorChain),
          mine.first === theirs.first else {
      let order: DocumentPosition =
        ObjectIdentifier(other) < ObjectIdentifier(self) ? .preceding : .following
      return [.disconnected, .implementationSpecific, order]
    }
    // Step 6: other is an ancestor (or the element of this attribute).
    if (attr1 == nil && node1 !== node2 && node1.contains(node2)) || (node1 === node2 && attr2 != nil) {
      return [.contains, .preceding]
    }
    // Step 7: other is a descendant (or an attribute of this element).
    if (attr2 == nil && node1 !== node2 && node2.contains(node1)) || (node1 === node2 && attr1 != nil) {
      return [.containedBy, .following]
    }
    // Steps 8-9: compare the children of the deepest common ancestor; an attribute of an ancestor comes first.
    var depth = 0
    while depth < mine.count, depth < theirs.count, mine[depth] === theirs[depth] { depth += 1 }
    if depth == theirs.count { return .preceding }
    if depth == mine.count { return .following }
    return Self.precedes(theirs[depth], mine[depth]) ? .preceding : .following
  }

  /// Whether `sibling` comes before `node`, walking from `node` both ways at once: the cost is their distance, not
  /// their indexes (comparing neighbours over a list of n children was O(n) each).
  private static func precedes(_ sibling: Node, _ node: Node) -> Bool {
    var backward = LibXML.previous(node.raw), forward = LibXML.next(node.raw)
    while backward != nil || forward != nil {
      if let b = backward {
        if b == sibling.raw { return true }
        backward = LibXML.previous(b)
      }
      if let f = forward {
        if f == sibling.raw { return false }
        forward = LibXML.next(f)
      }
    }
    return false
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
