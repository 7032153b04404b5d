import CSSSelectors

/// The screen `@media` rules and `<style media>` are evaluated against.
///
/// The default is a phone's viewport in CSS pixels (390 × 844, what the iPhone user agent webaction reports would
/// have), a light color scheme, no hover, no fine pointer, a device pixel ratio of 1.
public struct MediaEnvironment: Equatable, Sendable {
  public var width: Double
  public var height: Double
  public var devicePixelRatio: Double

  public init(width: Double = 390, height: Double = 844, devicePixelRatio: Double = 1) {
    self.width = width
    self.height = height
    self.devicePixelRatio = devicePixelRatio
  }
}

/// Evaluates a media query list (https://drafts.csswg.org/mediaqueries-4/#mq-syntax): media types `all` and
/// `screen` match, other types do not; features are compared with ``MediaEnvironment``; an unknown feature is false.
struct MediaQueryEvaluator {
  let environment: MediaEnvironment

  /// True when any query of the comma-separated list matches; an empty list matches.
  func matches(_ text: String) -> Bool {
    let queries = splitTopLevelCommas(text.asciiLowercased)
    if queries.count == 1 && queries[0].isEmpty { return true }
    return queries.contains { query($0) }
  }

  private func query(_ text: String) -> Bool {
    var tokens = CSSConditionTokens(text)
    guard let first = tokens.peekWord else { return condition(&tokens) ?? false }
    // `[not | only]? type [and condition]?`, or a bare condition.
    if first == "not" || first == "only" || !first.hasPrefix("(") {
      var negate = false
      if first == "not" || first == "only" {
        negate = first == "not"
        tokens.next()
      }
      guard let type = tokens.next(), !type.hasPrefix("(") else { return false }
      var result = type == "all" || type == "screen"
      if tokens.peekWord == "and" {
        tokens.next()
        result = result && (condition(&tokens) ?? false)
      }
      guard tokens.isAtEnd else { return false }
      return negate ? !result : result
    }
    let result = condition(&tokens) ?? false
    return tokens.isAtEnd && result
  }

  /// `not (a)`, `(a) and (b)...`, `(a) or (b)...`; nil when malformed.
  private func condition(_ tokens: inout CSSConditionTokens) -> Bool? {
    if tokens.peekWord == "not" {
      tokens.next()
      return inParens(&tokens).map { !$0 }
    }
    guard var result = inParens(&tokens) else { return nil }
    while let joiner = tokens.peekWord, joiner == "and" || joiner == "or" {
      tokens.next()
      guard let next = inParens(&tokens) else { return nil }
      result = joiner == "and" ? result && next : result || next
    }
    return result
  }

  private func inParens(_ tokens: inout CSSConditionTokens) -> Bool? {
    guard let group = tokens.next(), group.hasPrefix("("), group.hasSuffix(")") else { return nil }
    let inner = String(group.dropFirst().dropLast()).trimmingCSSWhitespace()
    var nested = CSSConditionTokens(inner)
    if let first = nested.peekWord, first == "not" || first.hasPrefix("(") {
      let result = condition(&nested)
      return nested.isAtEnd ? result : nil
    }
    return feature(inner)
  }

  /// `(name)`, `(name: value)`, or a range (`width >= 600px`, `400px < width <= 700px`).
  private func feature(_ text: String) -> Bool {
    if let colon = text.firstIndex(of: ":") {
      let name = text[..<colon].trimmingCSSWhitespace()
      let value = text[text.index(after: colon)...].trimmingCSSWhitespace()
      if name.hasPrefix("min-") { return compare(String(name.dropFirst(4)), value, { $0 >= $1 }) }
      if name.hasPrefix("max-") { return compare(String(name.dropFirst(4)), value, { $0 <= $1 }) }
      if name.hasPrefix("-webkit-min-") { return compare(String(name.dropFirst(12)), value, { $0 >= $1 }) }
      if name.hasPrefix("-webkit-max-") { return compare(String(name.dropFirst(12)), value, { $0 <= $1 }) }
      if number(of: name) != nil { return compare(name, value, { $0 == $1 }) }
      return discrete(name, value)
    }
    if let range = rangeFeature(text) { return range }
    // A boolean context: true unless the feature's value is zero or `none`.
    if let value = number(of: text) { return value != 0 }
    switch text {
    case "hover", "any-hover", "pointer", "any-pointer", "monochrome", "grid", "inverted-colors", "forced-colors",
      "prefers-reduced-motion", "prefers-reduced-transparency", "prefers-contrast":
      return false
    case "color", "prefers-color-scheme", "update", "overflow-block", "overflow-inline", "scripting", "display-mode":
      return true
    default:
      return false
    }
  }

  /// The numeric value of a range feature, in px for lengths.
  private func number(of feature: String) -> Double? {
    switch feature {
    case "width", "device-width": environment.width
    case "height", "device-height": environment.height
    case "aspect-ratio", "device-aspect-ratio": environment.width / environment.height
    case "resolution", "device-pixel-ratio": environment.devicePixelRatio
    case "color": 8
    case "color-index", "monochrome": 0
    default: nil
    }
  }

  private func compare(_ feature: String, _ valueText: String, _ test: (Double, Double) -> Bool) -> Bool {
    guard let actual = number(of: feature), let value = parseValue(valueText, for: feature) else { return false }
    return test(actual, value)
  }

  /// A length in px, a ratio (`16/9`), a resolution in dppx, or a plain number.
  private func parseValue(_ text: String, for feature: String) -> Double? {
    let value = text.replacingSpaces()
    if feature.hasSuffix("aspect-ratio") {
      let parts = value.split(separator: "/")
      guard let a = Double(parts[0]) else { return nil }
      if parts.count == 1 { return a }
      guard parts.count == 2, let b = Double(parts[1]), b != 0 else { return nil }
      return a / b
    }
    if feature == "resolution" {
      for (unit, scale) in [("dppx", 1.0), ("dpi", 1.0 / 96), ("dpcm", 2.54 / 96), ("x", 1.0)] where value.hasSuffix(unit) {
        return Double(value.dropLast(unit.count)).map { $0 * scale }
      }
      return nil
    }
    return length(value) ?? Double(value)
  }

  /// A CSS length in px (`em` and `rem` are the initial 16px).
  func length(_ text: String) -> Double? {
    if text == "0" { return 0 }
    let units: [(String, Double)] = [
      ("px", 1), ("rem", 16), ("em", 16), ("vw", environment.width / 100), ("vh", environment.height / 100),
      ("vmin", min(environment.width, environment.height) / 100), ("vmax", max(environment.width, environment.height) / 100),
      ("pt", 4.0 / 3), ("pc", 16), ("in", 96), ("cm", 96 / 2.54), ("mm", 96 / 25.4), ("q", 96 / 101.6), ("ch", 8), ("ex", 8),
    ]
    for (unit, scale) in units where text.hasSuffix(unit) {
      return Double(text.dropLast(unit.count)).map { $0 * scale }
    }
    return nil
  }

  private func discrete(_ name: String, _ value: String) -> Bool {
    switch name {
    case "orientation": return value == (environment.height >= environment.width ? "portrait" : "landscape")
    case "prefers-color-scheme": return value == "light"
    case "prefers-reduced-motion", "prefers-reduced-transparency", "prefers-contrast": return value == "no-preference"
    case "forced-colors", "hover", "any-hover", "pointer", "any-pointer": return value == "none"
    case "scripting": return value == "enabled"
    case "display-mode": return value == "browser"
    case "update": return value == "fast"
    case "overflow-block", "overflow-inline": return value == "scroll"
    case "color-gamut": return value == "srgb"
    case "dynamic-range", "video-dynamic-range": return value == "standard"
    default: return false
    }
  }

  /// `width >= 600px`, `600px <= width`, `400px < width < 700px`; nil when `text` is not a range.
  private func rangeFeature(_ text: String) -> Bool? {
    let operators = ["<=", ">=", "<", ">", "="]
    var parts: [String] = []
    var ops: [String] = []
    var rest = Substring(text)
    while let (range, op) = operators.lazy.compactMap({ op in rest.range(ofOperator: op).map { ($0, op) } }).min(by: {
      $0.0.lowerBound < $1.0.lowerBound
    }) {
      parts.append(rest[..<range.lowerBound].trimmingCSSWhitespace())
      ops.append(op)
      rest = rest[range.upperBound...]
    }
    parts.append(rest.trimmingCSSWhitespace())
    guard ops.count == 1 || ops.count == 2 else { return nil }
    func test(_ a: Double, _ op: String, _ b: Double) -> Bool {
      switch op {
      case "<": a < b
      case "<=": a <= b
      case ">": a > b
      case ">=": a >= b
      default: a == b
      }
    }
    // The feature name is the middle part of a double range, else whichever side is a name.
    let nameIndex = ops.count == 2 ? 1 : (number(of: parts[0]) != nil ? 0 : 1)
    let name = parts[nameIndex]
    guard let actual = number(of: name) else { return false }
    var result = true
    for (index, op) in ops.enumerated() {
      let left = index, right = index + 1
      let leftValue = left == nameIndex ? actual : parseValue(parts[left], for: name)
      let rightValue = right == nameIndex ? actual : parseValue(parts[right], for: name)
      guard let l = leftValue, let r = rightValue else { return false }
      result = result && test(l, op, r)
    }
    return result
  }
}

/// Evaluates an `@supports` condition (https://drafts.csswg.org/css-conditional-3/#at-supports) and answers
/// `CSS.supports()`: a declaration is supported when its property is one a browser knows (``CSSPropertyNames``) and,
/// for a property computed here, its value is valid (other properties' values are not checked); `selector()` asks
/// CSSSelectors.
public enum SupportsCondition {
  /// `@supports` and `CSS.supports(conditionText)`: a bare declaration (`display: grid`) counts as if in parentheses.
  public static func evaluate(_ text: String) -> Bool {
    var tokens = CSSConditionTokens(text)
    if let result = condition(&tokens) { return result }
    var wrapped = CSSConditionTokens("(" + text + ")")
    return condition(&wrapped) ?? false
  }

  private static func condition(_ tokens: inout CSSConditionTokens) -> Bool? {
    if tokens.peekWord?.asciiLowercased == "not" {
      tokens.next()
      return inParens(&tokens).map { !$0 }
    }
    guard var result = inParens(&tokens) else { return nil }
    while let joiner = tokens.peekWord?.asciiLowercased, joiner == "and" || joiner == "or" {
      tokens.next()
      guard let next = inParens(&tokens) else { return nil }
      result = joiner == "and" ? result && next : result || next
    }
    return tokens.isAtEnd ? result : nil
  }

  private static func inParens(_ tokens: inout CSSConditionTokens) -> Bool? {
    guard let group = tokens.next(), group.hasSuffix(")") else { return nil }
    if group.asciiLowercased.hasPrefix("selector(") {
      return (try? SelectorList(parsing: String(group.dropFirst(9).dropLast()))) != nil
    }
    guard group.hasPrefix("(") else { return false }  // font-tech(), font-format() and unknown functions
    let inner = String(group.dropFirst().dropLast()).trimmingCSSWhitespace()
    var nested = CSSConditionTokens(inner)
    if let first = nested.peekWord, first.asciiLowercased == "not" || first.hasPrefix("(") || first.hasSuffix(")") {
      return condition(&nested)
    }
    guard let declaration = CSSStyleDeclaration.parseDeclaration(inner) else { return false }
    return supports(declaration.name, declaration.value)
  }

  /// `CSS.supports(property, value)`.
  public static func supports(_ name: String, _ value: String) -> Bool {
    if name.hasPrefix("--") { return !value.trimmingCSSWhitespace().isEmpty }
    let property = name.asciiLowercased
    guard CSSPropertyNames.known.contains(property), !value.trimmingCSSWhitespace().isEmpty else { return false }
    if StyleProperty(name: property) != nil || StyleShorthand(rawValue: property) != nil {
      var block = DeclarationBlock()
      block.add(name: property, value: value.trimmingCSSWhitespace(), important: false)
      return !block.isEmpty
    }
    return true
  }
}

/// The words and parenthesized groups of a condition: `screen`, `and`, `(min-width: 10px)`, `selector(a > b)`.
struct CSSConditionTokens {
  private var tokens: [String]
  private var index = 0

  init(_ text: String) {
    var tokens: [String] = []
    var current = ""
    var depth = 0
    var quote: Character?
    for char in text {
      if let open = quote {
        current.append(char)
        if char == open { quote = nil }
        continue
      }
      switch char {
      case "\"", "'":
        quote = char
        current.append(char)
      case "(":
        depth += 1
        current.append(char)
      case ")":
        depth -= 1
        current.append(char)
        if depth == 0 {
          tokens.append(current)
          current = ""
        }
      case " ", "\t", "\n", "\r", "\u{0C}":
        if depth > 0 {
          current.append(char)
        } else if !current.isEmpty {
          tokens.append(current)
          current = ""
        }
      default:
        current.append(char)
      }
    }
    if !current.isEmpty { tokens.append(current) }
    self.tokens = tokens
  }

  var isAtEnd: Bool { index >= tokens.count }
  var peekWord: String? { isAtEnd ? nil : tokens[index] }

  @discardableResult
  mutating func next() -> String? {
    guard !isAtEnd else { return nil }
    index += 1
    return tokens[index - 1]
  }
}

extension StringProtocol {
  /// The text without spaces (`16 / 9` → `16/9`).
  fileprivate func replacingSpaces() -> String { String(filter { $0 != " " && $0 != "\t" }) }

  /// Where comparison operator `op` occurs (`<` not as part of `<=`).
  fileprivate func range(ofOperator op: String) -> Range<Index>? {
    var index = startIndex
    while index < endIndex {
      if self[index...].hasPrefix(op) {
        let end = self.index(index, offsetBy: op.count)
        if op.count == 1, end < endIndex, self[end] == "=" {
          index = self.index(after: index)
          continue
        }
        return index..<end
      }
      index = self.index(after: index)
    }
    return nil
  }
}
