/// How two compound selectors relate (https://drafts.csswg.org/selectors-4/#combinators).
enum Combinator: Sendable, Equatable {
  /// `A B`
  case descendant
  /// `A > B`
  case child
  /// `A + B`
  case nextSibling
  /// `A ~ B`
  case subsequentSibling
}

/// A complex selector stored right to left, the order it is matched in.
///
/// `compounds[0]` is the subject. `combinators[i]` joins `compounds[i]` to `compounds[i + 1]` on its left.
/// A relative selector (an argument of `:has()`) has one more combinator than compounds: the last one
/// joins the leftmost compound to the `:has()` anchor.
struct ComplexSelector: Sendable, Equatable {
  var compounds: [CompoundSelector]
  var combinators: [Combinator]

  /// True for an argument of `:has()`, whose leftmost compound is joined to the anchor element.
  var isRelative: Bool { combinators.count == compounds.count }
}

/// Simple selectors that must all match one element, with no whitespace between them.
struct CompoundSelector: Sendable, Equatable {
  var simple: [SimpleSelector]
  /// Counted as written (`:only-child` is one pseudo-class though it is stored as two).
  var specificity: Specificity

  /// The name of the compound's last pseudo-element, if it has one.
  var pseudoElement: String? {
    for case .pseudoElement(let name, _) in simple.reversed() { return name }
    return nil
  }
}

/// One simple selector (https://drafts.csswg.org/selectors-4/#simple).
enum SimpleSelector: Sendable, Equatable {
  /// A type selector; `lowercased` is used for HTML elements, `name` for foreign ones.
  case type(name: String, lowercased: String)
  /// `*`. `*|E` is the same as `E` (no default namespace is declared); `|E` adds `.noNamespace`.
  case universal
  /// The `|` of `|E` or `|*`: the element has no namespace.
  case noNamespace
  case id(String)
  case className(String)
  /// An attribute selector with no namespace prefix: the attribute is found by its qualified name.
  case attribute(AttributeSelector)
  /// `[*|name]` or `[|name]`: the attribute is found by its local name, in any namespace or in none.
  case namespacedAttribute(AttributeSelector, AttributeNamespace)
  case pseudoClass(PseudoClass)
  /// A pseudo-element such as `::before` (or `:before`), by lowercase name: valid, but it is not an element,
  /// so the selector matches nothing. `arguments` are those of `::slotted()`, `::part()` and `::highlight()`,
  /// serialized (`::part(a b)` keeps `a b`), so the selector serializes as it parsed.
  case pseudoElement(String, arguments: String? = nil)
}

/// Which attributes a namespaced attribute selector looks at (https://drafts.csswg.org/selectors-4/#attrnmsp).
enum AttributeNamespace: Sendable, Equatable {
  /// `[*|name]`: the attribute may be in any namespace, or in none.
  case any
  /// `[|name]`: the attribute has no namespace.
  case none
}

/// An attribute selector such as `[lang|=en i]` (https://drafts.csswg.org/selectors-4/#attribute-selectors).
struct AttributeSelector: Sendable, Equatable {
  enum Operator: Sendable, Equatable {
    /// `[a]`
    case exists
    /// `[a=v]`
    case equals
    /// `[a~=v]`
    case includes
    /// `[a|=v]`
    case dashMatch
    /// `[a^=v]`
    case prefix
    /// `[a$=v]`
    case suffix
    /// `[a*=v]`
    case substring
  }

  /// Value case-sensitivity: the `i` and `s` flags, or the HTML default for the attribute.
  enum CaseSensitivity: Sendable, Equatable {
    case htmlDefault, insensitive, sensitive
  }

  var name: String
  var lowercasedName: String
  var op: Operator
  var value: String
  var caseSensitivity: CaseSensitivity
}

/// An `An+B` formula (https://drafts.csswg.org/css-syntax-3/#anb-microsyntax).
struct NthFormula: Sendable, Equatable {
  var a: Int
  var b: Int

  /// True when some n ≥ 0 gives `a·n + b == index` (index is 1-based).
  func matches(_ index: Int) -> Bool {
    if a == 0 { return index == b }
    let delta = index - b
    return delta % a == 0 && delta / a >= 0
  }
}

/// Which siblings an `:nth-*` pseudo-class counts.
struct NthSelector: Sendable, Equatable {
  /// Counting from the last sibling (`:nth-last-*`).
  var fromEnd: Bool
  /// Counting only siblings of the same type (`:nth-*-of-type`).
  var ofType: Bool
  var formula: NthFormula
  /// The `of S` filter of `:nth-child(An+B of S)`.
  var filter: SelectorList?
  /// Tells apart the `of S` filters of one parsed selector list (the position of its pseudo-class's token), so a
  /// query caches each filter's sibling indices apart. Not part of the selector's meaning: equality ignores it.
  var filterKey = 0

  static func == (a: NthSelector, b: NthSelector) -> Bool {
    a.fromEnd == b.fromEnd && a.ofType == b.ofType && a.formula == b.formula && a.filter == b.filter
  }
}

/// A pseudo-class this engine understands.
enum PseudoClass: Sendable, Equatable {
  case root, empty, scope, anyLink, checked, disabled, enabled
  /// `:target`: the document's target element (https://html.spec.whatwg.org/multipage/semantics-other.html#selector-target).
  case target
  /// `:valid` and `:invalid`: form validity (https://html.spec.whatwg.org/multipage/semantics-other.html#selector-valid).
  case valid, invalid
  /// `:lang(range)`, with the range as written (https://drafts.csswg.org/selectors-4/#the-lang-pseudo).
  case lang(String)
  /// `:defined`: every element except an autonomous custom element (an HTML name with a hyphen), which no
  /// registry defines here.
  case defined
  /// A user-action, navigation or playback state (`:hover`, `:focus`, `:visited`, `:modal`…) that a headless page
  /// never has.
  case neverMatches(String)
  /// `:first-child`, `:nth-of-type()`… (`:only-child` is two of these).
  case nth(NthSelector)
  case not(SelectorList)
  case `is`(SelectorList)
  case `where`(SelectorList)
  /// `:has()`: each selector is relative (see `ComplexSelector.isRelative`).
  case has([ComplexSelector])
}
