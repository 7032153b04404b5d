/// Something that follows a document's changes: live ranges, NodeIterators, MutationObserver queues.
///
/// The mutation algorithms report every change here, from one place each: the one insert
/// (`Node.insert(_:before:)`), the one remove (`Node.removeFromParent()`), attribute changes
/// (https://dom.spec.whatwg.org/#concept-element-attributes-change and its siblings) and character-data
/// replacement (https://dom.spec.whatwg.org/#concept-cd-replace). Every method has an empty default, so an
/// observer implements only what it needs. Observers are registered weakly with
/// ``Document/addTreeObserver(_:)``; a document with none pays one `isEmpty` check per change.
public protocol TreeObserver: AnyObject {
  /// `count` nodes are about to be inserted into `parent` before `child` (at the end when nil).
  ///
  /// https://dom.spec.whatwg.org/#concept-node-insert step 5 (the live range update).
  func nodesWillBeInserted(count: Int, into parent: Node, before child: Node?)

  /// `node` is about to be removed: its parent and index are still those it had.
  ///
  /// https://dom.spec.whatwg.org/#concept-node-remove steps 4-9 (live ranges, NodeIterators).
  func nodeWillBeRemoved(_ node: Node)

  /// A tree mutation record: `parent`'s children changed.
  ///
  /// https://dom.spec.whatwg.org/#queue-a-tree-mutation-record. Inserting a fragment, `replaceChild` and
  /// `replaceChildren` report one record for the whole change, as the spec's "suppress observers flag" does.
  func childListChanged(_ parent: Node, added: [Node], removed: [Node], previousSibling: Node?, nextSibling: Node?)

  /// An attribute of `element` was set, added or removed; `oldValue` is nil when it did not exist.
  ///
  /// https://dom.spec.whatwg.org/#handle-attribute-changes
  func attributeChanged(_ element: Element, localName: String, namespaceURI: String?, oldValue: String?)

  /// `removed` code units at `offset` of `node`'s data were replaced by `inserted` code units.
  ///
  /// https://dom.spec.whatwg.org/#concept-cd-replace (reported after the change, before the range steps).
  func characterDataReplaced(_ node: CharacterData, offset: Int, removed: Int, inserted: Int, oldValue: String)

  /// `node` was split at `offset`: `newNode` (already inserted after it) holds the rest, and `node`'s data is
  /// about to be truncated.
  ///
  /// https://dom.spec.whatwg.org/#concept-text-split step 7 (the live range update).
  func textWasSplit(_ node: Text, at offset: Int, into newNode: Text)

  /// `normalize()` is about to merge `text` (a following sibling of `node`) into `node`, whose data held
  /// `offset` code units before `text`'s (the merged data is already in `node`; `text` is removed after).
  ///
  /// https://dom.spec.whatwg.org/#dom-node-normalize steps 6.1-6.4 (the live range update).
  func textWillBeMerged(_ text: Text, into node: Text, at offset: Int)

  /// `node` (unlinked) and its subtree moved from this observer's document into `node.document`: an observer
  /// that follows nodes in it (a live range whose boundary points moved with it) registers there.
  ///
  /// https://dom.spec.whatwg.org/#concept-node-adopt step 3 (reported to the old document's observers).
  func subtreeWasAdopted(_ node: Node)
}

extension TreeObserver {
  public func nodesWillBeInserted(count: Int, into parent: Node, before child: Node?) {}
  public func nodeWillBeRemoved(_ node: Node) {}
  public func childListChanged(_ parent: Node, added: [Node], removed: [Node], previousSibling: Node?, nextSibling: Node?) {}
  public func attributeChanged(_ element: Element, localName: String, namespaceURI: String?, oldValue: String?) {}
  public func characterDataReplaced(_ node: CharacterData, offset: Int, removed: Int, inserted: Int, oldValue: String) {}
  public func textWasSplit(_ node: Text, at offset: Int, into newNode: Text) {}
  public func textWillBeMerged(_ text: Text, into node: Text, at offset: Int) {}
  public func subtreeWasAdopted(_ node: Node) {}
}

/// A weak reference to an observer, so the document's registry never keeps one alive. A class: copying a
/// weak reference out of an array costs more than the call it leads to, copying a box is a retain.
final class WeakTreeObserver {
  weak var observer: (any TreeObserver)?
  init(observer: any TreeObserver) { self.observer = observer }
}

extension Document {
  /// Registers `observer` (weakly) for this document's changes, in amortised constant time (scripts make
  /// ranges and iterators by the thousand). Each observer registers once per document it follows.
  public func addTreeObserver(_ observer: any TreeObserver) {
    if treeObservers.count >= treeObserverCompactionSize {
      treeObservers.removeAll { $0.observer == nil }
      treeObserverCompactionSize = max(16, 2 * treeObservers.count)
    }
    treeObservers.append(WeakTreeObserver(observer: observer))
  }

  /// Stops reporting changes to `observer`.
  public func removeTreeObserver(_ observer: any TreeObserver) {
    treeObservers.removeAll { $0.observer == nil || $0.observer === observer }
  }

  /// True when someone follows this document's changes (records and offsets are then worth computing).
  var isObserved: Bool { !treeObservers.isEmpty }

  /// Calls `body` for each live observer, in registration order.
  func notifyObservers(_ body: (any TreeObserver) -> Void) {
    guard !treeObservers.isEmpty else { return }
    // Over a snapshot: an observer may register or unregister others while being told.
    for entry in treeObservers {
      if let observer = entry.observer { body(observer) }
    }
  }

  /// Records that the tree (or an attribute collections select by) changed: live collections re-read after this.
  func treeDidChange() { treeVersion &+= 1 }
}
