import CLibXML2

/// The tree builder's links and unlinks, reported to the document's tree observers as the DOM's insert and remove
/// report theirs, for a scripting parser whose document is observed.
///
/// https://html.spec.whatwg.org/#insert-a-foreign-element step 3.2 and the adoption agency algorithm insert and
/// remove nodes with the DOM's algorithms, so a MutationObserver a page script registered sees the nodes parsed
/// after it (one childList record each), and live ranges and NodeIterators follow them. Only while observers exist:
/// the builder links by itself otherwise.
final class ParserTreeEvents {
  unowned let document: Document

  init(document: Document) { self.document = document }

  /// https://dom.spec.whatwg.org/#concept-node-insert for one node the parser made (steps 5, 7.2 and 8).
  func link(_ raw: xmlNodePtr, into parentRaw: xmlNodePtr, before beforeRaw: xmlNodePtr?) {
    let parent = document.node(for: parentRaw), child = beforeRaw.map(document.node(for:))
    // Step 5: live ranges.
    document.notifyObservers { $0.nodesWillBeInserted(count: 1, into: parent, before: child) }
    // Step 6.
    let previousSibling = (beforeRaw.map(LibXML.previous) ?? LibXML.lastChild(parentRaw)).map(document.node(for:))
    // Step 7.2.
    LibXML.link(raw, into: parentRaw, before: beforeRaw)
    document.treeDidChange()
    // Step 8.
    let node = document.node(for: raw)
    document.notifyObservers {
      $0.childListChanged(parent, added: [node], removed: [], previousSibling: previousSibling, nextSibling: child)
    }
  }

  /// https://dom.spec.whatwg.org/#concept-node-remove for a node the parser moves or drops (steps 4-9, 11, 15);
  /// the parser keeps owning what it drops.
  func unlink(_ raw: xmlNodePtr) {
    guard let parentRaw = LibXML.parent(raw) else { return }
    let node = document.node(for: raw), parent = document.node(for: parentRaw)
    // Steps 4-9: live ranges, NodeIterators, transient registered observers.
    document.notifyObservers { $0.nodeWillBeRemoved(node) }
    let previousSibling = LibXML.previous(raw).map(document.node(for:))
    let nextSibling = LibXML.next(raw).map(document.node(for:))
    // Step 11.
    LibXML.unlink(raw)
    document.treeDidChange()
    // Step 15.
    document.notifyObservers {
      $0.childListChanged(parent, added: [], removed: [node], previousSibling: previousSibling, nextSibling: nextSibling)
    }
  }
}
