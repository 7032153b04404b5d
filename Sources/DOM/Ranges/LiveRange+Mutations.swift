/// The live range steps of the mutation algorithms: a range's boundary points follow the tree.
extension LiveRange {
  /// https://dom.spec.whatwg.org/#concept-node-insert step 5.
  public func nodesWillBeInserted(count: Int, into parent: Node, before child: Node?) {
    guard let child, startContainer === parent || endContainer === parent else { return }
    let index = child.index
    // Step 5.1.
    if startContainer === parent, startOffset > index { startOffset += count }
    // Step 5.2.
    if endContainer === parent, endOffset > index { endOffset += count }
  }

  /// https://dom.spec.whatwg.org/#concept-node-remove steps 4-7.
  public func nodeWillBeRemoved(_ node: Node) {
    guard let parent = node.parentNode else { return }
    let inStart = node.contains(startContainer), inEnd = node.contains(endContainer)
    guard inStart || inEnd || startContainer === parent || endContainer === parent else { return }
    // Step 3.
    let index = node.index
    // Step 4.
    if inStart { (startContainer, startOffset) = (parent, index) }
    // Step 5.
    if inEnd { (endContainer, endOffset) = (parent, index) }
    // Step 6.
    if startContainer === parent, startOffset > index { startOffset -= 1 }
    // Step 7.
    if endContainer === parent, endOffset > index { endOffset -= 1 }
  }

  /// https://dom.spec.whatwg.org/#concept-cd-replace steps 8-11.
  public func characterDataReplaced(_ node: CharacterData, offset: Int, removed: Int, inserted: Int, oldValue: String) {
    // Steps 8-9.
    if startContainer === node, startOffset > offset, startOffset <= offset + removed { startOffset = offset }
    if endContainer === node, endOffset > offset, endOffset <= offset + removed { endOffset = offset }
    // Steps 10-11.
    if startContainer === node, startOffset > offset + removed { startOffset += inserted - removed }
    if endContainer === node, endOffset > offset + removed { endOffset += inserted - removed }
  }

  /// https://dom.spec.whatwg.org/#concept-text-split steps 7.2-7.5.
  public func textWasSplit(_ node: Text, at offset: Int, into newNode: Text) {
    // Steps 7.2-7.3.
    if startContainer === node, startOffset > offset { (startContainer, startOffset) = (newNode, startOffset - offset) }
    if endContainer === node, endOffset > offset { (endContainer, endOffset) = (newNode, endOffset - offset) }
    // Steps 7.4-7.5.
    guard let parent = node.parentNode, startContainer === parent || endContainer === parent else { return }
    let index = node.index
    if startContainer === parent, startOffset == index + 1 { startOffset += 1 }
    if endContainer === parent, endOffset == index + 1 { endOffset += 1 }
  }

  /// https://dom.spec.whatwg.org/#dom-node-normalize steps 6.1-6.4.
  public func textWillBeMerged(_ text: Text, into node: Text, at offset: Int) {
    // Steps 6.1-6.2.
    if startContainer === text { (startContainer, startOffset) = (node, startOffset + offset) }
    if endContainer === text { (endContainer, endOffset) = (node, endOffset + offset) }
    // Steps 6.3-6.4.
    guard let parent = text.parentNode, startContainer === parent || endContainer === parent else { return }
    let index = text.index
    if startContainer === parent, startOffset == index { (startContainer, startOffset) = (node, offset) }
    if endContainer === parent, endOffset == index { (endContainer, endOffset) = (node, offset) }
  }

  /// A range whose boundary points moved into another document with an adopted subtree follows them there.
  public func subtreeWasAdopted(_ node: Node) {
    if node.contains(startContainer) { follow(startContainer) }
  }
}
