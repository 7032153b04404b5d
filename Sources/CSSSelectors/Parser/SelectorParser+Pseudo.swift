/// Pseudo-classes and pseudo-elements.
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
    for state in userActionStates.union([
      "visited", "target-within", "popover-open", "modal", "fullscreen", "picture-in-picture", "playing", "autofill",
      "-webkit-autofill", "user-valid", "user-invalid",
    ]) {
      table[state] = [.neverMatches(state)]
    }
    table["target"] = [.target]
    table["valid"] = [.valid]
    table["invalid"] = [.invalid]
    return table
  }()

  /// The states a user action sets; the only pseudo-classes that may follow a pseudo-element.
  static let userActionStates: Set<String> = ["hover", "active", "focus", "focus-visible", "focus-within"]

  /// Pseudo-classes that take arguments.
  static let functionalPseudoClasses: Set<String> = [
    "not", "is", "where", "has", "nth-child", "nth-last-child", "nth-of-type", "nth-last-of-type", "lang",
  ]

  /// CSS 2 pseudo-elements that may be written with one colon.
  static let legacyPseudoElements: Set<String> = ["before", "after", "first-line", "first-letter"]

  /// The pseudo-elements Chromium knows that take no argument (besides any `::-webkit-` name, which it accepts too).
  static let pseudoElements: Set<String> = legacyPseudoElements.union([
    "marker", "selection", "placeholder", "backdrop", "file-selector-button", "grammar-error", "spelling-error",
    "target-text", "details-content", "search-text", "column", "scroll-marker", "scroll-marker-group", "checkmark",
    "picker-icon", "cue", "view-transition",
  ])

  /// Parses `:name`, `:name(...)`, `::name` or `::name(...)`, starting at the colon. After a pseudo-element
  /// (`previous`), only a user-action state or a pseudo-element that can belong to it is valid.
  mutating func parsePseudo(after previous: String?) throws(SelectorParseError) -> [SimpleSelector] {
    let colon = current
    pos += 1
    if !atEnd, current.kind == .colon {
      pos += 1
      return [try parsePseudoElement(colon: colon, after: previous)]
    }
    guard !atEnd else { throw SelectorParseError("expected a pseudo-class name after ':'", at: current.offset) }
    if case .ident(let written) = current.kind, SelectorParser.legacyPseudoElements.contains(asciiLowercased(written)) {
      return [try pseudoElement(asciiLowercased(written), colon: colon, after: previous)]
    }
    let classes = try parsePseudoClass(colon: colon)
    if let previous {
      guard case .neverMatches(let state)? = classes.first, SelectorParser.userActionStates.contains(state) else {
        throw SelectorParseError("only a user-action pseudo-class (:hover, :focus...) may follow ::\(previous)", at: colon.offset)
      }
    }
    return classes.map { .pseudoClass($0) }
  }

  /// Parses `:name` or `:name(...)`; the token after the colon is current.
  private mutating func parsePseudoClass(colon: Token) throws(SelectorParseError) -> [PseudoClass] {
    switch current.kind {
    case .ident(let written):
      let name = asciiLowercased(written)
      pos += 1
      if let classes = SelectorParser.plainPseudoClasses[name] { return classes }
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

  /// Parses the name (and arguments) after `::`: a known pseudo-element, or a `::-webkit-` one, matches nothing.
  /// https://drafts.csswg.org/selectors-4/#pseudo-elements
  private mutating func parsePseudoElement(colon: Token, after previous: String?) throws(SelectorParseError) -> SimpleSelector {
    switch current.kind {
    case .ident(let written):
      let name = asciiLowercased(written)
      guard SelectorParser.pseudoElements.contains(name) || name.hasPrefix("-webkit-") else {
        throw SelectorParseError("unknown pseudo-element ::\(written)", at: colon.offset, kind: .pseudoElement)
      }
      return try pseudoElement(name, colon: colon, after: previous)
    case .function(let written):
      let name = asciiLowercased(written)
      guard ["slotted", "part", "highlight"].contains(name) else {
        throw SelectorParseError("unknown pseudo-element ::\(written)()", at: colon.offset, kind: .pseudoElement)
      }
      try checkAfter(previous, name, colon: colon)
      let arguments = try parsePseudoElementArguments(name, colon: colon)
      return .pseudoElement(name, arguments: arguments)
    default:
      throw SelectorParseError("expected a pseudo-element name after '::', found \(current.described)", at: current.offset)
    }
  }

  /// A pseudo-element without arguments; its name token is current.
  private mutating func pseudoElement(_ name: String, colon: Token, after previous: String?) throws(SelectorParseError) -> SimpleSelector {
    try checkAfter(previous, name, colon: colon)
    pos += 1
    return .pseudoElement(name)
  }

  /// Step 1. Pseudo-elements are invalid inside a pseudo-class's arguments.
  /// Step 2. After another pseudo-element, only a sub-pseudo-element is valid: `::marker` of `::before` or
  ///         `::after`, or any argument-free one of `::slotted()` or `::part()`.
  private func checkAfter(_ previous: String?, _ name: String, colon: Token) throws(SelectorParseError) {
    // Step 1.
    guard allowsPseudoElements else {
      throw SelectorParseError("pseudo-element ::\(name) is not allowed inside a pseudo-class", at: colon.offset)
    }
    // Step 2.
    guard let previous else { return }
    let valid: Bool
    switch previous {
    case "before", "after": valid = name == "marker"
    case "slotted", "part": valid = SelectorParser.pseudoElements.contains(name)
    default: valid = false
    }
    if !valid { throw SelectorParseError("::\(name) cannot follow ::\(previous)", at: colon.offset) }
  }

  /// `::slotted(<compound-selector>)`, `::part(<ident>+)`, `::highlight(<ident>)`; the function token is current.
  /// As everywhere, the end of input closes the parenthesis. Returns the arguments serialized.
  private mutating func parsePseudoElementArguments(_ name: String, colon: Token) throws(SelectorParseError) -> String {
    var inner = try arguments(insideHas: insideHas)
    inner.skipWhitespace()
    var serialized = ""
    switch name {
    case "slotted":
      guard let compound = try inner.parseCompound() else {
        throw SelectorParseError("::slotted() needs a compound selector", at: inner.current.offset)
      }
      compound.serialize(into: &serialized)
    default:
      // One name for ::highlight(), any number for ::part().
      var names: [String] = []
      while !inner.atEnd, name == "part" || names.isEmpty, case .ident(let ident) = inner.current.kind {
        names.append(CSSSerialization.identifier(ident))
        inner.pos += 1
        inner.skipWhitespace()
      }
      serialized = names.joined(separator: " ")
      if names.isEmpty {
        throw SelectorParseError("::\(name)() needs \(name == "part" ? "part names" : "a highlight name")", at: inner.current.offset)
      }
    }
    inner.skipWhitespace()
    if !inner.atEnd { throw unexpected(inner.current) }
    pos = tokens[inner.end].kind == .eof ? inner.end : inner.end + 1
    return serialized
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
    var inner = try arguments(insideHas: insideHas || name == "has")
    let result: PseudoClass
    switch name {
    case "not": result = .not(SelectorList(selectors: try inner.parseComplexList(relative: false)))
    case "is": result = .is(SelectorList(selectors: try inner.parseForgivingList()))
    case "where": result = .where(SelectorList(selectors: try inner.parseForgivingList()))
    case "has": result = .has(try inner.parseComplexList(relative: true))
    case "lang":
      // Chromium takes one identifier (Selectors 4 also allows strings, lists and `*-` wildcards).
      inner.skipWhitespace()
      guard !inner.atEnd, case .ident(let range) = inner.current.kind else {
        throw SelectorParseError(":lang() needs a language code, as in :lang(en)", at: inner.current.offset)
      }
      inner.pos += 1
      result = .lang(range)
    default:
      let ofType = name.hasSuffix("of-type")
      let formula = try inner.parseAnPlusB(in: written)
      var filter: SelectorList? = nil
      inner.skipWhitespace()
      if !ofType, !inner.atEnd, case .ident(let of) = inner.current.kind, asciiLowercased(of) == "of" {
        inner.pos += 1
        filter = SelectorList(selectors: try inner.parseComplexList(relative: false))
      }
      result = .nth(
        NthSelector(fromEnd: name.contains("last"), ofType: ofType, formula: formula, filter: filter, filterKey: pos))
    }
    inner.skipWhitespace()
    if !inner.atEnd { throw unexpected(inner.current) }
    pos = tokens[inner.end].kind == .eof ? inner.end : inner.end + 1
    return result
  }
}
