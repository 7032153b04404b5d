/// The An+B microsyntax of `:nth-child()` and friends.
/// https://drafts.csswg.org/css-syntax-3/#anb-microsyntax
extension SelectorParser {
  /// Parses `<an+b>` from the tokens (after optional whitespace).
  ///
  /// Step 1. `odd`, `even`, or an `<integer>` (B alone).
  /// Step 2. An `n`-form: `<n-dimension>` (`2n…`), an ident `n…` or `-n…`, or `+` glued to an ident `n…`.
  ///         The part after `n` is empty, `-` (then a signless integer), or `-<digits>`.
  /// Step 3. After a bare `n`: nothing, a signed integer, or `+`/`-` then a signless integer.
  mutating func parseAnPlusB(in pseudo: String) throws(SelectorParseError) -> NthFormula {
    skipWhitespace()
    let start = current
    let invalid = SelectorParseError(
      "invalid An+B formula in :\(pseudo)(); write it like 2n+1, -n+3, odd, even or 5", at: start.offset)
    guard !atEnd else { throw invalid }
    let a: Int
    let rest: Substring
    switch start.kind {
    case .ident(let written):
      let lower = asciiLowercased(written)
      if lower == "odd" { pos += 1; return NthFormula(a: 2, b: 1) }
      if lower == "even" { pos += 1; return NthFormula(a: 2, b: 0) }
      if lower.hasPrefix("-") { a = -1; rest = lower.dropFirst() } else { a = 1; rest = lower[...] }
      pos += 1
    case .number(let n) where n.isInteger:
      pos += 1
      return NthFormula(a: 0, b: n.clampedInteger)
    case .dimension(let n, let unit) where n.isInteger:
      a = n.clampedInteger
      rest = asciiLowercased(unit)[...]
      pos += 1
    case .delim("+"):
      guard pos + 1 < end, case .ident(let written) = peek(1).kind, !written.hasPrefix("-") else { throw invalid }
      a = 1
      rest = asciiLowercased(written)[...]
      pos += 2
    default:
      throw invalid
    }
    guard rest.first == "n" else { throw invalid }
    let afterN = rest.dropFirst()
    // B is clamped to 32 bits after its sign applies, however it is written (`n-5`, `n- 5`, `n -5`, `n - 5`).
    if afterN == "-" {
      skipWhitespace()
      guard let b = signlessInteger() else { throw invalid }
      return NthFormula(a: a, b: Self.clamped(-b))
    }
    if afterN.hasPrefix("-") {
      let digits = afterN.dropFirst()
      guard digits.allSatisfy({ Tokenizer.isDigit($0.unicodeScalars.first) }), let b = Double(digits) else { throw invalid }
      return NthFormula(a: a, b: Self.clamped(-b))
    }
    guard afterN.isEmpty else { throw invalid }
    // Step 3.
    let beforeB = pos
    skipWhitespace()
    switch current.kind {
    case .number(let n) where n.isInteger && n.hasSign && !atEnd:
      pos += 1
      return NthFormula(a: a, b: n.clampedInteger)
    case .delim(let sign) where (sign == "+" || sign == "-") && !atEnd:
      pos += 1
      skipWhitespace()
      guard let b = signlessInteger() else { throw invalid }
      return NthFormula(a: a, b: Self.clamped(sign == "-" ? -b : b))
    default:
      pos = beforeB
      return NthFormula(a: a, b: 0)
    }
  }

  /// Consumes an integer written without a sign, if that is the current token; its value, not yet clamped.
  private mutating func signlessInteger() -> Double? {
    guard !atEnd, case .number(let n) = current.kind, n.isInteger, !n.hasSign else { return nil }
    pos += 1
    return n.value
  }

  /// An integer clamped to the 32-bit range browsers use for An+B.
  private static func clamped(_ value: Double) -> Int {
    CSSNumber(value: value, isInteger: true, hasSign: false).clampedInteger
  }
}
