/// Pseudo-classes, and the pseudo-elements that querySelector rejects.
/// https://drafts.csswg.org/selectors-4/#pseudo-classes
extension SelectorParser {
  /// Pseudo-classes that take no argument, by lowercase name.
  static let plainPseudoClasses: [String: [PseudoClass]] = {
    func nth(_ fromEnd: Bool, _ ofType: Bool) -> PseudoClass {
      .nth(NthSelector(fromEnd: fromEnd, ofType: ofType, formula: NthFormula(a: 0, b: 1), filter: nil))
    }
    var table: [String: [PseudoClass]] = [
      "root": [.root], "empty": [.empty], "scope": [.scope],
      "link": [.anyLink], "any-link": [.anyLink],
      "checked": [.checked], "disabled": [.disabled], "enabled": [.enabled], "defined": [.defined],
      "first-child": [nth(false, false)], "last-child": [nth(true, false)],
      "only-child": [nth(false, false), nth(true, false)],
      "first-of-type": [nth(false, true)], "last-of-type": [nth(true, true)],
      "only-of-type": [nth(false, true), nth(true, true)],
    ]
    // States a headless page never has: valid, but they match nothing.
    for state in [
      "hover", "active", "focus", "focus-visible", "focus-within", "visited", "target", "target-within",
      "popover-open", "modal", "fullscreen", "picture-in-picture", "playing", "autofill", "-webkit-autofill",
      "user-valid", "user-invalid",
    ] {
      table[state] = [.neverMatches(state)]
    }
    return table
  }()

  /// Pseudo-classes that take arguments.
  static let functionalPseudoClasses: Set<String> = [
    "not", "is", "where", "has", "nth-child", "nth-last-child", "nth-of-type", "nth-last-of-type",
  ]

  /// CSS 2 pseudo-elements that may be written with one colon.
  static let legacyPseudoElements: Set<String> = ["before", "after", "first-line", "first-letter"]

  /// Parses `:name`, `:name(...)` or `::name`, starting at the colon.
  mutating func parsePseudoClass() throws(SelectorParseError) -> [PseudoClass] {
    let colon = current
    pos += 1
    if !atEnd, current.kind == .colon {
      pos += 1
      let name: String
      switch current.kind {
      case .ident(let n), .function(let n): name = n
      default: throw SelectorParseError("expected a pseudo-element name after '::'", at: current.offset)
      }
      throw pseudoElement("::" + name, at: colon.offset)
    }
    guard !atEnd else { throw SelectorParseError("expected a pseudo-class name after ':'", at: current.offset) }
    switch current.kind {
    case .ident(let written):
      let name = asciiLowercased(written)
      pos += 1
      if let classes = SelectorParser.plainPseudoClasses[name] { return classes }
      if SelectorParser.legacyPseudoElements.contains(name) { throw pseudoElement(":" + written, at: colon.offset) }
      if SelectorParser.functionalPseudoClasses.contains(name) {
        throw SelectorParseError("pseudo-class :\(written) needs arguments, as in :\(written)(...)", at: colon.offset)
      }
      throw SelectorParseError("unknown pseudo-class :\(written)", at: colon.offset, kind: .unknownPseudoClass)
    case .function(let written):
      return [try parseFunctionalPseudoClass(written, colon: colon)]
    default:
      throw SelectorParseError("expected a pseudo-class name after ':', found \(current.described)", at: current.offset)
    }
  }

  private func pseudoElement(_ written: String, at offset: Int) -> SelectorParseError {
    SelectorParseError("pseudo-element \(written) never matches in querySelector", at: offset, kind: .pseudoElement)
  }

  /// Parses the arguments of `:name(` up to its `)`; the function token is current.
  private mutating func parseFunctionalPseudoClass(_ written: String, colon: Token) throws(SelectorParseError) -> PseudoClass {
    let name = asciiLowercased(written)
    guard SelectorParser.functionalPseudoClasses.contains(name) else {
      if SelectorParser.plainPseudoClasses[name] != nil {
        throw SelectorParseError("pseudo-class :\(written) takes no arguments", at: colon.offset)
      }
      throw SelectorParseError("unknown pseudo-class :\(written)()", at: colon.offset, kind: .unknownPseudoClass)
    }
    if name == "has" && insideHas {
      throw SelectorParseError(":has() cannot be nested inside :has()", at: colon.offset)
    }
    let close = closingParen(from: pos + 1)
    var inner = SelectorParser(tokens: tokens, pos: pos + 1, end: close, insideHas: insideHas || name == "has")
    let result: PseudoClass
    switch name {
    case "not": result = .not(SelectorList(selectors: try inner.parseComplexList(relative: false)))
    case "is": result = .is(SelectorList(selectors: inner.parseForgivingList()))
    case "where": result = .where(SelectorList(selectors: inner.parseForgivingList()))
    case "has": result = .has(try inner.parseComplexList(relative: true))
    default:
      let ofType = name.hasSuffix("of-type")
      let formula = try inner.parseAnPlusB(in: written)
      var filter: SelectorList? = nil
      inner.skipWhitespace()
      if !ofType, !inner.atEnd, case .ident(let of) = inner.current.kind, asciiLowercased(of) == "of" {
        inner.pos += 1
        filter = SelectorList(selectors: try inner.parseComplexList(relative: false))
      }
      result = .nth(NthSelector(fromEnd: name.contains("last"), ofType: ofType, formula: formula, filter: filter))
    }
    inner.skipWhitespace()
    if !inner.atEnd { throw unexpected(inner.current) }
    pos = tokens[close].kind == .eof ? close : close + 1
    return result
  }
}
