/// `:nth-child(An+B [of S])`, `:nth-last-child`, `:nth-of-type`, `:nth-last-of-type`.
/// https://drafts.csswg.org/selectors-4/#child-index
extension Matcher {
  /// How many siblings the count walks before it asks the query's `SiblingIndexCache` instead (from the second such
  /// count in a query): counting from the first sibling for each of 100,000 list items was quadratic.
  static var directCountLimit: Int { 32 }

  /// Step 1. With `of S`, the element itself must match S.
  /// Step 2. Its index is 1 + the number of siblings before it (after it, for `-last-`) that count:
  ///         all elements, those of the same type, or those matching S.
  /// Step 3. It matches when some n ≥ 0 gives An+B == index.
  func matches(_ nth: NthSelector, _ element: E) -> Bool {
    // Step 1.
    if let filter = nth.filter, !matches(filter, element) { return false }
    // Step 2, from the indexes computed for this group of siblings, if any.
    if let known = siblingIndexes.knownPosition(of: element, kind(of: nth)) {
      return nth.formula.matches(nth.fromEnd ? known.count - known.index + 1 : known.index)
    }
    // Else counting the nearest siblings directly.
    var index = 1
    var walked = 0
    var sibling = nth.fromEnd ? element.selectorNextSibling : element.selectorPreviousSibling
    while let s = sibling {
      if counts(s, toward: nth, of: element) {
        index += 1
        // With A ≤ 0, indexes past B never match.
        if nth.formula.a <= 0 && index > nth.formula.b { return false }
      }
      walked += 1
      // The first long count of a query walks on (one `element.matches()` has no other sibling to ask about);
      // from the second, the query computes the group's indexes once.
      if walked == Matcher.directCountLimit, siblingIndexes.longCountSeen() {
        // Step 2 for the rest, from indexes computed once per group of siblings.
        let position = siblingIndexes.position(of: element, kind(of: nth)) { counts($0, toward: nth, of: element) }
        index = nth.fromEnd ? position.count - position.index + 1 : position.index
        break
      }
      sibling = nth.fromEnd ? s.selectorNextSibling : s.selectorPreviousSibling
    }
    // Step 3.
    return nth.formula.matches(index)
  }

  /// Whether `sibling` counts toward the index of `element`.
  private func counts(_ sibling: E, toward nth: NthSelector, of element: E) -> Bool {
    if nth.ofType {
      return sibling.selectorIsHTML == element.selectorIsHTML && sibling.selectorLocalName == element.selectorLocalName
    }
    if let filter = nth.filter { return matches(filter, sibling) }
    return true
  }

  private func kind(of nth: NthSelector) -> SiblingIndexCache<E>.Kind {
    if nth.ofType { return .ofType }
    if nth.filter != nil { return .filter(nth.filterKey) }
    return .all
  }
}

/// The index of each element among its counted siblings, computed for a whole group of siblings at once and kept
/// for one query.
///
/// The tree does not change while a query matches, so nothing invalidates an entry; a new query starts empty.
final class SiblingIndexCache<E: SelectorElement> {
  /// Which siblings count: all, those of the element's own type, or those matching an `of S` filter.
  enum Kind: Hashable {
    case all, ofType
    case filter(Int)
  }

  /// 1-based index among the counted siblings (from the first), and how many count in all.
  struct Position {
    var index: Int
    var count: Int
  }

  private struct Key: Hashable {
    let kind: Kind
    let element: E.SelectorIdentity
  }

  /// Each position, with its element, kept alive so that its identity is not reused during the query.
  private var positions: [Key: (element: E, position: Position)] = [:]
  /// Whether a count in this query has walked past the direct-count limit.
  private var sawLongCount = false

  /// True from the second count past the direct-count limit in this query: indexing the whole group pays then.
  /// (Indexing on the first made each of 8,000 `element.matches(':nth-child(odd)')` calls on siblings index all
  /// 8,000: 32 s.)
  func longCountSeen() -> Bool {
    defer { sawLongCount = true }
    return sawLongCount
  }

  /// The position of `element` if its group of siblings has been computed.
  func knownPosition(of element: E, _ kind: Kind) -> Position? {
    if positions.isEmpty { return nil }
    return positions[Key(kind: kind, element: element.selectorIdentity)]?.position
  }

  /// The position of `element`, which counts itself. For `.all` and `.filter`, `counts` says whether a sibling
  /// counts (the same for every sibling of the group); `.ofType` groups siblings by type instead.
  func position(of element: E, _ kind: Kind, counts: (E) -> Bool) -> Position {
    if let known = knownPosition(of: element, kind) { return known }
    fill(around: element, kind, counts: counts)
    return positions[Key(kind: kind, element: element.selectorIdentity)]?.position ?? Position(index: 1, count: 1)
  }

  /// Computes the positions of every sibling of `element` in one pass: the counted ones, grouped by type for
  /// `.ofType`.
  private func fill(around element: E, _ kind: Kind, counts: (E) -> Bool) {
    var first = element.selectorParent?.selectorFirstChild ?? element
    while let previous = first.selectorPreviousSibling { first = previous }
    // For each counted sibling: its group (its type, for .ofType) and its index in it.
    var counted: [(element: E, group: Int, index: Int)] = []
    var groupOfType: [TypeKey: Int] = [:]
    var groupSizes: [Int] = []
    var sibling: E? = first
    while let s = sibling {
      sibling = s.selectorNextSibling
      let group: Int
      switch kind {
      case .ofType:
        let type = TypeKey(isHTML: s.selectorIsHTML, localName: s.selectorLocalName)
        if let known = groupOfType[type] {
          group = known
        } else {
          group = groupSizes.count
          groupOfType[type] = group
          groupSizes.append(0)
        }
      case .all, .filter:
        guard counts(s) else { continue }
        if groupSizes.isEmpty { groupSizes.append(0) }
        group = 0
      }
      groupSizes[group] += 1
      counted.append((s, group, groupSizes[group]))
    }
    for entry in counted {
      let position = Position(index: entry.index, count: groupSizes[entry.group])
      positions[Key(kind: kind, element: entry.element.selectorIdentity)] = (entry.element, position)
    }
  }

  private struct TypeKey: Hashable {
    let isHTML: Bool
    let localName: String
  }
}
