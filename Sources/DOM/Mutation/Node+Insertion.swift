/// Insertion, removal and replacement of children: the WHATWG mutation algorithms.
///
/// Every link goes through `LibXML.link`; every removed subtree is parked in its document's
/// `detached` set and nothing is freed.
extension Node {
  /// True for Document, DocumentFragment and Element: the nodes that can have children.
  var canHaveChildren: Bool { self is Document || self is DocumentFragment || self is Element }

  private func hierarchyError(_ what: String) -> DOMException {
    DOMException(.hierarchyRequestError, "\(what) (inserting into \(nodeName))")
  }

  /// https://dom.spec.whatwg.org/#concept-node-ensure-pre-insertion-validity
  func ensurePreInsertionValidity(_ node: Node, before child: Node?) throws {
    // Step 1.
    guard canHaveChildren else { throw hierarchyError("\(nodeName) cannot have children") }
    // Step 2.
    // A node without children contains only itself: no walk up from here (which made building a deep tree quadratic).
    if node === self || node.firstChild != nil && node.contains(self) {
      throw hierarchyError("\(node.nodeName) would become its own descendant")
    }
    // Step 3.
    if let child, child.parentNode !== self {
      throw DOMException(.notFoundError, "the reference node \(child.nodeName) is not a child of \(nodeName)")
    }
    // Step 4.
    guard node is DocumentFragment || node is DocumentType || node is Element || node is CharacterData else {
      throw hierarchyError("\(node.nodeName) cannot be inserted")
    }
    // Step 5.
    if node is Text && self is Document { throw hierarchyError("a Text node cannot be a child of a document") }
    if node is DocumentType && !(self is Document) { throw hierarchyError("a doctype can only be a child of a document") }
    // Step 6.
    guard self is Document else { return }
    try ensureDocumentChildValidity(node, child: child, replacing: nil)
  }

  /// Step 6 of pre-insert validity and of replace, for a document parent.
  /// `replacing` is the child being replaced (nil when inserting).
  private func ensureDocumentChildValidity(_ node: Node, child: Node?, replacing: Node?) throws {
    let others = childNodes.filter { $0 !== replacing }
    let hasElement = others.contains { $0 is Element }
    let hasDoctype = others.contains { $0 is DocumentType }
    let doctypeFollows = child.map { $0.followingSiblings.contains { $0 is DocumentType } } ?? false
    let elementPrecedes = child.map { $0.precedingSiblings.contains { $0 is Element } } ?? false
    func elementRule() throws {
      if hasElement { throw hierarchyError("a document can have only one element child") }
      if replacing == nil, child is DocumentType { throw hierarchyError("an element cannot precede the doctype") }
      if doctypeFollows { throw hierarchyError("an element cannot precede the doctype") }
    }
    switch node {
    case let fragment as DocumentFragment:
      let kids = fragment.childNodes
      let elementCount = kids.filter { $0 is Element }.count
      if elementCount > 1 || kids.contains(where: { $0 is Text }) {
        throw hierarchyError("a fragment with several elements or with text cannot be a document's child")
      }
      if elementCount == 1 { try elementRule() }
    case is Element:
      try elementRule()
    case is DocumentType:
      if hasDoctype { throw hierarchyError("a document can have only one doctype") }
      if child != nil && elementPrecedes || child == nil && hasElement {
        throw hierarchyError("a doctype cannot follow the document element")
      }
    default: break
    }
  }

  var followingSiblings: [Node] {
    var result: [Node] = []
    var cursor = nextSibling
    while let node = cursor { result.append(node); cursor = node.nextSibling }
    return result
  }

  var precedingSiblings: [Node] {
    var result: [Node] = []
    var cursor = previousSibling
    while let node = cursor { result.append(node); cursor = node.previousSibling }
    return result
  }

  /// https://dom.spec.whatwg.org/#concept-node-pre-insert
  @discardableResult
  func preInsert(_ node: Node, before child: Node?) throws -> Node {
    // Step 1.
    try ensurePreInsertionValidity(node, before: child)
    // Steps 2-3.
    var reference = child
    if reference === node { reference = node.nextSibling }
    // Step 4.
    insert(node, before: reference)
    // Step 5.
    return node
  }

  /// Inserts `node` (or a fragment's children) before `child`, adopting across documents.
  ///
  /// https://dom.spec.whatwg.org/#concept-node-insert
  /// With `suppressObservers`, no tree mutation record is reported (the caller reports one for a larger change).
  func insert(_ node: Node, before child: Node?, suppressObservers: Bool = false) {
    // Steps 1-3.
    let nodes = node is DocumentFragment ? node.childNodes : [node]
    guard !nodes.isEmpty else { return }
    let target = document
    // Step 4.
    if node is DocumentFragment {
      for child in nodes { child.removeFromParent(suppressObservers: true) }
      node.document.notifyObservers {
        $0.childListChanged(node, added: [], removed: nodes, previousSibling: nil, nextSibling: nil)
      }
    }
    // Step 5.
    target.notifyObservers { $0.nodesWillBeInserted(count: nodes.count, into: self, before: child) }
    // Step 6.
    let previousSibling: Node? = if !target.isObserved { nil } else if let child { child.previousSibling } else { lastChild }
    // Step 7.
    for each in nodes {
      // Step 7.1.
      target.adopt(each)
      // Step 7.2.
      LibXML.link(each.raw, into: raw, before: child?.raw)
      target.detached.remove(each.raw)
    }
    if self is Document { LibXML.syncDoctype(of: target.rawDoc) }
    target.treeDidChange()
    // Step 8.
    if !suppressObservers {
      target.notifyObservers {
        $0.childListChanged(self, added: nodes, removed: [], previousSibling: previousSibling, nextSibling: child)
      }
    }
    // Step 10: the parent's children changed steps (a script that gets its first text runs).
    (self as? Element)?.behavior?.childrenChanged(self as! Element)
    // Step 11: insertion and post-connection steps (iframes get their browsing context, scripts run), once the tree
    // is consistent. (The elements first: `isConnected` walks to the root, which a deep tree's every insertion would
    // pay.)
    guard target.browsingContext != nil else { return }
    let connecting = nodes.flatMap { Self.elementsWithConnectionSteps(in: $0) }
    if !connecting.isEmpty, isConnected {
      for element in connecting where element.isConnected { element.behavior?.connected(element) }
    }
  }

  /// The HTML `iframe` elements among `node` and its descendants, in tree order (only they get Swift objects).
  public static func frames(in node: Node) -> [Element] {
    guard node is Element || node is DocumentFragment || node is Document else { return [] }
    if let document = node as? Document, document.framelessAtTreeVersion == document.treeVersion { return [] }
    var found: [Element] = []
    var cursor: LibXML.Node? = node.raw
    while let current = cursor {
      if LibXML.isHTMLElement(current, "iframe"), let frame = node.document.node(for: current) as? Element {
        found.append(frame)
      }
      cursor = LibXML.following(current, within: node.raw)
    }
    return found
  }

  /// Appends `node` (a fragment's children) as the last child; returns `node`.
  @discardableResult
  public func appendChild(_ node: Node) throws -> Node { try preInsert(node, before: nil) }

  /// Inserts `node` before `child` (at the end when nil); returns `node`.
  @discardableResult
  public func insertBefore(_ node: Node, _ child: Node?) throws -> Node { try preInsert(node, before: child) }

  /// Removes `child` from this node's children; returns it (now detached, reusable).
  ///
  /// https://dom.spec.whatwg.org/#concept-node-pre-remove
  @discardableResult
  public func removeChild(_ child: Node) throws -> Node {
    // Step 1.
    guard child.parentNode === self else {
      throw DOMException(.notFoundError, "removeChild: \(child.nodeName) is not a child of \(nodeName)")
    }
    // Step 2.
    child.removeFromParent()
    return child
  }

  /// Unlinks this node and parks it in its document's detached set.
  ///
  /// https://dom.spec.whatwg.org/#concept-node-remove
  /// With `suppressObservers`, no tree mutation record is reported (the caller reports one for a larger change).
  func removeFromParent(suppressObservers: Bool = false) {
    // Step 1.
    guard let parent = parentNode else { return }
    let owner = document
    let disconnecting = owner.browsingContext != nil && isConnected ? Self.elementsWithConnectionSteps(in: self) : []
    // Steps 4-9: live ranges and NodeIterators.
    owner.notifyObservers { $0.nodeWillBeRemoved(self) }
    let siblings = owner.isObserved && !suppressObservers ? (previousSibling, nextSibling) : nil
    // Step 11.
    LibXML.unlink(raw)
    owner.detached.insert(raw)
    if parent is Document { LibXML.syncDoctype(of: owner.rawDoc) }
    owner.treeDidChange()
    // Step 13: the removing steps (an iframe's browsing context is discarded).
    for element in disconnecting { element.behavior?.disconnected(element) }
    // Step 14: the parent's children changed steps.
    (parent as? Element)?.behavior?.childrenChanged(parent as! Element)
    // Step 15.
    guard let siblings else { return }
    owner.notifyObservers {
      $0.childListChanged(parent, added: [], removed: [self], previousSibling: siblings.0, nextSibling: siblings.1)
    }
  }

  /// Replaces `child` with `node`; returns `child`.
  ///
  /// https://dom.spec.whatwg.org/#concept-node-replace
  @discardableResult
  public func replaceChild(_ node: Node, _ child: Node) throws -> Node {
    // Step 1.
    guard canHaveChildren else { throw hierarchyError("\(nodeName) cannot have children") }
    // Step 2.
    // A node without children contains only itself: no walk up from here (which made building a deep tree quadratic).
    if node === self || node.firstChild != nil && node.contains(self) {
      throw hierarchyError("\(node.nodeName) would become its own descendant")
    }
    // Step 3.
    guard child.parentNode === self else {
      throw DOMException(.notFoundError, "replaceChild: \(child.nodeName) is not a child of \(nodeName)")
    }
    // Step 4.
    guard node is DocumentFragment || node is DocumentType || node is Element || node is CharacterData else {
      throw hierarchyError("\(node.nodeName) cannot be inserted")
    }
    // Step 5.
    if node is Text && self is Document { throw hierarchyError("a Text node cannot be a child of a document") }
    if node is DocumentType && !(self is Document) { throw hierarchyError("a doctype can only be a child of a document") }
    // Step 6.
    if self is Document { try ensureDocumentChildValidity(node, child: child, replacing: child) }
    // Steps 7-8.
    var reference = child.nextSibling
    if reference === node { reference = node.nextSibling }
    // Step 9.
    let previousSibling = child.previousSibling === node ? node.previousSibling : child.previousSibling
    // Adopt node first: moving it out of its old place is a removal with its own record, before child's.
    document.adopt(node)
    // Steps 10-11.
    var removed: [Node] = []
    if child.parentNode != nil {
      removed = [child]
      child.removeFromParent(suppressObservers: true)
    }
    // Step 12.
    let added = node is DocumentFragment ? node.childNodes : [node]
    // Step 13.
    insert(node, before: reference, suppressObservers: true)
    // Step 14.
    document.notifyObservers {
      $0.childListChanged(self, added: added, removed: removed, previousSibling: previousSibling, nextSibling: reference)
    }
    // Step 15.
    return child
  }

  /// Removes every child, then inserts `node` (if any).
  ///
  /// https://dom.spec.whatwg.org/#concept-node-replace-all
  func replaceAll(with node: Node?) {
    // Steps 1-2.
    let removed = childNodes
    // Steps 3-4.
    let added = node.map { $0 is DocumentFragment ? $0.childNodes : [$0] } ?? []
    // Step 5.
    for child in removed { child.removeFromParent(suppressObservers: true) }
    // Step 6.
    if let node { insert(node, before: nil, suppressObservers: true) }
    // Step 7.
    guard !added.isEmpty || !removed.isEmpty else { return }
    document.notifyObservers {
      $0.childListChanged(self, added: added, removed: removed, previousSibling: nil, nextSibling: nil)
    }
  }
}
