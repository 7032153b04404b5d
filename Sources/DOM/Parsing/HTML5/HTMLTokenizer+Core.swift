// The tokenizer's state and its run loop: input, preprocessing, pausing, and dispatch to the states.
// https://html.spec.whatwg.org/multipage/parsing.html#tokenization
extension HTMLTokenizer {
  /// All of the tokenizer's mutable state; the states are its mutating methods (HTMLTokenizer+*.swift).
  struct Core {
    typealias State = HTMLTokenizer.State
    typealias Byte = HTMLTokenizer.Byte

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
    /// Pending character tokens: `input[textRunStart..<textRunEnd]` while they are one slice of the input, else
    /// `text` (UTF-8); never both.
    var text: [UInt8] = []
    var textRunStart = 0
    var textRunEnd = 0
    var tagName: [UInt8] = []
    var tagIsEnd = false
    var tagSelfClosing = false
    var attributes: [HTMLAttribute] = []
    var attributeNames = HTMLAttributeNames()
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
  }
}
