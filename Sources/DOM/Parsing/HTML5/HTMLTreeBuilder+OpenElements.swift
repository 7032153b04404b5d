extension HTMLTreeBuilder {
  /// The stack of open elements (https://html.spec.whatwg.org/#stack-of-open-elements), indexed so that every
  /// question the tree builder asks of it costs about the same however deep it is.
  ///
  /// The spec's steps walk the stack from the top: "has an element in scope" until the element or a scope boundary,
  /// "any other end tag" until the element or a special one, foreign content until an HTML element, resetting the
  /// insertion mode until one of a few names. Walked literally, a page of 50,000 unclosed `<span>`s followed by as
  /// many `</x>`s takes seconds (Chromium 156 takes 14 s), and so do `<p><object>` followed by `<div>`s, ruby,
  /// SVG end tags and nested optgroups. Here each element gets a key, increasing up the stack, and the stack keeps
  /// the keys of the elements of each HTML name, of each foreign (lowercased) name and of each `Kind`, bottom to
  /// top. A walk becomes a comparison of two topmost keys: "`p` is in button scope" is "the topmost `p` is above
  /// the topmost button-scope boundary".
  ///
  /// The keys are `OrderKeys`. A push or pop touches only the lists of that element; known names use an array slot
  /// (`Element.countSlot`), other names one hash.
  struct OpenElements: RandomAccessCollection, ExpressibleByArrayLiteral {
    /// The lists of elements the stack keeps besides the by-name ones.
    enum Kind: Int, CaseIterable {
      case html, special, boundsScope, boundsListItemScope, boundsButtonScope, boundsTableScope
      case endsListItemSearch, resetsMode

      func contains(ns: NS, flags: Flags) -> Bool {
        switch self {
        case .html: return ns == .html
        case .special: return flags.contains(.special)
        case .boundsScope: return flags.contains(.scope)
        case .boundsListItemScope: return !flags.isDisjoint(with: [.scope, .listItemScope])
        case .boundsButtonScope: return !flags.isDisjoint(with: [.scope, .buttonScope])
        case .boundsTableScope: return flags.contains(.tableScope)
        case .endsListItemSearch: return flags.contains(.endsListItemSearch)
        case .resetsMode: return ns == .html && flags.contains(.resetsMode)
        }
      }

      /// The kinds an element is, as bits (`Element.kinds`, computed when it is created).
      static func bits(ns: NS, flags: Flags) -> UInt8 {
        allCases.reduce(0) { $1.contains(ns: ns, flags: flags) ? $0 | 1 << $1.rawValue : $0 }
      }
    }

    private var elements: [Element] = []
    private var keys = OrderKeys()
    private var byKind = [[Int]](repeating: [], count: Kind.allCases.count)
    /// Keys of the HTML elements with a count slot, by slot.
    private var bySlot = [[Int]](repeating: [], count: 256)
    /// Keys of the HTML elements without one, by name.
    private var byName: [String: [Int]] = [:]
    /// Keys of the SVG and MathML elements, by ASCII-lowercased name (as foreign content's end tags match them).
    private var byForeignName: [String: [Int]] = [:]

    init() {}
    init(arrayLiteral elements: Element...) { for e in elements { append(e) } }

    var startIndex: Int { 0 }
    var endIndex: Int { elements.count }
    func index(after i: Int) -> Int { i + 1 }
    func index(before i: Int) -> Int { i - 1 }

    subscript(position: Int) -> Element {
      get { elements[position] }
      set {
        let old = elements[position]
        if old.ns == newValue.ns, old.name == newValue.name, old.flags == newValue.flags {
          elements[position] = newValue  // The same lists: only the node changes.
        } else {
          remove(at: position)
          insert(newValue, at: position)
        }
      }
    }

    // MARK: Questions

    /// True when an HTML element named `name` is anywhere on the stack.
    func containsHTML(_ name: String) -> Bool { lastKey(ofHTML: name) != nil }

    /// The index of the topmost HTML element named `name`.
    func lastIndex(ofHTML name: String) -> Int? { lastKey(ofHTML: name).map(keys.index(of:)) }

    /// The index of the topmost element of `kind`.
    func lastIndex(of kind: Kind) -> Int? { byKind[kind.rawValue].last.map(keys.index(of:)) }

    /// The index of the lowest element of `kind` above `index`.
    func firstIndex(of kind: Kind, above index: Int) -> Int? {
      let list = byKind[kind.rawValue]
      let position = OrderKeys.firstPosition(after: keys[index], in: list)
      return position < list.count ? keys.index(of: list[position]) : nil
    }

    /// The indices of the elements of `kind`, bottom to top.
    func indices(of kind: Kind) -> [Int] { byKind[kind.rawValue].map(keys.index(of:)) }

    /// Where `element` is on the stack: usually one of the top few, else found among the elements of its name.
    func index(of element: Element) -> Int? {
      for i in elements.indices.reversed().prefix(8) where elements[i].node == element.node { return i }
      for key in nameList(of: element).reversed() {
        let i = keys.index(of: key)
        if elements[i].node == element.node { return i }
      }
      return nil
    }

    /// The index of the topmost SVG or MathML element whose lowercased name is `name`, when it is above every HTML
    /// element: the node foreign content's "any other end tag" steps pop to.
    func foreignEndTagTarget(_ name: String) -> Int? {
      guard let key = byForeignName[name]?.last, key > byKind[Kind.html.rawValue].last ?? Int.min else { return nil }
      return keys.index(of: key)
    }

    private func lastKey(ofHTML name: String) -> Int? {
      if let slot = Flags.htmlNames[name]?.countSlot { return bySlot[Int(slot)].last }
      return byName[name]?.last
    }

    private func nameList(of e: Element) -> [Int] {
      if e.ns != .html { return byForeignName[asciiLowercased(e.name)] ?? [] }
      if e.countSlot != 0 { return bySlot[Int(e.countSlot)] }
      return byName[e.name] ?? []
    }

    // MARK: Changes

    mutating func append(_ e: Element) {
      let key = keys.append()
      elements.append(e)
      list(e) { $0.append(key) }
    }

    @discardableResult
    mutating func removeLast() -> Element {
      let e = elements.removeLast()
      keys.removeLast()
      list(e) { $0.removeLast() }
      return e
    }

    mutating func popLast() -> Element? { elements.isEmpty ? nil : removeLast() }

    mutating func remove(at index: Int) {
      if index == elements.count - 1 { removeLast(); return }
      let e = elements.remove(at: index)
      let key = keys.remove(at: index)
      list(e) { $0.removeKey(key) }
    }

    mutating func insert(_ e: Element, at index: Int) {
      if index == elements.count { append(e); return }
      guard let key = keys.insert(at: index) else {
        renumber()
        return insert(e, at: index)
      }
      elements.insert(e, at: index)
      list(e) { $0.insertKey(key) }
    }

    /// Removes every element above the bottom one.
    mutating func removeAllButFirst() {
      while elements.count > 1 { removeLast() }
    }

    /// Runs `change` on every list `e` belongs to.
    private mutating func list(_ e: Element, _ change: (inout [Int]) -> Void) {
      var kinds = e.kinds
      while kinds != 0 {
        change(&byKind[kinds.trailingZeroBitCount])
        kinds &= kinds - 1
      }
      if e.ns != .html {
        change(&byForeignName[asciiLowercased(e.name), default: []])
      } else if e.countSlot != 0 {
        change(&bySlot[Int(e.countSlot)])
      } else {
        change(&byName[e.name, default: []])
      }
    }

    private mutating func renumber() {
      let all = elements
      self = OpenElements()
      for e in all { append(e) }
    }
  }
}
