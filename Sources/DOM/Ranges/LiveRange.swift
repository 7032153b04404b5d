/// A live range (JavaScript's `Range`): two boundary points kept correct as the tree changes.
///
/// https://dom.spec.whatwg.org/#interface-range. The range follows its document's mutations as a
/// ``TreeObserver`` (see `LiveRange+Mutations.swift`); the document holds it weakly, and it holds its
/// containers and their document strongly, so its nodes stay valid for as long as it lives.
public final class LiveRange: AbstractRange, TreeObserver {
  /// The document whose changes the range follows (the node document of its containers).
  private var observed: Document

  /// A range collapsed at (document, 0).
  ///
  /// https://dom.spec.whatwg.org/#dom-range-range
  public init(document: Document) {
    observed = document
    super.init(start: document, 0, end: document, 0)
    document.addTreeObserver(self)
  }

  /// A range from (start, startOffset) to (end, endOffset), set without checks (for the content operations).
  init(_ start: Node, _ startOffset: Int, _ end: Node, _ endOffset: Int) {
    observed = start.document
    super.init(start: start, startOffset, end: end, endOffset)
    observed.addTreeObserver(self)
  }

  /// Follows the document of `node` when the range moves into another document's tree.
  func follow(_ node: Node) {
    let document = node.document
    guard document !== observed else { return }
    observed.removeTreeObserver(self)
    observed = document
    document.addTreeObserver(self)
  }

  /// The root of the range's tree.
  ///
  /// https://dom.spec.whatwg.org/#concept-range-root
  public var root: Node { startContainer.getRootNode() }

  /// The deepest node that is an inclusive ancestor of both containers.
  ///
  /// https://dom.spec.whatwg.org/#dom-range-commonancestorcontainer
  public var commonAncestorContainer: Node {
    // Steps 1-2.
    var container = startContainer
    while !container.contains(endContainer), let parent = container.parentNode { container = parent }
    // Step 3.
    return container
  }

  // MARK: Boundary points

  /// https://dom.spec.whatwg.org/#concept-range-bp-set
  private func setBoundary(_ node: Node, _ offset: Int, start: Bool) throws {
    // Step 1.
    if node is DocumentType {
      throw DOMException(.invalidNodeTypeError, "Range: a boundary point cannot be in a doctype")
    }
    // Step 2.
    let length = node.nodeLength
    guard offset <= length else {
      throw DOMException(.indexSizeError, "Range: offset \(offset) is past the length of \(node.nodeName) (\(length))")
    }
    follow(node)
    let otherRoot = root !== node.getRootNode()
    if start {
      // Step 4.
      if otherRoot || node.boundaryOrder(offset, relativeTo: endContainer, endOffset) == .after {
        (endContainer, endOffset) = (node, offset)
      }
      (startContainer, startOffset) = (node, offset)
    } else {
      // Step 5.
      if otherRoot || node.boundaryOrder(offset, relativeTo: startContainer, startOffset) == .before {
        (startContainer, startOffset) = (node, offset)
      }
      (endContainer, endOffset) = (node, offset)
    }
  }

  /// https://dom.spec.whatwg.org/#dom-range-setstart
  public func setStart(_ node: Node, _ offset: Int) throws { try setBoundary(node, offset, start: true) }

  /// https://dom.spec.whatwg.org/#dom-range-setend
  public func setEnd(_ node: Node, _ offset: Int) throws { try setBoundary(node, offset, start: false) }

  /// The parent of `node` and its index, or InvalidNodeTypeError when it has no parent.
  private func position(of node: Node, _ method: String) throws -> (Node, Int) {
    guard let parent = node.parentNode else {
      throw DOMException(.invalidNodeTypeError, "Range.\(method): the node has no parent")
    }
    return (parent, node.index)
  }

  /// https://dom.spec.whatwg.org/#dom-range-setstartbefore
  public func setStartBefore(_ node: Node) throws {
    let (parent, index) = try position(of: node, "setStartBefore")
    try setStart(parent, index)
  }

  /// https://dom.spec.whatwg.org/#dom-range-setstartafter
  public func setStartAfter(_ node: Node) throws {
    let (parent, index) = try position(of: node, "setStartAfter")
    try setStart(parent, index + 1)
  }

  /// https://dom.spec.whatwg.org/#dom-range-setendbefore
  public func setEndBefore(_ node: Node) throws {
    let (parent, index) = try position(of: node, "setEndBefore")
    try setEnd(parent, index)
  }

  /// https://dom.spec.whatwg.org/#dom-range-setendafter
  public func setEndAfter(_ node: Node) throws {
    let (parent, index) = try position(of: node, "setEndAfter")
    try setEnd(parent, index + 1)
  }

  /// Sets both boundary points without checks.
  func set(_ start: Node, _ startOffset: Int, _ end: Node, _ endOffset: Int) {
    follow(start)
    (startContainer, self.startOffset, endContainer, self.endOffset) = (start, startOffset, end, endOffset)
  }

  /// https://dom.spec.whatwg.org/#dom-range-collapse
  public func collapse(toStart: Bool = false) {
    if toStart {
      (endContainer, endOffset) = (startContainer, startOffset)
    } else {
      (startContainer, startOffset) = (endContainer, endOffset)
    }
  }

  /// https://dom.spec.whatwg.org/#concept-range-select
  public func selectNode(_ node: Node) throws {
    // Steps 1-2.
    let (parent, index) = try position(of: node, "selectNode")
    // Steps 3-5.
    set(parent, index, parent, index + 1)
  }

  /// https://dom.spec.whatwg.org/#dom-range-selectnodecontents
  public func selectNodeContents(_ node: Node) throws {
    // Step 1.
    if node is DocumentType {
      throw DOMException(.invalidNodeTypeError, "Range.selectNodeContents: the node is a doctype")
    }
    // Steps 2-4.
    set(node, 0, node, node.nodeLength)
  }

  /// A new live range with the same boundary points.
  ///
  /// https://dom.spec.whatwg.org/#dom-range-clonerange
  public func cloneRange() -> LiveRange { LiveRange(startContainer, startOffset, endContainer, endOffset) }

  // MARK: Comparisons

  /// How `compareBoundaryPoints` pairs the two ranges' points (the values of `Range.START_TO_START`...).
  public enum How: Int {
    case startToStart = 0, startToEnd, endToEnd, endToStart
  }

  /// -1, 0 or 1: where one of this range's points is relative to one of `source`'s.
  ///
  /// https://dom.spec.whatwg.org/#dom-range-compareboundarypoints
  public func compareBoundaryPoints(_ how: Int, _ source: LiveRange) throws -> Int {
    // Step 1.
    guard let how = How(rawValue: how) else {
      throw DOMException(.notSupportedError, "Range.compareBoundaryPoints: \(how) is not a valid comparison")
    }
    // Step 2.
    guard root === source.root else {
      throw DOMException(.wrongDocumentError, "Range.compareBoundaryPoints: the ranges are in different trees")
    }
    // Step 3.
    let (this, other): ((Node, Int), (Node, Int)) =
      switch how {
      case .startToStart: ((startContainer, startOffset), (source.startContainer, source.startOffset))
      case .startToEnd: ((endContainer, endOffset), (source.startContainer, source.startOffset))
      case .endToEnd: ((endContainer, endOffset), (source.endContainer, source.endOffset))
      case .endToStart: ((startContainer, startOffset), (source.endContainer, source.endOffset))
      }
    // Step 4.
    switch this.0.boundaryOrder(this.1, relativeTo: other.0, other.1) {
    case .before: return -1
    case .equal: return 0
    case .after: return 1
    }
  }

  /// Checks (node, offset) for comparePoint and isPointInRange (steps 2-3 of both).
  private func checkPoint(_ node: Node, _ offset: Int, _ method: String) throws {
    if node is DocumentType { throw DOMException(.invalidNodeTypeError, "Range.\(method): the node is a doctype") }
    guard offset <= node.nodeLength else {
      throw DOMException(.indexSizeError, "Range.\(method): offset \(offset) is past the node's length")
    }
  }

  /// https://dom.spec.whatwg.org/#dom-range-ispointinrange
  public func isPointInRange(_ node: Node, _ offset: Int) throws -> Bool {
    // Step 1.
    guard node.getRootNode() === root else { return false }
    // Steps 2-3.
    try checkPoint(node, offset, "isPointInRange")
    // Steps 4-5.
    return node.boundaryOrder(offset, relativeTo: startContainer, startOffset) != .before
      && node.boundaryOrder(offset, relativeTo: endContainer, endOffset) != .after
  }

  /// https://dom.spec.whatwg.org/#dom-range-comparepoint
  public func comparePoint(_ node: Node, _ offset: Int) throws -> Int {
    // Step 1.
    guard node.getRootNode() === root else {
      throw DOMException(.wrongDocumentError, "Range.comparePoint: the node is not in the range's tree")
    }
    // Steps 2-3.
    try checkPoint(node, offset, "comparePoint")
    // Steps 4-6.
    if node.boundaryOrder(offset, relativeTo: startContainer, startOffset) == .before { return -1 }
    if node.boundaryOrder(offset, relativeTo: endContainer, endOffset) == .after { return 1 }
    return 0
  }

  /// https://dom.spec.whatwg.org/#dom-range-intersectsnode
  public func intersectsNode(_ node: Node) -> Bool {
    // Step 1.
    guard node.getRootNode() === root else { return false }
    // Steps 2-3.
    guard let parent = node.parentNode else { return true }
    // Step 4.
    let offset = node.index
    // Steps 5-6.
    return parent.boundaryOrder(offset, relativeTo: endContainer, endOffset) == .before
      && parent.boundaryOrder(offset + 1, relativeTo: startContainer, startOffset) == .after
  }

  /// True when `node` lies wholly inside the range.
  ///
  /// https://dom.spec.whatwg.org/#contained
  func contains(_ node: Node) -> Bool {
    node.getRootNode() === root
      && node.boundaryOrder(0, relativeTo: startContainer, startOffset) == .after
      && node.boundaryOrder(node.nodeLength, relativeTo: endContainer, endOffset) == .before
  }

  /// True when `node` is an inclusive ancestor of exactly one of the containers.
  ///
  /// https://dom.spec.whatwg.org/#partially-contained
  func partiallyContains(_ node: Node) -> Bool {
    node.contains(startContainer) != node.contains(endContainer)
  }

  /// The contained nodes whose parent is not contained, in tree order.
  var topmostContainedNodes: [Node] {
    var result: [Node] = []
    var cursor: Node? =
      if startContainer is CharacterData { startContainer.nextSkippingChildren }
      else if let child = startContainer.child(at: startOffset) { child }
      else { startContainer.nextSkippingChildren }
    while let node = cursor {
      if contains(node) {
        result.append(node)
        cursor = node.nextSkippingChildren
      } else if node.contains(endContainer) {
        cursor = node.firstChild ?? node.nextSkippingChildren
      } else {
        break
      }
    }
    return result
  }

  // MARK: Stringifier

  /// The text of the Text nodes in the range, cut at the boundary points.
  ///
  /// https://dom.spec.whatwg.org/#dom-range-stringifier
  public var text: String {
    // Step 2.
    if startContainer === endContainer, let text = startContainer as? Text {
      return (try? text.substringData(startOffset, endOffset - startOffset)) ?? ""
    }
    var units: [UInt16] = []
    // Step 3.
    if let text = startContainer as? Text { units += text.data.utf16.dropFirst(startOffset) }
    // Step 4.
    for node in topmostContainedNodes {
      for case let text as Text in node.descendants(includingSelf: true) { units += text.data.utf16 }
    }
    // Step 5.
    if let text = endContainer as? Text { units += text.data.utf16.prefix(endOffset) }
    return String(decoding: units, as: UTF16.self)
  }
}

extension Node {
  /// The child at `index`, or nil.
  func child(at index: Int) -> Node? {
    guard index >= 0 else { return nil }
    var cursor = firstChild
    var remaining = index
    while let node = cursor, remaining > 0 {
      cursor = node.nextSibling
      remaining -= 1
    }
    return cursor
  }
}
