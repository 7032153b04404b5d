/// A string that compares and hashes code unit by code unit, as the web platform compares strings.
///
/// https://infra.spec.whatwg.org/#string-is: "identical code units". Swift's `String ==` compares canonical
/// equivalence instead, so "\u{2000}" (EN QUAD) equals "\u{2002}" (EN SPACE) and "e\u{301}" equals "é"; class names,
/// ids and tokens must not.
public struct CodeUnitString: Hashable, Sendable {
  public let value: String

  public init(_ value: String) { self.value = value }

  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.value.utf8.elementsEqual(rhs.value.utf8) }

  public func hash(into hasher: inout Hasher) {
    // The bytes at once, not one combine per byte.
    var value = value
    value.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
  }
}

extension StringProtocol {
  /// Splits on ASCII whitespace (tab, LF, FF, CR, space) only, dropping empty pieces.
  ///
  /// https://infra.spec.whatwg.org/#split-on-ascii-whitespace. Works on code points, not `Character`s: a space
  /// followed by a combining mark, or CR LF, is one `Character` but two separate code points here.
  public func splitOnASCIIWhitespace() -> [String] {
    // On UTF-8 bytes: ASCII whitespace bytes never occur inside a multi-byte sequence, and each piece is copied once
    // (splitting the scalar view rebuilt every piece scalar by scalar: most of classList.add's time).
    let bytes = utf8
    var pieces: [String] = []
    var start: String.UTF8View.Index? = nil
    var index = bytes.startIndex
    while index != bytes.endIndex {
      let byte = bytes[index]
      if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D {
        if let s = start { pieces.append(String(self[s..<index])) }
        start = nil
      } else if start == nil {
        start = index
      }
      index = bytes.index(after: index)
    }
    if let s = start { pieces.append(String(self[s..<bytes.endIndex])) }
    return pieces
  }

  /// The tokens, split on ASCII whitespace, each kept once (code-unit comparison), in order.
  ///
  /// https://dom.spec.whatwg.org/#concept-ordered-set-parser
  public func orderedTokenSet() -> [String] {
    var seen: Set<CodeUnitString> = []
    return splitOnASCIIWhitespace().filter { seen.insert(CodeUnitString($0)).inserted }
  }
}

extension Unicode.Scalar {
  /// https://infra.spec.whatwg.org/#ascii-whitespace: U+0009 TAB, U+000A LF, U+000C FF, U+000D CR, U+0020 SPACE.
  var isASCIIWhitespace: Bool { value == 0x20 || value == 0x09 || value == 0x0A || value == 0x0C || value == 0x0D }
}
