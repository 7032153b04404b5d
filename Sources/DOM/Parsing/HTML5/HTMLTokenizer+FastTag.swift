// The fast path for ordinary tags: `<name attr="value" attr=value attr>` read in one local loop.
//
// It is all or nothing. It accepts only tags the states 13.2.5.6–13.2.5.40 would read without a parse error and
// without a character reference, builds the same token, and emits it. On anything else (`&`, NUL, a stray quote,
// a duplicate attribute, the end of the available input, error reporting on) it returns false having changed
// nothing, and the state machine reads the tag from its first letter.
extension HTMLTokenizer.Core {
  /// Reads a whole tag whose name starts at `pos` (just after `<` or `</`); true when it emitted the token.
  mutating func fastTag(end isEnd: Bool, limit: Int) -> Bool {
    if reportErrors { return false }
    let bytes = input
    var i = pos

    @inline(__always) func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x09 || b == 0x0C }
    @inline(__always) func string(_ start: Int, _ end: Int, lowercasing: Bool) -> String {
      if lowercasing {
        var hasUpper = false
        for k in start..<end where bytes[k].isASCIIUpper { hasUpper = true; break }
        if hasUpper { return String(decoding: bytes[start..<end].map(\.asciiLowercased), as: UTF8.self) }
      }
      return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    // The tag name (13.2.5.8).
    let nameStart = i
    while i < limit {
      let b = bytes[i]
      if isSpace(b) || b == Byte.solidus || b == Byte.greaterThan { break }
      if b == Byte.null { return false }
      i += 1
    }
    guard i < limit else { return false }
    let name = string(nameStart, i, lowercasing: true)
    var attributes: [HTMLAttribute] = []
    var names = HTMLAttributeNames()
    var selfClosing = false

    while true {
      // Before attribute name (13.2.5.32).
      while i < limit && isSpace(bytes[i]) { i += 1 }
      guard i < limit else { return false }
      var b = bytes[i]
      if b == Byte.greaterThan { i += 1; break }
      if b == Byte.solidus {
        guard i + 1 < limit, bytes[i + 1] == Byte.greaterThan else { return false }
        selfClosing = true
        i += 2
        break
      }
      if b == Byte.equals { return false }
      // Attribute name (13.2.5.33).
      let attributeStart = i
      while i < limit {
        b = bytes[i]
        if isSpace(b) || b == Byte.solidus || b == Byte.greaterThan || b == Byte.equals { break }
        if b == Byte.null || b == Byte.quote || b == Byte.apostrophe || b == Byte.lessThan { return false }
        i += 1
      }
      guard i < limit else { return false }
      let attributeName = string(attributeStart, i, lowercasing: true)
      guard names.insert(attributeName, among: attributes) else { return false }
      // After attribute name (13.2.5.34).
      while i < limit && isSpace(bytes[i]) { i += 1 }
      guard i < limit else { return false }
      guard bytes[i] == Byte.equals else {
        attributes.append(HTMLAttribute(name: attributeName, value: ""))
        continue
      }
      i += 1
      // Before attribute value (13.2.5.35).
      while i < limit && isSpace(bytes[i]) { i += 1 }
      guard i < limit else { return false }
      b = bytes[i]
      let value: String
      if b == Byte.quote || b == Byte.apostrophe {
        // Attribute value, quoted (13.2.5.36, 13.2.5.37), then after attribute value (quoted) (13.2.5.39).
        let quote = b
        i += 1
        let valueStart = i
        while i < limit {
          b = bytes[i]
          if b == quote { break }
          if b == Byte.ampersand || b == Byte.null { return false }
          i += 1
        }
        guard i + 1 < limit else { return false }
        value = string(valueStart, i, lowercasing: false)
        i += 1
        b = bytes[i]
        guard isSpace(b) || b == Byte.solidus || b == Byte.greaterThan else { return false }
      } else if b == Byte.greaterThan {
        return false
      } else {
        // Attribute value, unquoted (13.2.5.38).
        let valueStart = i
        while i < limit {
          b = bytes[i]
          if isSpace(b) || b == Byte.greaterThan { break }
          if b == Byte.ampersand || b == Byte.null || b == Byte.quote || b == Byte.apostrophe || b == Byte.lessThan
            || b == Byte.equals || b == Byte.graveAccent { return false }
          i += 1
        }
        guard i < limit else { return false }
        value = string(valueStart, i, lowercasing: false)
      }
      attributes.append(HTMLAttribute(name: attributeName, value: value))
    }

    pos = i
    state = .data
    if isEnd {
      emit(.endTag(HTMLTag(name: name)))
    } else {
      lastStartTagName = name
      emit(.startTag(HTMLTag(name: name, attributes: attributes, selfClosing: selfClosing)))
    }
    return true
  }
}
