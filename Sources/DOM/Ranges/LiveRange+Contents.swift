/// The content operations of a live range: delete, extract, clone, insert, surround.
extension LiveRange {
  /// Removes the range's contents from the tree and collapses the range where they were.
  ///
  /// https://dom.spec.whatwg.org/#dom-range-deletecontents
  public func deleteContents() throws {
    // Step 1.
    guard !collapsed else { return }
    // Step 2.
    let (start, startOffset, end, endOffset) = (startContainer, self.startOffset, endContainer, self.endOffset)
    // Step 3.
    if start === end, let data = start as? CharacterData {
      try data.replaceData(startOffset, endOffset - startOffset, "")
      return
    }
    // Step 4.
    let nodesToRemove = topmostContainedNodes
    // Steps 5-6.
    let (newNode, newOffset) = Self.collapsePoint(start, startOffset, end)
    // Step 7.
    if let data = start as? CharacterData { try data.replaceData(startOffset, data.length - startOffset, "") }
    // Step 8.
    for node in nodesToRemove { node.removeFromParent() }
    // Step 9.
    if let data = end as? CharacterData { try data.replaceData(0, endOffset, "") }
    // Step 10.
    set(newNode, newOffset, newNode, newOffset)
  }

  /// Where a range collapses after its contents go: steps 5-6 of delete, 11-12 of extract.
  private static func collapsePoint(_ start: Node, _ startOffset: Int, _ end: Node) -> (Node, Int) {
    if start.contains(end) { return (start, startOffset) }
    var reference = start
    while let parent = reference.parentNode, !parent.contains(end) { reference = parent }
    // The reference node has a parent: the common ancestor is above it.
    return (reference.parentNode ?? reference, reference.index + 1)
  }

  /// Moves the range's contents into a new fragment and collapses the range.
  ///
  /// https://dom.spec.whatwg.org/#concept-range-extract
  public func extractContents() throws -> DocumentFragment { try copyContents(moving: true) }

  /// A fragment with a copy of the range's contents.
  ///
  /// https://dom.spec.whatwg.org/#concept-range-clone
  public func cloneContents() throws -> DocumentFragment { try copyContents(moving: false) }

  /// Extract (`moving`) or clone: the two algorithms have the same shape.
  private func copyContents(moving: Bool) throws -> DocumentFragment {
    // Step 1.
    let fragment = startContainer.document.createDocumentFragment()
    // Step 2.
    guard !collapsed else { return fragment }
    // Step 3.
    let (start, startOffset, end, endOffset) = (startContainer, self.startOffset, endContainer, self.endOffset)
    // Step 4.
    if start === end, let data = start as? CharacterData {
      try fragment.appendChild(try Self.cut(data, from: startOffset, count: endOffset - startOffset, moving: moving))
      return fragment
    }
    // Step 5.
    let common = commonAncestorContainer
    // Steps 6-7.
    let firstPartial = start.contains(end) ? nil : common.childNodes.first { partiallyContains($0) }
    // Step 8.
    let lastPartial = end.contains(start) ? nil : common.childNodes.last { partiallyContains($0) }
    // Step 9.
    let containedChildren = common.childNodes.filter { contains($0) }
    // Step 10.
    if containedChildren.contains(where: { $0 is DocumentType }) {
      throw DOMException(.hierarchyRequestError, "Range: the contents include a doctype")
    }
    // Steps 11-12.
    let (newNode, newOffset) = moving ? Self.collapsePoint(start, startOffset, end) : (start, startOffset)
    // Steps 13-14.
    if firstPartial is CharacterData, let data = start as? CharacterData {
      try fragment.appendChild(try Self.cut(data, from: startOffset, count: data.length - startOffset, moving: moving))
    } else if let firstPartial {
      let clone = firstPartial.cloneNode(deep: false)
      try fragment.appendChild(clone)
      let subrange = LiveRange(start, startOffset, firstPartial, firstPartial.nodeLength)
      try clone.appendChild(try subrange.copyContents(moving: moving))
    }
    // Step 15.
    for child in containedChildren {
      try fragment.appendChild(moving ? child : child.cloneNode(deep: true))
    }
    // Steps 16-17.
    if lastPartial is CharacterData, let data = end as? CharacterData {
      try fragment.appendChild(try Self.cut(data, from: 0, count: endOffset, moving: moving))
    } else if let lastPartial {
      let clone = lastPartial.cloneNode(deep: false)
      try fragment.appendChild(clone)
      let subrange = LiveRange(lastPartial, 0, end, endOffset)
      try clone.appendChild(try subrange.copyContents(moving: moving))
    }
    // Step 18.
    if moving { set(newNode, newOffset, newNode, newOffset) }
    // Step 19.
    return fragment
  }

  /// A clone of `data` holding `count` code units from `offset`; with `moving`, those units leave `data`.
  private static func cut(_ data: CharacterData, from offset: Int, count: Int, moving: Bool) throws -> Node {
    let clone = data.cloneNode(deep: false) as! CharacterData
    clone.data = try data.substringData(offset, count)
    if moving { try data.replaceData(offset, count, "") }
    return clone
  }

  /// Inserts `node` at the range's start (splitting a Text start container).
  ///
  /// https://dom.spec.whatwg.org/#concept-range-insert
  public func insertNode(_ node: Node) throws {
    // Step 1.
    if startContainer is CharacterData && !(startContainer is Text) || startContainer is Text && startContainer.parentNode == nil
      || startContainer === node
    {
      throw DOMException(.hierarchyRequestError, "Range.insertNode: cannot insert at the range's start")
    }
    // Steps 2-4.
    var reference: Node? = startContainer is Text ? startContainer : startContainer.child(at: startOffset)
    // Step 5.
    let parent = reference?.parentNode ?? startContainer
    // Step 6.
    try parent.ensurePreInsertionValidity(node, before: reference)
    // Step 7.
    if let text = startContainer as? Text { reference = try text.splitText(startOffset) }
    // Step 8.
    if node === reference { reference = node.nextSibling }
    // Step 9.
    node.removeFromParent()
    // Step 10.
    var newOffset = reference?.index ?? parent.nodeLength
    // Step 11.
    newOffset += node is DocumentFragment ? node.nodeLength : 1
    // Step 12.
    try parent.preInsert(node, before: reference)
    // Step 13.
    if collapsed { (endContainer, endOffset) = (parent, newOffset) }
  }

  /// Moves the range's contents into `newParent` and puts `newParent` where they were.
  ///
  /// https://dom.spec.whatwg.org/#dom-range-surroundcontents
  public func surroundContents(_ newParent: Node) throws {
    // Step 1.
    for node in startContainer.inclusiveAncestors + endContainer.inclusiveAncestors
    where !(node is Text) && partiallyContains(node) {
      throw DOMException(.invalidStateError, "Range.surroundContents: the range partially selects a non-Text node")
    }
    // Step 2.
    if newParent is Document || newParent is DocumentType || newParent is DocumentFragment {
      throw DOMException(.invalidNodeTypeError, "Range.surroundContents: \(newParent.nodeName) cannot be the new parent")
    }
    // Step 3.
    let fragment = try extractContents()
    // Step 4.
    if newParent.hasChildNodes() { newParent.replaceAll(with: nil) }
    // Step 5.
    try insertNode(newParent)
    // Step 6.
    try newParent.appendChild(fragment)
    // Step 7.
    try selectNode(newParent)
  }
}
