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
    for byte in value.utf8 { hasher.combine(byte) }
  }
}

extension StringProtocol {
  /// Splits on ASCII whitespace (tab, LF, FF, CR, space) only, dropping empty pieces.
  ///
  /// https://infra.spec.whatwg.org/#split-on-ascii-whitespace. Works on scalars: a space followed by a combining
  /// mark, or CR LF, is one `Character` but two separate code points here.
  public func splitOnASCIIWhitespace() -> [String] {
    unicodeScalars.split(whereSeparator: \.isASCIIWhitespace).map { String(String.UnicodeScalarView($0)) }
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
