/// Matches parsed selectors against a tree, right to left.
///
/// https://drafts.csswg.org/selectors-4/#match-a-complex-selector-against-an-element
/// The subject compound is tested first; combinators then walk to parents or previous siblings.
/// Failures report how far back the search may restart (the technique Servo and Blink use), so a
/// descendant combinator never retries ancestors that cannot help, and matching allocates nothing.
struct Matcher<E: SelectorElement> {
  /// What `:scope` stands for; nil makes `:scope` match the root.
  let scope: E?
  /// When set, the pseudo-element whose style is being computed (`before`, `after`): only selectors whose subject
  /// names it match, and it matches there. When nil, a pseudo-element matches nothing.
  let pseudoElement: String?
  /// Sibling indexes for `:nth-*`, computed during this query only (the tree does not change while it matches).
  let siblingIndexes = SiblingIndexCache<E>()
  /// The outcomes of long walks for descendant and `~` combinators, during this query only.
  let combinatorWalks = CombinatorWalkMemo<E>()
  /// Whether an element has descendants matching a relative selector going down (`:has(.x)`, `:has(> .a .b)`),
  /// during this query only.
  let relativeMatches = RelativeMatchMemo<E>()

  init(scope: E?, pseudoElement: String? = nil) {
    self.scope = scope
    self.pseudoElement = pseudoElement
  }

  /// How a failed match limits the search above it.
  enum Outcome {
    case matched
    /// Try the next candidate for the nearest `~` or descendant combinator to the right.
    case retryFromLaterSibling
    /// Sibling combinators cannot help: retry from the nearest descendant combinator to the right.
    case retryFromDescendant
    /// No candidate further up can match.
    case failedGlobally
  }

  /// True when `element` matches any selector of the list.
  func matches(_ list: SelectorList, _ element: E) -> Bool {
    var key: SelectorNameKey? = nil
    for index in list.selectors.indices {
      if let pseudoElement, list.selectors[index].compounds.first?.pseudoElement != pseudoElement { continue }
      if let names = list.subjectNames[index] {
        let own = key ?? element.selectorLocalNameKey
        key = own
        guard names.admits(own) else { continue }
      }
      if match(list.selectors[index], 0, element, anchor: nil) == .matched { return true }
    }
    return false
  }

  /// Matches `selector.compounds[index...]` with `compounds[index]` on `element`.
  ///
  /// Step 1. For a relative selector, index `compounds.count` is the anchor: match only it.
  /// Step 2. Test the compound; a failure lets the caller try its next candidate.
  /// Step 3. With no combinator left, it is a match.
  /// Step 4. Walk the combinator's candidates (parent, ancestors, previous sibling(s)), matching the rest of the
  ///         selector from each, and stop early when the outcome shows no further candidate can match.
  ///
  /// The walk keeps the elements whose candidates it is trying on `path` instead of recursing, so a selector of
  /// 100,000 compounds cannot overflow the stack; `path` allocates only once a subject compound has matched.
  ///
  /// A descendant combinator's walk from a candidate up through its ancestors ends the same way whichever element
  /// started it (matched, or failed for every ancestor), and so does a `~` combinator's walk from a candidate back
  /// through its previous siblings; so past the first ``combinatorWalkMemoThreshold`` candidates a walk records its
  /// outcome for each candidate it tries and stops at a candidate whose outcome is known: on a chain of n nested
  /// elements, `.x div` costs O(n) instead of O(n × depth), and over a list of n items `.x ~ li` O(n) instead of
  /// O(n²).
  func match(_ selector: ComplexSelector, _ index: Int, _ element: E, anchor: E?) -> Outcome {
    // path[k] is the element at compound index + k that is trying its combinator's candidates, tried[k] how many
    // it tried. (The matcher runs unspecialized from other modules: no generic value but E's own is made here, since
    // each would look up type metadata.)
    var path: [E] = []
    var tried: [Int] = []
    var recording = false
    var element = element
    var level = index
    while true {
      // Steps 1-3 for `element` at `level`, or step 4 from its first candidate.
      var result: Outcome
      var known: Outcome?
      if level > index, tried[tried.count - 1] > combinatorWalkMemoThreshold,
        selector.combinators[level - 1] == .descendant || selector.combinators[level - 1] == .subsequentSibling
      {
        known = combinatorWalks.outcome(of: selector, anchor: anchor, level, from: element)
        if known == nil {
          combinatorWalks.note(element, of: selector, anchor: anchor, level: level)
          recording = true
        }
      }
      if let known {
        result = known
      } else if let done = test(selector, level, element, anchor: anchor) {
        result = done
      } else if let first = Matcher.step(from: element, over: selector.combinators[level]) {
        path.append(element)
        tried.append(1)
        element = first
        level += 1
        continue
      } else {
        result = Matcher.exhausted(selector.combinators[level])
      }
      // `element` at `level` gave `result`: the level below tries its next candidate, or is done too.
      while true {
        guard let below = path.last else { return result }
        let combinator = selector.combinators[level - 1]
        if let final = Matcher.outcome(after: result, over: combinator) {
          result = final
        } else if let next = Matcher.step(from: element, over: combinator) {
          element = next
          tried[tried.count - 1] += 1
          break
        } else {
          result = Matcher.exhausted(combinator)
        }
        if recording { combinatorWalks.finish(selector, anchor: anchor, level: level, result) }
        path.removeLast()
        tried.removeLast()
        element = below
        level -= 1
      }
    }
  }

  /// Steps 1 to 3: the outcome for `element` at compound `index`, or nil when its compound matches and a
  /// combinator follows.
  private func test(_ selector: ComplexSelector, _ index: Int, _ element: E, anchor: E?) -> Outcome? {
    // Step 1.
    if index == selector.compounds.count {
      guard let anchor, element.selectorIsSame(anchor) else { return .retryFromLaterSibling }
      return .matched
    }
    // Step 2.
    guard matches(selector.compounds[index], element) else { return .retryFromLaterSibling }
    // Step 3.
    return index < selector.combinators.count ? nil : .matched
  }

  /// What a candidate's outcome means for the element before the combinator: its own outcome, or nil to try
  /// the next candidate.
  private static func outcome(after candidate: Outcome, over combinator: Combinator) -> Outcome? {
    switch (candidate, combinator) {
    case (.matched, _), (.failedGlobally, _), (_, .nextSibling), (.retryFromDescendant, .subsequentSibling):
      return candidate
    case (_, .child):
      return .retryFromDescendant
    default:
      return nil
    }
  }

  /// The outcome once every candidate of `combinator` has failed.
  private static func exhausted(_ combinator: Combinator) -> Outcome {
    switch combinator {
    case .nextSibling, .subsequentSibling: return .retryFromDescendant
    case .child, .descendant: return .failedGlobally
    }
  }

  static func step(from element: E, over combinator: Combinator) -> E? {
    switch combinator {
    case .descendant, .child: return element.selectorParent
    case .nextSibling, .subsequentSibling: return element.selectorPreviousSibling
    }
  }

  func matches(_ compound: CompoundSelector, _ element: E) -> Bool {
    compound.simple.allSatisfy { matches($0, element) }
  }

  func matches(_ simple: SimpleSelector, _ element: E) -> Bool {
    switch simple {
    case .type(let name, let lowercased):
      return element.selectorHasLocalName(element.selectorIsHTML ? lowercased : name)
    case .universal:
      return true
    case .noNamespace:
      return element.selectorNamespaceURI == nil
    case .id(let id):
      return element.selectorAttribute("id") == id
    case .className(let name):
      guard let classes = element.selectorAttribute("class") else { return false }
      return containsToken(classes.utf8, name.utf8, caseInsensitive: false)
    case .attribute(let attribute):
      return matches(attribute, element)
    case .namespacedAttribute(let attribute, let namespace):
      return matches(attribute, in: namespace, element)
    case .pseudoClass(let pseudo):
      return matches(pseudo, element)
    case .pseudoElement(let name, _):
      return name == pseudoElement
    }
  }

  /// Visits `root`'s descendants (and `root` when `includeRoot`) in document order until `visit` returns false.
  /// Returns false when stopped early.
  @discardableResult
  static func forEachInDocumentOrder(below root: E, includeRoot: Bool, _ visit: (E) -> Bool) -> Bool {
    if includeRoot, !visit(root) { return false }
    var current = root.selectorFirstChild
    while let element = current {
      if !visit(element) { return false }
      if let child = element.selectorFirstChild {
        current = child
        continue
      }
      var climbing = element
      current = nil
      while true {
        if let sibling = climbing.selectorNextSibling { current = sibling; break }
        guard let parent = climbing.selectorParent, !parent.selectorIsSame(root) else { break }
        climbing = parent
      }
    }
    return true
  }
}

/// Walks shorter than this many candidates are not recorded: on ordinary trees the memo costs more than it saves.
/// A global (a generic class has no static stored properties); tests lower it to exercise the memo on small trees
/// and raise it to switch the memo off.
nonisolated(unsafe) var combinatorWalkMemoThreshold = 32

/// The outcomes of descendant- and `~`-combinator walks during one query: for a selector (with its anchor, for a
/// relative selector), a compound level and a candidate, how the walk from that candidate on (up through its
/// ancestors, or back through its previous siblings) ended: matched, or which failure. The tree does not change while
/// a query runs, so an outcome holds for the whole query.
final class CombinatorWalkMemo<E: SelectorElement> {
  private struct Key: Hashable {
    /// The selector's storage: equal selectors share it, and then their outcomes.
    let selector: UnsafeRawPointer?
    let anchor: E.SelectorIdentity?
    let level: Int
    /// nil in the key of a pending walk.
    let element: E.SelectorIdentity?
  }

  /// Each outcome, with its element, kept alive so that its identity is not reused during the query.
  private var outcomes: [Key: (element: E, outcome: Matcher<E>.Outcome)] = [:]
  /// The candidates of the walks under way past the threshold, until their outcome is known, by selector, anchor
  /// and level (an inner selector, `:is(.a .b)`, walks while an outer one's walk is under way).
  private var pending: [Key: [E]] = [:]

  private func key(_ selector: ComplexSelector, _ anchor: E?, _ level: Int, _ element: E?) -> Key {
    Key(selector: selector.compounds.withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) },
        anchor: anchor?.selectorIdentity, level: level, element: element?.selectorIdentity)
  }

  func outcome(of selector: ComplexSelector, anchor: E?, _ level: Int, from candidate: E) -> Matcher<E>.Outcome? {
    if outcomes.isEmpty { return nil }
    return outcomes[key(selector, anchor, level, candidate)]?.outcome
  }

  /// A candidate the walk at `level` is about to try.
  func note(_ candidate: E, of selector: ComplexSelector, anchor: E?, level: Int) {
    pending[key(selector, anchor, level, nil), default: []].append(candidate)
  }

  /// The walk at `level` ended: every candidate it noted shares its outcome.
  func finish(_ selector: ComplexSelector, anchor: E?, level: Int, _ outcome: Matcher<E>.Outcome) {
    guard let candidates = pending.removeValue(forKey: key(selector, anchor, level, nil)) else { return }
    for candidate in candidates { outcomes[key(selector, anchor, level, candidate)] = (candidate, outcome) }
  }
}
