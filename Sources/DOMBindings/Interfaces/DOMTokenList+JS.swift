import DOM
import JSBridge

/// `element.classList`: the ordered set of tokens in one attribute, read and written through it.
///
/// https://dom.spec.whatwg.org/#interface-domtokenlist
final class DOMTokenListObject: ScriptExposed {
  let element: Element
  let attribute: String
  init(element: Element, attribute: String) {
    self.element = element
    self.attribute = attribute
  }

  static var scriptInterface: AnyInterface { DOMInterfaces.domTokenList.erased }

  /// The token set: the attribute split on ASCII whitespace, duplicates dropped.
  var tokens: [String] {
    var seen = Set<String>()
    return (element.getAttribute(attribute) ?? "")
      .split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}" })
      .map(String.init).filter { seen.insert($0).inserted }
  }

  /// https://dom.spec.whatwg.org/#concept-dtl-update
  func update(_ tokens: [String]) throws {
    if tokens.isEmpty, element.getAttribute(attribute) == nil { return }
    try element.setAttribute(attribute, tokens.joined(separator: " "))
  }

  /// Throws SyntaxError for "" and InvalidCharacterError for tokens with whitespace.
  static func validate(_ token: String, in method: String) throws {
    if token.isEmpty {
      throw DOMException(.syntaxError, "DOMTokenList.\(method): the token is empty; pass a class name such as \"active\"")
    }
    if token.contains(where: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}" }) {
      throw DOMException(.invalidCharacterError,
                         "DOMTokenList.\(method): \"\(token)\" contains whitespace; pass one token per argument")
    }
  }
}

extension DOMInterfaces {
  static let domTokenList = Interface<DOMTokenListObject>("DOMTokenList") { b in
    b.indexed(length: { $0.tokens.count }, item: { list, index in list.tokens[index] })
    b.valueIterable()
    b.method("item", length: 1) { list, args in
      let tokens = list.tokens, index = try args.uint32(0)
      return index < tokens.count ? tokens[index] : nil
    }
    b.method("contains", length: 1) { list, args in list.tokens.contains(try args.string(0)) }
    b.method("add") { list, args in
      let added = try args.rest(from: 0).map { try $0.toString() }
      for token in added { try DOMTokenListObject.validate(token, in: "add") }
      var tokens = list.tokens
      for token in added where !tokens.contains(token) { tokens.append(token) }
      try list.update(tokens)
    }
    b.method("remove") { list, args in
      let removed = try args.rest(from: 0).map { try $0.toString() }
      for token in removed { try DOMTokenListObject.validate(token, in: "remove") }
      try list.update(list.tokens.filter { !removed.contains($0) })
    }
    b.method("toggle", length: 1) { list, args in
      let token = try args.string(0)
      try DOMTokenListObject.validate(token, in: "toggle")
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
    b.method("replace", length: 2) { list, args in
      let token = try args.string(0), replacement = try args.string(1)
      try DOMTokenListObject.validate(token, in: "replace")
      try DOMTokenListObject.validate(replacement, in: "replace")
      var tokens = list.tokens
      guard let index = tokens.firstIndex(of: token) else { return false }
      tokens[index] = replacement
      var seen = Set<String>()
      try list.update(tokens.filter { seen.insert($0).inserted })
      return true
    }
    b.method("supports", length: 1) { _, _ in true }
    b.stringAccessor("value", get: { $0.element.getAttribute($0.attribute) ?? "" }, set: { list, value in
      try list.element.setAttribute(list.attribute, value)
    })
    b.method("toString") { list, _ in list.element.getAttribute(list.attribute) ?? "" }
  }
}
