/// Splits selector text into css-syntax-3 tokens.
///
/// https://drafts.csswg.org/css-syntax-3/#tokenization
/// Comments are dropped. Offsets are UTF-16 offsets into the original text, so a message can point
/// at the same place a JavaScript author would count to.
struct Tokenizer {
  private var scalars: [Unicode.Scalar] = []
  /// `offsets[i]` is the UTF-16 offset of `scalars[i]`; one extra entry holds the text's length.
  private var offsets: [Int] = []
  private var pos = 0

  /// Preprocesses the input (https://drafts.csswg.org/css-syntax-3/#input-preprocessing).
  /// Step 1. CR LF, CR and FF become LF. Step 2. NUL and surrogates become U+FFFD.
  init(_ text: String) {
    var utf16 = 0
    var previousWasCR = false
    for s in text.unicodeScalars {
      defer { utf16 += s.utf16.count }
      if s == "\n" && previousWasCR { previousWasCR = false; continue }
      previousWasCR = s == "\r"
      let mapped: Unicode.Scalar = (s == "\r" || s == "\u{0C}") ? "\n" : (s == "\0" ? "\u{FFFD}" : s)
      scalars.append(mapped)
      offsets.append(utf16)
    }
    offsets.append(utf16)
  }

  /// Length of the original text in UTF-16 code units.
  var endOffset: Int { offsets[offsets.count - 1] }

  /// All tokens, ending with one `.eof` token.
  mutating func tokenize() -> [Token] {
    var tokens: [Token] = []
    while true {
      let token = next()
      tokens.append(token)
      if token.kind == .eof { return tokens }
    }
  }

  // MARK: Code point helpers (https://drafts.csswg.org/css-syntax-3/#tokenizer-definitions)

  private func peek(_ k: Int = 0) -> Unicode.Scalar? {
    pos + k < scalars.count ? scalars[pos + k] : nil
  }

  static func isDigit(_ c: Unicode.Scalar?) -> Bool { c.map { $0 >= "0" && $0 <= "9" } ?? false }
  static func isHexDigit(_ c: Unicode.Scalar?) -> Bool {
    guard let c else { return false }
    return isDigit(c) || (c >= "a" && c <= "f") || (c >= "A" && c <= "F")
  }
  static func isIdentStart(_ c: Unicode.Scalar?) -> Bool {
    guard let c else { return false }
    return (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || c == "_" || c.value >= 0x80
  }
  static func isIdentCodePoint(_ c: Unicode.Scalar?) -> Bool { isIdentStart(c) || isDigit(c) || c == "-" }
  static func isWhitespace(_ c: Unicode.Scalar?) -> Bool { c == " " || c == "\t" || c == "\n" }

  private func isValidEscape(_ k: Int) -> Bool { peek(k) == "\\" && peek(k + 1) != "\n" }

  private func startsIdentSequence(_ k: Int) -> Bool {
    let first = peek(k)
    if first == "-" {
      return Tokenizer.isIdentStart(peek(k + 1)) || peek(k + 1) == "-" || isValidEscape(k + 1)
    }
    if Tokenizer.isIdentStart(first) { return true }
    return isValidEscape(k)
  }

  private func startsNumber(_ k: Int) -> Bool {
    let first = peek(k)
    if first == "+" || first == "-" {
      return Tokenizer.isDigit(peek(k + 1)) || (peek(k + 1) == "." && Tokenizer.isDigit(peek(k + 2)))
    }
    if first == "." { return Tokenizer.isDigit(peek(k + 1)) }
    return Tokenizer.isDigit(first)
  }

  // MARK: Consuming (https://drafts.csswg.org/css-syntax-3/#consume-token)

  private mutating func next() -> Token {
    skipComments()
    let start = offsets[pos]
    guard let c = peek() else { return Token(kind: .eof, offset: start) }
    let kind: TokenKind
    switch c {
    case _ where Tokenizer.isWhitespace(c):
      while Tokenizer.isWhitespace(peek()) { pos += 1 }
      kind = .whitespace
    case "\"", "'":
      pos += 1
      kind = consumeString(until: c)
    case "#":
      if Tokenizer.isIdentCodePoint(peek(1)) || isValidEscape(1) {
        pos += 1
        let isID = startsIdentSequence(0)
        kind = .hash(consumeIdentSequence(), isID: isID)
      } else {
        pos += 1
        kind = .delim(c)
      }
    case "(": pos += 1; kind = .openParen
    case ")": pos += 1; kind = .closeParen
    case "[": pos += 1; kind = .openSquare
    case "]": pos += 1; kind = .closeSquare
    case "{": pos += 1; kind = .openCurly
    case "}": pos += 1; kind = .closeCurly
    case ",": pos += 1; kind = .comma
    case ":": pos += 1; kind = .colon
    case ";": pos += 1; kind = .semicolon
    case "+", ".":
      if startsNumber(0) { kind = consumeNumeric() } else { pos += 1; kind = .delim(c) }
    case "-":
      if startsNumber(0) {
        kind = consumeNumeric()
      } else if peek(1) == "-" && peek(2) == ">" {
        pos += 3; kind = .cdc
      } else if startsIdentSequence(0) {
        kind = consumeIdentLike()
      } else {
        pos += 1; kind = .delim(c)
      }
    case "<":
      if peek(1) == "!" && peek(2) == "-" && peek(3) == "-" { pos += 4; kind = .cdo } else { pos += 1; kind = .delim(c) }
    case "@":
      pos += 1
      kind = startsIdentSequence(0) ? .atKeyword(consumeIdentSequence()) : .delim(c)
    case "\\":
      if isValidEscape(0) { kind = consumeIdentLike() } else { pos += 1; kind = .delim(c) }
    case _ where Tokenizer.isDigit(c):
      kind = consumeNumeric()
    case _ where Tokenizer.isIdentStart(c):
      kind = consumeIdentLike()
    default:
      pos += 1
      kind = .delim(c)
    }
    return Token(kind: kind, offset: start)
  }

  private mutating func skipComments() {
    while peek() == "/" && peek(1) == "*" {
      pos += 2
      while pos < scalars.count && !(peek() == "*" && peek(1) == "/") { pos += 1 }
      pos = min(pos + 2, scalars.count)
    }
  }

  /// https://drafts.csswg.org/css-syntax-3/#consume-string-token
  private mutating func consumeString(until ending: Unicode.Scalar) -> TokenKind {
    var value = String.UnicodeScalarView()
    while let c = peek() {
      if c == ending { pos += 1; return .string(String(value)) }
      if c == "\n" { return .badString }  // Newline: reconsume it, the string is bad.
      if c == "\\" {
        if peek(1) == nil { pos += 1; continue }
        if peek(1) == "\n" { pos += 2; continue }
        pos += 1
        value.append(consumeEscape())
        continue
      }
      value.append(c)
      pos += 1
    }
    return .string(String(value))  // EOF: a parse error, but the string stands.
  }

  /// https://drafts.csswg.org/css-syntax-3/#consume-escaped-code-point (the backslash is already consumed).
  private mutating func consumeEscape() -> Unicode.Scalar {
    guard let c = peek() else { return "\u{FFFD}" }
    guard Tokenizer.isHexDigit(c) else { pos += 1; return c }
    var value: UInt32 = 0
    var count = 0
    while count < 6, let h = peek(), Tokenizer.isHexDigit(h) {
      value = value * 16 + (Tokenizer.isDigit(h) ? h.value - 48 : (h.value | 0x20) - 87)
      pos += 1
      count += 1
    }
    if Tokenizer.isWhitespace(peek()) { pos += 1 }
    if value == 0 || value > 0x10FFFF { return "\u{FFFD}" }
    return Unicode.Scalar(value) ?? "\u{FFFD}"  // Surrogates are not scalars.
  }

  /// https://drafts.csswg.org/css-syntax-3/#consume-name
  private mutating func consumeIdentSequence() -> String {
    var value = String.UnicodeScalarView()
    while let c = peek() {
      if Tokenizer.isIdentCodePoint(c) {
        value.append(c)
        pos += 1
      } else if isValidEscape(0) {
        pos += 1
        value.append(consumeEscape())
      } else {
        break
      }
    }
    return String(value)
  }

  /// https://drafts.csswg.org/css-syntax-3/#consume-ident-like-token (`url(` is kept as a function token).
  private mutating func consumeIdentLike() -> TokenKind {
    let name = consumeIdentSequence()
    if peek() == "(" { pos += 1; return .function(name) }
    return .ident(name)
  }

  /// https://drafts.csswg.org/css-syntax-3/#consume-numeric-token
  private mutating func consumeNumeric() -> TokenKind {
    let number = consumeNumber()
    if startsIdentSequence(0) { return .dimension(number, unit: consumeIdentSequence()) }
    if peek() == "%" { pos += 1; return .percentage(number) }
    return .number(number)
  }

  /// https://drafts.csswg.org/css-syntax-3/#consume-number
  private mutating func consumeNumber() -> CSSNumber {
    var repr = ""
    var isInteger = true
    var hasSign = false
    if peek() == "+" || peek() == "-" { repr.unicodeScalars.append(peek()!); hasSign = true; pos += 1 }
    while Tokenizer.isDigit(peek()) { repr.unicodeScalars.append(peek()!); pos += 1 }
    if peek() == ".", Tokenizer.isDigit(peek(1)) {
      isInteger = false
      repr += "."
      pos += 1
      while Tokenizer.isDigit(peek()) { repr.unicodeScalars.append(peek()!); pos += 1 }
    }
    if peek() == "e" || peek() == "E" {
      let signed = peek(1) == "+" || peek(1) == "-"
      if Tokenizer.isDigit(peek(signed ? 2 : 1)) {
        isInteger = false
        repr += "e"
        if signed { repr.unicodeScalars.append(peek(1)!) }
        pos += signed ? 2 : 1
        while Tokenizer.isDigit(peek()) { repr.unicodeScalars.append(peek()!); pos += 1 }
      }
    }
    return CSSNumber(value: Double(repr) ?? 0, isInteger: isInteger, hasSign: hasSign)
  }
}
