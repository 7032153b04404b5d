import DOM
import JSBridge

/// `element.classList`: the ordered set of tokens in one attribute, read and written through it.
///
/// https://dom.spec.whatwg.org/#interface-domtokenlist
final class DOMTokenListObject: ScriptExposed {
  let element: Element
  let attribute: String
  /// The attribute's supported tokens (ASCII lowercase), or nil when it defines none (`class`, `for`, `sizes`).
  let supportedTokens: Set<String>?

  init(element: Element, attribute: String, supportedTokens: Set<String>? = nil) {
    self.element = element
    self.attribute = attribute
    self.supportedTokens = supportedTokens
  }

  static var scriptInterface: AnyInterface { DOMInterfaces.domTokenList.erased }

  /// The token set: the attribute split on ASCII whitespace, duplicates dropped. Tokens compare by code units.
  var tokens: [CodeUnitString] { (element.getAttribute(attribute) ?? "").orderedTokenSet().map(CodeUnitString.init) }

  /// https://dom.spec.whatwg.org/#concept-dtl-update
  func update(_ tokens: [CodeUnitString]) throws {
    if tokens.isEmpty, element.getAttribute(attribute) == nil { return }
    try element.setAttribute(attribute, tokens.map(\.value).joined(separator: " "))
  }

  /// https://dom.spec.whatwg.org/#dom-domtokenlist-supports: the validation steps.
  func supports(_ token: String) throws -> Bool {
    // Step 1. An attribute without supported tokens throws a TypeError.
    guard let supportedTokens else {
      throw ScriptError.typeError(
        "DOMTokenList.supports: the \(attribute) attribute defines no supported tokens")
    }
    // Steps 2-3.
    return supportedTokens.contains(token.asciiLowercased)
  }

  /// Throws SyntaxError when any token is "", then InvalidCharacterError when any contains ASCII whitespace
  /// (every token is checked for the first before any for the second, as `replace` needs).
  static func validate(_ tokens: [String], in method: String) throws {
    if tokens.contains(where: \.isEmpty) {
      throw DOMException(.syntaxError, "DOMTokenList.\(method): the token is empty; pass a class name such as \"active\"")
    }
    if let token = tokens.first(where: { $0.splitOnASCIIWhitespace() != [$0] }) {
      throw DOMException(.invalidCharacterError,
                         "DOMTokenList.\(method): \"\(token)\" contains whitespace; pass one token per argument")
    }
  }
}

extension DOMInterfaces {
  static let domTokenList = Interface<DOMTokenListObject>("DOMTokenList") { b in
    b.indexed(length: { $0.tokens.count }, item: { list, index in list.tokens[index].value })
    b.valueIterable()
    b.method("item", length: 1) { list, args in
      let tokens = list.tokens, index = try args.uint32(0)
      return index < tokens.count ? tokens[index].value : nil
    }
    b.method("contains", length: 1) { list, args in list.tokens.contains(CodeUnitString(try args.string(0))) }
    b.method("add") { list, args in
      let added = try args.rest(from: 0).map { try $0.toString() }
      try DOMTokenListObject.validate(added, in: "add")
      var tokens = list.tokens
      var present = Set(tokens)
      for token in added.map(CodeUnitString.init) where present.insert(token).inserted { tokens.append(token) }
      try list.update(tokens)
    }
    b.method("remove") { list, args in
      let removed = try args.rest(from: 0).map { try $0.toString() }
      try DOMTokenListObject.validate(removed, in: "remove")
      let unwanted = Set(removed.map(CodeUnitString.init))
      try list.update(list.tokens.filter { !unwanted.contains($0) })
    }
    b.method("toggle", length: 1) { list, args in
      let name = try args.string(0)
      try DOMTokenListObject.validate([name], in: "toggle")
      let token = CodeUnitString(name)
      var tokens = list.tokens
      let force = args.optionalBool(1)
      if tokens.contains(token) {
        if force == true { return true }
        tokens.removeAll { $0 == token }
        try list.update(tokens)
        return false
      }
      if force == false { return false }
      tokens.append(token)
      try list.update(tokens)
      return true
    }
    // https://dom.spec.whatwg.org/#dom-domtokenlist-replace
    b.method("replace", length: 2) { list, args in
      let names = [try args.string(0), try args.string(1)]
      // Steps 1-2. Both arguments: empty first (SyntaxError), then whitespace (InvalidCharacterError).
      try DOMTokenListObject.validate(names, in: "replace")
      let token = CodeUnitString(names[0]), replacement = CodeUnitString(names[1])
      // Step 3.
      var tokens = list.tokens
      guard let index = tokens.firstIndex(of: token) else { return false }
      // Step 4. The first of token and replacement becomes the replacement; later copies go.
      tokens[index] = replacement
      var seen = Set<CodeUnitString>()
      try list.update(tokens.filter { seen.insert($0).inserted })
      return true
    }
    b.method("supports", length: 1) { list, args in try list.supports(args.string(0)) }
    b.stringAccessor("value", get: { $0.element.getAttribute($0.attribute) ?? "" }, set: { list, value in
      try list.element.setAttribute(list.attribute, value)
    })
    b.method("toString") { list, _ in list.element.getAttribute(list.attribute) ?? "" }
  }
}
