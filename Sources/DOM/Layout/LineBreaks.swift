/// Line-break opportunities inside a run of text without spaces. Between two ASCII characters, WebKit's own table
/// (WebCore/rendering/BreakLines.cpp, compatible with Firefox 3.6 and Internet Explorer): after `-` and `?`, and
/// before an opening `(`, `<`, `[` or `{` that follows punctuation — never after a letter, a digit or `/`, so URLs
/// and `f(x)` hold together but `a[b](c)` breaks before `(`. Elsewhere the pair rules of UAX #14
/// (https://www.unicode.org/reports/tr14/) that matter for dashes, quotes, no-break spaces and CJK.
enum LineBreaks {
  /// The line-breaking classes used here (a subset of UAX #14's; every other character is AL, a letter).
  enum Class {
    case letter, number, open, close, closeParenthesis, infix, exclamation, hyphen, breakAfter, slash, quote, glue
    case ideograph, dash
  }

  static func lineBreakClass(_ scalar: Unicode.Scalar) -> Class {
    switch scalar.value {
    case 0x30...0x39: .number
    case 0x28, 0x5B: .open  // ( [
    case 0x7B: .open  // {
    case 0x29, 0x5D: .closeParenthesis  // ) ]
    case 0x7D: .close  // }
    case 0x2C, 0x2E, 0x3A, 0x3B: .infix  // , . : ;
    case 0x21, 0x3F: .exclamation  // ! ?
    case 0x2D: .hyphen
    case 0x2F: .slash
    case 0x7C, 0x2010, 0x2012, 0x2013: .breakAfter  // | ‐ ‒ –
    case 0x2014: .dash  // —
    case 0x22, 0x27, 0x2018, 0x2019, 0x201C, 0x201D, 0xAB, 0xBB: .quote
    case 0xA0, 0x202F, 0x2007, 0x2060, 0xFEFF: .glue
    case 0x3001, 0x3002, 0xFF0C, 0xFF0E, 0x300D, 0x300F, 0x3011, 0xFF09: .close
    case 0x300C, 0x300E, 0x3010, 0xFF08: .open
    case 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0x20000...0x2FFFD: .ideograph
    default: .letter
    }
  }

  /// WebKit's ASCII table: whether a line may break between two printable ASCII characters.
  static func canBreakASCII(between before: UInt8, and after: UInt8) -> Bool {
    let isDigit = after >= 0x30 && after <= 0x39
    let isLetter = (after | 0x20) >= 0x61 && (after | 0x20) <= 0x7A
    switch before {
    case UInt8(ascii: "-"):
      // Before anything but a digit, a comma or a full stop.
      return !isDigit && after != UInt8(ascii: ",") && after != UInt8(ascii: ".")
    case UInt8(ascii: "?"):
      if isDigit || isLetter { return true }
      switch after {
      case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: "<"), UInt8(ascii: "#"), UInt8(ascii: "$"),
        UInt8(ascii: "%"), UInt8(ascii: "&"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "="),
        UInt8(ascii: ">"), UInt8(ascii: "@"), UInt8(ascii: "\\"), UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"),
        UInt8(ascii: "|"), UInt8(ascii: "~"):
        return true
      default:
        return false
      }
    case UInt8(ascii: "$"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: "/"), UInt8(ascii: "<"), UInt8(ascii: "@"),
      UInt8(ascii: "["), UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "{"), 0x7F:
      return false
    case 0x21...0x2F, 0x3A...0x40, 0x5B...0x60, 0x7B...0x7E:
      // Other punctuation: before an opening bracket.
      return after == UInt8(ascii: "(") || after == UInt8(ascii: "<") || after == UInt8(ascii: "[")
        || after == UInt8(ascii: "{")
    default:
      return false  // letters and digits
    }
  }

  /// Whether a line may break between two adjacent characters of one run.
  static func canBreak(between before: Class, and after: Class) -> Bool {
    switch (before, after) {
    case (_, .close), (_, .closeParenthesis), (_, .exclamation), (_, .infix), (_, .slash): false  // LB13
    case (.open, _): false  // LB14
    case (.quote, _), (_, .quote): false  // LB19
    case (.glue, _), (_, .glue): false  // LB12
    case (_, .hyphen), (_, .breakAfter): false  // LB21
    case (.dash, .dash): false  // LB17
    case (.hyphen, .number), (.slash, .number), (.infix, .number): false  // LB25
    case (.infix, .letter): false  // LB29
    case (.closeParenthesis, .letter), (.closeParenthesis, .number): false  // LB30
    case (.letter, .open), (.number, .open): false  // LB30
    case (.hyphen, _), (.breakAfter, _), (.slash, _), (.dash, _), (_, .dash): true  // LB21, LB17 (after), LB31
    case (.ideograph, _), (_, .ideograph): true  // LB31
    case (.closeParenthesis, _), (.close, _), (.exclamation, _), (.infix, _): true  // LB31
    default: false  // LB23, LB28: letters and numbers hold together
    }
  }

  /// Calls `body` with each piece of the run between its break opportunities, in order (the run itself when it has
  /// none), without an array per word.
  static func forEachSegment(_ run: Substring, _ body: (Substring) -> Void) {
    if run.utf8.allSatisfy({ $0 < 0x80 }) { return forEachASCIISegment(run, body) }
    var start = run.startIndex
    var previous: (scalar: Unicode.Scalar, class: Class)?
    var index = run.startIndex
    while index < run.endIndex {
      let scalar = run[index].unicodeScalars.first ?? " "
      let current = (scalar, lineBreakClass(scalar))
      if let previous {
        let breaks =
          previous.scalar.isASCII && scalar.isASCII
          ? canBreakASCII(between: UInt8(previous.scalar.value), and: UInt8(scalar.value))
          : canBreak(between: previous.class, and: current.1)
        if breaks {
          body(run[start..<index])
          start = index
        }
      }
      previous = current
      index = run.index(after: index)
    }
    body(run[start..<run.endIndex])
  }

  /// ``forEachSegment(_:_:)`` for ASCII text, by bytes (each is a character; most text on most pages). Only `-`,
  /// `?` and other punctuation allow a break after them, so a run with none before its last byte is one piece.
  private static func forEachASCIISegment(_ run: Substring, _ body: (Substring) -> Void) {
    let utf8 = run.utf8
    var start = utf8.startIndex
    var previous: UInt8?
    var index = utf8.startIndex
    while index < utf8.endIndex {
      let byte = utf8[index]
      if let previous, !isLetterOrDigit(previous), canBreakASCII(between: previous, and: byte) {
        body(run[start..<index])
        start = index
      }
      previous = byte
      utf8.formIndex(after: &index)
    }
    body(run[start..<run.endIndex])
  }

  private static func isLetterOrDigit(_ byte: UInt8) -> Bool {
    (byte >= 0x30 && byte <= 0x39) || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A)
  }
}
