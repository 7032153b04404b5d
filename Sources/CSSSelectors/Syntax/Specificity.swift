/// How specific a selector is: its IDs, then its classes, attributes and pseudo-classes, then its types and
/// pseudo-elements, compared in that order.
///
/// https://drafts.csswg.org/selectors-4/#specificity-rules
public struct Specificity: Comparable, Hashable, Sendable, CustomStringConvertible {
  public var ids: Int
  public var classes: Int
  public var types: Int

  public init(ids: Int = 0, classes: Int = 0, types: Int = 0) {
    self.ids = ids
    self.classes = classes
    self.types = types
  }

  public static func < (a: Specificity, b: Specificity) -> Bool {
    (a.ids, a.classes, a.types) < (b.ids, b.classes, b.types)
  }

  static func + (a: Specificity, b: Specificity) -> Specificity {
    Specificity(ids: a.ids + b.ids, classes: a.classes + b.classes, types: a.types + b.types)
  }

  /// `(1,2,0)`, as the specification writes it.
  public var description: String { "(\(ids),\(classes),\(types))" }

  /// The specificity one written pseudo-class adds: `:is()`, `:not()` and `:has()` count as their most specific
  /// argument, `:where()` as nothing, `:nth-child(An+B of S)` as a pseudo-class plus its most specific `S`.
  static func of(_ pseudo: PseudoClass) -> Specificity {
    switch pseudo {
    case .is(let list), .not(let list): return list.specificity
    case .where: return Specificity()
    case .has(let relatives): return relatives.map(\.specificity).max() ?? Specificity()
    case .nth(let nth): return Specificity(classes: 1) + (nth.filter?.specificity ?? Specificity())
    default: return Specificity(classes: 1)
    }
  }
}

extension ComplexSelector {
  /// The sum of the compounds' specificities.
  var specificity: Specificity { compounds.reduce(Specificity()) { $0 + $1.specificity } }
}

extension SelectorList {
  /// The specificity of the most specific selector of the list.
  public var specificity: Specificity { selectors.map(\.specificity).max() ?? Specificity() }

  /// The list's selectors, each as a list of its own (a style sheet's rule applies with the specificity of the
  /// selector that matched).
  public var separated: [SelectorList] { selectors.map { SelectorList(selectors: [$0]) } }

  /// What an element must have for the list's only selector to match it: an ID, a class or a tag name of the
  /// subject compound (the first found, in that order), or nil when the list has several selectors or the subject
  /// names none of these.
  public var subjectKey: SelectorSubjectKey? {
    guard selectors.count == 1, let subject = selectors[0].compounds.first else { return nil }
    return Self.key(of: subject)
  }

  /// The keys a rule index files the list's only selector under, one of which an element must have for it to
  /// match: the ``subjectKey``; else the tag names of a subject `:is()` or `:where()` whose arguments are each a
  /// compound with one (`:is(ul, ol, menu, dir)`, as the user-agent sheet's nested lists have); else the name of an
  /// attribute the subject needs (`[popover]`, `[dir=rtl i]`). Empty when the list has several selectors or the
  /// subject needs none of these. (An element has one tag name, so it has at most one key of a selector's.)
  public var subjectKeys: [SelectorSubjectKey] {
    guard selectors.count == 1, let subject = selectors[0].compounds.first else { return [] }
    if let key = Self.key(of: subject) { return [key] }
    for simple in subject.simple {
      guard case .pseudoClass(let pseudo) = simple else { continue }
      let list: SelectorList
      switch pseudo {
      case .is(let argument), .where(let argument): list = argument
      default: continue
      }
      var names: [SelectorSubjectKey] = []
      for selector in list.selectors {
        let type = selector.compounds.count == 1 ? selector.compounds[0].simple.lazy.compactMap(\.typeName).first : nil
        guard let type else {
          names = []
          break
        }
        if !names.contains(.type(type)) { names.append(.type(type)) }
      }
      if !names.isEmpty { return names }
    }
    for case .attribute(let attribute) in subject.simple where !attribute.name.contains(":") {
      return [.attribute(attribute.lowercasedName)]
    }
    return []
  }

  /// An ID, else a class, else the tag name a compound requires.
  private static func key(of compound: CompoundSelector) -> SelectorSubjectKey? {
    var className: String?
    var type: String?
    for simple in compound.simple {
      switch simple {
      case .id(let id): return .id(id)
      case .className(let name): if className == nil { className = name }
      case .type(_, let lowercased): type = lowercased
      default: break
      }
    }
    if let className { return .className(className) }
    return type.map { .type($0) }
  }
}

/// A simple selector of a subject compound that an element must match (see ``SelectorList/subjectKey``).
public enum SelectorSubjectKey: Hashable, Sendable {
  case id(String)
  case className(String)
  /// A type selector's name, lowercased (HTML elements compare it lowercased).
  case type(String)
  /// An attribute's name (no namespace prefix), lowercased (HTML elements' attribute names are).
  case attribute(String)
}

extension SimpleSelector {
  /// A type selector's lowercased name.
  fileprivate var typeName: String? {
    if case .type(_, let lowercased) = self { lowercased } else { nil }
  }
}
