// The DOCTYPE states (13.2.5.53–13.2.5.68); the PUBLIC/SYSTEM lookahead of 13.2.5.56 is in +Lookahead.
// https://html.spec.whatwg.org/multipage/parsing.html#doctype-state
extension HTMLTokenizer.Core {
  mutating func doctypeState() {
    let c = consume()
    switch state {
    // 13.2.5.53 DOCTYPE state.
    case .doctype:
      switch c {
      case _ where c.isHTMLWhitespace: state = .beforeDoctypeName
      case Byte.greaterThan: reconsume(in: .beforeDoctypeName)
      default: error("missing-whitespace-before-doctype-name"); reconsume(in: .beforeDoctypeName)
      }
    // 13.2.5.54 Before DOCTYPE name state.
    case .beforeDoctypeName:
      switch c {
      case _ where c.isHTMLWhitespace: break
      case Byte.null:
        error("unexpected-null-character")
        newDoctype()
        doctypeName = Self.replacementCharacter
        state = .doctypeName
      case Byte.greaterThan:
        error("missing-doctype-name")
        newDoctype()
        doctypeForceQuirks = true
        state = .data
        emitDoctype()
      default:
        newDoctype()
        doctypeName = [c.asciiLowercased]
        state = .doctypeName
      }
    // 13.2.5.55 DOCTYPE name state.
    case .doctypeName:
      switch c {
      case _ where c.isHTMLWhitespace: state = .afterDoctypeName
      case Byte.greaterThan: state = .data; emitDoctype()
      case Byte.null:
        error("unexpected-null-character")
        doctypeName?.append(contentsOf: Self.replacementCharacter)
      default: doctypeName?.append(c.asciiLowercased)
      }
    // 13.2.5.57 After DOCTYPE public keyword state; 13.2.5.63 after DOCTYPE system keyword state.
    case .afterDoctypePublicKeyword, .afterDoctypeSystemKeyword:
      let isPublic = state == .afterDoctypePublicKeyword
      let kind = isPublic ? "public" : "system"
      switch c {
      case _ where c.isHTMLWhitespace:
        state = isPublic ? .beforeDoctypePublicIdentifier : .beforeDoctypeSystemIdentifier
      case Byte.quote, Byte.apostrophe:
        error("missing-whitespace-after-doctype-\(kind)-keyword")
        startIdentifier(isPublic: isPublic, quote: c)
      case Byte.greaterThan:
        error("missing-doctype-\(kind)-identifier")
        doctypeForceQuirks = true
        state = .data
        emitDoctype()
      default:
        error("missing-quote-before-doctype-\(kind)-identifier")
        doctypeForceQuirks = true
        reconsume(in: .bogusDoctype)
      }
    // 13.2.5.58 Before DOCTYPE public identifier state; 13.2.5.64 before DOCTYPE system identifier state.
    case .beforeDoctypePublicIdentifier, .beforeDoctypeSystemIdentifier:
      let isPublic = state == .beforeDoctypePublicIdentifier
      let kind = isPublic ? "public" : "system"
      switch c {
      case _ where c.isHTMLWhitespace: break
      case Byte.quote, Byte.apostrophe: startIdentifier(isPublic: isPublic, quote: c)
      case Byte.greaterThan:
        error("missing-doctype-\(kind)-identifier")
        doctypeForceQuirks = true
        state = .data
        emitDoctype()
      default:
        error("missing-quote-before-doctype-\(kind)-identifier")
        doctypeForceQuirks = true
        reconsume(in: .bogusDoctype)
      }
    // 13.2.5.59, 13.2.5.60, 13.2.5.65, 13.2.5.66: the quoted identifier states.
    case .doctypePublicIdentifierDoubleQuoted, .doctypePublicIdentifierSingleQuoted,
      .doctypeSystemIdentifierDoubleQuoted, .doctypeSystemIdentifierSingleQuoted:
      let isPublic = state == .doctypePublicIdentifierDoubleQuoted || state == .doctypePublicIdentifierSingleQuoted
      let quote = state == .doctypePublicIdentifierDoubleQuoted || state == .doctypeSystemIdentifierDoubleQuoted
        ? Byte.quote : Byte.apostrophe
      switch c {
      case quote: state = isPublic ? .afterDoctypePublicIdentifier : .afterDoctypeSystemIdentifier
      case Byte.null:
        error("unexpected-null-character")
        appendIdentifier(Self.replacementCharacter, isPublic: isPublic)
      case Byte.greaterThan:
        error(isPublic ? "abrupt-doctype-public-identifier" : "abrupt-doctype-system-identifier")
        doctypeForceQuirks = true
        state = .data
        emitDoctype()
      default: appendIdentifier([c], isPublic: isPublic)
      }
    // 13.2.5.61 After DOCTYPE public identifier state; 13.2.5.62 between public and system identifiers state.
    case .afterDoctypePublicIdentifier, .betweenDoctypePublicAndSystemIdentifiers:
      let after = state == .afterDoctypePublicIdentifier
      switch c {
      case _ where c.isHTMLWhitespace: state = .betweenDoctypePublicAndSystemIdentifiers
      case Byte.greaterThan: state = .data; emitDoctype()
      case Byte.quote, Byte.apostrophe:
        if after { error("missing-whitespace-between-doctype-public-and-system-identifiers") }
        startIdentifier(isPublic: false, quote: c)
      default:
        error("missing-quote-before-doctype-system-identifier")
        doctypeForceQuirks = true
        reconsume(in: .bogusDoctype)
      }
    // 13.2.5.67 After DOCTYPE system identifier state.
    case .afterDoctypeSystemIdentifier:
      switch c {
      case _ where c.isHTMLWhitespace: break
      case Byte.greaterThan: state = .data; emitDoctype()
      default:
        error("unexpected-character-after-doctype-system-identifier")
        reconsume(in: .bogusDoctype)
      }
    // 13.2.5.68 Bogus DOCTYPE state.
    case .bogusDoctype:
      switch c {
      case Byte.greaterThan: state = .data; emitDoctype()
      case Byte.null: error("unexpected-null-character")
      default: break
      }
    default:
      preconditionFailure("doctypeState called in \(state)")
    }
  }

  /// Creates a new DOCTYPE token: no name, no identifiers, force-quirks off.
  mutating func newDoctype() {
    doctypeName = nil
    doctypePublic = nil
    doctypeSystem = nil
    doctypeForceQuirks = false
  }

  /// Sets the public or system identifier to the empty string and enters its quoted state.
  private mutating func startIdentifier(isPublic: Bool, quote: UInt8) {
    let double = quote == Byte.quote
    if isPublic {
      doctypePublic = []
      state = double ? .doctypePublicIdentifierDoubleQuoted : .doctypePublicIdentifierSingleQuoted
    } else {
      doctypeSystem = []
      state = double ? .doctypeSystemIdentifierDoubleQuoted : .doctypeSystemIdentifierSingleQuoted
    }
  }

  private mutating func appendIdentifier(_ bytes: [UInt8], isPublic: Bool) {
    if isPublic { doctypePublic?.append(contentsOf: bytes) } else { doctypeSystem?.append(contentsOf: bytes) }
  }
}
