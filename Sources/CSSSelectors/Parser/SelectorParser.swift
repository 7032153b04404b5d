/// Parses selector tokens into complex selectors.
///
/// https://drafts.csswg.org/selectors-4/#grammar
/// A parser works on the tokens `[pos, end)`; `tokens[end]` is its terminator, either the final `.eof`
/// or the `)` closing a functional pseudo-class, so nested arguments reuse the one token array.
/// As CSS does, the end of input closes any open `(` or `[`.
struct SelectorParser {
  let tokens: [Token]
  /// For each token that opens a block (a function, `(`, `[`, `{`), the index of the token closing it, or of the
  /// final `.eof` when nothing does; found in one pass, so deep nesting costs no rescan per level.
  let closers: [Int]
  var pos: Int
  let end: Int
  /// True inside the argument of `:has()`, where another `:has()` is invalid.
  let insideHas: Bool
  /// True for a whole selector list; false inside a pseudo-class's arguments, where pseudo-elements are invalid.
  let allowsPseudoElements: Bool
  /// How many functional pseudo-classes (or pseudo-elements) enclose these tokens.
  let depth: Int

  /// The deepest nesting of functional pseudo-classes a selector may have, as in `:not(:is(:not(a)))` (3).
  ///
  /// Parsing and matching recurse once per level; the limit keeps them far from the end of the stack (a selector
  /// nesting `:not(` 4,200 deep crashed the process), and real selectors nest a few levels at most.
  static let maximumNesting = 128

  init(
    tokens: [Token], closers: [Int], pos: Int, end: Int, insideHas: Bool, allowsPseudoElements: Bool = false,
    depth: Int = 0
  ) {
    self.tokens = tokens
    self.closers = closers
    self.pos = pos
    self.end = end
    self.insideHas = insideHas
    self.allowsPseudoElements = allowsPseudoElements
    self.depth = depth
  }

  /// A parser for the arguments of the function whose token is current, up to its `)` (its `end`); throws past
  /// `maximumNesting`, before looking for the `)`.
  func arguments(insideHas: Bool) throws(SelectorParseError) -> SelectorParser {
    guard depth < SelectorParser.maximumNesting else {
      throw SelectorParseError(
        "selector nests pseudo-classes more than \(SelectorParser.maximumNesting) levels deep", at: current.offset,
        fatal: true)
    }
    return SelectorParser(
      tokens: tokens, closers: closers, pos: pos + 1, end: closers[pos], insideHas: insideHas, depth: depth + 1)
  }

  /// Parses a whole selector string.
  static func parse(_ text: String) throws(SelectorParseError) -> [ComplexSelector] {
    var tokenizer = Tokenizer(text)
    let tokens = tokenizer.tokenize()
    var parser = SelectorParser(
      tokens: tokens, closers: SelectorParser.closers(of: tokens), pos: 0, end: tokens.count - 1, insideHas: false,
      allowsPseudoElements: true)
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

  /// `closers` for `tokens`: a closing token closes the innermost open block when it is of its kind, and is
  /// ignored otherwise; blocks still open at the end close at `.eof`, as CSS says.
  static func closers(of tokens: [Token]) -> [Int] {
    let eof = tokens.count - 1
    var closers = [Int](repeating: eof, count: tokens.count)
    var open: [(index: Int, closer: TokenKind)] = []
    for i in 0..<eof {
      switch tokens[i].kind {
      case .function, .openParen: open.append((i, .closeParen))
      case .openSquare: open.append((i, .closeSquare))
      case .openCurly: open.append((i, .closeCurly))
      case .closeParen, .closeSquare, .closeCurly:
        if let innermost = open.last, innermost.closer == tokens[i].kind {
          closers[innermost.index] = i
          open.removeLast()
        }
      default: break
      }
    }
    return closers
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
  /// Step 3. Keep the parts that parsed; an empty result is valid and matches nothing. Nesting past
  ///         `maximumNesting` is not forgiven: the whole selector is invalid.
  mutating func parseForgivingList() throws(SelectorParseError) -> [ComplexSelector] {
    var list: [ComplexSelector] = []
    var partStart = pos
    var blocks = 0
    var i = pos
    while i <= end {
      let kind = tokens[i].kind
      if i == end || (blocks == 0 && kind == .comma) {
        var part = SelectorParser(
          tokens: tokens, closers: closers, pos: partStart, end: i, insideHas: insideHas, depth: depth)
        part.skipWhitespace()
        do {
          let selector = try part.parseComplex(relative: false)
          part.skipWhitespace()
          if part.atEnd { list.append(selector) }
        } catch where error.isFatal {
          throw error
        } catch {}
        partStart = i + 1
      } else {
        switch kind {
        case .function, .openParen, .openSquare, .openCurly: blocks += 1
        case .closeParen, .closeSquare, .closeCurly: blocks = max(0, blocks - 1)
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
