/// For `:has()` with a relative selector whose combinators go down (descendant or child: `:has(.x)`,
/// `:has(> li)`, `:has(.a > .b .c)`), but for the leading one, which may also be `+` or `~` (`:has(~ .x)`,
/// `:has(+ dd p)`): whether an element matches, for every element of the subtrees a query asks about, each computed
/// once from its children's answers (and, for `~`, from its next sibling's). `querySelectorAll("div:has(.x)")` on a
/// chain n deep then costs O(n × compounds) instead of a subtree walk per element, each with ancestor walks:
/// O(n × depth) or worse; `li:has(~ .x)` over n items O(n) instead of O(n²).
///
/// For compounds C0 (the subject, rightmost) … Ck-1 and combinators c0 (left of C0) … ck-1 (the leading one, to the
/// anchor), each element e gets three sets of levels, as bits:
/// - M: e can be level i's element: e matches Ci, and (i > 0) R holds at level i-1;
/// - D: some strict descendant of e has M at that level;
/// - R: some element related to e by ci (a child, or a strict descendant) has M at level i.
/// The anchor matches when R holds at level k-1; with a leading `+`, when its next sibling has M at level k-1; with
/// `~`, when a following sibling does (F, kept per element: it or a following sibling has M at level k-1). Compounds do not depend on the anchor (`:scope` is the query's),
/// so the answers hold for every anchor in the query.
/// How many candidates `:has()` tries before asking a `RelativeMatchMemo` (a global: a generic class has no static
/// stored properties); tests lower it to exercise the memo on small trees.
nonisolated(unsafe) var relativeMatchWalkBudget = 256

final class RelativeMatchMemo<E: SelectorElement> {
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
  /// For a leading `~`: whether the element or a following sibling has M at the last level.
  private var following: [Key: (element: E, found: Bool)] = [:]

  /// Whether the memo can answer for `relative`: at most 64 compounds, and every combinator but the leading one
  /// goes down.
  static func handles(_ relative: ComplexSelector) -> Bool {
    relative.compounds.count <= 64 && relative.combinators.dropLast().allSatisfy { $0 == .descendant || $0 == .child }
  }

  private func key(_ relative: ComplexSelector, _ element: E) -> Key {
    Key(selector: relative.compounds.withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) },
        element: element.selectorIdentity)
  }

  /// The answer for `anchor`, with a leading combinator that goes down, if this query computed it.
  func answer(_ relative: ComplexSelector, anchor: E) -> Bool? {
    guard !answers.isEmpty, let levels = answers[key(relative, anchor)]?.levels else { return nil }
    return levels.r & (1 << (relative.compounds.count - 1)) != 0
  }

  /// The answer for `anchor`, with a leading `+` or `~`, if this query computed it.
  func siblingAnswer(_ relative: ComplexSelector, anchor: E) -> Bool? {
    guard !answers.isEmpty, let next = anchor.selectorNextSibling else { return nil }
    if relative.combinators[relative.combinators.count - 1] == .nextSibling {
      return answers[key(relative, next)].map { $0.levels.m & (1 << (relative.compounds.count - 1)) != 0 }
    }
    return following[key(relative, next)]?.found
  }

  /// True when `anchor` matches `:has(relative)`; `handles(relative)` must hold.
  func matches(_ relative: ComplexSelector, anchor: E, _ matcher: Matcher<E>) -> Bool {
    let last: UInt64 = 1 << (relative.compounds.count - 1)
    switch relative.combinators[relative.combinators.count - 1] {
    case .descendant, .child:
      if let known = answer(relative, anchor: anchor) { return known }
      return levels(relative, anchor, matcher).r & last != 0
    case .nextSibling:
      guard let next = anchor.selectorNextSibling else { return false }
      return levels(relative, next, matcher).m & last != 0
    case .subsequentSibling:
      // The siblings after the anchor up to the first already answered, then each from the last.
      var pending: [E] = []
      var found = false
      var sibling = anchor.selectorNextSibling
      while let s = sibling {
        if let known = following[key(relative, s)] {
          found = known.found
          break
        }
        pending.append(s)
        sibling = s.selectorNextSibling
      }
      for s in pending.reversed() {
        found = found || levels(relative, s, matcher).m & last != 0
        following[key(relative, s)] = (s, found)
      }
      return found
    }
  }

  /// The levels of `root`, computed with those of its subtree if this query has not yet.
  private func levels(_ relative: ComplexSelector, _ root: E, _ matcher: Matcher<E>) -> Levels {
    if let known = answers[key(relative, root)]?.levels { return known }
    var childLevels: UInt64 = 0  // The levels whose combinator is `>`.
    for (i, combinator) in relative.combinators.enumerated() where combinator == .child { childLevels |= 1 << i }
    // The subtree in pre-order, not entering the elements already answered; then each element from the last, so
    // that its children are answered before it.
    var order: [E] = []
    var stack = [root]
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
    return answers[key(relative, root)]!.levels
  }
}
