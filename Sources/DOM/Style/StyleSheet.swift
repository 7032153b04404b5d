import CSSSelectors

/// A parsed style sheet: its style rules, one per selector, in source order, with `@media` and `@supports`
/// already decided and `@layer`s named.
///
/// https://drafts.csswg.org/css-syntax-3/#parse-a-css-stylesheet, reduced to what the cascade needs:
/// - style rules, with nested rules (`&`, https://drafts.csswg.org/css-nesting-1/) flattened;
/// - `@media` (against a ``MediaEnvironment``), `@supports`, `@layer` (block and statement forms);
/// - every other at-rule (`@import`, `@font-face`, `@keyframes`, `@container`, `@scope`...) is skipped.
/// A selector naming a pseudo-element (or a pseudo-class CSSSelectors does not know) is dropped from its list and
/// the others kept; a selector list that does not parse otherwise drops the rule, as in a browser.
struct StyleSheet: Sendable {
  struct Rule: Sendable {
    /// One selector.
    var selector: SelectorList
    var specificity: Specificity
    var block: DeclarationBlock
    /// The cascade layer, as a path of names (`["base", "forms"]`); empty for unlayered rules.
    var layer: [String]
  }

  private(set) var rules: [Rule] = []
  /// Every layer the sheet names, in the order first named (statements like `@layer a, b;` included).
  private(set) var layerNames: [[String]] = []

  init(parsing text: String, environment: MediaEnvironment) {
    var parser = StyleSheetParser(text: text, environment: environment)
    parser.parseRules(in: 0..<parser.bytes.count, layer: [])
    rules = parser.rules
    layerNames = parser.layerNames
  }
}

/// A rule of a style sheet as CSSOM lists it (https://drafts.csswg.org/cssom/#css-rules): its type, its text
/// and, for a style rule, its selector; a grouping rule (`@media`, `@supports`, `@layer`, `@container`...) has
/// its own rules.
public struct CSSRuleSummary: Sendable, Equatable {
  /// CSSOM's `CSSRule.type`: 1 style, 3 import, 4 media, 5 font-face, 6 page, 7 keyframes, 10 namespace,
  /// 12 supports; 0 for the rules CSSOM gives no number (`@layer`, `@container`, `@property`...).
  public var type: Int
  public var cssText: String
  /// A style rule's selector list; nil for at-rules.
  public var selectorText: String?
  public var childRules: [CSSRuleSummary]
}

extension StyleSheet {
  /// The rules CSSOM lists for a sheet of `text`: its top-level qualified rules whose selectors parse (an unknown
  /// pseudo-class or pseudo-element keeps a rule, as in a browser; a syntax error drops it) and its known at-rules
  /// (`@charset` is not a rule). `cssText` is the rule as written, its declarations re-serialized (`p { color: red; }`).
  static func cssRules(parsing text: String) -> [CSSRuleSummary] {
    let parser = StyleSheetParser(text: text, environment: MediaEnvironment())
    return parser.ruleSummaries(in: 0..<parser.bytes.count)
  }
}

/// The scanner behind ``StyleSheet``: works on the sheet's UTF-8 bytes with comments removed.
private struct StyleSheetParser {
  let bytes: [UInt8]
  let media: MediaQueryEvaluator
  var rules: [StyleSheet.Rule] = []
  var layerNames: [[String]] = []
  private var anonymousLayers = 0
  /// The `@scope` rules the parser is inside, innermost last: their root and limit selectors.
  private var scopes: [(root: String, limit: String?)] = []

  init(text: String, environment: MediaEnvironment) {
    bytes = Self.removingComments(Array(text.utf8))
    media = MediaQueryEvaluator(environment: environment)
  }

  private static let openBrace = UInt8(ascii: "{"), closeBrace = UInt8(ascii: "}"), semicolon = UInt8(ascii: ";")

  // MARK: Rules

  /// A list of rules (the sheet, or the block of `@media`, `@supports`, `@layer`).
  mutating func parseRules(in range: Range<Int>, layer: [String]) {
    var i = range.lowerBound
    while i < range.upperBound {
      guard let next = nextRule(from: i, to: range.upperBound) else { break }
      i = next
      if bytes[i] == UInt8(ascii: "@") {
        i = parseAtRule(at: i, end: range.upperBound, layer: layer, parent: nil)
        continue
      }
      // A qualified rule: its prelude runs to the `{` of its block.
      let open = scan(from: i, to: range.upperBound, stopAt: [Self.openBrace])
      guard open < range.upperBound else { break }
      guard bytes[open] == Self.openBrace else {  // a stray `}`
        i = open + 1
        continue
      }
      let close = scan(from: open + 1, to: range.upperBound, stopAt: [Self.closeBrace])
      if let selectors = parseSelectors(text(i..<open), parent: nil) {
        parseBlock(in: (open + 1)..<close, selectors: selectors, layer: layer)
      }
      i = close + 1
    }
  }

  // MARK: CSSOM's rule list

  private static let ruleTypes: [String: Int] = [
    "import": 3, "media": 4, "font-face": 5, "page": 6, "keyframes": 7, "-webkit-keyframes": 7, "namespace": 10,
    "supports": 12, "layer": 0, "container": 0, "property": 0, "counter-style": 11, "font-feature-values": 14,
    "scope": 0, "starting-style": 0, "font-palette-values": 0, "view-transition": 0, "document": 13,
  ]
  private static let groupingRules: Set<String> = ["media", "supports", "layer", "container", "scope", "starting-style", "document"]

  /// The rules in `range` as CSSOM lists them (``CSSRuleSummary``).
  func ruleSummaries(in range: Range<Int>) -> [CSSRuleSummary] {
    var rules: [CSSRuleSummary] = []
    var i = range.lowerBound
    while i < range.upperBound {
      guard let next = nextRule(from: i, to: range.upperBound) else { break }
      i = next
      if bytes[i] == UInt8(ascii: "@") {
        var nameEnd = i + 1
        while nameEnd < range.upperBound, isNameByte(bytes[nameEnd]) { nameEnd += 1 }
        let name = text((i + 1)..<nameEnd).asciiLowercased
        let stop = scan(from: nameEnd, to: range.upperBound, stopAt: [Self.openBrace, Self.semicolon])
        let prelude = collapsedWhitespace(text(nameEnd..<min(stop, range.upperBound)))
        let head = prelude.isEmpty ? "@\(name)" : "@\(name) \(prelude)"
        guard stop < range.upperBound, bytes[stop] == Self.openBrace else {
          // @import and @namespace count only before the other rules (https://drafts.csswg.org/css-cascade-5/#at-import).
          let misplaced = (name == "import" && rules.contains { $0.type != 0 && $0.type != 3 })
            || (name == "namespace" && rules.contains { $0.type != 0 && $0.type != 3 && $0.type != 10 })
          if let type = Self.ruleTypes[name], !misplaced {
            rules.append(CSSRuleSummary(type: type, cssText: head + ";", selectorText: nil, childRules: []))
          }
          i = stop + 1
          continue
        }
        let close = scan(from: stop + 1, to: range.upperBound, stopAt: [Self.closeBrace])
        if let type = Self.ruleTypes[name] {
          if Self.groupingRules.contains(name) {
            let children = ruleSummaries(in: (stop + 1)..<close)
            let inner = children.map(\.cssText).joined(separator: " ")
            rules.append(CSSRuleSummary(
              type: type, cssText: head + (inner.isEmpty ? " { }" : " { \(inner) }"), selectorText: nil,
              childRules: children))
          } else {
            let body = collapsedWhitespace(text((stop + 1)..<close))
            rules.append(CSSRuleSummary(
              type: type, cssText: head + (body.isEmpty ? " { }" : " { \(body) }"), selectorText: nil, childRules: []))
          }
        }
        i = close + 1
        continue
      }
      let open = scan(from: i, to: range.upperBound, stopAt: [Self.openBrace])
      guard open < range.upperBound else { break }
      guard bytes[open] == Self.openBrace else {
        i = open + 1
        continue
      }
      let close = scan(from: open + 1, to: range.upperBound, stopAt: [Self.closeBrace])
      let selector = collapsedWhitespace(text(i..<open))
      if Self.isValidSelectorForCSSOM(selector) {
        let declarations = CSSStyleDeclaration.serialize(CSSStyleDeclaration.parse(text((open + 1)..<close)))
        rules.append(CSSRuleSummary(
          type: 1, cssText: declarations.isEmpty ? "\(selector) { }" : "\(selector) { \(declarations) }",
          selectorText: selector, childRules: []))
      }
      i = close + 1
    }
    return rules
  }

  /// A selector list a browser keeps: each selector parses, or fails only on a pseudo-class or pseudo-element
  /// this engine does not know.
  private static func isValidSelectorForCSSOM(_ prelude: String) -> Bool {
    guard !prelude.isEmpty else { return false }
    for piece in CSSStyleDeclaration.splitTopLevel(prelude, where: { $0 == "," }) {
      let selector = String(piece).trimmingCSSWhitespace()
      guard !selector.isEmpty else { return false }
      do {
        _ = try SelectorList(parsing: selector)
      } catch {
        if error.kind == .syntax { return false }
      }
    }
    return true
  }

  private func collapsedWhitespace(_ text: String) -> String {
    text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}" })
      .joined(separator: " ")
  }

  /// An at-rule at `start`; returns where the next item starts. Inside a style rule (`parent`), the blocks of
  /// `@media`, `@supports` and `@layer` hold declarations and nested rules for the parent's selectors.
  private mutating func parseAtRule(at start: Int, end: Int, layer: [String], parent: ParsedSelectors?) -> Int {
    var nameEnd = start + 1
    while nameEnd < end, isNameByte(bytes[nameEnd]) { nameEnd += 1 }
    let name = text((start + 1)..<nameEnd).asciiLowercased
    let stop = scan(from: nameEnd, to: end, stopAt: [Self.openBrace, Self.semicolon])
    let prelude = text(nameEnd..<stop).trimmingCSSWhitespace()
    guard stop < end, bytes[stop] == Self.openBrace else {
      if name == "layer", parent == nil {
        for layerName in splitTopLevelCommas(prelude) where !layerName.isEmpty {
          declareLayer(layer + layerName.split(separator: ".").map(String.init))
        }
      }
      return stop + 1
    }
    let close = scan(from: stop + 1, to: end, stopAt: [Self.closeBrace])
    let inner = (stop + 1)..<close
    func body(_ parser: inout StyleSheetParser, _ layer: [String]) {
      if let parent {
        parser.parseBlock(in: inner, selectors: parent, layer: layer)
      } else {
        parser.parseRules(in: inner, layer: layer)
      }
    }
    switch name {
    case "media":
      if media.matches(prelude) { body(&self, layer) }
    case "supports":
      if SupportsCondition.evaluate(prelude) { body(&self, layer) }
    case "scope":
      // `@scope (root) to (limit)`: the rules' subjects must be the root or inside it, and not in the limit.
      // Without a prelude the root is the style sheet's owner's parent; that is not known here, so the rules apply
      // to the whole document.
      scopes.append(Self.scopePrelude(prelude) ?? (root: "*", limit: nil))
      body(&self, layer)
      scopes.removeLast()
    case "layer":
      var path = layer
      if prelude.isEmpty {
        anonymousLayers += 1
        path.append("\u{0}anonymous\(anonymousLayers)")
      } else {
        path += prelude.split(separator: ".").map { String($0).trimmingCSSWhitespace() }
      }
      declareLayer(path)
      body(&self, path)
    default:
      break
    }
    return close + 1
  }

  private mutating func declareLayer(_ path: [String]) {
    for length in 1...max(1, path.count) where !path.isEmpty {
      let prefix = Array(path.prefix(length))
      if !layerNames.contains(prefix) { layerNames.append(prefix) }
    }
  }

  /// A style rule's block: declarations, nested style rules and nested conditional rules.
  private mutating func parseBlock(in range: Range<Int>, selectors: ParsedSelectors, layer: [String]) {
    var block = DeclarationBlock()
    var nested: [(prelude: String, body: Range<Int>)] = []
    var nestedAtRules: [Int] = []
    var i = range.lowerBound
    while i < range.upperBound {
      i = skipWhitespace(from: i, to: range.upperBound)
      guard i < range.upperBound else { break }
      if bytes[i] == Self.semicolon { i += 1; continue }
      if bytes[i] == UInt8(ascii: "@") {
        nestedAtRules.append(i)
        let stop = scan(from: i, to: range.upperBound, stopAt: [Self.openBrace, Self.semicolon])
        i = stop < range.upperBound && bytes[stop] == Self.openBrace
          ? scan(from: stop + 1, to: range.upperBound, stopAt: [Self.closeBrace]) + 1 : stop + 1
        continue
      }
      let stop = scan(from: i, to: range.upperBound, stopAt: [Self.openBrace, Self.semicolon])
      if stop < range.upperBound, bytes[stop] == Self.openBrace {
        let close = scan(from: stop + 1, to: range.upperBound, stopAt: [Self.closeBrace])
        nested.append((text(i..<stop), (stop + 1)..<close))
        i = close + 1
        continue
      }
      if let declaration = CSSStyleDeclaration.parseDeclaration(text(i..<stop)) {
        block.add(name: declaration.name, value: declaration.value, important: declaration.important)
      }
      i = stop + 1
    }
    if !block.isEmpty {
      for (selector, specificity) in selectors.list {
        rules.append(StyleSheet.Rule(selector: selector, specificity: specificity, block: block, layer: layer))
      }
    }
    for (prelude, body) in nested {
      if let inner = parseSelectors(prelude, parent: selectors) { parseBlock(in: body, selectors: inner, layer: layer) }
    }
    for start in nestedAtRules { _ = parseAtRule(at: start, end: range.upperBound, layer: layer, parent: selectors) }
  }

  /// `(root) to (limit)`, `(root)`, or nil.
  private static func scopePrelude(_ prelude: String) -> (root: String, limit: String?)? {
    var tokens = CSSConditionTokens(prelude)
    guard let root = tokens.next(), root.hasPrefix("("), root.hasSuffix(")") else { return nil }
    var limit: String?
    if tokens.peekWord?.asciiLowercased == "to", tokens.next() != nil, let group = tokens.next(), group.hasPrefix("(") {
      limit = String(group.dropFirst().dropLast())
    }
    return (String(root.dropFirst().dropLast()), limit)
  }

  /// A selector inside `@scope`: `:scope` is the root, and the subject must be in scope.
  private func scoped(_ selector: String) -> String {
    guard let scope = scopes.last else { return selector }
    let root = ":is(\(scope.root))"
    var text = selector.replacingOccurrencesOfScope(with: root)
    text += ":where(\(root), \(root) *)"
    if let limit = scope.limit { text += ":not(:is(\(limit)), :is(\(limit)) *)" }
    return text
  }

  // MARK: Selectors

  /// A rule's selectors, each on its own, and the list's text (what `&` stands for in nested rules).
  struct ParsedSelectors {
    var list: [(SelectorList, Specificity)]
    var text: String
  }

  /// Parses a rule's prelude; nil when the rule must be dropped.
  ///
  /// Nested selectors resolve `&` as `:is(parent)`; one without `&` is relative to the parent (`.a { .b {} }` is
  /// `.a .b`). A selector that fails only because it names a pseudo-element or a pseudo-class unknown here is
  /// dropped and the others kept, except another engine's prefixed one (`::-moz-selection`), which drops the rule.
  private func parseSelectors(_ prelude: String, parent: ParsedSelectors?) -> ParsedSelectors? {
    var list: [(SelectorList, Specificity)] = []
    var texts: [String] = []
    for piece in splitTopLevelCommas(prelude) {
      var selector = piece
      if let parent {
        let anchor = ":is(\(parent.text))"
        if selector.contains("&") {
          selector = selector.replacingAmpersands(with: anchor)
        } else {
          selector = anchor + " " + selector
        }
      } else {
        selector = scoped(selector)
      }
      do {
        let parsed = try SelectorList(parsing: selector)
        list.append((parsed, parsed.specificity))
        texts.append(selector)
      } catch {
        if error.kind == .syntax { return nil }
        let lowered = piece.asciiLowercased
        if ["-moz-", "-ms-", "-o-"].contains(where: { lowered.contains(":" + $0) }) { return nil }
      }
    }
    guard !texts.isEmpty else { return nil }
    return ParsedSelectors(list: list, text: texts.joined(separator: ", "))
  }

  // MARK: Scanning

  private func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

  private func hasPrefix(_ prefix: String, at index: Int) -> Bool {
    let utf8 = Array(prefix.utf8)
    return index + utf8.count <= bytes.count && Array(bytes[index..<(index + utf8.count)]) == utf8
  }

  private func isNameByte(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte >= 0x80
      || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
      || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
  }

  /// Where the next rule at or after `start` begins (whitespace, `<!--` and `-->` skipped); nil at `end`.
  private func nextRule(from start: Int, to end: Int) -> Int? {
    var i = start
    while true {
      i = skipWhitespace(from: i, to: end)
      guard i < end else { return nil }
      if hasPrefix("<!--", at: i) {
        i += 4
      } else if hasPrefix("-->", at: i) {
        i += 3
      } else {
        return i
      }
    }
  }

  private func skipWhitespace(from start: Int, to end: Int) -> Int {
    var i = start
    while i < end, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x0C {
      i += 1
    }
    return i
  }

  /// The index of the first of `stops` outside strings, escapes and nested brackets (or `end`). A stray `}` at
  /// depth zero ends the scan too (it closes the enclosing block).
  private func scan(from start: Int, to end: Int, stopAt stops: Set<UInt8>) -> Int {
    var depth = 0
    var i = start
    while i < end {
      let byte = bytes[i]
      switch byte {
      case UInt8(ascii: "\\"):
        i += 2
        continue
      case UInt8(ascii: "\""), UInt8(ascii: "'"):
        i += 1
        while i < end, bytes[i] != byte, bytes[i] != 0x0A {
          if bytes[i] == UInt8(ascii: "\\") { i += 1 }
          i += 1
        }
      case UInt8(ascii: "("), UInt8(ascii: "["):
        depth += 1
      case UInt8(ascii: ")"), UInt8(ascii: "]"):
        depth = max(0, depth - 1)
      case Self.openBrace:
        if depth == 0, stops.contains(byte) { return i }
        depth += 1
      case Self.closeBrace:
        if depth == 0 { return i }
        depth -= 1
      default:
        if depth == 0, stops.contains(byte) { return i }
      }
      i += 1
    }
    return min(i, end)
  }

  /// The bytes without `/* … */` comments (outside strings).
  private static func removingComments(_ input: [UInt8]) -> [UInt8] {
    guard input.contains(UInt8(ascii: "*")) else { return input }
    var output: [UInt8] = []
    output.reserveCapacity(input.count)
    var i = 0
    var quote: UInt8?
    while i < input.count {
      let byte = input[i]
      if let open = quote {
        output.append(byte)
        if byte == UInt8(ascii: "\\"), i + 1 < input.count {
          output.append(input[i + 1])
          i += 2
          continue
        }
        if byte == open || byte == 0x0A { quote = nil }
      } else if byte == UInt8(ascii: "/"), i + 1 < input.count, input[i + 1] == UInt8(ascii: "*") {
        i += 2
        while i + 1 < input.count, !(input[i] == UInt8(ascii: "*") && input[i + 1] == UInt8(ascii: "/")) { i += 1 }
        i += 2
        continue
      } else {
        if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") { quote = byte }
        if byte == UInt8(ascii: "\\"), i + 1 < input.count {
          output.append(byte)
          output.append(input[i + 1])
          i += 2
          continue
        }
        output.append(byte)
      }
      i += 1
    }
    return output
  }
}

extension String {
  /// `:scope` (ASCII case-insensitive) replaced by `root`.
  fileprivate func replacingOccurrencesOfScope(with root: String) -> String {
    var output = ""
    var index = startIndex
    while index < endIndex {
      if self[index] == ":", String(self[index...].prefix(6)).asciiLowercased == ":scope" {
        output += root
        index = self.index(index, offsetBy: 6)
        continue
      }
      output.append(self[index])
      index = self.index(after: index)
    }
    return output
  }

  /// `&` outside strings replaced by `anchor` (CSS nesting).
  fileprivate func replacingAmpersands(with anchor: String) -> String {
    var output = ""
    var quote: Character?
    for char in self {
      if let open = quote {
        if char == open { quote = nil }
      } else if char == "\"" || char == "'" {
        quote = char
      } else if char == "&" {
        output += anchor
        continue
      }
      output.append(char)
    }
    return output
  }
}
