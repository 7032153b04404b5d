import CSSSelectors

/// Style rules indexed for matching: each rule sits in one bucket, by the ID, class or tag its selector's subject
/// needs (https://drafts.csswg.org/selectors-4/ — the technique Blink's RuleSet and Servo's SelectorMap use), so
/// an element is tested only against rules that could match it.
struct RuleSet: Sendable {
  struct Entry: Sendable {
    var rule: StyleSheet.Rule
    /// The cascade layer's rank: later layers win for normal declarations, earlier ones for important ones;
    /// unlayered rules have the highest rank.
    var layerRank: Int
    /// Source order across the set.
    var order: Int
  }

  private(set) var entries: [Entry] = []
  private var byID: [String: [Int]] = [:]
  private var byClass: [String: [Int]] = [:]
  private var byType: [String: [Int]] = [:]
  private var others: [Int] = []
  /// True when some rule has an `!important` declaration (else the important pass is skipped).
  private(set) var hasImportant = false
  /// In quirks mode IDs and classes match ASCII case-insensitively: the buckets are keyed lowercased.
  private let foldsCase: Bool

  /// The rules of `sheets` in order; layers are ordered across all of them (https://drafts.csswg.org/css-cascade-5/#layer-ordering).
  init(sheets: [StyleSheet], foldsCase: Bool = false) {
    self.foldsCase = foldsCase
    let ranks = Self.layerRanks(sheets)
    for sheet in sheets {
      for rule in sheet.rules {
        let index = entries.count
        entries.append(Entry(rule: rule, layerRank: ranks[rule.layer] ?? Int.max, order: index))
        if rule.block.hasImportant { hasImportant = true }
        switch rule.selector.subjectKey {
        case .id(let id): byID[fold(id), default: []].append(index)
        case .className(let name): byClass[fold(name), default: []].append(index)
        case .type(let name): byType[name, default: []].append(index)
        case nil: others.append(index)
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

  /// The entries whose selector matches `element`, lowest priority first: by layer, specificity, then order
  /// (for important declarations, `important` reverses the layers).
  func matching(_ element: Element, important: Bool = false) -> [Entry] {
    var found: [Entry] = []
    let raw = RawElement(element)
    func test(_ indices: [Int]?) {
      for index in indices ?? [] where entries[index].rule.selector.matches(raw) { found.append(entries[index]) }
    }
    if let id = element.getAttribute("id"), !id.isEmpty { test(byID[fold(id)]) }
    if !byClass.isEmpty, let className = element.getAttribute("class") {
      var seen: Set<String> = []
      for name in className.splitOnASCIIWhitespace() where seen.insert(fold(name)).inserted { test(byClass[fold(name)]) }
    }
    test(byType[element.localName.asciiLowercased])
    test(others)
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
