/// A media query list as `matchMedia` reads it: parsed and serialized here, evaluated by the style sheets'
/// ``MediaQueryEvaluator`` against ``MediaEnvironment`` (a 390 × 844 phone screen). An empty list matches.
///
/// https://drafts.csswg.org/mediaqueries-4/#mq-list
public struct MediaQuery: Equatable, Sendable {
  /// One query of the list.
  public struct Query: Equatable, Sendable {
    public enum Modifier: String, Sendable { case not, only }
    public var modifier: Modifier?
    /// The media type, lowercased; nil when the query is only a condition (`(color)`).
    public var type: String?
    /// The serialized media condition (features and the words between them), or nil.
    public var condition: String?

    /// https://drafts.csswg.org/cssom/#serialize-a-media-query
    public var serialized: String {
      var parts: [String] = []
      if let modifier { parts.append(modifier.rawValue) }
      if let type, !(type == "all" && modifier == nil && condition != nil) { parts.append(type) }
      if let condition { parts.append(parts.isEmpty ? condition : "and " + condition) }
      return parts.joined(separator: " ")
    }

    /// Whether the query matches `environment`, the screen style sheets are evaluated against (one evaluator for
    /// `@media`, `<style media>` and `matchMedia`; the default is the default ``MediaEnvironment``).
    public func matches(_ environment: MediaEnvironment = MediaEnvironment()) -> Bool {
      MediaQueryEvaluator(environment: environment).matches(serialized)
    }

    /// The query every invalid one becomes (https://drafts.csswg.org/mediaqueries-4/#error-handling).
    static let notAll = Query(modifier: .not, type: "all", condition: nil)
  }

  public var queries: [Query]

  /// Parses a comma-separated list; each query that does not parse becomes `not all`.
  public init(_ text: String) {
    queries = Self.splitTopLevel(text).map { Self.parseQuery($0) ?? .notAll }
    if queries.count == 1, text.allSatisfy(\.isWhitespace) { queries = [] }
  }

  /// The list as `MediaQueryList.media` shows it: each query serialized, joined by ", ".
  public var serialized: String { queries.map(\.serialized).joined(separator: ", ") }

  /// True when any query matches `environment` (the document's, for `matchMedia`), or the list is empty.
  public func matches(_ environment: MediaEnvironment = MediaEnvironment()) -> Bool {
    queries.isEmpty || queries.contains { $0.matches(environment) }
  }

  /// The list's parts between top-level commas (a comma inside parentheses belongs to its part).
  private static func splitTopLevel(_ text: String) -> [Substring] {
    var parts: [Substring] = []
    var depth = 0
    var start = text.startIndex
    for i in text.indices {
      switch text[i] {
      case "(": depth += 1
      case ")": depth -= 1
      case "," where depth == 0:
        parts.append(text[start..<i])
        start = text.index(after: i)
      default: break
      }
    }
    parts.append(text[start...])
    return parts
  }

  private enum Token: Equatable {
    case word(String)
    /// A parenthesized block's serialization (`(min-width: 100px)`).
    case block(String)
  }

  /// `[only | not] type [and condition]` or a bare condition; nil when it does not parse.
  private static func parseQuery(_ text: Substring) -> Query? {
    guard var tokens = tokenize(text), !tokens.isEmpty else { return nil }
    var query = Query()
    if case .word(let first) = tokens[0], let modifier = Query.Modifier(rawValue: first) {
      query.modifier = modifier
      tokens.removeFirst()
      // `not (color)` is a negated condition, not a modifier.
      if modifier == .not, case .block? = tokens.first {
        query.modifier = nil
        return condition(tokens, negated: true).map { Query(modifier: nil, type: nil, condition: $0) }
      }
      guard case .word? = tokens.first else { return nil }
    }
    if case .word(let type)? = tokens.first {
      guard !["and", "or", "not", "only", "layer"].contains(type) else { return nil }
      query.type = type
      tokens.removeFirst()
      if tokens.isEmpty { return query }
      guard tokens.first == .word("and"), tokens.count > 1 else { return nil }
      tokens.removeFirst()
    } else if query.modifier != nil {
      return nil
    }
    guard let condition = condition(tokens, negated: false) else { return nil }
    query.condition = condition
    return query
  }

  /// Blocks joined by `and` (or all by `or`, without a type); the serialization, or nil.
  private static func condition(_ tokens: [Token], negated: Bool) -> String? {
    var parts: [String] = negated ? ["not"] : []
    var joiner: String?
    for (i, token) in tokens.enumerated() {
      switch (i % 2, token) {
      case (0, .block(let block)): parts.append(block)
      case (1, .word(let word)) where word == "and" || word == "or":
        if let joiner, joiner != word { return nil }
        joiner = word
        parts.append(word)
      default: return nil
      }
    }
    guard tokens.count % 2 == 1, !(negated && tokens.count > 1) else { return nil }
    return parts.joined(separator: " ")
  }

  /// Words (lowercased) and parenthesized blocks; nil for other punctuation.
  private static func tokenize(_ text: Substring) -> [Token]? {
    var tokens: [Token] = []
    var i = text.startIndex
    while i < text.endIndex {
      let c = text[i]
      if c.isWhitespace {
        i = text.index(after: i)
      } else if c == "(" {
        var depth = 0
        var j = i
        repeat {
          if text[j] == "(" { depth += 1 } else if text[j] == ")" { depth -= 1 }
          j = text.index(after: j)
        } while depth > 0 && j < text.endIndex
        // CSS closes the blocks still open at the end of the input: "(color" is "(color)".
        let inside = text[text.index(after: i)..<(depth == 0 ? text.index(before: j) : j)]
        tokens.append(.block(block(inside + String(repeating: ")", count: max(0, depth - 1)))))
        i = j
      } else if c.isLetter || c == "-" || c == "_" {
        var j = i
        while j < text.endIndex, text[j].isLetter || text[j].isNumber || text[j] == "-" || text[j] == "_" {
          j = text.index(after: j)
        }
        tokens.append(.word(text[i..<j].lowercased()))
        i = j
      } else {
        return nil
      }
    }
    return tokens
  }

  /// A feature block's serialization: `(name: value)` lowercased with single spaces, or `(name)`.
  private static func block(_ inside: Substring) -> String {
    let collapsed = inside.split(whereSeparator: \.isWhitespace).joined(separator: " ").lowercased()
    guard let colon = collapsed.firstIndex(of: ":"), !collapsed.contains("(") else { return "(\(collapsed))" }
    func trimmed(_ part: Substring) -> String { part.split(separator: " ").joined(separator: " ") }
    return "(\(trimmed(collapsed[..<colon])): \(trimmed(collapsed[collapsed.index(after: colon)...])))"
  }
}
