extension ScriptError {
  /// Fills in `column` for a syntax error, which JavaScriptCore reports with a line only.
  ///
  /// JSC names the offending token in its message (`Unexpected token ';'`, `Unexpected identifier 'x'`,
  /// `Unexpected keyword 'else'`): the column is that token's first occurrence on the reported line. Otherwise
  /// (`Unexpected end of script`, ...) it is the line's first non-blank character. Columns are 1-based, in
  /// characters, as JSC counts them for runtime errors.
  mutating func locateColumn(in source: String, startingLine: Int) {
    guard column == nil, let line, line >= startingLine else { return }
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
    let index = line - startingLine
    guard index < lines.count else { return }
    let text = lines[index]
    if let token = Self.quotedToken(in: message), let offset = Self.offset(of: Array(token), in: Array(text)) {
      column = offset + 1
    } else {
      column = (text.firstIndex { !$0.isWhitespace }.map { text.distance(from: text.startIndex, to: $0) } ?? 0) + 1
    }
  }

  /// The character offset of the first occurrence of `needle` in `haystack`.
  static func offset(of needle: [Character], in haystack: [Character]) -> Int? {
    guard !needle.isEmpty, needle.count <= haystack.count else { return nil }
    return (0...(haystack.count - needle.count)).first { haystack[$0..<($0 + needle.count)].elementsEqual(needle) }
  }

  /// The first `'...'`-quoted text in JSC's message.
  static func quotedToken(in message: String) -> String? {
    guard let open = message.firstIndex(of: "'") else { return nil }
    let rest = message[message.index(after: open)...]
    guard let close = rest.firstIndex(of: "'"), close > rest.startIndex else { return nil }
    return String(rest[..<close])
  }
}
