import CLibXML2

/// The list of active formatting elements and the adoption agency algorithm.
extension HTMLTreeBuilder {
  /// https://html.spec.whatwg.org/#push-onto-the-list-of-active-formatting-elements
  mutating func pushFormatting(_ element: Element, _ tag: HTMLTag) { formatting.push(element, tag) }

  /// https://html.spec.whatwg.org/#reconstruct-the-active-formatting-elements
  mutating func reconstructFormatting() {
    // Step 1–3.
    guard let lastEntry = formatting.last, let last = lastEntry.element, stackIndex(of: last) == nil
    else { return }
    // Step 4–6: rewind to the entry after the last marker or open element.
    var index = formatting.count - 1
    while index > 0 {
      let previous = formatting[index - 1]
      guard let e = previous.element, stackIndex(of: e) == nil else { break }
      index -= 1
    }
    // Step 7–10: create each element again.
    while index < formatting.count {
      guard case .element(_, let tag) = formatting[index] else { break }
      let element = insertElement(tag)
      formatting[index] = .element(element, tag)
      index += 1
    }
  }

  /// https://html.spec.whatwg.org/#clear-the-list-of-active-formatting-elements-up-to-the-last-marker
  mutating func clearFormattingToLastMarker() {
    while let entry = formatting.popLast() {
      if case .marker = entry { return }
    }
  }

  /// The last element named `name` in the list after the last marker.
  func lastFormattingElement(named name: String) -> Element? { formatting.lastElement(named: name) }

  func formattingIndex(of element: Element) -> Int? { formatting.index(of: element) }

  mutating func removeFormatting(_ element: Element) {
    if let index = formattingIndex(of: element) { formatting.remove(at: index) }
  }

  /// https://html.spec.whatwg.org/#adoption-agency-algorithm
  mutating func adoptionAgency(_ subject: String) {
    // Step 1–2.
    if let current = currentNode, current.isHTML(subject), formattingIndex(of: current) == nil {
      pop()
      return
    }
    flushText()
    // Step 3–4.
    for _ in 0..<8 {
      // Step 4.3.
      guard let formattingElement = lastFormattingElement(named: subject),
            let feListIndex = formattingIndex(of: formattingElement),
            case .element(_, let feTag) = formatting[feListIndex]
      else { return anyOtherEndTag(subject) }
      // Step 4.4.
      guard let feStackIndex = stackIndex(of: formattingElement) else {
        formatting.remove(at: feListIndex)
        return
      }
      // Step 4.5.
      guard inScope(formattingElement) else { return }
      // Step 4.7: the furthest block.
      guard let furthestIndex = stack.firstIndex(of: .special, above: feStackIndex) else {
        // Step 4.8.
        popUntil(node: formattingElement.node)
        formatting.remove(at: feListIndex)
        return
      }
      let furthestBlock = stack[furthestIndex]
      // Step 4.9–4.10.
      let commonAncestor = stack[feStackIndex - 1]
      var bookmark = feListIndex
      // Step 4.11–4.13.
      var node = furthestBlock
      var nodeIndex = furthestIndex
      var lastNode = furthestBlock
      var inner = 0
      while true {
        inner += 1
        // Step 4.13.2–4.13.3.
        nodeIndex -= 1
        node = stack[nodeIndex]
        if node.node == formattingElement.node { break }
        // Step 4.13.4.
        var listIndex = formattingIndex(of: node)
        if inner > 3, let i = listIndex {
          formatting.remove(at: i)
          if i < bookmark { bookmark -= 1 }
          listIndex = nil
        }
        // Step 4.13.5.
        guard let i = listIndex, case .element(_, let nodeTag) = formatting[i] else {
          stack.remove(at: nodeIndex)
          continue
        }
        // Step 4.13.6.
        let replacement = createElement(nodeTag, ns: .html)
        formatting[i] = .element(replacement, nodeTag)
        stack[nodeIndex] = replacement
        node = replacement
        // Step 4.13.7.
        if lastNode.node == furthestBlock.node { bookmark = i + 1 }
        // Step 4.13.8.
        unlink(lastNode.node)
        link(lastNode.node, into: node.node, before: nil)
        // Step 4.13.9.
        lastNode = node
      }
      // Step 4.14.
      unlink(lastNode.node)
      let location = insertionLocation(overrideTarget: commonAncestor)
      link(lastNode.node, into: location.parent, before: location.before)
      // Step 4.15–4.17.
      let newElement = createElement(feTag, ns: .html)
      if treeEvents == nil {
        LibXML.moveChildren(of: furthestBlock.node, to: newElement.node)
      } else {
        // One by one, so each move is reported (the new element is not in the tree yet: only the removals are).
        while let child = LibXML.firstChild(furthestBlock.node) {
          unlink(child)
          LibXML.link(child, into: newElement.node, before: nil)
        }
      }
      link(newElement.node, into: furthestBlock.node, before: nil)
      // Step 4.18.
      if let i = formattingIndex(of: formattingElement) {
        formatting.remove(at: i)
        if i < bookmark { bookmark -= 1 }
      }
      formatting.insert(.element(newElement, feTag), at: min(bookmark, formatting.count))
      // Step 4.19.
      if let i = stackIndex(of: formattingElement) { stack.remove(at: i) }
      if let i = stackIndex(of: furthestBlock) { stack.insert(newElement, at: i + 1) }
    }
  }
}
