/// For `:has()` with a relative selector whose combinators all go down (descendant or child: `:has(.x)`,
/// `:has(> li)`, `:has(.a > .b .c)`): whether an element matches, for every element of the subtrees a query asks
/// about, each computed once from its children's answers. `querySelectorAll("div:has(.x)")` on a chain n deep then
/// costs O(n × compounds) instead of a subtree walk per element, each with ancestor walks: O(n × depth) or worse.
///
/// For compounds C0 (the subject, rightmost) … Ck-1 and combinators c0 (left of C0) … ck-1 (the leading one, to the
/// anchor), each element e gets three sets of levels, as bits:
/// - M: e can be level i's element: e matches Ci, and (i > 0) R holds at level i-1;
/// - D: some strict descendant of e has M at that level;
/// - R: some element related to e by ci (a child, or a strict descendant) has M at level i.
/// The anchor matches when R holds at level k-1. Compounds do not depend on the anchor (`:scope` is the query's),
/// so the answers hold for every anchor in the query.
final class DownwardMatchMemo<E: SelectorElement> {
  private struct Key: Hashable {
    /// The selector's storage: equal selectors share it, and then their answers.
    let selector: UnsafeRawPointer?
    let element: E.SelectorIdentity
  }

  private struct Levels {
    var m: UInt64
    var d: UInt64
    var r: UInt64
  }

  /// Each element's levels, with the element, kept alive so that its identity is not reused during the query.
  private var answers: [Key: (element: E, levels: Levels)] = [:]

  /// Whether the memo can answer for `relative`: every combinator goes down, and there are at most 64 compounds.
  static func handles(_ relative: ComplexSelector) -> Bool {
    relative.compounds.count <= 64 && relative.combinators.allSatisfy { $0 == .descendant || $0 == .child }
  }

  private func key(_ relative: ComplexSelector, _ element: E) -> Key {
    Key(selector: relative.compounds.withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) },
        element: element.selectorIdentity)
  }

  /// The answer for `anchor` if this query computed it.
  func answer(_ relative: ComplexSelector, anchor: E) -> Bool? {
    guard !answers.isEmpty, let levels = answers[key(relative, anchor)]?.levels else { return nil }
    return levels.r & (1 << (relative.compounds.count - 1)) != 0
  }

  /// True when `anchor` matches `:has(relative)`; `handles(relative)` must hold.
  func matches(_ relative: ComplexSelector, anchor: E, _ matcher: Matcher<E>) -> Bool {
    if let known = answer(relative, anchor: anchor) { return known }
    var childLevels: UInt64 = 0  // The levels whose combinator is `>`.
    for (i, combinator) in relative.combinators.enumerated() where combinator == .child { childLevels |= 1 << i }
    // The subtree in pre-order, not entering the elements already answered; then each element from the last, so
    // that its children are answered before it.
    var order: [E] = []
    var stack = [anchor]
    while let element = stack.popLast() {
      order.append(element)
      var child = element.selectorFirstChild
      while let c = child {
        if answers[key(relative, c)] == nil { stack.append(c) }
        child = c.selectorNextSibling
      }
    }
    for element in order.reversed() {
      var fromChildren: UInt64 = 0, below: UInt64 = 0
      var child = element.selectorFirstChild
      while let c = child {
        if let levels = answers[key(relative, c)]?.levels {
          fromChildren |= levels.m
          below |= levels.m | levels.d
        }
        child = c.selectorNextSibling
      }
      let r = (childLevels & fromChildren) | (~childLevels & below)
      var m: UInt64 = 0
      for (i, compound) in relative.compounds.enumerated() where i == 0 || r & (1 << (i - 1)) != 0 {
        if matcher.matches(compound, element) { m |= 1 << i }
      }
      answers[key(relative, element)] = (element, Levels(m: m, d: below, r: r))
    }
    return answer(relative, anchor: anchor) ?? false
  }
}
