// The attribute states and the self-closing start tag state (13.2.5.32–13.2.5.40).
// https://html.spec.whatwg.org/multipage/parsing.html#before-attribute-name-state
extension HTMLTokenizer.Core {
  mutating func attributeState(limit: Int) {
    switch state {
    // 13.2.5.32 Before attribute name state.
    case .beforeAttributeName:
      let c = consume()
      switch c {
      case Byte.tab, Byte.lineFeed, Byte.formFeed, Byte.space: break
      case Byte.solidus, Byte.greaterThan: reconsume(in: .afterAttributeName)
      case Byte.equals:
        error("unexpected-equals-sign-before-attribute-name")
        startAttribute()
        attributeName.append(c)
        state = .attributeName
      default:
        startAttribute()
        reconsume(in: .attributeName)
      }
    // 13.2.5.33 Attribute name state.
    case .attributeName:
      while true {
        let c = consume()
        switch c {
        case Byte.tab, Byte.lineFeed, Byte.formFeed, Byte.space, Byte.solidus, Byte.greaterThan:
          leaveAttributeName()
          reconsume(in: .afterAttributeName)
          return
        case Byte.equals:
          leaveAttributeName()
          state = .beforeAttributeValue
          return
        case Byte.null:
          error("unexpected-null-character")
          attributeName.append(contentsOf: Self.replacementCharacter)
        case Byte.quote, Byte.apostrophe, Byte.lessThan:
          error("unexpected-character-in-attribute-name")
          attributeName.append(c)
        default:
          attributeName.append(c.asciiLowercased)
        }
        guard pos < limit, !reportErrors || (input[pos] >= 0x20 && input[pos] < 0x7F) else { return }
      }
    // 13.2.5.34 After attribute name state.
    case .afterAttributeName:
      let c = consume()
      switch c {
      case Byte.tab, Byte.lineFeed, Byte.formFeed, Byte.space: break
      case Byte.solidus: state = .selfClosingStartTag
      case Byte.equals: state = .beforeAttributeValue
      case Byte.greaterThan: state = .data; emitCurrentTag()
      default:
        startAttribute()
        reconsume(in: .attributeName)
      }
    // 13.2.5.35 Before attribute value state.
    case .beforeAttributeValue:
      let c = consume()
      switch c {
      case Byte.tab, Byte.lineFeed, Byte.formFeed, Byte.space: break
      case Byte.quote: state = .attributeValueDoubleQuoted
      case Byte.apostrophe: state = .attributeValueSingleQuoted
      case Byte.greaterThan:
        error("missing-attribute-value")
        state = .data
        emitCurrentTag()
      default: reconsume(in: .attributeValueUnquoted)
      }
    // 13.2.5.36 Attribute value (double-quoted) state.
    case .attributeValueDoubleQuoted:
      quotedAttributeValue(Byte.quote, limit: limit)
    // 13.2.5.37 Attribute value (single-quoted) state.
    case .attributeValueSingleQuoted:
      quotedAttributeValue(Byte.apostrophe, limit: limit)
    // 13.2.5.38 Attribute value (unquoted) state.
    case .attributeValueUnquoted:
      let c = consume()
      switch c {
      case Byte.tab, Byte.lineFeed, Byte.formFeed, Byte.space: state = .beforeAttributeName
      case Byte.ampersand: returnState = .attributeValueUnquoted; state = .characterReference
      case Byte.greaterThan: state = .data; emitCurrentTag()
      case Byte.null: error("unexpected-null-character"); attributeValue.append(contentsOf: Self.replacementCharacter)
      case Byte.quote, Byte.apostrophe, Byte.lessThan, Byte.equals, Byte.graveAccent:
        error("unexpected-character-in-unquoted-attribute-value")
        attributeValue.append(c)
      default: attributeValue.append(c)
      }
    // 13.2.5.39 After attribute value (quoted) state.
    case .afterAttributeValueQuoted:
      let c = consume()
      switch c {
      case Byte.tab, Byte.lineFeed, Byte.formFeed, Byte.space: state = .beforeAttributeName
      case Byte.solidus: state = .selfClosingStartTag
      case Byte.greaterThan: state = .data; emitCurrentTag()
      default:
        error("missing-whitespace-between-attributes")
        reconsume(in: .beforeAttributeName)
      }
    // 13.2.5.40 Self-closing start tag state.
    case .selfClosingStartTag:
      if consume() == Byte.greaterThan {
        tagSelfClosing = true
        state = .data
        emitCurrentTag()
      } else {
        error("unexpected-solidus-in-tag")
        reconsume(in: .beforeAttributeName)
      }
    default:
      preconditionFailure("attributeState called in \(state)")
    }
  }

  /// 13.2.5.36, 13.2.5.37, with the fast path: the run up to the quote, `&` or NUL is appended as one slice.
  private mutating func quotedAttributeValue(_ quote: UInt8, limit: Int) {
    let end = scan(to: limit, quote, Byte.ampersand, Byte.null)
    if end > pos {
      attributeValue.append(contentsOf: input[pos..<end])
      pos = end
      return
    }
    let c = consume()
    switch c {
    case quote: state = .afterAttributeValueQuoted
    case Byte.ampersand:
      returnState = quote == Byte.quote ? .attributeValueDoubleQuoted : .attributeValueSingleQuoted
      state = .characterReference
    case Byte.null: error("unexpected-null-character"); attributeValue.append(contentsOf: Self.replacementCharacter)
    default: attributeValue.append(c)
    }
  }

  /// Starts a new attribute on the current tag, keeping the previous one unless it was a duplicate.
  mutating func startAttribute() {
    finishAttribute()
    attributeName.removeAll(keepingCapacity: true)
    attributeValue.removeAll(keepingCapacity: true)
    hasAttribute = true
    attributeIsDuplicate = false
  }

  /// Leaving the attribute name state: an attribute named like an earlier one is a parse error and is dropped.
  mutating func leaveAttributeName() {
    if !attributeNames.insert(String(decoding: attributeName, as: UTF8.self), among: attributes) {
      error("duplicate-attribute")
      attributeIsDuplicate = true
    }
  }

  /// Adds the attribute under construction to the tag (unless it is a duplicate).
  mutating func finishAttribute() {
    guard hasAttribute else { return }
    hasAttribute = false
    if attributeIsDuplicate { return }
    attributes.append(HTMLAttribute(name: String(decoding: attributeName, as: UTF8.self),
                                    value: String(decoding: attributeValue, as: UTF8.self)))
  }

  /// True when a character reference is being read inside an attribute value.
  var isInAttribute: Bool {
    returnState == .attributeValueDoubleQuoted || returnState == .attributeValueSingleQuoted
      || returnState == .attributeValueUnquoted
  }
}
