extension HTMLTreeBuilder {
  /// The stack of open elements (https://html.spec.whatwg.org/#stack-of-open-elements), with a count of the HTML
  /// elements of each name the tree builder asks about (`Flags.htmlNames`) that it holds.
  ///
  /// The scope checks walk the stack from the top, and most of them look for an element that is not there at all
  /// (every block start tag asks for a `p` in button scope): the counts answer those at once, so 100,000 nested
  /// `<div>`s parse in linear time instead of walking the whole stack per tag. The counts sit in an array indexed
  /// by the element's count slot: a push or pop costs no hashing.
  struct OpenElements: RandomAccessCollection, MutableCollection, RangeReplaceableCollection, ExpressibleByArrayLiteral {
    private var elements: [Element] = []
    private var htmlCounts = [Int](repeating: 0, count: 256)

    init() {}
    init(arrayLiteral elements: Element...) { append(contentsOf: elements) }

    var startIndex: Int { 0 }
    var endIndex: Int { elements.count }
    func index(after i: Int) -> Int { i + 1 }
    func index(before i: Int) -> Int { i - 1 }

    subscript(position: Int) -> Element {
      get { elements[position] }
      set {
        forget(elements[position])
        remember(newValue)
        elements[position] = newValue
      }
    }

    /// True when an HTML element named `name` is anywhere on the stack.
    func containsHTML(_ name: String) -> Bool {
      if let slot = Flags.htmlNames[name]?.countSlot { return htmlCounts[Int(slot)] > 0 }
      return elements.contains { $0.isHTML(name) }
    }

    mutating func replaceSubrange<C: Collection<Element>>(_ range: Range<Int>, with new: C) {
      for e in elements[range] { forget(e) }
      for e in new { remember(e) }
      elements.replaceSubrange(range, with: new)
    }

    mutating func append(_ e: Element) {
      remember(e)
      elements.append(e)
    }

    @discardableResult
    mutating func removeLast() -> Element {
      let e = elements.removeLast()
      forget(e)
      return e
    }

    mutating func popLast() -> Element? { elements.isEmpty ? nil : removeLast() }

    private mutating func remember(_ e: Element) { htmlCounts[Int(e.countSlot)] += 1 }

    private mutating func forget(_ e: Element) { htmlCounts[Int(e.countSlot)] -= 1 }
  }
}
