import CLibXML2

extension HTMLTreeBuilder {
  /// The list of active formatting elements (https://html.spec.whatwg.org/#list-of-active-formatting-elements),
  /// indexed once it is long.
  ///
  /// Its steps scan the list back to the last marker: Noah's Ark for every formatting start tag, the adoption
  /// agency's search for every formatting end tag. Elements with distinct attributes never leave the list, so
  /// 20,000 `<font color=N>` tags took 8.8 s. Past `indexedLength` entries the list keeps a `FormattingIndex`: each entry's
  /// `OrderKeys` key, and the keys of the markers, of the elements of each name and of each hash of the name and
  /// attributes (Noah's Ark's "equal" elements, and any others with that hash, told apart when there are three), so
  /// each step is a few binary searches. A short list (almost every page's) is scanned, which costs less than
  /// hashing every element's attributes.
  struct ActiveFormattingElements: RandomAccessCollection {
    private var entries: [Formatting] = []
    private var index: FormattingIndex?

    /// Past this many entries the list is indexed; below a quarter of it, no longer.
    private static let indexedLength = 32

    var startIndex: Int { 0 }
    var endIndex: Int { entries.count }
    func index(after i: Int) -> Int { i + 1 }
    func index(before i: Int) -> Int { i - 1 }

    subscript(position: Int) -> Formatting {
      get { entries[position] }
      set {
        guard case .element(_, let old) = entries[position], case .element(_, let new) = newValue, old == new else {
          preconditionFailure("an entry is replaced only by an element for the same tag")
        }
        entries[position] = newValue  // The same tag: the same lists and hash; only the element changes.
      }
    }

    // MARK: Questions

    /// The last element named `name` after the last marker.
    func lastElement(named name: String) -> Element? {
      guard let index else {
        for entry in entries.reversed() {
          guard let e = entry.element else { return nil }
          if e.name == name { return e }
        }
        return nil
      }
      return index.lastElement(named: name).map { entries[$0].element! }
    }

    /// The index of the entry for `element`.
    func index(of element: Element) -> Int? {
      guard let index else { return entries.lastIndex { $0.element?.node == element.node } }
      return index.positions(of: element).first { entries[$0].element?.node == element.node }
    }

    /// Noah's Ark: the index of the earliest element after the last marker equal to `tag` when there are three.
    private func earliestOfThreeEqual(to tag: HTMLTag, hash: Int?) -> Int? {
      let candidates: [Int]
      if let index, let hash {
        candidates = index.positionsAfterLastMarker(withHash: hash)
        guard candidates.count >= 3 else { return nil }
      } else {
        candidates = Array(entries.indices.reversed().prefix { entries[$0].element != nil }.reversed())
      }
      let equal = candidates.filter {
        if case .element(_, let t) = entries[$0] { return Self.equal(t, tag) } else { return false }
      }
      return equal.count >= 3 ? equal[0] : nil
    }

    private static func equal(_ a: HTMLTag, _ b: HTMLTag) -> Bool {
      guard a.name == b.name, a.attributes.count == b.attributes.count else { return false }
      return a.attributes.allSatisfy { b.attribute($0.name) == $0.value }
    }

    // MARK: Changes

    /// https://html.spec.whatwg.org/#push-onto-the-list-of-active-formatting-elements
    mutating func push(_ element: Element, _ tag: HTMLTag) {
      let hash = index == nil ? nil : FormattingIndex.equalityHash(tag)
      // Step 1 (Noah's Ark): at most three equal elements after the last marker; remove the earliest.
      if let earliest = earliestOfThreeEqual(to: tag, hash: hash) { remove(at: earliest) }
      // Step 2.
      append(.element(element, tag))
    }

    mutating func appendMarker() { append(.marker) }

    private mutating func append(_ entry: Formatting) {
      entries.append(entry)
      index?.append(entry)
      if index == nil, entries.count > Self.indexedLength { index = FormattingIndex(entries) }
    }

    @discardableResult
    mutating func popLast() -> Formatting? {
      guard let entry = entries.popLast() else { return nil }
      index?.removeLast(entry)
      shrink()
      return entry
    }

    mutating func remove(at position: Int) {
      if position == entries.count - 1 { popLast(); return }
      let entry = entries.remove(at: position)
      index?.remove(entry, at: position)
      shrink()
    }

    /// Inserts an element entry (the adoption agency's).
    mutating func insert(_ entry: Formatting, at position: Int) {
      if position == entries.count { return append(entry) }
      entries.insert(entry, at: position)
      if index?.insert(entry, at: position) == false { index = FormattingIndex(entries) }
    }

    private mutating func shrink() {
      if index != nil, entries.count < Self.indexedLength / 4 { index = nil }
    }
  }

  /// The keys of a long list of active formatting elements.
  private struct FormattingIndex {
    private var keys = OrderKeys()
    /// Each entry's `equalityHash` (0 for a marker).
    private var hashes: [Int] = []
    private var markers: [Int] = []
    /// Keys of the elements of each name, by `Element.countSlot` (every formatting element's name has one).
    private var bySlot = [[Int]](repeating: [], count: 256)
    private var byHash: [Int: [Int]] = [:]

    init(_ entries: [Formatting]) { for entry in entries { append(entry) } }

    /// A hash of what Noah's Ark compares: the name and the attributes, in any order (the elements are HTML).
    static func equalityHash(_ tag: HTMLTag) -> Int {
      var attributes = 0
      for a in tag.attributes { attributes &+= a.hashValue }  // The order does not count.
      var hasher = Hasher()
      hasher.combine(tag.name)
      hasher.combine(attributes)
      return hasher.finalize()
    }

    func lastElement(named name: String) -> Int? {
      guard let slot = Flags.htmlNames[name]?.countSlot, let key = bySlot[Int(slot)].last, key > markers.last ?? 0
      else { return nil }
      return keys.index(of: key)
    }

    /// The positions of the entries named as `element` is, last first.
    func positions(of element: Element) -> [Int] { bySlot[Int(element.countSlot)].reversed().map(keys.index(of:)) }

    func positionsAfterLastMarker(withHash hash: Int) -> [Int] {
      guard let list = byHash[hash] else { return [] }
      return list[OrderKeys.firstPosition(after: markers.last ?? 0, in: list)...].map(keys.index(of:))
    }

    mutating func append(_ entry: Formatting) {
      let key = keys.append()
      let hash = Self.hash(entry)
      hashes.append(hash)
      lists(entry, hash) { $0.append(key) }
    }

    mutating func removeLast(_ entry: Formatting) {
      keys.removeLast()
      lists(entry, hashes.removeLast()) { $0.removeLast() }
    }

    mutating func remove(_ entry: Formatting, at position: Int) {
      let key = keys.remove(at: position)
      lists(entry, hashes.remove(at: position)) { $0.removeKey(key) }
    }

    /// False when there is no key left between the neighbours: build the index again.
    mutating func insert(_ entry: Formatting, at position: Int) -> Bool {
      guard let key = keys.insert(at: position) else { return false }
      let hash = Self.hash(entry)
      hashes.insert(hash, at: position)
      lists(entry, hash) { $0.insertKey(key) }
      return true
    }

    private static func hash(_ entry: Formatting) -> Int {
      if case .element(_, let tag) = entry { return equalityHash(tag) } else { return 0 }
    }

    /// Runs `change` on every list `entry` belongs to.
    private mutating func lists(_ entry: Formatting, _ hash: Int, _ change: (inout [Int]) -> Void) {
      switch entry {
      case .marker: change(&markers)
      case .element(let e, _):
        precondition(e.countSlot != 0, "a formatting element without a slot")
        change(&bySlot[Int(e.countSlot)])
        change(&byHash[hash, default: []])
      }
    }
  }
}
