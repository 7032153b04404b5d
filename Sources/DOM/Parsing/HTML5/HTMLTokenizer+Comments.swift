// Bogus comment, the comment states and the CDATA section states (13.2.5.41, 13.2.5.43–13.2.5.52, 13.2.5.69–71).
// https://html.spec.whatwg.org/multipage/parsing.html#bogus-comment-state
extension HTMLTokenizer.Core {
  mutating func commentState(limit: Int) {
    switch state {
    // 13.2.5.41 Bogus comment state.
    case .bogusComment:
      let end = scan(to: limit, Byte.greaterThan, Byte.null, Byte.null)
      if end > pos {
        comment.append(contentsOf: input[pos..<end])
        pos = end
        return
      }
      switch consume() {
      case Byte.greaterThan: state = .data; emitComment()
      case Byte.null: error("unexpected-null-character"); comment.append(contentsOf: Self.replacementCharacter)
      case let c: comment.append(c)
      }
    // 13.2.5.43 Comment start state.
    case .commentStart:
      switch consume() {
      case Byte.hyphen: state = .commentStartDash
      case Byte.greaterThan: error("abrupt-closing-of-empty-comment"); state = .data; emitComment()
      default: reconsume(in: .comment)
      }
    // 13.2.5.44 Comment start dash state.
    case .commentStartDash:
      switch consume() {
      case Byte.hyphen: state = .commentEnd
      case Byte.greaterThan: error("abrupt-closing-of-empty-comment"); state = .data; emitComment()
      default: comment.append(Byte.hyphen); reconsume(in: .comment)
      }
    // 13.2.5.45 Comment state.
    case .comment:
      let end = scan(to: limit, Byte.hyphen, Byte.lessThan, Byte.null)
      if end > pos {
        comment.append(contentsOf: input[pos..<end])
        pos = end
        return
      }
      switch consume() {
      case Byte.lessThan: comment.append(Byte.lessThan); state = .commentLessThanSign
      case Byte.hyphen: state = .commentEndDash
      case Byte.null: error("unexpected-null-character"); comment.append(contentsOf: Self.replacementCharacter)
      case let c: comment.append(c)
      }
    // 13.2.5.46 Comment less-than sign state.
    case .commentLessThanSign:
      switch consume() {
      case Byte.exclamation: comment.append(Byte.exclamation); state = .commentLessThanSignBang
      case Byte.lessThan: comment.append(Byte.lessThan)
      default: reconsume(in: .comment)
      }
    // 13.2.5.47 Comment less-than sign bang state.
    case .commentLessThanSignBang:
      if consume() == Byte.hyphen { state = .commentLessThanSignBangDash } else { reconsume(in: .comment) }
    // 13.2.5.48 Comment less-than sign bang dash state.
    case .commentLessThanSignBangDash:
      if consume() == Byte.hyphen { state = .commentLessThanSignBangDashDash } else { reconsume(in: .commentEndDash) }
    // 13.2.5.49 Comment less-than sign bang dash dash state.
    case .commentLessThanSignBangDashDash:
      if consume() != Byte.greaterThan { error("nested-comment") }
      reconsume(in: .commentEnd)
    // 13.2.5.50 Comment end dash state.
    case .commentEndDash:
      if consume() == Byte.hyphen { state = .commentEnd } else { comment.append(Byte.hyphen); reconsume(in: .comment) }
    // 13.2.5.51 Comment end state.
    case .commentEnd:
      switch consume() {
      case Byte.greaterThan: state = .data; emitComment()
      case Byte.exclamation: state = .commentEndBang
      case Byte.hyphen: comment.append(Byte.hyphen)
      default:
        comment.append(Byte.hyphen)
        comment.append(Byte.hyphen)
        reconsume(in: .comment)
      }
    // 13.2.5.52 Comment end bang state.
    case .commentEndBang:
      switch consume() {
      case Byte.hyphen:
        comment.append(contentsOf: [Byte.hyphen, Byte.hyphen, Byte.exclamation])
        state = .commentEndDash
      case Byte.greaterThan: error("incorrectly-closed-comment"); state = .data; emitComment()
      default:
        comment.append(contentsOf: [Byte.hyphen, Byte.hyphen, Byte.exclamation])
        reconsume(in: .comment)
      }
    // 13.2.5.69 CDATA section state.
    case .cdataSection:
      let end = scan(to: limit, Byte.rightBracket, Byte.rightBracket, Byte.rightBracket)
      if end > pos {
        appendTextRun(to: end)
        return
      }
      let c = consume()
      if c == Byte.rightBracket { state = .cdataSectionBracket } else { emitCharacter(c) }
    // 13.2.5.70 CDATA section bracket state.
    case .cdataSectionBracket:
      if consume() == Byte.rightBracket {
        state = .cdataSectionEnd
      } else {
        emitCharacter(Byte.rightBracket)
        reconsume(in: .cdataSection)
      }
    // 13.2.5.71 CDATA section end state.
    case .cdataSectionEnd:
      switch consume() {
      case Byte.rightBracket: emitCharacter(Byte.rightBracket)
      case Byte.greaterThan: state = .data
      default:
        emitCharacter(Byte.rightBracket)
        emitCharacter(Byte.rightBracket)
        reconsume(in: .cdataSection)
      }
    default:
      preconditionFailure("commentState called in \(state)")
    }
  }
}
