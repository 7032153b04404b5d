// The script data states after `<` (13.2.5.15–13.2.5.31).
// https://html.spec.whatwg.org/multipage/parsing.html#script-data-less-than-sign-state
extension HTMLTokenizer.Core {
  static let scriptName: [UInt8] = Array("script".utf8)

  mutating func scriptState() {
    let c = consume()
    switch state {
    // 13.2.5.15 Script data less-than sign state.
    case .scriptDataLessThanSign:
      switch c {
      case Byte.solidus: temporaryBuffer.removeAll(keepingCapacity: true); state = .scriptDataEndTagOpen
      case Byte.exclamation:
        state = .scriptDataEscapeStart
        emitCharacter(Byte.lessThan)
        emitCharacter(Byte.exclamation)
      default: emitCharacter(Byte.lessThan); reconsume(in: .scriptData)
      }
    // 13.2.5.16 Script data end tag open state.
    case .scriptDataEndTagOpen:
      pos -= 1
      textEndTagOpen(name: .scriptDataEndTagName, text: .scriptData)
    // 13.2.5.17 Script data end tag name state.
    case .scriptDataEndTagName:
      pos -= 1
      textEndTagName(text: .scriptData)
    // 13.2.5.18 Script data escape start state.
    case .scriptDataEscapeStart:
      if c == Byte.hyphen { state = .scriptDataEscapeStartDash; emitCharacter(c) } else { reconsume(in: .scriptData) }
    // 13.2.5.19 Script data escape start dash state.
    case .scriptDataEscapeStartDash:
      if c == Byte.hyphen { state = .scriptDataEscapedDashDash; emitCharacter(c) } else { reconsume(in: .scriptData) }
    // 13.2.5.20 Script data escaped state.
    case .scriptDataEscaped:
      switch c {
      case Byte.hyphen: state = .scriptDataEscapedDash; emitCharacter(c)
      case Byte.lessThan: state = .scriptDataEscapedLessThanSign
      case Byte.null: error("unexpected-null-character"); emitReplacementCharacter()
      default: emitCharacter(c)
      }
    // 13.2.5.21 Script data escaped dash state.
    case .scriptDataEscapedDash:
      switch c {
      case Byte.hyphen: state = .scriptDataEscapedDashDash; emitCharacter(c)
      case Byte.lessThan: state = .scriptDataEscapedLessThanSign
      case Byte.null: error("unexpected-null-character"); state = .scriptDataEscaped; emitReplacementCharacter()
      default: state = .scriptDataEscaped; emitCharacter(c)
      }
    // 13.2.5.22 Script data escaped dash dash state.
    case .scriptDataEscapedDashDash:
      switch c {
      case Byte.hyphen: emitCharacter(c)
      case Byte.lessThan: state = .scriptDataEscapedLessThanSign
      case Byte.greaterThan: state = .scriptData; emitCharacter(c)
      case Byte.null: error("unexpected-null-character"); state = .scriptDataEscaped; emitReplacementCharacter()
      default: state = .scriptDataEscaped; emitCharacter(c)
      }
    // 13.2.5.23 Script data escaped less-than sign state.
    case .scriptDataEscapedLessThanSign:
      if c == Byte.solidus {
        temporaryBuffer.removeAll(keepingCapacity: true)
        state = .scriptDataEscapedEndTagOpen
      } else if c.isASCIIAlpha {
        temporaryBuffer.removeAll(keepingCapacity: true)
        emitCharacter(Byte.lessThan)
        reconsume(in: .scriptDataDoubleEscapeStart)
      } else {
        emitCharacter(Byte.lessThan)
        reconsume(in: .scriptDataEscaped)
      }
    // 13.2.5.24 Script data escaped end tag open state.
    case .scriptDataEscapedEndTagOpen:
      pos -= 1
      textEndTagOpen(name: .scriptDataEscapedEndTagName, text: .scriptDataEscaped)
    // 13.2.5.25 Script data escaped end tag name state.
    case .scriptDataEscapedEndTagName:
      pos -= 1
      textEndTagName(text: .scriptDataEscaped)
    // 13.2.5.26 Script data double escape start state.
    case .scriptDataDoubleEscapeStart:
      doubleEscapeBoundary(c, onScript: .scriptDataDoubleEscaped, otherwise: .scriptDataEscaped)
    // 13.2.5.27 Script data double escaped state.
    case .scriptDataDoubleEscaped:
      switch c {
      case Byte.hyphen: state = .scriptDataDoubleEscapedDash; emitCharacter(c)
      case Byte.lessThan: state = .scriptDataDoubleEscapedLessThanSign; emitCharacter(c)
      case Byte.null: error("unexpected-null-character"); emitReplacementCharacter()
      default: emitCharacter(c)
      }
    // 13.2.5.28 Script data double escaped dash state.
    case .scriptDataDoubleEscapedDash:
      switch c {
      case Byte.hyphen: state = .scriptDataDoubleEscapedDashDash; emitCharacter(c)
      case Byte.lessThan: state = .scriptDataDoubleEscapedLessThanSign; emitCharacter(c)
      case Byte.null: error("unexpected-null-character"); state = .scriptDataDoubleEscaped; emitReplacementCharacter()
      default: state = .scriptDataDoubleEscaped; emitCharacter(c)
      }
    // 13.2.5.29 Script data double escaped dash dash state.
    case .scriptDataDoubleEscapedDashDash:
      switch c {
      case Byte.hyphen: emitCharacter(c)
      case Byte.lessThan: state = .scriptDataDoubleEscapedLessThanSign; emitCharacter(c)
      case Byte.greaterThan: state = .scriptData; emitCharacter(c)
      case Byte.null: error("unexpected-null-character"); state = .scriptDataDoubleEscaped; emitReplacementCharacter()
      default: state = .scriptDataDoubleEscaped; emitCharacter(c)
      }
    // 13.2.5.30 Script data double escaped less-than sign state.
    case .scriptDataDoubleEscapedLessThanSign:
      if c == Byte.solidus {
        temporaryBuffer.removeAll(keepingCapacity: true)
        state = .scriptDataDoubleEscapeEnd
        emitCharacter(c)
      } else {
        reconsume(in: .scriptDataDoubleEscaped)
      }
    // 13.2.5.31 Script data double escape end state.
    case .scriptDataDoubleEscapeEnd:
      doubleEscapeBoundary(c, onScript: .scriptDataEscaped, otherwise: .scriptDataDoubleEscaped)
    default:
      preconditionFailure("scriptState called in \(state)")
    }
  }

  /// 13.2.5.26 and 13.2.5.31: a name after `<` or `</` in escaped script data decides the escaping.
  private mutating func doubleEscapeBoundary(_ c: UInt8, onScript: State, otherwise: State) {
    if c.isHTMLWhitespace || c == Byte.solidus || c == Byte.greaterThan {
      state = temporaryBuffer == Self.scriptName ? onScript : otherwise
      emitCharacter(c)
    } else if c.isASCIIAlpha {
      temporaryBuffer.append(c.asciiLowercased)
      emitCharacter(c)
    } else {
      reconsume(in: otherwise == .scriptDataEscaped ? .scriptDataEscaped : .scriptDataDoubleEscaped)
    }
  }
}
