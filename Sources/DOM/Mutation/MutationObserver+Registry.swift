/// A registered observer: an observer and its options on one node, or a transient one (made for a removed node so
/// that subtree observation sees it until the next delivery).
///
/// https://dom.spec.whatwg.org/#registered-observer and https://dom.spec.whatwg.org/#transient-registered-observer
final class RegisteredObserver {
  let observer: MutationObserver
  var options: MutationObserver.Options
  /// The registration a transient one was made from; nil for a registration made by `observe()`.
  weak var source: RegisteredObserver?
  let isTransient: Bool

  init(observer: MutationObserver, options: MutationObserver.Options, source: RegisteredObserver? = nil) {
    self.observer = observer
    self.options = options
    self.source = source
    isTransient = source != nil
  }
}

/// A document's registered observer lists (https://dom.spec.whatwg.org/#registered-observer-list), keyed by node.
///
/// The document creates it on the first `observe()` of one of its nodes and keeps it; it follows the document's
/// changes as a ``TreeObserver`` and queues the mutation records.
final class MutationObserverRegistry: TreeObserver {
  private var lists: [ObjectIdentifier: [RegisteredObserver]] = [:]
  /// The document whose lists these are (which owns the registry).
  private unowned let document: Document

  init(document: Document) { self.document = document }

  func registrations(of node: Node) -> [RegisteredObserver] { lists[ObjectIdentifier(node)] ?? [] }

  func add(_ registration: RegisteredObserver, to node: Node) {
    lists[ObjectIdentifier(node), default: []].append(registration)
  }

  /// Removes and returns `node`'s registered observers (nil when it has none): they follow it to another document.
  func takeRegistrations(of node: Node) -> [RegisteredObserver]? {
    defer { retireIfEmpty() }
    return lists.removeValue(forKey: ObjectIdentifier(node))
  }

  func add(_ registrations: [RegisteredObserver], to node: Node) {
    lists[ObjectIdentifier(node), default: []].append(contentsOf: registrations)
  }

  func removeRegistrations(of node: Node, where shouldRemove: (RegisteredObserver) -> Bool) {
    let key = ObjectIdentifier(node)
    lists[key]?.removeAll(where: shouldRemove)
    if lists[key]?.isEmpty == true { lists[key] = nil }
    retireIfEmpty()
  }

  /// With no registration left, the document stops reporting to the registry (and computing old values for it).
  private func retireIfEmpty() {
    guard lists.isEmpty, document.mutationObservers === self else { return }
    document.mutationObservers = nil
    document.removeTreeObserver(self)
  }

  /// https://dom.spec.whatwg.org/#queue-a-mutation-record
  private func queueRecord(
    _ type: MutationRecord.Kind, target: Node, name: String? = nil, namespace: String? = nil, oldValue: String? = nil,
    added: [Node] = [], removed: [Node] = [], previousSibling: Node? = nil, nextSibling: Node? = nil
  ) {
    guard !lists.isEmpty else { return }
    // Step 1. The interested observers, in the order met, each with the old value it gets.
    var interested: [(observer: MutationObserver, oldValue: String?)] = []
    // Steps 2-3. Walk the target's inclusive ancestors and their registered observers.
    var node: Node? = target
    while let current = node {
      for registered in lists[ObjectIdentifier(current)] ?? [] {
        let options = registered.options
        // Step 3.2. Skip a registration these options exclude.
        if current !== target && !options.subtree { continue }
        switch type {
        case .attributes:
          guard options.attributes == true else { continue }
          if let filter = options.attributeFilter, namespace != nil || !filter.contains(name ?? "") { continue }
        case .characterData:
          guard options.characterData == true else { continue }
        case .childList:
          guard options.childList else { continue }
        }
        // Step 3.2.2-3. Once per observer; the old value when it asked for it.
        let wantsOldValue =
          (type == .attributes && options.attributeOldValue == true)
          || (type == .characterData && options.characterDataOldValue == true)
        if let index = interested.firstIndex(where: { $0.observer === registered.observer }) {
          if wantsOldValue { interested[index].oldValue = oldValue }
        } else {
          interested.append((registered.observer, wantsOldValue ? oldValue : nil))
        }
      }
      node = current.parentNode
    }
    // Step 4. One record per interested observer.
    for (observer, mappedOldValue) in interested {
      observer.enqueue(
        MutationRecord(
          type: type, target: target, addedNodes: added, removedNodes: removed, previousSibling: previousSibling,
          nextSibling: nextSibling, attributeName: name, attributeNamespace: namespace, oldValue: mappedOldValue))
    }
  }

  func childListChanged(_ parent: Node, added: [Node], removed: [Node], previousSibling: Node?, nextSibling: Node?) {
    queueRecord(
      .childList, target: parent, added: added, removed: removed, previousSibling: previousSibling,
      nextSibling: nextSibling)
  }

  func attributeChanged(_ element: Element, localName: String, namespaceURI: String?, oldValue: String?) {
    queueRecord(.attributes, target: element, name: localName, namespace: namespaceURI, oldValue: oldValue)
  }

  func characterDataReplaced(_ node: CharacterData, offset: Int, removed: Int, inserted: Int, oldValue: String) {
    queueRecord(.characterData, target: node, oldValue: oldValue)
  }

  /// https://dom.spec.whatwg.org/#concept-node-remove step 14: subtree observers of the parent's inclusive ancestors
  /// keep seeing the removed node until their next delivery.
  func nodeWillBeRemoved(_ node: Node) {
    guard !lists.isEmpty else { return }
    var ancestor = node.parentNode
    while let current = ancestor {
      for registered in lists[ObjectIdentifier(current)] ?? [] where registered.options.subtree {
        add(RegisteredObserver(observer: registered.observer, options: registered.options, source: registered), to: node)
        if !registered.observer.nodeList.contains(where: { $0.node === node }) {
          registered.observer.nodeList.append(WeakObservedNode(node))
        }
      }
      ancestor = current.parentNode
    }
  }
}

extension Document {
  /// This document's registered observer lists, created (and registered as a tree observer) on first use.
  func mutationObserverRegistry() -> MutationObserverRegistry {
    if let mutationObservers { return mutationObservers }
    let registry = MutationObserverRegistry(document: self)
    mutationObservers = registry
    addTreeObserver(registry)
    return registry
  }
}
