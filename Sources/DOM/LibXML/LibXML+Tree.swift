import CLibXML2

/// Raw whole-subtree operations: moving between documents, copying, walking.
extension LibXML {
  /// Moves an unlinked subtree into `doc`: points every node at `doc` and re-homes each
  /// element's and attribute's `xmlNs` onto `doc.oldNs`, so nothing points into the old
  /// document once it is freed.
  static func adopt(_ node: Node, into doc: Doc) {
    precondition(node.pointee.parent == nil, "LibXML.adopt: node is still linked")
    guard node.pointee.doc != doc else { return }
    if node.pointee.type == XML_ATTRIBUTE_NODE, let ns = node.pointee.ns { node.pointee.ns = rehome(ns, in: doc) }
    var cursor: Node? = node
    while let current = cursor {
      if current.pointee.type == XML_ELEMENT_NODE {
        if let ns = current.pointee.ns { current.pointee.ns = rehome(ns, in: doc) }
        var attr = current.pointee.properties
        while let a = attr {
          if let ns = a.pointee.ns { a.pointee.ns = rehome(ns, in: doc) }
          attr = a.pointee.next
        }
      }
      cursor = following(current, within: node)
    }
    xmlSetTreeDoc(node, doc)
  }

  /// `doc`'s shared `xmlNs` with the same URI and prefix as `ns`.
  static func rehome(_ ns: xmlNsPtr, in doc: Doc) -> xmlNsPtr {
    namespace(uri: ns.pointee.href.map { String(cString: $0) } ?? "",
              prefix: ns.pointee.prefix.map { String(cString: $0) }, in: doc)
  }

  /// The node after `node` in tree order, staying inside `root` (nil when done).
  static func following(_ node: Node, within root: Node) -> Node? {
    if let first = firstChild(node) { return first }
    return followingSkippingChildren(node, within: root)
  }

  /// The node after `node` in tree order, skipping `node`'s descendants, staying inside `root`.
  static func followingSkippingChildren(_ node: Node, within root: Node) -> Node? {
    var current = node
    while current != root {
      if let next = current.pointee.next { return next }
      guard let parent = current.pointee.parent else { return nil }
      current = parent
    }
    return nil
  }

  /// A copy of `node` owned by `doc`, unlinked; with all descendants when `deep`.
  ///
  /// Written by hand because `xmlDocCopyNode` merges adjacent text nodes and re-declares
  /// namespaces on the copy. `copied` is told of every (original, copy) element pair, so the
  /// caller can copy what libxml2 does not know about (template contents).
  static func copy(_ node: Node, into doc: Doc, deep: Bool, copied: (Node, Node) -> Void) -> Node {
    let root = copyShallow(node, into: doc, copied: copied)
    guard deep else { return root }
    // The next original child to copy and the copy it goes into, innermost last: no recursion, so a subtree
    // 100,000 levels deep copies too.
    var pending: [(next: Node?, into: Node)] = [(firstChild(node), root)]
    while let top = pending.last {
      guard let original = top.next else {
        pending.removeLast()
        continue
      }
      pending[pending.count - 1].next = original.pointee.next
      let copy = copyShallow(original, into: doc, copied: copied)
      link(copy, into: top.into, before: nil)
      if let first = firstChild(original) { pending.append((first, copy)) }
    }
    return root
  }

  /// A copy of `node` alone.
  private static func copyShallow(_ node: Node, into doc: Doc, copied: (Node, Node) -> Void) -> Node {
    let result: Node
    switch kind(node) {
    case .element:
      result = newElement(name(node), namespaceURI: namespaceURI(node), prefix: namespacePrefix(node), in: doc)
      for attr in attributes(node) {
        appendAttribute(result, localName: attr.localName, value: attr.value,
                        namespaceURI: attr.namespaceURI, prefix: attr.prefix)
      }
      copied(node, result)
    case .text: result = isCDATASection(node) ? newCDATASection(content(node), in: doc) : newText(content(node), in: doc)
    case .processingInstruction: result = newProcessingInstruction(target: name(node), data: content(node), in: doc)
    case .attribute: result = copyAttribute(attr(of: node), into: doc)
    case .comment: result = newComment(content(node), in: doc)
    case .fragment: result = newFragment(in: doc)
    case .doctype:
      let ids = doctypeIds(node)
      result = newDoctype(name: name(node), publicId: ids.publicId, systemId: ids.systemId, in: doc)
    case .document, .other:
      result = newComment("", in: doc)
    }
    return result
  }
}
