/// A pair of boundary points in a node tree: the part shared by live ranges and static ranges.
///
/// https://dom.spec.whatwg.org/#abstractrange. Offsets count children, or UTF-16 code units in character data.
public class AbstractRange {
  /// The start boundary point's node.
  public internal(set) var startContainer: Node
  /// The start boundary point's offset.
  public internal(set) var startOffset: Int
  /// The end boundary point's node.
  public internal(set) var endContainer: Node
  /// The end boundary point's offset.
  public internal(set) var endOffset: Int

  init(start: Node, _ startOffset: Int, end: Node, _ endOffset: Int) {
    startContainer = start
    self.startOffset = startOffset
    endContainer = end
    self.endOffset = endOffset
  }

  /// True when the start and end are the same boundary point.
  ///
  /// https://dom.spec.whatwg.org/#range-collapsed
  public var collapsed: Bool { startContainer === endContainer && startOffset == endOffset }
}

/// A range that does not follow mutations: its boundary points stay as they were given.
///
/// https://dom.spec.whatwg.org/#interface-staticrange
public final class StaticRange: AbstractRange {
  /// https://dom.spec.whatwg.org/#dom-staticrange-staticrange
  public init(startContainer: Node, startOffset: Int, endContainer: Node, endOffset: Int) throws {
    // Step 1.
    for node in [startContainer, endContainer] where node is DocumentType || node.nodeType == .attribute {
      throw DOMException(.invalidNodeTypeError, "StaticRange: a boundary point cannot be in a \(node.nodeName) node")
    }
    // Step 2.
    super.init(start: startContainer, startOffset, end: endContainer, endOffset)
  }
}

/// Where one boundary point is relative to another.
enum BoundaryOrder {
  case before, equal, after

  var inverted: BoundaryOrder {
    switch self {
    case .before: .after
    case .equal: .equal
    case .after: .before
    }
  }
}

extension Node {
  /// The node's length: the code units of character data, 0 for a doctype or an Attr, else the number of children.
  ///
  /// https://dom.spec.whatwg.org/#concept-node-length
  public var nodeLength: Int {
    switch self {
    case is DocumentType, is Attr: 0
    case let data as CharacterData: data.length
    default: childCount
    }
  }

  /// The position of the boundary point (self, offset) relative to (other, otherOffset), in one tree.
  ///
  /// https://dom.spec.whatwg.org/#concept-range-bp-position
  func boundaryOrder(_ offset: Int, relativeTo other: Node, _ otherOffset: Int) -> BoundaryOrder {
    // Step 2.
    if self === other { return offset == otherOffset ? .equal : offset < otherOffset ? .before : .after }
    // Step 3.
    if compareDocumentPosition(other).contains(.preceding) {
      return other.boundaryOrder(otherOffset, relativeTo: self, offset).inverted
    }
    // Step 4.
    if contains(other) {
      var child = other
      while let parent = child.parentNode, parent !== self { child = parent }
      if child.index < offset { return .after }
    }
    // Step 5.
    return .before
  }

  /// The next node in tree order that is not a descendant of this one.
  var nextSkippingChildren: Node? {
    var cursor: Node? = self
    while let node = cursor {
      if let next = node.nextSibling { return next }
      cursor = node.parentNode
    }
    return nil
  }

  /// This node and its ancestors, nearest first.
  var inclusiveAncestors: [Node] {
    var chain: [Node] = [self]
    var cursor = parentNode
    while let node = cursor {
      chain.append(node)
      cursor = node.parentNode
    }
    return chain
  }
}
