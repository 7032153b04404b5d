// The states that look ahead past the next input character, and every state's end-of-file branch.
// https://html.spec.whatwg.org/multipage/parsing.html#markup-declaration-open-state
extension HTMLTokenizer.Core {
  /// The outcome of comparing the input at `pos` with a keyword.
  enum Lookahead { case matches, differs, needsMoreInput }

  /// True when the end of the available input is the end of file (no more input can come before it).
  var isAtEndOfInput: Bool { inputClosed && insertionPoint == nil }

  mutating func lookahead(_ keyword: [UInt8], ignoringCase: Bool, limit: Int) -> Lookahead {
    for (offset, expected) in keyword.enumerated() {
      guard pos + offset < limit else { return isAtEndOfInput ? .differs : .needsMoreInput }
      let actual = input[pos + offset]
      if (ignoringCase ? actual.asciiLowercased : actual) != expected { return .differs }
    }
    return .matches
  }

  static let doubleHyphen: [UInt8] = Array("--".utf8)
  static let doctypeKeyword: [UInt8] = Array("doctype".utf8)
  static let cdataKeyword: [UInt8] = Array("[CDATA[".utf8)
  static let publicKeyword: [UInt8] = Array("public".utf8)
  static let systemKeyword: [UInt8] = Array("system".utf8)

  /// Runs a state that needs lookahead; false when the input ran out before it could decide.
  mutating func lookaheadState(limit: Int) -> Bool {
    switch state {
    // 13.2.5.42 Markup declaration open state.
    case .markupDeclarationOpen:
      let hyphens = lookahead(Self.doubleHyphen, ignoringCase: false, limit: limit)
      let doctype = lookahead(Self.doctypeKeyword, ignoringCase: true, limit: limit)
      let cdata = lookahead(Self.cdataKeyword, ignoringCase: false, limit: limit)
      if hyphens == .matches {
        pos += 2
        comment.removeAll(keepingCapacity: true)
        state = .commentStart
      } else if doctype == .matches {
        pos += 7
        state = .doctype
      } else if cdata == .matches {
        pos += 7
        if allowsCDATA {
          state = .cdataSection
        } else {
          error("cdata-in-html-content")
          comment = Self.cdataKeyword
          state = .bogusComment
        }
      } else if hyphens == .needsMoreInput || doctype == .needsMoreInput || cdata == .needsMoreInput {
        return false
      } else {
        errorAtNextCharacter("incorrectly-opened-comment")
        comment.removeAll(keepingCapacity: true)
        state = .bogusComment
      }
    // 13.2.5.56 After DOCTYPE name state.
    case .afterDoctypeName:
      let c = input[pos]
      if c.isHTMLWhitespace {
        pos += 1
      } else if c == Byte.greaterThan {
        pos += 1
        state = .data
        emitDoctype()
      } else {
        let isPublic = lookahead(Self.publicKeyword, ignoringCase: true, limit: limit)
        let isSystem = lookahead(Self.systemKeyword, ignoringCase: true, limit: limit)
        if isPublic == .matches {
          pos += 6
          state = .afterDoctypePublicKeyword
        } else if isSystem == .matches {
          pos += 6
          state = .afterDoctypeSystemKeyword
        } else if isPublic == .needsMoreInput || isSystem == .needsMoreInput {
          return false
        } else {
          errorAtNextCharacter("invalid-character-sequence-after-doctype-name")
          doctypeForceQuirks = true
          state = .bogusDoctype
        }
      }
    // 13.2.5.73 Named character reference state.
    case .namedCharacterReference:
      return namedCharacterReference(limit: limit)
    default:
      preconditionFailure("lookaheadState called in \(state)")
    }
    return true
  }

  /// 13.2.5.73 Named character reference state.
  private mutating func namedCharacterReference(limit: Int) -> Bool {
    let table = NamedCharacterReferenceTable.shared
    switch table.longestMatch(in: input, from: pos, limit: limit, atEnd: isAtEndOfInput) {
    case .needsMoreInput:
      return false
    case .none:
      flushCharacterReference()
      state = .ambiguousAmpersand
    case .found(let length, let index):
      let endsWithSemicolon = input[pos + length - 1] == Byte.semicolon
      if isInAttribute && !endsWithSemicolon {
        // Historical reasons: `&amp=` and `&ampx` stay as written in attribute values.
        let next = pos + length
        if next >= limit && !isAtEndOfInput { return false }
        if next < limit && (input[next] == Byte.equals || input[next].isASCIIAlphanumeric) {
          temporaryBuffer.append(contentsOf: input[pos..<next])
          pos = next
          flushCharacterReference()
          state = returnState
          return true
        }
      }
      pos += length
      if !endsWithSemicolon { errorAtNextCharacter("missing-semicolon-after-character-reference") }
      temporaryBuffer = table.values[index]
      flushCharacterReference()
      state = returnState
    }
    return true
  }

  /// Runs the current state's end-of-file branch (the input is closed and fully consumed).
  mutating func endOfFile() {
    switch state {
    case .data, .rcdata, .rawtext, .scriptData, .plaintext:
      emitEndOfFile()
    case .tagOpen:
      errorAtNextCharacter("eof-before-tag-name")
      emitCharacter(Byte.lessThan)
      emitEndOfFile()
    case .endTagOpen:
      errorAtNextCharacter("eof-before-tag-name")
      emitCharacter(Byte.lessThan)
      emitCharacter(Byte.solidus)
      emitEndOfFile()
    case .attributeName:
      leaveAttributeName()
      state = .afterAttributeName
    case .tagName, .beforeAttributeName, .afterAttributeName, .beforeAttributeValue, .attributeValueDoubleQuoted,
      .attributeValueSingleQuoted, .attributeValueUnquoted, .afterAttributeValueQuoted, .selfClosingStartTag:
      errorAtNextCharacter("eof-in-tag")
      emitEndOfFile()
    case .rcdataLessThanSign: emitCharacter(Byte.lessThan); state = .rcdata
    case .rawtextLessThanSign: emitCharacter(Byte.lessThan); state = .rawtext
    case .scriptDataLessThanSign: emitCharacter(Byte.lessThan); state = .scriptData
    case .scriptDataEscapedLessThanSign: emitCharacter(Byte.lessThan); state = .scriptDataEscaped
    case .rcdataEndTagOpen: emitCharacter(Byte.lessThan); emitCharacter(Byte.solidus); state = .rcdata
    case .rawtextEndTagOpen: emitCharacter(Byte.lessThan); emitCharacter(Byte.solidus); state = .rawtext
    case .scriptDataEndTagOpen: emitCharacter(Byte.lessThan); emitCharacter(Byte.solidus); state = .scriptData
    case .scriptDataEscapedEndTagOpen:
      emitCharacter(Byte.lessThan)
      emitCharacter(Byte.solidus)
      state = .scriptDataEscaped
    case .rcdataEndTagName: textEndTagNameAnythingElse(text: .rcdata)
    case .rawtextEndTagName: textEndTagNameAnythingElse(text: .rawtext)
    case .scriptDataEndTagName: textEndTagNameAnythingElse(text: .scriptData)
    case .scriptDataEscapedEndTagName: textEndTagNameAnythingElse(text: .scriptDataEscaped)
    case .scriptDataEscapeStart, .scriptDataEscapeStartDash: state = .scriptData
    case .scriptDataDoubleEscapeStart: state = .scriptDataEscaped
    case .scriptDataDoubleEscapedLessThanSign, .scriptDataDoubleEscapeEnd: state = .scriptDataDoubleEscaped
    case .scriptDataEscaped, .scriptDataEscapedDash, .scriptDataEscapedDashDash, .scriptDataDoubleEscaped,
      .scriptDataDoubleEscapedDash, .scriptDataDoubleEscapedDashDash:
      errorAtNextCharacter("eof-in-script-html-comment-like-text")
      emitEndOfFile()
    case .bogusComment:
      emitComment()
      emitEndOfFile()
    case .markupDeclarationOpen:
      errorAtNextCharacter("incorrectly-opened-comment")
      comment.removeAll(keepingCapacity: true)
      state = .bogusComment
    case .commentStart, .commentStartDash, .comment, .commentLessThanSign, .commentLessThanSignBang,
      .commentLessThanSignBangDash, .commentLessThanSignBangDashDash, .commentEndDash, .commentEnd,
      .commentEndBang:
      errorAtNextCharacter("eof-in-comment")
      emitComment()
      emitEndOfFile()
    case .doctype, .beforeDoctypeName:
      errorAtNextCharacter("eof-in-doctype")
      newDoctype()
      doctypeForceQuirks = true
      emitDoctype()
      emitEndOfFile()
    case .doctypeName, .afterDoctypeName, .afterDoctypePublicKeyword, .beforeDoctypePublicIdentifier,
      .doctypePublicIdentifierDoubleQuoted, .doctypePublicIdentifierSingleQuoted, .afterDoctypePublicIdentifier,
      .betweenDoctypePublicAndSystemIdentifiers, .afterDoctypeSystemKeyword, .beforeDoctypeSystemIdentifier,
      .doctypeSystemIdentifierDoubleQuoted, .doctypeSystemIdentifierSingleQuoted, .afterDoctypeSystemIdentifier:
      errorAtNextCharacter("eof-in-doctype")
      doctypeForceQuirks = true
      emitDoctype()
      emitEndOfFile()
    case .bogusDoctype:
      emitDoctype()
      emitEndOfFile()
    case .cdataSection:
      errorAtNextCharacter("eof-in-cdata")
      emitEndOfFile()
    case .cdataSectionBracket:
      emitCharacter(Byte.rightBracket)
      state = .cdataSection
    case .cdataSectionEnd:
      emitCharacter(Byte.rightBracket)
      emitCharacter(Byte.rightBracket)
      state = .cdataSection
    case .characterReference:
      temporaryBuffer = [Byte.ampersand]
      flushCharacterReference()
      state = returnState
    case .namedCharacterReference:
      flushCharacterReference()
      state = .ambiguousAmpersand
    case .ambiguousAmpersand:
      state = returnState
    case .numericCharacterReference:
      state = .decimalCharacterReferenceStart
    case .hexadecimalCharacterReferenceStart, .decimalCharacterReferenceStart:
      errorAtNextCharacter("absence-of-digits-in-numeric-character-reference")
      flushCharacterReference()
      state = returnState
    case .hexadecimalCharacterReference, .decimalCharacterReference:
      errorAtNextCharacter("missing-semicolon-after-character-reference")
      numericCharacterReferenceEnd()
    case .numericCharacterReferenceEnd:
      numericCharacterReferenceEnd()
    }
  }
}
