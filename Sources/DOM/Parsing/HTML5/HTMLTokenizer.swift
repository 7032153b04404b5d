/// The WHATWG HTML tokenizer: a pull-model state machine over UTF-8 bytes.
///
/// https://html.spec.whatwg.org/multipage/parsing.html#tokenization
///
/// The input is kept as UTF-8 bytes after the input stream preprocessing (CR and CRLF become LF). Every state works
/// on bytes: the states only test ASCII, so the bytes of a non-ASCII character pass through "anything else" branches
/// one by one and land in the token unchanged. Runs of plain text and attribute values are scanned in tight loops.
///
/// Streaming: `appendInput(_:)` feeds more input, `closeInput()` ends it, and `insert(_:)` puts text at the
/// insertion point (document.write). While the input is open, `nextTokenIfAvailable()` returns nil when the
/// tokenizer needs more input; `nextToken()` answers `.endOfFile` then, with `isWaitingForInput` set.
final class HTMLTokenizer {
  /// The 80 tokenizer states, in the spec's order (13.2.5.1 to 13.2.5.80).
  enum State: Equatable {
    case data, rcdata, rawtext, scriptData, plaintext, tagOpen, endTagOpen, tagName
    case rcdataLessThanSign, rcdataEndTagOpen, rcdataEndTagName
    case rawtextLessThanSign, rawtextEndTagOpen, rawtextEndTagName
    case scriptDataLessThanSign, scriptDataEndTagOpen, scriptDataEndTagName
    case scriptDataEscapeStart, scriptDataEscapeStartDash, scriptDataEscaped, scriptDataEscapedDash
    case scriptDataEscapedDashDash, scriptDataEscapedLessThanSign, scriptDataEscapedEndTagOpen
    case scriptDataEscapedEndTagName, scriptDataDoubleEscapeStart, scriptDataDoubleEscaped
    case scriptDataDoubleEscapedDash, scriptDataDoubleEscapedDashDash, scriptDataDoubleEscapedLessThanSign
    case scriptDataDoubleEscapeEnd
    case beforeAttributeName, attributeName, afterAttributeName, beforeAttributeValue
    case attributeValueDoubleQuoted, attributeValueSingleQuoted, attributeValueUnquoted
    case afterAttributeValueQuoted, selfClosingStartTag, bogusComment, markupDeclarationOpen
    case commentStart, commentStartDash, comment, commentLessThanSign, commentLessThanSignBang
    case commentLessThanSignBangDash, commentLessThanSignBangDashDash, commentEndDash, commentEnd, commentEndBang
    case doctype, beforeDoctypeName, doctypeName, afterDoctypeName
    case afterDoctypePublicKeyword, beforeDoctypePublicIdentifier
    case doctypePublicIdentifierDoubleQuoted, doctypePublicIdentifierSingleQuoted, afterDoctypePublicIdentifier
    case betweenDoctypePublicAndSystemIdentifiers, afterDoctypeSystemKeyword, beforeDoctypeSystemIdentifier
    case doctypeSystemIdentifierDoubleQuoted, doctypeSystemIdentifierSingleQuoted, afterDoctypeSystemIdentifier
    case bogusDoctype, cdataSection, cdataSectionBracket, cdataSectionEnd
    case characterReference, namedCharacterReference, ambiguousAmpersand, numericCharacterReference
    case hexadecimalCharacterReferenceStart, decimalCharacterReferenceStart
    case hexadecimalCharacterReference, decimalCharacterReference, numericCharacterReferenceEnd
  }

  /// The tokenizer's state; the class wraps it so that a whole run is one access to one struct.
  var core: Core

  /// Tokenizes all of `input`: the same as `appendInput(input)` then `closeInput()`.
  init(_ input: String, reportErrors: Bool = false) {
    core = Core(reportErrors: reportErrors)
    core.appendInput(input)
    core.inputClosed = true
  }

  /// An open tokenizer, fed by `appendInput(_:)` until `closeInput()`.
  init(streamingWithReportErrors reportErrors: Bool = false) {
    core = Core(reportErrors: reportErrors)
  }

  /// The next token; `.endOfFile` forever at the end of the input (and, with `isWaitingForInput`, while waiting).
  func nextToken() -> HTMLToken { core.nextTokenIfAvailable() ?? .endOfFile }

  /// The next token, or nil when the tokenizer needs input that has not arrived (input open or insertion point).
  func nextTokenIfAvailable() -> HTMLToken? { core.nextTokenIfAvailable() }

  /// The text state the tree builder switches to (RCDATA for title and textarea, RAWTEXT, script data, PLAINTEXT).
  var textState: HTMLTokenizerTextState {
    get { core.textState }
    set { core.textState = newValue }
  }

  /// The tag name of the last start tag emitted, for the "appropriate end tag token" test.
  var lastStartTagName: String? {
    get { core.lastStartTagName }
    set { core.lastStartTagName = newValue }
  }

  /// The allowed-CDATA flag: the adjusted current node is not an element in the HTML namespace.
  var allowsCDATA: Bool {
    get { core.allowsCDATA }
    set { core.allowsCDATA = newValue }
  }

  /// The parse errors seen so far; empty unless `reportErrors`.
  var errors: [HTMLParseError] { core.errors }

  /// True when the last `nextToken()` ran out of input that is still open (or reached the insertion point).
  var isWaitingForInput: Bool { core.isWaitingForInput }

  /// The current state (tests set it to start elsewhere than the data state).
  var state: State {
    get { core.state }
    set { core.state = newValue }
  }

  /// Adds `text` at the end of the input (incremental feeding). CR and CRLF become LF, also across chunks.
  func appendInput(_ text: String) { core.appendInput(text) }

  /// Ends the input: once the tokenizer reaches its end, it emits `.endOfFile`.
  func closeInput() { core.inputClosed = true }

  /// Inserts `text` at the insertion point (document.write), defining one at the current position if there is none.
  /// The insertion point moves past the text, and the tokenizer pauses there until `removeInsertionPoint()`.
  func insert(_ text: String) { core.insert(text) }

  /// Defines the insertion point just before the next input character (the tree builder does this for scripts).
  func setInsertionPoint() { core.insertionPoint = core.pos }

  /// Undefines the insertion point: the tokenizer goes on past it.
  func removeInsertionPoint() { core.insertionPoint = nil }
}

extension HTMLTokenizer {
  /// All of the tokenizer's mutable state; the states are its mutating methods (HTMLTokenizer+*.swift).
  struct Core {
    typealias State = HTMLTokenizer.State

    // MARK: Input

    /// The preprocessed input (LF line ends only).
    var input: [UInt8] = []
    /// The next input byte to consume.
    var pos = 0
    /// True once `closeInput()` ran: the end of `input` is the end of file.
    var inputClosed = false
    /// The last appended chunk ended in CR: drop a LF that starts the next one (CRLF split across chunks).
    var pendingCarriageReturn = false
    /// Where `insert(_:)` puts text; the tokenizer pauses there while it is set.
    var insertionPoint: Int?

    // MARK: State

    /// The current state.
    var state: State = .data
    /// The return state of the character reference states.
    var returnState: State = .data
    var emittedEndOfFile = false
    let reportErrors: Bool
    /// The parse errors seen so far; empty unless `reportErrors`.
    var errors: [HTMLParseError] = []
    /// Bytes below this offset had their input-stream checks done (errors only).
    var checkedUpTo = 0
    /// Line cache for error positions: `lineCacheOffset` starts line `lineCacheLine`.
    var lineCacheOffset = 0
    var lineCacheLine = 1
    /// The allowed-CDATA flag: the adjusted current node is not an element in the HTML namespace.
    var allowsCDATA = false

    // MARK: Token under construction

    var queue: [HTMLToken] = []
    var queueHead = 0
    /// Pending character tokens, as UTF-8: `input[textRunStart..<textRunEnd]`, then `text`.
    var text: [UInt8] = []
    var textRunStart = 0
    var textRunEnd = 0
    var tagName: [UInt8] = []
    var tagIsEnd = false
    var tagSelfClosing = false
    var attributes: [HTMLAttribute] = []
    var attributeName: [UInt8] = []
    var attributeValue: [UInt8] = []
    var hasAttribute = false
    var attributeIsDuplicate = false
    var comment: [UInt8] = []
    var doctypeName: [UInt8]?
    var doctypePublic: [UInt8]?
    var doctypeSystem: [UInt8]?
    var doctypeForceQuirks = false
    var temporaryBuffer: [UInt8] = []
    var characterReferenceCode: UInt32 = 0

    /// The tag name of the last start tag emitted, for the "appropriate end tag token" test.
    var lastStartTagName: String?

    /// The text state the tree builder switches to (RCDATA for title and textarea, RAWTEXT, script data, PLAINTEXT).
    var textState: HTMLTokenizerTextState {
      get {
        switch state {
        case .rcdata: .rcdata
        case .rawtext: .rawtext
        case .scriptData: .scriptData
        case .plaintext: .plaintext
        default: .data
        }
      }
      set {
        switch newValue {
        case .data: state = .data
        case .rcdata: state = .rcdata
        case .rawtext: state = .rawtext
        case .scriptData: state = .scriptData
        case .plaintext: state = .plaintext
        }
      }
    }

    init(reportErrors: Bool) {
      self.reportErrors = reportErrors
    }

    /// Adds `text` at the end of the input.
    mutating func appendInput(_ text: String) {
      precondition(!inputClosed, "HTMLTokenizer.appendInput after closeInput(): the input already ended")
      input.append(contentsOf: preprocess(text))
    }

    /// Inserts `text` at the insertion point, defining one at the current position if there is none.
    mutating func insert(_ text: String) {
      let bytes = preprocess(text, continuing: false)
      let point = insertionPoint ?? pos
      input.insert(contentsOf: bytes, at: point)
      insertionPoint = point + bytes.count
      checkedUpTo = min(checkedUpTo, point)
      if lineCacheOffset > point { lineCacheOffset = 0; lineCacheLine = 1 }
    }

    /// True when the last `nextToken()` ran out of input that is still open (or reached the insertion point).
    var isWaitingForInput = false

    /// The next token, or nil when the tokenizer needs input that has not arrived (input open or insertion point).
    mutating func nextTokenIfAvailable() -> HTMLToken? {
      if queueHead < queue.count { return dequeue() }
      queue.removeAll(keepingCapacity: true)
      queueHead = 0
      if emittedEndOfFile { return .endOfFile }
      isWaitingForInput = !run()
      if queueHead < queue.count { return dequeue() }
      return nil
    }

    private mutating func dequeue() -> HTMLToken {
      let token = queue[queueHead]
      queueHead += 1
      return token
    }

    /// Input stream preprocessing: CR LF and lone CR become LF.
    /// https://html.spec.whatwg.org/multipage/parsing.html#preprocessing-the-input-stream
    private mutating func preprocess(_ text: String, continuing: Bool = true) -> [UInt8] {
      let utf8 = Array(text.utf8)
      var skipLeadingLF = continuing && pendingCarriageReturn
      if continuing { pendingCarriageReturn = utf8.last == 13 }
      if !skipLeadingLF && !utf8.contains(13) { return utf8 }
      var out: [UInt8] = []
      out.reserveCapacity(utf8.count)
      var previousCR = false
      for byte in utf8 {
        if skipLeadingLF {
          skipLeadingLF = false
          if byte == 10 { continue }
        }
        if byte == 13 {
          out.append(10)
          previousCR = true
        } else {
          if !(byte == 10 && previousCR) { out.append(byte) }
          previousCR = false
        }
      }
      return out
    }

    // MARK: The machine

    /// Runs states until a token is queued (true) or the input runs out while open (false).
    private mutating func run() -> Bool {
      while queueHead >= queue.count {
        let limit = insertionPoint ?? input.count
        if pos >= limit {
          if insertionPoint != nil || !inputClosed {
            flushText()
            return queueHead < queue.count
          }
          endOfFile()
          continue
        }
        if reportErrors && pos >= checkedUpTo { checkInputCharacter() }
        if !step(limit: limit) { flushText(); return queueHead < queue.count }
      }
      return true
    }

    /// Runs one state on the input at `pos`; false when it must wait for more input.
    private mutating func step(limit: Int) -> Bool {
      switch state {
      case .data, .rcdata, .rawtext, .scriptData, .plaintext, .tagOpen, .endTagOpen, .tagName,
        .rcdataLessThanSign, .rcdataEndTagOpen, .rcdataEndTagName,
        .rawtextLessThanSign, .rawtextEndTagOpen, .rawtextEndTagName:
        textAndTagState(limit: limit)
      case .scriptDataLessThanSign, .scriptDataEndTagOpen, .scriptDataEndTagName, .scriptDataEscapeStart,
        .scriptDataEscapeStartDash, .scriptDataEscaped, .scriptDataEscapedDash, .scriptDataEscapedDashDash,
        .scriptDataEscapedLessThanSign, .scriptDataEscapedEndTagOpen, .scriptDataEscapedEndTagName,
        .scriptDataDoubleEscapeStart, .scriptDataDoubleEscaped, .scriptDataDoubleEscapedDash,
        .scriptDataDoubleEscapedDashDash, .scriptDataDoubleEscapedLessThanSign, .scriptDataDoubleEscapeEnd:
        scriptState()
      case .beforeAttributeName, .attributeName, .afterAttributeName, .beforeAttributeValue,
        .attributeValueDoubleQuoted, .attributeValueSingleQuoted, .attributeValueUnquoted,
        .afterAttributeValueQuoted, .selfClosingStartTag:
        attributeState(limit: limit)
      case .markupDeclarationOpen, .afterDoctypeName, .namedCharacterReference:
        return lookaheadState(limit: limit)
      case .bogusComment, .commentStart, .commentStartDash, .comment, .commentLessThanSign,
        .commentLessThanSignBang, .commentLessThanSignBangDash, .commentLessThanSignBangDashDash,
        .commentEndDash, .commentEnd, .commentEndBang, .cdataSection, .cdataSectionBracket, .cdataSectionEnd:
        commentState(limit: limit)
      case .doctype, .beforeDoctypeName, .doctypeName, .afterDoctypePublicKeyword,
        .beforeDoctypePublicIdentifier, .doctypePublicIdentifierDoubleQuoted, .doctypePublicIdentifierSingleQuoted,
        .afterDoctypePublicIdentifier, .betweenDoctypePublicAndSystemIdentifiers, .afterDoctypeSystemKeyword,
        .beforeDoctypeSystemIdentifier, .doctypeSystemIdentifierDoubleQuoted, .doctypeSystemIdentifierSingleQuoted,
        .afterDoctypeSystemIdentifier, .bogusDoctype:
        doctypeState()
      case .characterReference, .ambiguousAmpersand, .numericCharacterReference,
        .hexadecimalCharacterReferenceStart, .decimalCharacterReferenceStart, .hexadecimalCharacterReference,
        .decimalCharacterReference, .numericCharacterReferenceEnd:
        characterReferenceState()
      }
      return true
    }

    /// Consumes the next input byte.
    @inline(__always) mutating func consume() -> UInt8 {
      let byte = input[pos]
      pos += 1
      return byte
    }

    /// "Reconsume in the X state": the byte just consumed is read again by `next`.
    @inline(__always) mutating func reconsume(in next: State) {
      pos -= 1
      state = next
    }

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
    }

    mutating func startTag(end: Bool) {
      tagName.removeAll(keepingCapacity: true)
      tagIsEnd = end
      tagSelfClosing = false
      attributes = []
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
    private mutating func checkInputCharacter() {
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
}

// MARK: Byte classes

extension UInt8 {
  /// Tab, LF, FF, space (CR never reaches the tokenizer).
  var isHTMLWhitespace: Bool { self == 0x09 || self == 0x0A || self == 0x0C || self == 0x20 }
  var isASCIIAlpha: Bool { (self | 0x20) >= 0x61 && (self | 0x20) <= 0x7A }
  var isASCIIUpper: Bool { self >= 0x41 && self <= 0x5A }
  var isASCIIDigit: Bool { self >= 0x30 && self <= 0x39 }
  var isASCIIAlphanumeric: Bool { isASCIIAlpha || isASCIIDigit }
  var isASCIIHexDigit: Bool { isASCIIDigit || ((self | 0x20) >= 0x61 && (self | 0x20) <= 0x66) }
  var asciiLowercased: UInt8 { isASCIIUpper ? self | 0x20 : self }
}
