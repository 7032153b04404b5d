/// Parses selector tokens into complex selectors.
///
/// https://drafts.csswg.org/selectors-4/#grammar
/// A parser works on the tokens `[pos, end)`; `tokens[end]` is its terminator, either the final `.eof`
/// or the `)` closing a functional pseudo-class, so nested arguments reuse the one token array.
/// As CSS does, the end of input closes any open `(` or `[`.
struct SelectorParser {
  let tokens: [Token]
  var pos: Int
  let end: Int
  /// True inside the argument of `:has()`, where another `:has()` is invalid.
  let insideHas: Bool
  /// True for a whole selector list; false inside a pseudo-class's arguments, where pseudo-elements are invalid.
  let allowsPseudoElements: Bool

  init(tokens: [Token], pos: Int, end: Int, insideHas: Bool, allowsPseudoElements: Bool = false) {
    self.tokens = tokens
    self.pos = pos
    self.end = end
    self.insideHas = insideHas
    self.allowsPseudoElements = allowsPseudoElements
  }

  /// Parses a whole selector string.
  static func parse(_ text: String) throws(SelectorParseError) -> [ComplexSelector] {
    var tokenizer = Tokenizer(text)
    let tokens = tokenizer.tokenize()
    var parser = SelectorParser(tokens: tokens, pos: 0, end: tokens.count - 1, insideHas: false, allowsPseudoElements: true)
    return try parser.parseComplexList(relative: false)
  }

  // MARK: Token access

  var current: Token { tokens[min(pos, end)] }
  var atEnd: Bool { pos >= end }

  /// The token `k` places after the current one, or the terminator.
  func peek(_ k: Int) -> Token { tokens[min(pos + k, end)] }

  /// Skips whitespace; returns whether there was any.
  @discardableResult
  mutating func skipWhitespace() -> Bool {
    let start = pos
    while !atEnd, current.kind == .whitespace { pos += 1 }
    return pos != start
  }

  func unexpected(_ token: Token) -> SelectorParseError {
    if token.kind == .badString { return SelectorParseError("unterminated string", at: token.offset) }
    return SelectorParseError("unexpected \(token.described)", at: token.offset)
  }

  /// The index of the `)` closing the block opened just before `start`, or of `.eof` if it is never closed.
  func closingParen(from start: Int) -> Int {
    var stack: [TokenKind] = []
    var i = start
    while i < tokens.count - 1 {
      switch tokens[i].kind {
      case .function, .openParen: stack.append(.closeParen)
      case .openSquare: stack.append(.closeSquare)
      case .openCurly: stack.append(.closeCurly)
      case .closeParen, .closeSquare, .closeCurly:
        if stack.isEmpty {
          if tokens[i].kind == .closeParen { return i }
        } else if stack.last == tokens[i].kind {
          stack.removeLast()
        }
      default: break
      }
      i += 1
    }
    return tokens.count - 1
  }

  // MARK: Lists and complex selectors

  /// `<complex-selector-list>`, or `<relative-selector-list>` when `relative` (https://drafts.csswg.org/selectors-4/#typedef-relative-selector-list).
  mutating func parseComplexList(relative: Bool) throws(SelectorParseError) -> [ComplexSelector] {
    var list: [ComplexSelector] = []
    while true {
      skipWhitespace()
      list.append(try parseComplex(relative: relative, afterComma: !list.isEmpty))
      skipWhitespace()
      if atEnd { return list }
      guard current.kind == .comma else { throw unexpected(current) }
      pos += 1
    }
  }

  /// `<forgiving-selector-list>` for `:is()` and `:where()`: selectors that fail to parse are dropped.
  /// https://drafts.csswg.org/selectors-4/#forgiving-selector
  /// Step 1. Split the arguments at top-level commas. Step 2. Parse each part on its own.
  /// Step 3. Keep the parts that parsed; an empty result is valid and matches nothing.
  mutating func parseForgivingList() -> [ComplexSelector] {
    var list: [ComplexSelector] = []
    var partStart = pos
    var depth = 0
    var i = pos
    while i <= end {
      let kind = tokens[i].kind
      if i == end || (depth == 0 && kind == .comma) {
        var part = SelectorParser(tokens: tokens, pos: partStart, end: i, insideHas: insideHas)
        part.skipWhitespace()
        if let selector = try? part.parseComplex(relative: false) {
          part.skipWhitespace()
          if part.atEnd { list.append(selector) }
        }
        partStart = i + 1
      } else {
        switch kind {
        case .function, .openParen, .openSquare, .openCurly: depth += 1
        case .closeParen, .closeSquare, .closeCurly: depth = max(0, depth - 1)
        default: break
        }
      }
      i += 1
    }
    pos = end
    return list
  }

  /// `<complex-selector>`, or `<relative-selector>` (a leading combinator, descendant if omitted).
  mutating func parseComplex(relative: Bool, afterComma: Bool = false) throws(SelectorParseError) -> ComplexSelector {
    var leading: Combinator = .descendant
    var first: String? = afterComma ? "','" : nil
    if relative, let combinator = combinator(current) {
      leading = combinator
      first = "combinator " + current.described
      pos += 1
      skipWhitespace()
    }
    var compounds = [try expectCompound(after: first)]
    var combinators: [Combinator] = []
    while true {
      let hadWhitespace = skipWhitespace()
      if atEnd || current.kind == .comma { break }
      if let pseudo = compounds[compounds.count - 1].pseudoElement {
        throw SelectorParseError("nothing may follow the pseudo-element ::\(pseudo) but pseudo-classes", at: current.offset)
      }
      let joiner: Combinator
      var joinerToken: String? = nil
      if let explicit = combinator(current) {
        joiner = explicit
        joinerToken = "combinator " + current.described
        pos += 1
        skipWhitespace()
      } else if hadWhitespace {
        joiner = .descendant
      } else {
        throw unexpected(current)
      }
      compounds.append(try expectCompound(after: joinerToken))
      combinators.append(joiner)
    }
    compounds.reverse()
    combinators.reverse()
    if relative { combinators.append(leading) }
    return ComplexSelector(compounds: compounds, combinators: combinators)
  }

  private func combinator(_ token: Token) -> Combinator? {
    switch token.kind {
    case .delim(">"): return .child
    case .delim("+"): return .nextSibling
    case .delim("~"): return .subsequentSibling
    default: return nil
    }
  }

  /// A compound selector that must be there; the error names what it should have followed.
  private mutating func expectCompound(after what: String?) throws(SelectorParseError) -> CompoundSelector {
    if let compound = try parseCompound() { return compound }
    if !atEnd && current.kind != .comma { throw unexpected(current) }
    if let what { throw SelectorParseError("expected a selector after \(what)", at: current.offset) }
    throw SelectorParseError("expected a selector", at: current.offset)
  }
}
