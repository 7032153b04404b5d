/// A MutationObserver's record queue and registrations, without the script callback.
///
/// https://dom.spec.whatwg.org/#interface-mutationobserver
/// ``observe(_:options:)`` registers the observer on a node (in its document's ``MutationObserverRegistry``);
/// changes matching the options queue ``MutationRecord``s, and the first queued record asks the observer's
/// ``MutationObserverAgent`` for a microtask, which hands every pending observer its records. Nodes hold their
/// registered observers (strongly, as the spec's registered observer lists do); an observer refers to the nodes it
/// observes weakly, so it keeps no node and no document alive.
public final class MutationObserver {
  /// What to observe (https://dom.spec.whatwg.org/#dictdef-mutationobserverinit); nil means "not given".
  public struct Options: Equatable, Sendable {
    public var childList = false
    public var attributes: Bool?
    public var characterData: Bool?
    public var subtree = false
    public var attributeOldValue: Bool?
    public var characterDataOldValue: Bool?
    public var attributeFilter: [String]?

    public init(
      childList: Bool = false, attributes: Bool? = nil, characterData: Bool? = nil, subtree: Bool = false,
      attributeOldValue: Bool? = nil, characterDataOldValue: Bool? = nil, attributeFilter: [String]? = nil
    ) {
      self.childList = childList
      self.attributes = attributes
      self.characterData = characterData
      self.subtree = subtree
      self.attributeOldValue = attributeOldValue
      self.characterDataOldValue = characterDataOldValue
      self.attributeFilter = attributeFilter
    }
  }

  /// Invalid options: scripts see it as a `TypeError` with this message.
  public struct OptionsError: Error, Equatable {
    public let message: String
  }

  /// What the microtask calls with the observer's records (the script callback, in the bindings).
  public typealias Callback = (MutationObserver, [MutationRecord]) -> Void

  let callback: Callback
  /// The agent whose microtask delivers this observer's records.
  public let agent: MutationObserverAgent
  /// https://dom.spec.whatwg.org/#concept-mo-queue
  var recordQueue: [MutationRecord] = []
  /// https://dom.spec.whatwg.org/#mutationobserver-node-list (weak: nodes own their registrations).
  var nodeList: [WeakObservedNode] = []

  /// A new observer whose records go to `callback` in `agent`'s microtask.
  public init(agent: MutationObserverAgent, callback: @escaping Callback) {
    self.agent = agent
    self.callback = callback
  }

  /// https://dom.spec.whatwg.org/#dom-mutationobserver-observe
  public func observe(_ target: Node, options: Options) throws(OptionsError) {
    var options = options
    // Step 1. attributeOldValue or attributeFilter given without attributes: attributes is true.
    if (options.attributeOldValue != nil || options.attributeFilter != nil) && options.attributes == nil {
      options.attributes = true
    }
    // Step 2. characterDataOldValue given without characterData: characterData is true.
    if options.characterDataOldValue != nil && options.characterData == nil { options.characterData = true }
    // Step 3. Something must be observed.
    guard options.childList || options.attributes == true || options.characterData == true else {
      throw OptionsError(message: "The options object must set at least one of 'attributes', 'characterData', or 'childList' to true.")
    }
    // Step 4. attributeOldValue needs attributes.
    if options.attributeOldValue == true && options.attributes == false {
      throw OptionsError(message: "The options object may only set 'attributeOldValue' to true when 'attributes' is true or not present.")
    }
    // Step 5. attributeFilter needs attributes.
    if options.attributeFilter != nil && options.attributes == false {
      throw OptionsError(message: "The options object may only set 'attributeFilter' when 'attributes' is true or not present.")
    }
    // Step 6. characterDataOldValue needs characterData.
    if options.characterDataOldValue == true && options.characterData == false {
      throw OptionsError(message: "The options object may only set 'characterDataOldValue' to true when 'characterData' is true or not present.")
    }
    let registry = target.document.mutationObserverRegistry()
    // Step 7. Already registered on target: drop the transient registrations it made, replace its options.
    if let existing = registry.registrations(of: target).first(where: { $0.observer === self && !$0.isTransient }) {
      for entry in nodeList {
        guard let node = entry.node, entry.document != nil else { continue }
        node.document.mutationObserverRegistry().removeRegistrations(of: node) { $0.source === existing }
      }
      existing.options = options
      return
    }
    // Step 8. Otherwise register, and remember the node.
    registry.add(RegisteredObserver(observer: self, options: options), to: target)
    nodeList.append(WeakObservedNode(target))
  }

  /// https://dom.spec.whatwg.org/#dom-mutationobserver-disconnect
  public func disconnect() {
    // Step 1. Remove every registration of this observer from the nodes it observes.
    for entry in nodeList {
      guard let node = entry.node, entry.document != nil else { continue }
      node.document.mutationObserverRegistry().removeRegistrations(of: node) { $0.observer === self }
    }
    nodeList = []
    // Step 2. Empty the record queue.
    recordQueue = []
  }

  /// https://dom.spec.whatwg.org/#dom-mutationobserver-takerecords
  public func takeRecords() -> [MutationRecord] {
    defer { recordQueue = [] }
    return recordQueue
  }

  /// Appends a record and makes sure the agent's microtask will deliver it.
  func enqueue(_ record: MutationRecord) {
    recordQueue.append(record)
    agent.observerHasRecords(self)
  }

  /// https://dom.spec.whatwg.org/#notify-mutation-observers step 5.3: drop this observer's transient registrations.
  func removeTransientRegistrations() {
    nodeList.removeAll { entry in
      guard let node = entry.node, entry.document != nil else { return true }
      let registry = node.document.mutationObserverRegistry()
      registry.removeRegistrations(of: node) { $0.observer === self && $0.isTransient }
      return !registry.registrations(of: node).contains { $0.observer === self }
    }
  }
}

/// A node an observer observes, held weakly (with its document, which owns it).
struct WeakObservedNode {
  weak var node: Node?
  weak var document: Document?

  init(_ node: Node) {
    self.node = node
    document = node.document
  }
}

/// The "surrounding agent" of MutationObservers: their pending set and the one mutation observer microtask.
///
/// https://dom.spec.whatwg.org/#mutation-observers. The host gives it a way to queue a microtask; the microtask
/// calls ``notifyObservers()``.
public final class MutationObserverAgent {
  /// Queues a microtask that calls ``notifyObservers()`` (the bindings use the script's microtask queue).
  public var queueMicrotask: (@escaping () -> Void) -> Void
  /// https://dom.spec.whatwg.org/#mutation-observer-microtask-queued
  private var microtaskQueued = false
  /// https://dom.spec.whatwg.org/#pending-mutation-observers (in the order they got their first record).
  private var pending: [MutationObserver] = []

  /// An agent whose microtasks go through `queueMicrotask`.
  public init(queueMicrotask: @escaping (@escaping () -> Void) -> Void) {
    self.queueMicrotask = queueMicrotask
  }

  /// https://dom.spec.whatwg.org/#queue-a-mutation-record step 4.3, then
  /// https://dom.spec.whatwg.org/#queue-a-mutation-observer-compound-microtask
  func observerHasRecords(_ observer: MutationObserver) {
    if !pending.contains(where: { $0 === observer }) { pending.append(observer) }
    // Step 1. One microtask at a time.
    guard !microtaskQueued else { return }
    // Step 2-3. Queue it.
    microtaskQueued = true
    queueMicrotask { [weak self] in self?.notifyObservers() }
  }

  /// https://dom.spec.whatwg.org/#notify-mutation-observers
  public func notifyObservers() {
    // Step 1. Let another microtask be queued.
    microtaskQueued = false
    // Steps 2-3. Take the pending observers.
    let notifySet = pending
    pending = []
    // Step 5. Hand each its records (slots, steps 4 and 6, do not exist here).
    for observer in notifySet {
      let records = observer.takeRecords()
      observer.removeTransientRegistrations()
      if !records.isEmpty { observer.callback(observer, records) }
    }
  }
}
