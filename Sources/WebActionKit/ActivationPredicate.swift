/// An activation rule written as a predicate string: the subset of NSPredicate's format that Apple documents for
/// `NSExtensionActivationRule` ("Declaring supported data types" in the App Extension Programming Guide).
///
///     SUBQUERY (extensionItems, $extensionItem,
///       SUBQUERY ($extensionItem.attachments, $attachment,
///         ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.url"
///       ).@count == 1
///     ).@count == 1
///
/// Supported: `TRUEPREDICATE`, `FALSEPREDICATE`, `AND`/`&&`, `OR`/`||`, `NOT`/`!`, parentheses; comparisons with
/// `==` (`=`), `!=` (`<>`), `<`, `<=` (`=<`), `>`, `>=` (`=>`), `UTI-CONFORMS-TO`, `UTI-EQUALS`, each optionally after
/// `ANY` (`SOME`), `ALL` or `NONE`; expressions: key paths from `extensionItems` or a `$variable`, `@count`, strings,
/// numbers and `SUBQUERY(collection, $variable, predicate)`. Keywords are case-insensitive, as in NSPredicate.
public struct ActivationPredicate: Sendable, Hashable, CustomStringConvertible {
  /// The text as written.
  public let text: String
  let root: Node

  indirect enum Node: Sendable, Hashable {
    case constant(Bool)
    case not(Node)
    case and(Node, Node)
    case or(Node, Node)
    case comparison(Quantifier, Expression, Operator, Expression)
  }

  enum Quantifier: Sendable, Hashable { case none, any, all, noneOf }

  enum Operator: String, Sendable, Hashable {
    case equal = "==", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
    case conformsTo = "UTI-CONFORMS-TO", utiEquals = "UTI-EQUALS"
  }

  indirect enum Expression: Sendable, Hashable {
    /// Keys from a variable (`$attachment.registeredTypeIdentifiers`) or from the input (`extensionItems`).
    case keyPath(variable: String?, keys: [String])
    case string(String)
    case number(Double)
    /// `SUBQUERY(collection, $variable, predicate)`, then `keys` (`.@count`).
    case subquery(collection: Expression, variable: String, predicate: Node, keys: [String])
  }

  /// Parses `text`; throws with the offset of the first character that does not fit.
  public init(_ text: String) throws(ActivationPredicateError) {
    self.text = text
    var parser = Parser(text)
    try parser.start()
    root = try parser.parsePredicate()
    try parser.expectEnd()
  }

  /// True when the rule is `TRUEPREDICATE` alone (Apple rejects it on upload: it activates for anything).
  public var isTruePredicate: Bool { root == .constant(true) }

  /// The text as written (``text``).
  public var description: String { text }
}

/// A predicate string that is not in the supported subset, with where it stops making sense.
public struct ActivationPredicateError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The offset (in characters, from 0) where the problem was found.
  public let offset: Int
  /// What does not fit there, for example "a string is not closed" or "unexpected text after the predicate".
  public let problem: String

  /// The problem with its position, counted from 1: `at character 12: …`.
  public var description: String { "at character \(offset + 1): \(problem)" }
}

extension ActivationPredicate {
  private enum Token: Equatable {
    case word(String)  // identifiers and keywords, as written
    case variable(String)  // $name, without the $
    case string(String)
    case number(Double)
    case symbol(String)  // ( ) , . @count == != < <= > >= && || !
    case end
  }

  /// A recursive-descent parser over NSPredicate's format, for the subset above. Nesting is bounded by the text's
  /// length, which an Info.plist value keeps small; deeper than 200 levels is refused.
  private struct Parser {
    private let characters: [Character]
    private var position = 0
    private var tokenStart = 0
    private var current: Token = .end
    private var depth = 0

    init(_ text: String) { characters = Array(text) }

    /// Reads the first token.
    mutating func start() throws(ActivationPredicateError) { try advance() }

    private func fail(_ problem: String, at offset: Int? = nil) -> ActivationPredicateError {
      ActivationPredicateError(offset: offset ?? tokenStart, problem: problem)
    }

    // MARK: Tokens

    private mutating func advance() throws(ActivationPredicateError) {
      while position < characters.count, characters[position].isWhitespace { position += 1 }
      tokenStart = position
      guard position < characters.count else {
        current = .end
        return
      }
      let c = characters[position]
      if c == "\"" || c == "'" {
        current = .string(try readString(quote: c))
      } else if c == "$" {
        position += 1
        let name = readWord()
        guard !name.isEmpty else { throw fail("expected a variable name after $") }
        current = .variable(name)
      } else if c.isNumber {
        let start = position
        while position < characters.count, characters[position].isNumber || characters[position] == "." {
          position += 1
        }
        guard let value = Double(String(characters[start..<position])) else { throw fail("not a number") }
        current = .number(value)
      } else if c.isLetter || c == "_" {
        var word = readWord()
        // UTI-CONFORMS-TO and UTI-EQUALS are the only words with hyphens.
        for suffix in ["-CONFORMS-TO", "-EQUALS"] where word.uppercased() == "UTI" && matches(suffix) {
          position += suffix.count
          word += suffix
        }
        current = .word(word)
      } else if c == "@" {
        position += 1
        let word = readWord()
        guard word.lowercased() == "count" else { throw fail("only @count is supported") }
        current = .symbol("@count")
      } else {
        for symbol in ["==", "!=", "<>", "<=", "=<", ">=", "=>", "&&", "||", "(", ")", ",", ".", "<", ">", "=", "!"]
        where matches(symbol) {
          position += symbol.count
          let canonical = ["<>": "!=", "=<": "<=", "=>": ">=", "=": "=="][symbol] ?? symbol
          current = .symbol(canonical)
          return
        }
        throw fail("unexpected “\(c)”")
      }
    }

    private func matches(_ text: String) -> Bool {
      let chars = Array(text)
      guard position + chars.count <= characters.count else { return false }
      for (i, c) in chars.enumerated() where characters[position + i].uppercased() != c.uppercased() { return false }
      return true
    }

    private mutating func readWord() -> String {
      let start = position
      while position < characters.count, characters[position].isLetter || characters[position].isNumber
        || characters[position] == "_"
      {
        position += 1
      }
      return String(characters[start..<position])
    }

    private mutating func readString(quote: Character) throws(ActivationPredicateError) -> String {
      position += 1
      var value = ""
      while position < characters.count {
        let c = characters[position]
        position += 1
        if c == quote { return value }
        if c == "\\", position < characters.count {
          value.append(characters[position])
          position += 1
        } else {
          value.append(c)
        }
      }
      throw fail("a string is not closed")
    }

    private func isKeyword(_ keyword: String) -> Bool {
      if case .word(let w) = current { return w.uppercased() == keyword }
      return false
    }

    private mutating func expect(_ symbol: String) throws(ActivationPredicateError) {
      guard current == .symbol(symbol) else { throw fail("expected “\(symbol)”") }
      try advance()
    }

    mutating func expectEnd() throws(ActivationPredicateError) {
      guard current == .end else { throw fail("unexpected text after the predicate") }
    }

    // MARK: Predicates

    mutating func parsePredicate() throws(ActivationPredicateError) -> Node {
      var left = try parseAnd()
      while isKeyword("OR") || current == .symbol("||") {
        try advance()
        left = .or(left, try parseAnd())
      }
      return left
    }

    private mutating func parseAnd() throws(ActivationPredicateError) -> Node {
      var left = try parseNot()
      while isKeyword("AND") || current == .symbol("&&") {
        try advance()
        left = .and(left, try parseNot())
      }
      return left
    }

    /// Every nesting (parentheses, NOT, SUBQUERY) passes here.
    private mutating func parseNot() throws(ActivationPredicateError) -> Node {
      depth += 1
      defer { depth -= 1 }
      guard depth < 200 else { throw fail("nested too deeply") }
      if isKeyword("NOT") || current == .symbol("!") {
        try advance()
        return .not(try parseNot())
      }
      if current == .symbol("(") {
        try advance()
        let inner = try parsePredicate()
        try expect(")")
        return inner
      }
      if isKeyword("TRUEPREDICATE") || isKeyword("FALSEPREDICATE") {
        let value = isKeyword("TRUEPREDICATE")
        try advance()
        return .constant(value)
      }
      return try parseComparison()
    }

    private mutating func parseComparison() throws(ActivationPredicateError) -> Node {
      var quantifier = Quantifier.none
      if isKeyword("ANY") || isKeyword("SOME") {
        quantifier = .any
      } else if isKeyword("ALL") {
        quantifier = .all
      } else if isKeyword("NONE") {
        quantifier = .noneOf
      }
      if quantifier != .none { try advance() }
      let left = try parseExpression()
      let op: Operator
      switch current {
      case .symbol(let s) where Operator(rawValue: s) != nil: op = Operator(rawValue: s)!
      case .word(let w) where Operator(rawValue: w.uppercased()) != nil: op = Operator(rawValue: w.uppercased())!
      default: throw fail("expected a comparison (==, !=, <, <=, >, >=, UTI-CONFORMS-TO, UTI-EQUALS)")
      }
      try advance()
      return .comparison(quantifier, left, op, try parseExpression())
    }

    // MARK: Expressions

    private mutating func parseExpression() throws(ActivationPredicateError) -> Expression {
      switch current {
      case .string(let s):
        try advance()
        return .string(s)
      case .number(let n):
        try advance()
        return .number(n)
      case .variable(let name):
        try advance()
        return .keyPath(variable: name, keys: try parseKeys())
      case .word(let w) where w.uppercased() == "SUBQUERY":
        try advance()
        try expect("(")
        let collection = try parseExpression()
        try expect(",")
        guard case .variable(let variable) = current else { throw fail("expected the subquery's $variable") }
        try advance()
        try expect(",")
        let predicate = try parsePredicate()
        try expect(")")
        return .subquery(collection: collection, variable: variable, predicate: predicate, keys: try parseKeys())
      case .word(let w) where !["AND", "OR", "NOT", "ANY", "SOME", "ALL", "NONE"].contains(w.uppercased()):
        try advance()
        return .keyPath(variable: nil, keys: [w] + (try parseKeys()))
      default:
        throw fail("expected a key path, a $variable, a string, a number or SUBQUERY")
      }
    }

    /// `.key` and `.@count` after an expression.
    private mutating func parseKeys() throws(ActivationPredicateError) -> [String] {
      var keys: [String] = []
      while current == .symbol(".") {
        try advance()
        switch current {
        case .word(let w): keys.append(w)
        case .symbol("@count"): keys.append("@count")
        default: throw fail("expected a key after “.”")
        }
        try advance()
      }
      return keys
    }
  }
}
