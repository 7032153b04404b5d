import CSSSelectors

/// Style rules indexed for matching: each rule sits in one bucket, by the ID, class or tag its selector's subject
/// needs (https://drafts.csswg.org/selectors-4/ — the technique Blink's RuleSet and Servo's SelectorMap use), so
/// an element is tested only against rules that could match it.
///
/// A class, not changed after `init` (hence `@unchecked Sendable`: the user-agent sets are shared by every thread's
/// documents): as a struct, each element's cascade copied the sets it matched against, a retain and a release of
/// each of their buffers. Its stored properties, written in `init` only, skip the runtime's exclusivity check (read
/// for every element).
final class RuleSet: @unchecked Sendable {
  struct Entry: Sendable {
    var rule: StyleSheet.Rule
    /// The cascade layer's rank: later layers win for normal declarations, earlier ones for important ones;
    /// unlayered rules have the highest rank.
    var layerRank: Int
    /// Source order across the set.
    var order: Int
  }

  @exclusivity(unchecked) private(set) var entries: [Entry] = []
  /// The rules for elements, and those for their `::before` and `::after` (kept apart: neither tests the other's).
  private let buckets = Buckets()
  private let pseudoElementBuckets = Buckets()
  /// True when some rule has an `!important` declaration (else the important pass is skipped).
  @exclusivity(unchecked) private(set) var hasImportant = false
  /// True when some rule has a `revert` or `revert-layer` declaration (else the cascade keeps no values to go back to).
  @exclusivity(unchecked) private(set) var reverts = false
  /// True when some rule styles a pseudo-element.
  var stylesPseudoElements: Bool { !pseudoElementBuckets.isEmpty }
  /// In quirks mode IDs and classes match ASCII case-insensitively: the buckets are keyed lowercased.
  private let foldsCase: Bool

  /// Entry indexes by the ID, class, tag or attribute their subject needs (``SelectorList/subjectKeys``). A class,
  /// filled in `init` only: as a struct, each element's lookup copied its four dictionaries and array.
  private final class Buckets: @unchecked Sendable {
    @exclusivity(unchecked) var byID: [String: [Int]] = [:]
    @exclusivity(unchecked) var byClass: [String: [Int]] = [:]
    @exclusivity(unchecked) var byType: [String: [Int]] = [:]
    @exclusivity(unchecked) var byAttribute: [String: [Int]] = [:]
    @exclusivity(unchecked) var others: [Int] = []

    var isEmpty: Bool { byID.isEmpty && byClass.isEmpty && byType.isEmpty && byAttribute.isEmpty && others.isEmpty }

    func add(_ index: Int, _ keys: [SelectorSubjectKey], fold: (String) -> String) {
      if keys.isEmpty { others.append(index) }
      for key in keys {
        switch key {
        case .id(let id): byID[fold(id), default: []].append(index)
        case .className(let name): byClass[fold(name), default: []].append(index)
        case .type(let name): byType[name, default: []].append(index)
        case .attribute(let name): byAttribute[name, default: []].append(index)
        }
      }
    }

    /// Calls `test` with each bucket that could hold rules for `element`.
    func forEachCandidate(_ element: Element, fold: (String) -> String, _ test: ([Int]?) -> Void) {
      if !byID.isEmpty, let id = element.attributeValue(lowercasedName: "id"), !id.isEmpty { test(byID[fold(id)]) }
      if !byClass.isEmpty, let className = element.attributeValue(lowercasedName: "class") {
        var seen: Set<String> = []
        for name in className.splitOnASCIIWhitespace() where seen.insert(fold(name)).inserted { test(byClass[fold(name)]) }
      }
      test(byType[element.localName.asciiLowercased])
      // By the element's attributes (a few), not by the rules' names (perhaps many).
      if !byAttribute.isEmpty, element.hasAttributes() {
        for attribute in LibXML.attributeList(element.raw) {
          if let indices = byAttribute[LibXML.qualifiedName(of: attribute).asciiLowercased] { test(indices) }
        }
      }
      test(others)
    }
  }

  /// The rules of `sheets` in order; layers are ordered across all of them (https://drafts.csswg.org/css-cascade-5/#layer-ordering).
  init(sheets: [StyleSheet], foldsCase: Bool = false) {
    self.foldsCase = foldsCase
    let ranks = Self.layerRanks(sheets)
    let fold: (String) -> String = foldsCase ? { $0.asciiLowercased } : { $0 }
    for sheet in sheets {
      for rule in sheet.rules {
        let index = entries.count
        entries.append(Entry(rule: rule, layerRank: ranks[rule.layer] ?? Int.max, order: index))
        if rule.block.hasImportant { hasImportant = true }
        if rule.block.reverts { reverts = true }
        if rule.selector.stylesPseudoElements {
          pseudoElementBuckets.add(index, rule.selector.subjectKeys, fold: fold)
        } else {
          buckets.add(index, rule.selector.subjectKeys, fold: fold)
        }
      }
    }
  }

  private func fold(_ key: String) -> String { foldsCase ? key.asciiLowercased : key }

  /// Ranks layers in post-order of the layer tree: a layer's sublayers come before its own rules, siblings in the
  /// order first named; unlayered rules (the empty path) come last.
  private static func layerRanks(_ sheets: [StyleSheet]) -> [[String]: Int] {
    var children: [[String]: [[String]]] = [[]: []]
    for path in sheets.flatMap(\.layerNames) where children[path] == nil {
      children[path] = []
      children[Array(path.dropLast()), default: []].append(path)
    }
    var ranks: [[String]: Int] = [:]
    func visit(_ path: [String]) {
      for child in children[path] ?? [] { visit(child) }
      ranks[path] = path.isEmpty ? Int.max : ranks.count
    }
    visit([])
    return ranks
  }

  /// The entries whose selector matches `element` (or, with `pseudoElement`, styles that pseudo-element of it),
  /// lowest priority first: by layer, specificity, then order (for important declarations, `important` reverses
  /// the layers).
  ///
  /// `session`, when given, matches every candidate rule (and serves the caller's other rule sets for the same
  /// element); else each rule's test makes its own matcher.
  func matching(
    _ element: Element, pseudoElement: String? = nil, important: Bool = false,
    session: SelectorMatchSession<RawElement>? = nil
  ) -> [Entry] {
    var found: [Entry] = []
    let raw = RawElement(element)
    if let pseudoElement {
      pseudoElementBuckets.forEachCandidate(element, fold: fold) { indices in
        for index in indices ?? [] where entries[index].rule.selector.matches(raw, pseudoElement: pseudoElement) {
          found.append(entries[index])
        }
      }
    } else {
      let session = session ?? SelectorMatchSession()
      buckets.forEachCandidate(element, fold: fold) { indices in
        for index in indices ?? [] where entries[index].rule.selector.matches(raw, in: session) {
          found.append(entries[index])
        }
      }
    }
    return found
  }
}

extension RuleSet.Entry {
  /// Sorts by cascade priority, lowest first. https://drafts.csswg.org/css-cascade-5/#cascade-sort
  static func sortedForNormal(_ entries: [Self]) -> [Self] {
    entries.sorted { ($0.layerRank, $0.rule.specificity, $0.order) < ($1.layerRank, $1.rule.specificity, $1.order) }
  }

  /// For `!important` declarations earlier layers win.
  static func sortedForImportant(_ entries: [Self]) -> [Self] {
    entries.sorted { (-$0.layerRank, $0.rule.specificity, $0.order) < (-$1.layerRank, $1.rule.specificity, $1.order) }
  }
}
