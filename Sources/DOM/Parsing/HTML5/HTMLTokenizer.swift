/// The WHATWG HTML tokenizer: a pull-model state machine over UTF-8 bytes.
///
/// https://html.spec.whatwg.org/multipage/parsing.html#tokenization
///
/// The input is kept as UTF-8 bytes after the input stream preprocessing (CR and CRLF become LF). Every state works
/// on bytes: the states only test ASCII, so the bytes of a non-ASCII character pass through "anything else" branches
/// one by one and land in the token unchanged. Runs of plain text and attribute values are scanned in tight loops,
/// and ordinary tags are read in one pass (HTMLTokenizer+FastTag.swift). All mutable state lives in the `Core`
/// struct, so a run costs one exclusivity check instead of one per byte.
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
  /// The ASCII bytes the tokenizer states test.
  enum Byte {
    static let null: UInt8 = 0x00
    static let tab: UInt8 = 0x09
    static let lineFeed: UInt8 = 0x0A
    static let formFeed: UInt8 = 0x0C
    static let space: UInt8 = 0x20
    static let exclamation: UInt8 = 0x21
    static let quote: UInt8 = 0x22
    static let number: UInt8 = 0x23
    static let ampersand: UInt8 = 0x26
    static let apostrophe: UInt8 = 0x27
    static let hyphen: UInt8 = 0x2D
    static let solidus: UInt8 = 0x2F
    static let semicolon: UInt8 = 0x3B
    static let lessThan: UInt8 = 0x3C
    static let equals: UInt8 = 0x3D
    static let greaterThan: UInt8 = 0x3E
    static let question: UInt8 = 0x3F
    static let rightBracket: UInt8 = 0x5D
    static let graveAccent: UInt8 = 0x60
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
