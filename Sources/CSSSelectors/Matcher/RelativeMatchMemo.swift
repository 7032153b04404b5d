/// How many candidates `:has()` tries before asking a `RelativeMatchMemo` (a global: a generic class has no static
/// stored properties); tests lower it to exercise the memo on small trees.
nonisolated(unsafe) var relativeMatchWalkBudget = 256

/// For `:has()`: whether an element matches, for every element a query asks about, each computed once from its
/// children's and its next sibling's answers. Every combinator of a relative selector looks down or forward (` `,
/// `>`, `+`, `~`), so whether an element can play a compound's part does not depend on the anchor (`:scope` is the
/// query's), and the answers hold for every anchor in the query. `querySelectorAll("div:has(.x)")` on a chain n deep
/// then costs O(n × compounds) instead of a subtree walk per element, each with ancestor walks: O(n × depth) or
/// worse; `li:has(~ .x)` and `p:has(~ p + p.x)` over n items O(n) instead of O(n²).
///
/// For compounds C0 (the subject, rightmost) … Ck-1 and combinators c0 (left of C0) … ck-1 (the leading one, to the
/// anchor), each element e gets four sets of levels, as bits (k bits, in words of 64):
/// - M: e can be level i's element: e matches Ci, and (i > 0) R holds at level i-1;
/// - D: some strict descendant of e has M at that level;
/// - S: e or a following sibling of e has M at that level;
/// - R: some element related to e by ci has M at level i: a child (`>`: the children's M), a strict descendant
///   (` `: D), the next sibling (`+`: its M), a following sibling (`~`: the next sibling's S).
/// The anchor matches when R holds at level k-1.
///
/// An element is answered only after its children and, when a combinator looks sideways, its following siblings
/// (and so their subtrees): a subtree in reverse pre-order gives that order.
final class RelativeMatchMemo<E: SelectorElement> {
  private struct Key: Hashable {
    /// The selector's storage: equal selectors share it, and then their answers.
    let selector: UnsafeRawPointer?
    let element: E.SelectorIdentity
  }

  /// Each answered element's slot in `levels`.
  private var slots: [Key: Int] = [:]
  /// The answered elements, kept alive so that their identities are not reused during the query.
  private var elements: [E] = []
  /// Per slot, M, D, S and R, each `words` long (the selector's: a slot belongs to one selector).
  private var levels: [UInt64] = []

  /// The levels' parts, in a slot.
  private enum Part: Int { case m = 0, d, s, r }

  private func key(_ relative: ComplexSelector, _ element: E) -> Key {
    Key(selector: relative.compounds.withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) },
        element: element.selectorIdentity)
  }

  private static func words(_ relative: ComplexSelector) -> Int { (relative.compounds.count + 63) / 64 }

  private func bit(_ slot: Int, _ part: Part, _ level: Int, words: Int) -> Bool {
    levels[slot + part.rawValue * words + level / 64] & (1 << UInt64(level % 64)) != 0
  }

  /// The answer for `anchor`, if this query computed it.
  func answer(_ relative: ComplexSelector, anchor: E) -> Bool? {
    guard !slots.isEmpty, let slot = slots[key(relative, anchor)] else { return nil }
    return bit(slot, .r, relative.compounds.count - 1, words: Self.words(relative))
  }

  /// True when `anchor` matches `:has(relative)`.
  func matches(_ relative: ComplexSelector, anchor: E, _ matcher: Matcher<E>) -> Bool {
    bit(slot(relative, anchor, matcher), .r, relative.compounds.count - 1, words: Self.words(relative))
  }

  /// The slot of `root`, computed with those of its subtree (and, when a combinator looks sideways, of its
  /// following siblings and their subtrees) if this query has not yet.
  private func slot(_ relative: ComplexSelector, _ root: E, _ matcher: Matcher<E>) -> Int {
    if let known = slots[key(relative, root)] { return known }
    let count = relative.compounds.count, words = Self.words(relative)
    // Which levels' combinators are which.
    var child = [UInt64](repeating: 0, count: words), descendant = child, next = child, subsequent = child
    for (i, combinator) in relative.combinators.enumerated() {
      let (w, b) = (i / 64, UInt64(1) << UInt64(i % 64))
      switch combinator {
      case .child: child[w] |= b
      case .descendant: descendant[w] |= b
      case .nextSibling: next[w] |= b
      case .subsequentSibling: subsequent[w] |= b
      }
    }
    let sideways = relative.combinators.contains { $0 == .nextSibling || $0 == .subsequentSibling }

    // The elements to answer in pre-order, not entering those already answered (whose subtrees, and following
    // siblings if sideways, are answered too); then each from the last.
    var order: [E] = []
    var stack: [E] = []
    var first: E? = root
    while let element = first {  // root and, if sideways, its following siblings up to an answered one
      stack.append(element)
      first = sideways ? element.selectorNextSibling : nil
      if let f = first, slots[key(relative, f)] != nil { break }
    }
    stack.reverse()
    while let element = stack.popLast() {
      order.append(element)
      var children: [E] = []
      var c = element.selectorFirstChild
      while let each = c {
        if slots[key(relative, each)] == nil { children.append(each) }
        c = each.selectorNextSibling
      }
      stack += children.reversed()
    }

    var fromChildren = [UInt64](repeating: 0, count: words), below = fromChildren, r = fromChildren
    for element in order.reversed() {
      for w in 0..<words { (fromChildren[w], below[w]) = (0, 0) }
      var c = element.selectorFirstChild
      while let each = c {
        if let s = slots[key(relative, each)] {
          for w in 0..<words {
            let m = levels[s + w]
            fromChildren[w] |= m
            below[w] |= m | levels[s + words + w]
          }
        }
        c = each.selectorNextSibling
      }
      let nextSlot = sideways ? element.selectorNextSibling.flatMap { slots[key(relative, $0)] } : nil
      for w in 0..<words {
        r[w] = (child[w] & fromChildren[w]) | (descendant[w] & below[w])
        if let n = nextSlot {
          r[w] |= (next[w] & levels[n + w]) | (subsequent[w] & levels[n + 2 * words + w])
        }
      }
      let slot = levels.count
      levels += repeatElement(0, count: 4 * words)
      for i in 0..<count where i == 0 || r[(i - 1) / 64] & (1 << UInt64((i - 1) % 64)) != 0 {
        if matcher.matches(relative.compounds[i], element) { levels[slot + i / 64] |= 1 << UInt64(i % 64) }
      }
      for w in 0..<words {
        levels[slot + words + w] = below[w]
        levels[slot + 2 * words + w] = levels[slot + w] | (nextSlot.map { levels[$0 + 2 * words + w] } ?? 0)
        levels[slot + 3 * words + w] = r[w]
      }
      slots[key(relative, element)] = slot
      elements.append(element)
    }
    return slots[key(relative, root)]!
  }
}
