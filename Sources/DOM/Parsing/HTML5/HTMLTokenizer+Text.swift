// The text states, tag open, end tag open, tag name, and the RCDATA and RAWTEXT end tag states (13.2.5.1–13.2.5.14).
// https://html.spec.whatwg.org/multipage/parsing.html#data-state
extension HTMLTokenizer.Core {
  /// Scans from `pos` to the first of `a`, `b`, `c` (or, when reporting errors, a byte that needs input checks).
  @inline(__always) mutating func scan(to limit: Int, _ a: UInt8, _ b: UInt8, _ c: UInt8) -> Int {
    let bytes = input
    var i = pos
    if reportErrors {
      while i < limit {
        let x = bytes[i]
        if x == a || x == b || x == c || x >= 0x7F || (x < 0x20 && x != Byte.lineFeed && x != Byte.tab) { break }
        i += 1
      }
    } else {
      while i < limit {
        let x = bytes[i]
        if x == a || x == b || x == c { break }
        i += 1
      }
    }
    return i
  }

  /// Fast path: appends the plain run up to the next special byte to the pending text; true if it moved.
  @inline(__always) mutating func scanText(to limit: Int, _ a: UInt8, _ b: UInt8) -> Bool {
    let end = scan(to: limit, a, b, Byte.null)
    guard end > pos else { return false }
    appendTextRun(to: end)
    return true
  }

  mutating func textAndTagState(limit: Int) {
    switch state {
    // 13.2.5.1 Data state.
    case .data:
      if scanText(to: limit, Byte.lessThan, Byte.ampersand) { return }
      switch consume() {
      case Byte.ampersand: returnState = .data; state = .characterReference
      case Byte.lessThan: state = .tagOpen
      case Byte.null: error("unexpected-null-character"); emitCharacter(0)
      case let c: emitCharacter(c)
      }
    // 13.2.5.2 RCDATA state.
    case .rcdata:
      if scanText(to: limit, Byte.lessThan, Byte.ampersand) { return }
      switch consume() {
      case Byte.ampersand: returnState = .rcdata; state = .characterReference
      case Byte.lessThan: state = .rcdataLessThanSign
      case Byte.null: error("unexpected-null-character"); emitReplacementCharacter()
      case let c: emitCharacter(c)
      }
    // 13.2.5.3 RAWTEXT state.
    case .rawtext:
      if scanText(to: limit, Byte.lessThan, Byte.lessThan) { return }
      switch consume() {
      case Byte.lessThan: state = .rawtextLessThanSign
      case Byte.null: error("unexpected-null-character"); emitReplacementCharacter()
      case let c: emitCharacter(c)
      }
    // 13.2.5.4 Script data state.
    case .scriptData:
      if scanText(to: limit, Byte.lessThan, Byte.lessThan) { return }
      switch consume() {
      case Byte.lessThan: state = .scriptDataLessThanSign
      case Byte.null: error("unexpected-null-character"); emitReplacementCharacter()
      case let c: emitCharacter(c)
      }
    // 13.2.5.5 PLAINTEXT state.
    case .plaintext:
      if scanText(to: limit, Byte.null, Byte.null) { return }
      switch consume() {
      case Byte.null: error("unexpected-null-character"); emitReplacementCharacter()
      case let c: emitCharacter(c)
      }
    // 13.2.5.6 Tag open state.
    case .tagOpen:
      if input[pos].isASCIIAlpha && fastTag(end: false, limit: limit) { return }
      let c = consume()
      switch c {
      case Byte.exclamation: state = .markupDeclarationOpen
      case Byte.solidus: state = .endTagOpen
      case _ where c.isASCIIAlpha: startTag(end: false); reconsume(in: .tagName)
      case Byte.question:
        error("unexpected-question-mark-instead-of-tag-name")
        comment.removeAll(keepingCapacity: true)
        reconsume(in: .bogusComment)
      default:
        error("invalid-first-character-of-tag-name")
        emitCharacter(Byte.lessThan)
        reconsume(in: .data)
      }
    // 13.2.5.7 End tag open state.
    case .endTagOpen:
      if input[pos].isASCIIAlpha && fastTag(end: true, limit: limit) { return }
      let c = consume()
      switch c {
      case _ where c.isASCIIAlpha: startTag(end: true); reconsume(in: .tagName)
      case Byte.greaterThan: error("missing-end-tag-name"); state = .data
      default:
        error("invalid-first-character-of-tag-name")
        comment.removeAll(keepingCapacity: true)
        reconsume(in: .bogusComment)
      }
    // 13.2.5.8 Tag name state.
    case .tagName:
      tagNameState()
    // 13.2.5.9 RCDATA less-than sign state.
    case .rcdataLessThanSign:
      textLessThanSign(endTagOpen: .rcdataEndTagOpen, text: .rcdata)
    // 13.2.5.10 RCDATA end tag open state.
    case .rcdataEndTagOpen:
      textEndTagOpen(name: .rcdataEndTagName, text: .rcdata)
    // 13.2.5.11 RCDATA end tag name state.
    case .rcdataEndTagName:
      textEndTagName(text: .rcdata)
    // 13.2.5.12 RAWTEXT less-than sign state.
    case .rawtextLessThanSign:
      textLessThanSign(endTagOpen: .rawtextEndTagOpen, text: .rawtext)
    // 13.2.5.13 RAWTEXT end tag open state.
    case .rawtextEndTagOpen:
      textEndTagOpen(name: .rawtextEndTagName, text: .rawtext)
    // 13.2.5.14 RAWTEXT end tag name state.
    case .rawtextEndTagName:
      textEndTagName(text: .rawtext)
    default:
      preconditionFailure("textAndTagState called in \(state)")
    }
  }

  /// 13.2.5.8 Tag name state, with a fast path for lowercase names.
  private mutating func tagNameState() {
    while true {
      let c = consume()
      switch c {
      case Byte.tab, Byte.lineFeed, Byte.formFeed, Byte.space: state = .beforeAttributeName; return
      case Byte.solidus: state = .selfClosingStartTag; return
      case Byte.greaterThan: state = .data; emitCurrentTag(); return
      case Byte.null: error("unexpected-null-character"); tagName.append(contentsOf: Self.replacementCharacter)
      case let c: tagName.append(c.asciiLowercased)
      }
      // Stay in the state while plain ASCII follows (bytes that need input checks go through `run`).
      guard pos < (insertionPoint ?? input.count), !reportErrors || (input[pos] >= 0x20 && input[pos] < 0x7F)
      else { return }
    }
  }

  /// 13.2.5.9, 13.2.5.12: RCDATA and RAWTEXT less-than sign states.
  mutating func textLessThanSign(endTagOpen: State, text textState: State) {
    if consume() == Byte.solidus {
      temporaryBuffer.removeAll(keepingCapacity: true)
      state = endTagOpen
    } else {
      emitCharacter(Byte.lessThan)
      reconsume(in: textState)
    }
  }

  /// 13.2.5.10, 13.2.5.13, 13.2.5.16, 13.2.5.24: the end tag open states of the text states.
  mutating func textEndTagOpen(name: State, text textState: State) {
    if consume().isASCIIAlpha {
      startTag(end: true)
      reconsume(in: name)
    } else {
      emitCharacter(Byte.lessThan)
      emitCharacter(Byte.solidus)
      reconsume(in: textState)
    }
  }

  /// 13.2.5.11, 13.2.5.14, 13.2.5.17, 13.2.5.25: the end tag name states of the text states.
  mutating func textEndTagName(text textState: State) {
    let c = consume()
    switch c {
    case _ where c.isHTMLWhitespace && isAppropriateEndTag:
      state = .beforeAttributeName
    case Byte.solidus where isAppropriateEndTag:
      state = .selfClosingStartTag
    case Byte.greaterThan where isAppropriateEndTag:
      state = .data
      emitCurrentTag()
    case _ where c.isASCIIAlpha:
      tagName.append(c.asciiLowercased)
      temporaryBuffer.append(c)
    default:
      textEndTagNameAnythingElse(text: textState)
      pos -= 1
    }
  }

  /// The "anything else" branch of the text end tag name states, without the reconsume.
  mutating func textEndTagNameAnythingElse(text textState: State) {
    emitCharacter(Byte.lessThan)
    emitCharacter(Byte.solidus)
    appendText(temporaryBuffer)
    state = textState
  }
}
