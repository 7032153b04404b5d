/// Compound selectors: type, `#id`, `.class`, `[attribute]`, pseudo-classes and pseudo-elements.
/// https://drafts.csswg.org/selectors-4/#typedef-compound-selector
extension SelectorParser {
  /// Parses a compound selector, or returns nil when the current token cannot start one.
  mutating func parseCompound() throws(SelectorParseError) -> CompoundSelector? {
    var simple: [SimpleSelector] = []
    var specificity = Specificity()
    if let (type, noNamespace) = try parseTypeSelector() {
      simple.append(type)
      if noNamespace { simple.append(.noNamespace) }
      if case .type = type { specificity.types += 1 }
    }
    var pseudoElement: String? = nil
    while !atEnd {
      let token = current
      if let pseudoElement, token.kind != .colon {
        switch token.kind {
        case .hash, .delim("."), .openSquare, .ident, .delim("*"):
          throw SelectorParseError("\(token.described) cannot follow the pseudo-element ::\(pseudoElement)", at: token.offset)
        default: break
        }
      }
      switch token.kind {
      case .hash(let name, let isID):
        guard isID else {
          throw SelectorParseError("invalid ID selector '#\(name)': an ID must start like an identifier (escape a leading digit as '#\\3\(name.prefix(1)) \(name.dropFirst())')", at: token.offset)
        }
        simple.append(.id(name))
        specificity.ids += 1
        pos += 1
      case .delim("."):
        guard case .ident(let name) = peek(1).kind, pos + 1 < end else {
          throw SelectorParseError("expected a class name after '.'", at: peek(1).offset)
        }
        simple.append(.className(name))
        specificity.classes += 1
        pos += 2
      case .openSquare:
        simple.append(try parseAttribute())
        specificity.classes += 1
      case .colon:
        let pseudo = try parsePseudo(after: pseudoElement)
        simple.append(contentsOf: pseudo)
        switch pseudo.first {
        case .pseudoClass(let first)?: specificity = specificity + Specificity.of(first)
        case .pseudoElement(let name, _)?:
          specificity.types += 1
          pseudoElement = name
        default: break
        }
      default:
        return simple.isEmpty ? nil : CompoundSelector(simple: simple, specificity: specificity)
      }
    }
    return simple.isEmpty ? nil : CompoundSelector(simple: simple, specificity: specificity)
  }

  /// True when the tokens at `k` are `|` followed by a name (ident, or `*` if `allowStar`).
  private func namespaceBar(at k: Int, allowStar: Bool) -> Bool {
    guard pos + k + 1 < end, peek(k).kind == .delim("|") else { return false }
    switch peek(k + 1).kind {
    case .ident: return true
    case .delim("*"): return allowStar
    default: return false
    }
  }

  /// `<type-selector>`: `E`, `*`, `*|E` (the same as `E`), `|E` (no namespace, returned as `noNamespace`).
  /// No namespace prefix is declared (https://drafts.csswg.org/selectors-4/#type-nmsp), so `ns|E` is invalid.
  private mutating func parseTypeSelector() throws(SelectorParseError) -> (SimpleSelector, noNamespace: Bool)? {
    var noNamespace = false
    switch current.kind {
    case .ident(let prefix):
      if namespaceBar(at: 1, allowStar: true) { throw undeclaredPrefix(prefix) }
    case .delim("*"):
      if namespaceBar(at: 1, allowStar: true) { pos += 2 }
    case .delim("|"):
      guard namespaceBar(at: 0, allowStar: true) else { return nil }
      noNamespace = true
      pos += 1
    default:
      return nil
    }
    let token = current
    pos += 1
    if case .ident(let name) = token.kind {
      return (.type(name: name, lowercased: asciiLowercased(name)), noNamespace)
    }
    return (.universal, noNamespace)
  }

  private func undeclaredPrefix(_ prefix: String) -> SelectorParseError {
    SelectorParseError("undeclared namespace prefix '\(prefix)'", at: current.offset)
  }

  /// `[ns|name op value flag]` (https://drafts.csswg.org/selectors-4/#attribute-selectors), with the namespace
  /// of `[*|name]` or `[|name]`; no prefix is declared, so `[ns|name]` is invalid.
  private mutating func parseAttribute() throws(SelectorParseError) -> SimpleSelector {
    let open = current
    pos += 1
    skipWhitespace()
    var namespace: AttributeNamespace? = nil
    if namespaceBar(at: 0, allowStar: false) {
      namespace = AttributeNamespace.none
      pos += 1
    } else if case .ident(let prefix) = current.kind, namespaceBar(at: 1, allowStar: false) {
      throw undeclaredPrefix(prefix)
    } else if current.kind == .delim("*"), namespaceBar(at: 1, allowStar: false) {
      namespace = .any
      pos += 2
    }
    let selector = try parseAttributeBody(open)
    return namespace.map { .namespacedAttribute(selector, $0) } ?? .attribute(selector)
  }

  /// The name, operator, value and flag of an attribute selector, and its `]`.
  private mutating func parseAttributeBody(_ open: Token) throws(SelectorParseError) -> AttributeSelector {
    guard !atEnd, case .ident(let name) = current.kind else {
      throw SelectorParseError("expected an attribute name after '['", at: current.offset)
    }
    pos += 1
    skipWhitespace()
    var selector = AttributeSelector(
      name: name, lowercasedName: asciiLowercased(name), op: .exists, value: "", caseSensitivity: .htmlDefault)
    if try closeAttribute(open) { return selector }

    // The matcher: '=' alone, or one of ~ | ^ $ * immediately followed by '='.
    let opToken = current
    switch current.kind {
    case .delim("="): selector.op = .equals
    case .delim(let c) where peek(1).kind == .delim("=") && pos + 1 < end:
      switch c {
      case "~": selector.op = .includes
      case "|": selector.op = .dashMatch
      case "^": selector.op = .prefix
      case "$": selector.op = .suffix
      case "*": selector.op = .substring
      default: throw badOperator(opToken)
      }
      pos += 1
    default:
      throw badOperator(opToken)
    }
    pos += 1
    skipWhitespace()
    switch current.kind {
    case .ident(let value) where !atEnd, .string(let value) where !atEnd:
      selector.value = value
      pos += 1
    case .badString:
      throw unexpected(current)
    default:
      throw SelectorParseError("expected an attribute value (an identifier or a quoted string) after '='", at: current.offset)
    }
    skipWhitespace()
    if !atEnd, case .ident(let flag) = current.kind {
      switch asciiLowercased(flag) {
      case "i": selector.caseSensitivity = .insensitive
      case "s": selector.caseSensitivity = .sensitive
      default:
        throw SelectorParseError("unknown attribute selector flag '\(flag)'; use 'i' or 's'", at: current.offset)
      }
      pos += 1
      skipWhitespace()
    }
    if try closeAttribute(open) { return selector }
    throw unexpected(current)
  }

  private func badOperator(_ token: Token) -> SelectorParseError {
    SelectorParseError(
      "expected ']' or one of = ~= |= ^= $= *= in attribute selector, found \(token.described)", at: token.offset)
  }

  /// Consumes `]`, or accepts the end of input (which closes the block). Returns false otherwise.
  private mutating func closeAttribute(_ open: Token) throws(SelectorParseError) -> Bool {
    if !atEnd && current.kind == .closeSquare { pos += 1; return true }
    if current.kind == .eof { return true }
    if atEnd { throw SelectorParseError("expected ']' to close the '[' at \(open.offset)", at: current.offset) }
    return false
  }
}

/// Lowercases ASCII letters only, as CSS's ASCII case-insensitive matching does.
func asciiLowercased(_ s: String) -> String {
  guard s.utf8.contains(where: { $0 >= 65 && $0 <= 90 }) else { return s }
  return String(decoding: s.utf8.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }, as: UTF8.self)
}
