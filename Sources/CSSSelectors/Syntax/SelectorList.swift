/// A parsed selector list, such as the argument of `querySelectorAll`, ready to match against any tree.
///
/// Parse once, match many times: a `SelectorList` is an immutable value and can be cached and shared.
public struct SelectorList: Sendable, Equatable {
  /// The selectors of the list; an element matches the list when it matches any of them.
  let selectors: [ComplexSelector]
  /// For each selector, what its subject requires of an element's local name (``SubjectNameFilter``).
  let subjectNames: [SubjectNameFilter?]

  init(selectors: [ComplexSelector]) {
    self.selectors = selectors
    self.subjectNames = selectors.map(SubjectNameFilter.init)
  }

  /// Parses a selector list (https://drafts.csswg.org/selectors-4/#parse-a-selector).
  ///
  /// Throws a `SelectorParseError` naming the problem and its UTF-16 offset, for example
  /// `unexpected ')' at 7` or `unknown pseudo-class :foo at 3`. A known pseudo-element (`::before`) parses and
  /// matches nothing. No namespace prefix is declared: `*|a` is `a`, `|a` is an `a` in no namespace, and
  /// `svg|rect` is invalid.
  public init(parsing text: String) throws(SelectorParseError) {
    self.init(selectors: try SelectorParser.parse(text))
  }

  /// True when `element` matches any selector of the list.
  ///
  /// `scope` is the element `:scope` stands for (for `Element.matches` and `closest`, the element itself);
  /// without one, `:scope` matches the root, as `:root` does.
  public func matches<E: SelectorElement>(_ element: E, scope: E? = nil) -> Bool {
    let matcher = Matcher<E>(scope: scope)
    return matcher.matches(self, element)
  }

  /// True when a selector of the list styles `element`'s `::pseudoElement` (`before`, `after`, lowercase): its
  /// subject names that pseudo-element and the rest of it matches `element`.
  public func matches<E: SelectorElement>(_ element: E, pseudoElement: String) -> Bool {
    Matcher<E>(scope: nil, pseudoElement: pseudoElement).matches(self, element)
  }

  /// True when `element` matches any selector of the list, with `session`'s matcher (see ``SelectorMatchSession``).
  public func matches<E: SelectorElement>(_ element: E, in session: SelectorMatchSession<E>) -> Bool {
    session.matcher.matches(self, element)
  }

  /// Whether some selector of the list has a pseudo-element on its subject (`.clearfix::after`).
  public var stylesPseudoElements: Bool { selectors.contains { $0.compounds.first?.pseudoElement != nil } }

  /// The first element in document order, among the descendants of `root` (and `root` itself when
  /// `includeRoot`), that matches the list.
  ///
  /// `:scope` stands for `root` when `includeRoot` is false (the `Element.querySelector` case); when it is
  /// true (a Document passing its document element), `:scope` matches the root element.
  public func firstMatch<E: SelectorElement>(in root: E, includeRoot: Bool = false) -> E? {
    let matcher = Matcher<E>(scope: includeRoot ? nil : root)
    var found: E? = nil
    Matcher<E>.forEachInDocumentOrder(below: root, includeRoot: includeRoot) { element in
      if matcher.matches(self, element) { found = element; return false }
      return true
    }
    return found
  }

  /// All elements in document order, among the descendants of `root` (and `root` itself when
  /// `includeRoot`), that match the list. `:scope` works as in `firstMatch(in:includeRoot:)`.
  public func allMatches<E: SelectorElement>(in root: E, includeRoot: Bool = false) -> [E] {
    let matcher = Matcher<E>(scope: includeRoot ? nil : root)
    var found: [E] = []
    Matcher<E>.forEachInDocumentOrder(below: root, includeRoot: includeRoot) { element in
      if matcher.matches(self, element) { found.append(element) }
      return true
    }
    return found
  }
}

/// One matcher for many lists tested against elements of a tree that does not change meanwhile (a style engine
/// testing each rule that could apply to an element): `matches` makes a matcher, and with it its memos for
/// `:nth-*` positions, long combinator walks and `:has()`, for every list it tests; a session makes them once, and
/// what one list's match learns serves the next. `:scope` matches the root, as in ``SelectorList/matches(_:scope:)``
/// without a scope. Discard the session when the tree changes, or when a match was cut short by the element's
/// walks ending early (an interruption).
///
/// The matcher is made on the first test: a style engine makes a session per element, and most elements have no
/// candidate rule that gets as far as the matcher (the rule index turns them away first).
public final class SelectorMatchSession<E: SelectorElement> {
  @exclusivity(unchecked) private var made: Matcher<E>?

  var matcher: Matcher<E> {
    if let made { return made }
    let matcher = Matcher<E>(scope: nil)
    made = matcher
    return matcher
  }

  public init() {}
}
