/// Byte-level string comparisons that allocate nothing, with optional ASCII case-insensitivity.

/// ASCII whitespace: tab, line feed, form feed, carriage return and space.
func isASCIIWhitespace(_ byte: UInt8) -> Bool {
  byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
}

@inline(__always)
private func fold(_ byte: UInt8, _ caseInsensitive: Bool) -> UInt8 {
  caseInsensitive && byte >= 65 && byte <= 90 ? byte + 32 : byte
}

/// True when the two byte sequences are equal (ASCII letters folded when `caseInsensitive`).
func asciiEqual<A: Collection<UInt8>, B: Collection<UInt8>>(_ a: A, _ b: B, caseInsensitive: Bool) -> Bool {
  a.elementsEqual(b) { fold($0, caseInsensitive) == fold($1, caseInsensitive) }
}

/// True when `a` starts with `prefix`.
func asciiHasPrefix<A: Collection<UInt8>, B: Collection<UInt8>>(_ a: A, _ prefix: B, caseInsensitive: Bool) -> Bool {
  a.starts(with: prefix) { fold($0, caseInsensitive) == fold($1, caseInsensitive) }
}

/// True when `a` is `prefix`, or starts with `prefix` followed by `-` (as `|=` and `:lang()` compare).
func asciiDashMatch<A: Collection<UInt8>, B: Collection<UInt8>>(_ a: A, _ prefix: B, caseInsensitive: Bool) -> Bool {
  guard asciiHasPrefix(a, prefix, caseInsensitive: caseInsensitive) else { return false }
  let rest = a.dropFirst(prefix.count)
  return rest.isEmpty || rest.first == UInt8(ascii: "-")
}

/// True when `list`, split on ASCII whitespace, contains `token`.
func containsToken<A: Collection<UInt8>, B: Collection<UInt8>>(_ list: A, _ token: B, caseInsensitive: Bool) -> Bool {
  var start = list.startIndex
  while start != list.endIndex {
    if isASCIIWhitespace(list[start]) { start = list.index(after: start); continue }
    var end = start
    while end != list.endIndex && !isASCIIWhitespace(list[end]) { end = list.index(after: end) }
    if asciiEqual(list[start..<end], token, caseInsensitive: caseInsensitive) { return true }
    start = end
  }
  return false
}
