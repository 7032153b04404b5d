extension HTMLEncoding {
  /// The encoding a page declares in its first bytes, or nil.
  ///
  /// https://html.spec.whatwg.org/#prescan-a-byte-stream-to-determine-its-encoding
  /// The caller passes the first 1024 bytes (the end condition the standard encourages).
  static func prescan(_ bytes: ArraySlice<UInt8>) -> String? {
    var scanner = PrescanScanner(bytes: Array(bytes))
    return scanner.run()
  }
}

private func isSpace(_ b: UInt8) -> Bool { b == 0x09 || b == 0x0A || b == 0x0C || b == 0x0D || b == 0x20 }
private func isAlpha(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A }
private func lower(_ b: UInt8) -> UInt8 { b >= 0x41 && b <= 0x5A ? b + 0x20 : b }

/// The prescan's position pointer over the bytes, with its steps as methods.
private struct PrescanScanner {
  let bytes: [UInt8]
  var position = 0

  init(bytes: [UInt8]) { self.bytes = bytes }

  private func at(_ offset: Int = 0) -> UInt8? {
    position + offset < bytes.count ? bytes[position + offset] : nil
  }

  /// Whether the bytes at the position start with `ascii`, ignoring ASCII case.
  private func matches(_ ascii: String) -> Bool {
    for (i, c) in ascii.utf8.enumerated() { guard let b = at(i), lower(b) == c else { return false } }
    return true
  }

  /// Step 2 ("Loop"), repeated until the end of the bytes.
  mutating func run() -> String? {
    while position < bytes.count {
      if matches("<!--") {
        // Step 2.1: advance to the first ">" preceded by "--" and after the "<".
        var i = position + 2
        while i < bytes.count, !(bytes[i] == 0x3E && bytes[i - 1] == 0x2D && bytes[i - 2] == 0x2D) { i += 1 }
        position = i
      } else if matches("<meta"), let next = at(5), isSpace(next) || next == 0x2F {
        // Step 2.2.
        if let charset = meta() { return charset }
      } else if at() == 0x3C, let next = at(1), isAlpha(next) || (next == 0x2F && at(2).map(isAlpha) == true) {
        // Step 2.3: another tag. Advance to whitespace or ">", then skip its attributes.
        while let b = at(), !isSpace(b), b != 0x3E { position += 1 }
        while getAttribute() != nil {}
      } else if matches("<!") || matches("</") || matches("<?") {
        // Step 2.4: advance to the first ">".
        while let b = at(), b != 0x3E { position += 1 }
      }
      // Step 2.5 ("Next byte").
      position += 1
    }
    return nil
  }

  /// Step 2.2: a `<meta` tag; the encoding it declares, or nil to go on scanning.
  private mutating func meta() -> String? {
    // Step 2.2.1: advance to the whitespace or "/" after "<meta".
    position += 5
    // Step 2.2.2-2.2.5.
    var attributeNames: Set<[UInt8]> = []
    var gotPragma = false
    var needPragma: Bool?
    var charset: String??  // nil: not set; .some(nil): failure (an unknown label)
    // Step 2.2.6 ("Attributes").
    while let (name, value) = getAttribute() {
      // Step 2.2.7: a repeated attribute name is ignored.
      guard attributeNames.insert(name).inserted else { continue }
      // Step 2.2.9.
      switch String(decoding: name, as: UTF8.self) {
      case "http-equiv":
        if value == Array("content-type".utf8) { gotPragma = true }
      case "content":
        // An encoding is only "returned" when the extracted label names one.
        if charset == nil, let extracted = Self.extractCharset(value),
           let name = HTMLEncoding.encoding(forLabel: extracted)
        {
          charset = .some(name)
          needPragma = true
        }
      case "charset":
        charset = .some(HTMLEncoding.encoding(forLabel: String(decoding: value, as: UTF8.self)))
        needPragma = false
      default:
        break
      }
    }
    // Step 2.2.11 ("Processing"): no pragma decision, or a content charset without http-equiv, goes on.
    guard let needPragma, !(needPragma && !gotPragma) else { return nil }
    // Step 2.2.13: the charset label named no encoding.
    guard let found = charset, var name = found else { return nil }
    // Step 2.2.14-15.
    if name == "UTF-16BE" || name == "UTF-16LE" { name = "UTF-8" }
    if name == "x-user-defined" { name = "windows-1252" }
    // Step 2.2.16.
    return name
  }

  /// https://html.spec.whatwg.org/#concept-get-attributes-when-sniffing — nil when there is no attribute.
  private mutating func getAttribute() -> (name: [UInt8], value: [UInt8])? {
    // Step 1.
    while let b = at(), isSpace(b) || b == 0x2F { position += 1 }
    // Step 2.
    guard let first = at(), first != 0x3E else { return nil }
    // Step 3.
    var name: [UInt8] = []
    var value: [UInt8] = []
    // Steps 4-5 ("Attribute name").
    nameLoop: while let b = at() {
      if b == 0x3D, !name.isEmpty {
        position += 1
        return attributeValue(name: name, value: &value)
      } else if isSpace(b) {
        break nameLoop
      } else if b == 0x2F || b == 0x3E {
        return (name, value)
      } else {
        name.append(lower(b))
      }
      position += 1
    }
    guard at() != nil else { return nil }
    // Step 6 ("Spaces").
    while let b = at(), isSpace(b) { position += 1 }
    // Step 7.
    guard let b = at() else { return nil }
    if b != 0x3D { return (name, value) }
    // Step 8.
    position += 1
    return attributeValue(name: name, value: &value)
  }

  /// Steps 9-12 of getting an attribute: the value after "=".
  private mutating func attributeValue(name: [UInt8], value: inout [UInt8]) -> (name: [UInt8], value: [UInt8])? {
    // Step 9.
    while let b = at(), isSpace(b) { position += 1 }
    // Step 10.
    guard let b = at() else { return nil }
    if b == 0x22 || b == 0x27 {
      let quote = b
      while true {
        position += 1
        guard let c = at() else { return nil }
        if c == quote {
          position += 1
          return (name, value)
        }
        value.append(lower(c))
      }
    }
    if b == 0x3E { return (name, value) }
    value.append(lower(b))
    // Steps 11-12.
    while true {
      position += 1
      guard let c = at() else { return nil }
      if isSpace(c) || c == 0x3E { return (name, value) }
      value.append(lower(c))
    }
  }

  /// https://html.spec.whatwg.org/#algorithm-for-extracting-a-character-encoding-from-a-meta-element
  static func extractCharset(_ content: [UInt8]) -> String? {
    // Step 1.
    var position = 0
    let charset = Array("charset".utf8)
    // Step 2 ("Loop").
    while true {
      guard let start = find(charset, in: content, from: position) else { return nil }
      position = start + charset.count
      // Step 3.
      while position < content.count, isSpace(content[position]) { position += 1 }
      // Step 4.
      guard position < content.count, content[position] == 0x3D else { continue }
      position += 1
      // Step 5.
      while position < content.count, isSpace(content[position]) { position += 1 }
      // Step 6.
      guard position < content.count else { return nil }
      let first = content[position]
      if first == 0x22 || first == 0x27 {
        guard let end = content[(position + 1)...].firstIndex(of: first) else { return nil }
        return String(decoding: content[(position + 1)..<end], as: UTF8.self)
      }
      var end = position
      while end < content.count, !isSpace(content[end]), content[end] != 0x3B { end += 1 }
      return String(decoding: content[position..<end], as: UTF8.self)
    }
  }

  /// The first index of `needle` in `haystack` at or after `from` (ASCII case-insensitively; `needle` lowercase).
  private static func find(_ needle: [UInt8], in haystack: [UInt8], from: Int) -> Int? {
    guard haystack.count >= needle.count else { return nil }
    var i = from
    while i + needle.count <= haystack.count {
      if (0..<needle.count).allSatisfy({ lower(haystack[i + $0]) == needle[$0] }) { return i }
      i += 1
    }
    return nil
  }
}

/// Exposes the content-attribute extraction to tests.
enum PrescanTestHook {
  static func extract(_ content: String) -> String? { PrescanScanner.extractCharset(Array(content.utf8)) }
}
