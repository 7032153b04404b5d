// The character reference states (13.2.5.72–13.2.5.80); the named one's lookahead is in +Lookahead.
// https://html.spec.whatwg.org/multipage/parsing.html#character-reference-state
extension HTMLTokenizer.Core {
  mutating func characterReferenceState() {
    let c = consume()
    switch state {
    // 13.2.5.72 Character reference state.
    case .characterReference:
      // Step 1. Set the temporary buffer to "&".
      temporaryBuffer.removeAll(keepingCapacity: true)
      temporaryBuffer.append(Byte.ampersand)
      if c.isASCIIAlphanumeric {
        reconsume(in: .namedCharacterReference)
      } else if c == Byte.number {
        temporaryBuffer.append(c)
        state = .numericCharacterReference
      } else {
        flushCharacterReference()
        reconsume(in: returnState)
      }
    // 13.2.5.74 Ambiguous ampersand state.
    case .ambiguousAmpersand:
      if c.isASCIIAlphanumeric {
        if isInAttribute { attributeValue.append(c) } else { emitCharacter(c) }
      } else {
        if c == Byte.semicolon { error("unknown-named-character-reference") }
        reconsume(in: returnState)
      }
    // 13.2.5.75 Numeric character reference state.
    case .numericCharacterReference:
      characterReferenceCode = 0
      if c == 0x78 || c == 0x58 {
        temporaryBuffer.append(c)
        state = .hexadecimalCharacterReferenceStart
      } else {
        reconsume(in: .decimalCharacterReferenceStart)
      }
    // 13.2.5.76 Hexadecimal character reference start state; 13.2.5.77 decimal character reference start state.
    case .hexadecimalCharacterReferenceStart, .decimalCharacterReferenceStart:
      let hex = state == .hexadecimalCharacterReferenceStart
      if hex ? c.isASCIIHexDigit : c.isASCIIDigit {
        reconsume(in: hex ? .hexadecimalCharacterReference : .decimalCharacterReference)
      } else {
        error("absence-of-digits-in-numeric-character-reference")
        flushCharacterReference()
        reconsume(in: returnState)
      }
    // 13.2.5.78 Hexadecimal character reference state; 13.2.5.79 decimal character reference state.
    case .hexadecimalCharacterReference, .decimalCharacterReference:
      let hex = state == .hexadecimalCharacterReference
      if hex ? c.isASCIIHexDigit : c.isASCIIDigit {
        let digit = c.isASCIIDigit ? UInt32(c - 0x30) : UInt32((c | 0x20) - 0x61 + 10)
        characterReferenceCode = min(characterReferenceCode * (hex ? 16 : 10) + digit, 0x11_0000)
      } else if c == Byte.semicolon {
        numericCharacterReferenceEnd()
      } else {
        error("missing-semicolon-after-character-reference")
        pos -= 1
        numericCharacterReferenceEnd()
      }
    default:
      preconditionFailure("characterReferenceState called in \(state)")
    }
  }

  /// 13.2.5.80 Numeric character reference end state (it consumes nothing, so it runs at once).
  mutating func numericCharacterReferenceEnd() {
    var code = characterReferenceCode
    if code == 0 {
      errorAtNextCharacter("null-character-reference")
      code = 0xFFFD
    } else if code > 0x10FFFF {
      errorAtNextCharacter("character-reference-outside-unicode-range")
      code = 0xFFFD
    } else if (0xD800...0xDFFF).contains(code) {
      errorAtNextCharacter("surrogate-character-reference")
      code = 0xFFFD
    } else if Self.isNoncharacter(code) {
      errorAtNextCharacter("noncharacter-character-reference")
    } else if code == 0x0D || (Self.isControl(code) && !Self.isASCIIWhitespace(code)) {
      errorAtNextCharacter("control-character-reference")
      if (0x80...0x9F).contains(code) {
        let replacement = Self.c1Replacements[Int(code - 0x80)]
        if replacement != 0 { code = replacement }
      }
    }
    temporaryBuffer.removeAll(keepingCapacity: true)
    Self.appendUTF8(code, to: &temporaryBuffer)
    flushCharacterReference()
    state = returnState
  }

  /// "Flush code points consumed as a character reference": into the attribute value, or out as characters.
  mutating func flushCharacterReference() {
    if isInAttribute {
      attributeValue.append(contentsOf: temporaryBuffer)
    } else {
      appendText(temporaryBuffer)
    }
  }

  /// Appends the UTF-8 encoding of `scalar` (a valid scalar value) to `bytes`.
  static func appendUTF8(_ scalar: UInt32, to bytes: inout [UInt8]) {
    switch scalar {
    case 0..<0x80: bytes.append(UInt8(scalar))
    case 0x80..<0x800:
      bytes.append(UInt8(0xC0 | scalar >> 6))
      bytes.append(UInt8(0x80 | scalar & 0x3F))
    case 0x800..<0x10000:
      bytes.append(UInt8(0xE0 | scalar >> 12))
      bytes.append(UInt8(0x80 | scalar >> 6 & 0x3F))
      bytes.append(UInt8(0x80 | scalar & 0x3F))
    default:
      bytes.append(UInt8(0xF0 | scalar >> 18))
      bytes.append(UInt8(0x80 | scalar >> 12 & 0x3F))
      bytes.append(UInt8(0x80 | scalar >> 6 & 0x3F))
      bytes.append(UInt8(0x80 | scalar & 0x3F))
    }
  }

  /// The numeric character reference end state's table for 0x80–0x9F (0 = keep the code point).
  static let c1Replacements: [UInt32] = [
    0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
    0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
  ]
}

/// The named character references, parsed once from the generated `namedCharacterReferenceSource`.
struct NamedCharacterReferenceTable: Sendable {
  /// Names (with their `;` when they have one), sorted by bytes.
  let names: [[UInt8]]
  /// The replacement text of each name, as UTF-8.
  let values: [[UInt8]]

  static let shared = NamedCharacterReferenceTable(source: namedCharacterReferenceSource)

  init(source: String) {
    var names: [[UInt8]] = []
    var values: [[UInt8]] = []
    for line in source.utf8.split(separator: 0x0A) {
      let fields = line.split(separator: 0x20)
      names.append(Array(fields[0]))
      var value = ""
      for hex in fields[1].split(separator: 0x2C) {
        value.unicodeScalars.append(Unicode.Scalar(UInt32(String(decoding: hex, as: UTF8.self), radix: 16)!)!)
      }
      values.append(Array(value.utf8))
    }
    self.names = names
    self.values = values
  }

  /// The replacement text of exactly `name` (with its `;`), or nil.
  func value(named name: String) -> String? {
    let key = Array(name.utf8)
    var lo = 0, hi = names.count
    while lo < hi {
      let mid = (lo + hi) / 2
      if names[mid].lexicographicallyPrecedes(key) { lo = mid + 1 } else { hi = mid }
    }
    return lo < names.count && names[lo] == key ? String(decoding: values[lo], as: UTF8.self) : nil
  }

  /// The result of a longest-match lookup.
  enum Match: Equatable {
    /// The longest name matching the input: its length in bytes and its index.
    case found(length: Int, index: Int)
    case none
    /// The input ended (while still open) before the longest match was known.
    case needsMoreInput
  }

  /// The longest name that `bytes[start...]` starts with; `bytes[..<limit]` is what is available.
  func longestMatch(in bytes: [UInt8], from start: Int, limit: Int, atEnd: Bool) -> Match {
    var lo = 0
    var hi = names.count
    var k = 0
    var best = Match.none
    while true {
      if names[lo].count == k {
        best = .found(length: k, index: lo)
        lo += 1
      }
      if lo >= hi { return best }
      if start + k >= limit { return atEnd ? best : .needsMoreInput }
      let c = bytes[start + k]
      // Step: narrow [lo, hi) to the names whose byte k is c (all are longer than k here).
      var a = lo
      var b = hi
      while a < b {
        let mid = (a + b) / 2
        if names[mid][k] < c { a = mid + 1 } else { b = mid }
      }
      let newLo = a
      b = hi
      while a < b {
        let mid = (a + b) / 2
        if names[mid][k] <= c { a = mid + 1 } else { b = mid }
      }
      lo = newLo
      hi = a
      if lo >= hi { return best }
      k += 1
    }
  }
}
