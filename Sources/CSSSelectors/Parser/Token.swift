/// A numeric value as css-syntax-3 keeps it: the value, whether it was written as an integer,
/// and whether it was written with an explicit `+` or `-` sign.
struct CSSNumber: Equatable, Sendable {
  var value: Double
  var isInteger: Bool
  var hasSign: Bool

  /// The value as an integer, clamped to the 32-bit range browsers use for An+B.
  var clampedInteger: Int {
    if value >= Double(Int32.max) { return Int(Int32.max) }
    if value <= Double(Int32.min) { return Int(Int32.min) }
    return Int(value)
  }
}

/// The kinds of token css-syntax-3 §4 produces (url tokens are not produced: selectors never contain them).
enum TokenKind: Equatable, Sendable {
  case ident(String)
  case function(String)
  case atKeyword(String)
  case hash(String, isID: Bool)
  case string(String)
  case badString
  case delim(Unicode.Scalar)
  case number(CSSNumber)
  case percentage(CSSNumber)
  case dimension(CSSNumber, unit: String)
  case whitespace
  case cdo, cdc, colon, semicolon, comma
  case openSquare, closeSquare, openParen, closeParen, openCurly, closeCurly
  case eof
}

/// A token and where it starts in the selector text, in UTF-16 code units (the unit JS strings index by).
struct Token: Equatable, Sendable {
  var kind: TokenKind
  var offset: Int

  /// How the token reads in an error message: `')'`, `identifier "foo"`, `end of input`.
  var described: String {
    switch kind {
    case .ident(let s): return "identifier \"\(s)\""
    case .function(let s): return "'\(s)('"
    case .atKeyword(let s): return "'@\(s)'"
    case .hash(let s, _): return "'#\(s)'"
    case .string(let s): return "string \"\(s)\""
    case .badString: return "unterminated string"
    case .delim(let c): return "'\(c)'"
    case .number(let n): return "number \(Token.format(n))"
    case .percentage(let n): return "percentage \(Token.format(n))%"
    case .dimension(let n, let unit): return "dimension \(Token.format(n))\(unit)"
    case .whitespace: return "whitespace"
    case .cdo: return "'<!--'"
    case .cdc: return "'-->'"
    case .colon: return "':'"
    case .semicolon: return "';'"
    case .comma: return "','"
    case .openSquare: return "'['"
    case .closeSquare: return "']'"
    case .openParen: return "'('"
    case .closeParen: return "')'"
    case .openCurly: return "'{'"
    case .closeCurly: return "'}'"
    case .eof: return "end of input"
    }
  }

  private static func format(_ n: CSSNumber) -> String {
    let body = n.isInteger ? String(n.clampedInteger) : String(n.value)
    return n.hasSign && n.value >= 0 ? "+" + body : body
  }
}
