/// Cloning, equality and normalization.
extension Node {
  /// A copy of this node (with its descendants when `deep`), in the same document, unlinked.
  ///
  /// https://dom.spec.whatwg.org/#dom-node-clonenode
  public func cloneNode(deep: Bool = false) -> Node {
    clone(into: self is Document ? nil : document, deep: deep)
  }

  /// https://dom.spec.whatwg.org/#concept-node-clone
  /// `target` nil means this node's document (a Document clones into a new Document).
  func clone(into target: Document?, deep: Bool) -> Node {
    if let source = self as? Document {
      // Steps 2.1-2.2: a new document with the same mode, URL and encoding.
      let copy = source is XMLDocument ? XMLDocument(contentType: source.contentType) : Document(contentType: source.contentType)
      source.keepAlive(copy)
      copy.url = source.url
      copy.characterSet = source.characterSet
      copy.quirksMode = source.quirksMode
      if deep {
        for child in childNodes {
          copy.insert(child.clone(into: copy, deep: true), before: nil)
        }
      }
      return copy
    }
    let owner = target ?? document
    var templates: [(LibXML.Node, LibXML.Node)] = []
    var withState: [(Element, LibXML.Node)] = []
    let raw = LibXML.copy(self.raw, into: owner.rawDoc, deep: deep) { original, copy in
      templates.append((original, copy))
      // Only an element with a Swift object can have behaviour state (an input's value, a script's flag).
      if let element = LibXML.wrapper(of: original) as? Element, element.behaviorState != nil { withState.append((element, copy)) }
    }
    let result = owner.own(raw)
    // The cloning steps of the elements' own kinds.
    for (original, copy) in withState {
      if let copied = owner.node(for: copy) as? Element { original.behavior?.cloned(copied, from: original) }
    }
    // Template cloning steps: copy the contents' children when cloning children.
    if deep {
      for (original, copy) in templates {
        guard let originalElement = document.node(for: original) as? Element,
              originalElement.isHTML(named: "template"),
              let content = document.templateContents[original].map({ document.node(for: $0) }),
              let copyContent = (owner.node(for: copy) as? Element)?.templateContent
        else { continue }
        for child in content.childNodes {
          copyContent.insert(child.clone(into: owner, deep: true), before: nil)
        }
      }
    }
    return result
  }

  /// True when `other` has the same type, names, attributes, data and (recursively) children.
  ///
  /// https://dom.spec.whatwg.org/#concept-node-equals
  public func isEqualNode(_ other: Node?) -> Bool {
    guard let other else { return false }
    // Step 1.
    guard nodeType == other.nodeType else { return false }
    // Step 2.
    switch (self, other) {
    case let (a as DocumentType, b as DocumentType):
      guard a.name == b.name, a.publicId == b.publicId, a.systemId == b.systemId else { return false }
    case let (a as Element, b as Element):
      guard a.namespaceURI == b.namespaceURI, a.prefix == b.prefix, a.localName == b.localName else { return false }
      let left = a.attributes, right = b.attributes
      guard left.count == right.count else { return false }
      // Step 3.
      for attribute in left where !right.contains(where: {
        $0.namespaceURI == attribute.namespaceURI && $0.localName == attribute.localName && $0.value == attribute.value
      }) {
        return false
      }
    case let (a as ProcessingInstruction, b as ProcessingInstruction):
      guard a.target == b.target, a.data == b.data else { return false }
    case let (a as Attr, b as Attr):
      guard a.namespaceURI == b.namespaceURI, a.localName == b.localName, a.value == b.value else { return false }
    case let (a as CharacterData, b as CharacterData):
      guard a.data == b.data else { return false }
    default: break
    }
    // Steps 4-5.
    let mine = childNodes, theirs = other.childNodes
    guard mine.count == theirs.count else { return false }
    return zip(mine, theirs).allSatisfy { $0.isEqualNode($1) }
  }

  /// Removes empty Text descendants and merges runs of adjacent Text nodes.
  ///
  /// https://dom.spec.whatwg.org/#dom-node-normalize. Only exclusive Text nodes: a CDATASection is neither removed
  /// when empty nor merged.
  public func normalize() {
    func exclusiveText(_ node: Node?) -> Text? { node is CDATASection ? nil : node as? Text }
    var texts: [Text] = []
    var cursor = firstChild.map { [$0] } ?? []
    // Collect the Text descendants in tree order first; the loop below mutates the tree.
    while let node = cursor.popLast() {
      if let text = exclusiveText(node) { texts.append(text) }
      if let next = node.nextSibling { cursor.append(next) }
      if let child = node.firstChild { cursor.append(child) }
    }
    for node in texts where node.parentNode != nil {
      // Steps 1-2.
      var length = node.length
      if length == 0 {
        node.removeFromParent()
        continue
      }
      // Step 3.
      var siblings: [Text] = []
      var cursor = node.nextSibling
      while let text = exclusiveText(cursor) {
        siblings.append(text)
        cursor = text.nextSibling
      }
      guard !siblings.isEmpty else { continue }
      // Step 4.
      try? node.replaceData(length, 0, siblings.map(\.data).joined())
      // Steps 5-6.
      let owner = document
      for text in siblings {
        owner.notifyObservers { $0.textWillBeMerged(text, into: node, at: length) }
        length += text.length
      }
      // Step 7.
      for text in siblings { text.removeFromParent() }
    }
  }
}
