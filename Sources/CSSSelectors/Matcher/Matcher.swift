/// Matches parsed selectors against a tree, right to left.
///
/// https://drafts.csswg.org/selectors-4/#match-a-complex-selector-against-an-element
/// The subject compound is tested first; combinators then walk to parents or previous siblings.
/// Failures report how far back the search may restart (the technique Servo and Blink use), so a
/// descendant combinator never retries ancestors that cannot help, and matching allocates nothing.
struct Matcher<E: SelectorElement> {
  /// What `:scope` stands for; nil makes `:scope` match the root.
  let scope: E?

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
  /// Step 4. Walk the combinator's candidates (parent, ancestors, previous sibling(s)), recursing, and
  ///         stop early when the outcome shows no further candidate can match.
  func match(_ selector: ComplexSelector, _ index: Int, _ element: E, anchor: E?) -> Outcome {
    // Step 1.
    if index == selector.compounds.count {
      guard let anchor, element.selectorIsSame(anchor) else { return .retryFromLaterSibling }
      return .matched
    }
    // Step 2.
    guard matches(selector.compounds[index], element) else { return .retryFromLaterSibling }
    // Step 3.
    guard index < selector.combinators.count else { return .matched }
    // Step 4.
    let combinator = selector.combinators[index]
    var candidate = Matcher.step(from: element, over: combinator)
    while let next = candidate {
      let outcome = match(selector, index + 1, next, anchor: anchor)
      switch (outcome, combinator) {
      case (.matched, _), (.failedGlobally, _), (_, .nextSibling): return outcome
      case (_, .child): return .retryFromDescendant
      case (.retryFromDescendant, .subsequentSibling): return outcome
      default: break
      }
      candidate = Matcher.step(from: next, over: combinator)
    }
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
