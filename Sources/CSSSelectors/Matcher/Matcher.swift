/// Matches parsed selectors against a tree, right to left.
///
/// https://drafts.csswg.org/selectors-4/#match-a-complex-selector-against-an-element
/// The subject compound is tested first; combinators then walk to parents or previous siblings.
/// Failures report how far back the search may restart (the technique Servo and Blink use), so a
/// descendant combinator never retries ancestors that cannot help, and matching allocates nothing.
struct Matcher<E: SelectorElement> {
  /// What `:scope` stands for; nil makes `:scope` match the root.
  let scope: E?
  /// Sibling indexes for `:nth-*`, computed during this query only (the tree does not change while it matches).
  let siblingIndexes = SiblingIndexCache<E>()

  init(scope: E?) {
    self.scope = scope
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
    list.selectors.contains { match($0, 0, element, anchor: nil) == .matched }
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
  func match(_ selector: ComplexSelector, _ index: Int, _ element: E, anchor: E?) -> Outcome {
    // path[k] is the element at compound index + k that is trying its combinator's candidates.
    var path: [E] = []
    var element = element
    var level = index
    while true {
      // Steps 1-3 for `element` at `level`, or step 4 from its first candidate.
      var result: Outcome
      if let done = test(selector, level, element, anchor: anchor) {
        result = done
      } else if let first = Matcher.step(from: element, over: selector.combinators[level]) {
        path.append(element)
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
          break
        } else {
          result = Matcher.exhausted(combinator)
        }
        path.removeLast()
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
      return element.selectorLocalName == (element.selectorIsHTML ? lowercased : name)
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
    case .pseudoElement:
      return false
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
