// Emitting tokens and recording parse errors.
// https://html.spec.whatwg.org/multipage/parsing.html#parse-errors
extension HTMLTokenizer.Core {
  // MARK: Emitting

  mutating func emit(_ token: HTMLToken) {
    flushText()
    queue.append(token)
  }

  @inline(__always) mutating func emitCharacter(_ byte: UInt8) {
    if textRunEnd > textRunStart { materializeTextRun() }
    text.append(byte)
  }

  mutating func emitReplacementCharacter() { appendText(Self.replacementCharacter) }

  /// Appends characters to the pending text.
  mutating func appendText(_ bytes: [UInt8]) {
    if textRunEnd > textRunStart { materializeTextRun() }
    text.append(contentsOf: bytes)
  }

  /// Fast path: the input from `pos` to `end` joins the pending text; while the pending text is one slice of the
  /// input, it stays a range and becomes a String in one copy.
  @inline(__always) mutating func appendTextRun(to end: Int) {
    if text.isEmpty && (textRunEnd == textRunStart || textRunEnd == pos) {
      if textRunEnd == textRunStart { textRunStart = pos }
      textRunEnd = end
    } else {
      if textRunEnd > textRunStart { materializeTextRun() }
      text.append(contentsOf: input[pos..<end])
    }
    pos = end
  }

  /// Copies the pending input range into `text`.
  mutating func materializeTextRun() {
    text.append(contentsOf: input[textRunStart..<textRunEnd])
    textRunStart = 0
    textRunEnd = 0
  }

  mutating func flushText() {
    if textRunEnd > textRunStart {
      if text.isEmpty {
        queue.append(.characters(String(decoding: input[textRunStart..<textRunEnd], as: UTF8.self)))
        textRunStart = 0
        textRunEnd = 0
        return
      }
      materializeTextRun()
    }
    guard !text.isEmpty else { return }
    queue.append(.characters(String(decoding: text, as: UTF8.self)))
    text.removeAll(keepingCapacity: true)
  }

  /// U+FFFD in UTF-8.
  static let replacementCharacter: [UInt8] = [0xEF, 0xBF, 0xBD]

  mutating func emitCurrentTag() {
    finishAttribute()
    let name = String(decoding: tagName, as: UTF8.self)
    if tagIsEnd {
      if !attributes.isEmpty { error("end-tag-with-attributes") }
      if tagSelfClosing { error("end-tag-with-trailing-solidus") }
      emit(.endTag(HTMLTag(name: name)))
    } else {
      lastStartTagName = name
      emit(.startTag(HTMLTag(name: name, attributes: attributes, selfClosing: tagSelfClosing)))
    }
    attributes = []
    attributeNames.removeAll()
  }

  mutating func startTag(end: Bool) {
    tagName.removeAll(keepingCapacity: true)
    tagIsEnd = end
    tagSelfClosing = false
    attributes = []
    attributeNames.removeAll()
    hasAttribute = false
  }

  mutating func emitComment() {
    emit(.comment(String(decoding: comment, as: UTF8.self)))
  }

  mutating func emitDoctype() {
    let string = { (bytes: [UInt8]?) in bytes.map { String(decoding: $0, as: UTF8.self) } }
    emit(.doctype(HTMLDoctype(name: string(doctypeName), publicIdentifier: string(doctypePublic),
                              systemIdentifier: string(doctypeSystem), forceQuirks: doctypeForceQuirks)))
  }

  mutating func emitEndOfFile() {
    emittedEndOfFile = true
    emit(.endOfFile)
  }

  /// True when the current tag is an end tag whose name matches the last start tag.
  var isAppropriateEndTag: Bool {
    guard let last = lastStartTagName else { return false }
    return tagName.elementsEqual(last.utf8)
  }

  // MARK: Errors

  /// Records a parse error at the character just consumed, when reporting errors.
  @inline(__always) mutating func error(_ code: String) {
    guard reportErrors else { return }
    recordError(code, at: pos - 1)
  }

  /// Records a parse error at the next input character (or the end of file), when reporting errors.
  @inline(__always) mutating func errorAtNextCharacter(_ code: String) {
    guard reportErrors else { return }
    recordError(code, at: pos)
  }

  /// Records `code` at the character starting at byte `offset`: its 1-based line and column.
  mutating func recordError(_ code: String, at offset: Int) {
    let end = max(0, min(offset, input.count))
    if end < lineCacheOffset { lineCacheOffset = 0; lineCacheLine = 1 }
    var lineStart = lineCacheOffset
    var line = lineCacheLine
    var i = lineCacheOffset
    while i < end {
      if input[i] == 10 { line += 1; lineStart = i + 1 }
      i += 1
    }
    lineCacheOffset = lineStart
    lineCacheLine = line
    // Columns count UTF-16 code units, as html5lib-tests and browsers' consoles do.
    var column = 1
    for j in lineStart..<end where input[j] & 0xC0 != 0x80 { column += input[j] >= 0xF0 ? 2 : 1 }
    errors.append(HTMLParseError(code: code, line: line, column: column))
  }

  /// Input stream checks: controls, noncharacters (https://html.spec.whatwg.org/#preprocessing-the-input-stream).
  mutating func checkInputCharacter() {
    let lead = input[pos]
    var scalar = UInt32(lead)
    var length = 1
    if lead >= 0xF0 { length = 4; scalar &= 0x07 } else if lead >= 0xE0 { length = 3; scalar &= 0x0F }
    else if lead >= 0xC0 { length = 2; scalar &= 0x1F }
    if length > 1 {
      for k in 1..<length where pos + k < input.count { scalar = scalar << 6 | UInt32(input[pos + k] & 0x3F) }
    }
    checkedUpTo = pos + length
    if Self.isNoncharacter(scalar) {
      recordError("noncharacter-in-input-stream", at: pos)
    } else if Self.isControl(scalar) && !Self.isASCIIWhitespace(scalar) && scalar != 0 {
      recordError("control-character-in-input-stream", at: pos)
    }
  }

  static func isNoncharacter(_ c: UInt32) -> Bool { (0xFDD0...0xFDEF).contains(c) || c & 0xFFFE == 0xFFFE }
  static func isControl(_ c: UInt32) -> Bool { c <= 0x1F || (0x7F...0x9F).contains(c) }
  static func isASCIIWhitespace(_ c: UInt32) -> Bool { c == 9 || c == 10 || c == 12 || c == 13 || c == 32 }
}
