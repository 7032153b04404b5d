import Foundation

/// A small WebIDL reader: enough of https://webidl.spec.whatwg.org/#idl-grammar for the IDL check.
///
/// Reads interfaces (and partial interfaces), interface mixins, `includes` statements, inheritance, attributes
/// (readonly or not, `stringifier`), operations (with optional and variadic arguments, overloads, named special
/// operations), `stringifier;` and constants. Skips, by design: dictionaries, enums, typedefs, callbacks, namespaces,
/// `static` members, constructors, unnamed special operations (`getter any (DOMString name)`), value iterators
/// (`iterable<V>`: their methods are Array's) and `maplike`/`setlike` declarations. A pair iterator
/// (`iterable<K, V>`) declares `entries`, `keys`, `values` and `forEach`. Extended attributes are kept only as names (`PutForwards`,
/// `Replaceable`, `LegacyUnforgeable`...).
struct WebIDLReader {
  /// One member of an interface.
  struct Member: Equatable {
    enum Kind: Equatable {
      case attribute(readonly: Bool)
      /// An operation's `length`: the number of arguments before the first optional or variadic one.
      case operation(length: Int)
      case constant
    }
    var name: String
    var kind: Kind
    /// Extended attribute names on the member (`PutForwards`, `Replaceable`, ...).
    var extendedAttributes: Set<String>
  }

  /// An interface with its partials and included mixins merged.
  struct Interface {
    var name: String
    var parent: String?
    var members: [Member] = []
  }

  private(set) var interfaces: [String: Interface] = [:]
  private var mixins: [String: [Member]] = [:]
  private var includes: [(target: String, mixin: String)] = []

  /// Reads each file in turn; call ``resolved()`` when done.
  mutating func read(_ source: String) {
    var tokens = Self.tokenize(source)[...]
    while !tokens.isEmpty {
      let attrs = Self.extendedAttributes(&tokens)
      _ = attrs
      guard let head = tokens.first else { break }
      switch head {
      case "partial", "interface":
        if head == "partial" { tokens.removeFirst() }
        guard tokens.first == "interface" else { Self.skipDefinition(&tokens); continue }
        tokens.removeFirst()
        let isMixin = tokens.first == "mixin"
        if isMixin { tokens.removeFirst() }
        let name = tokens.removeFirst()
        var parent: String?
        if tokens.first == ":" {
          tokens.removeFirst()
          parent = tokens.removeFirst()
        }
        let members = Self.body(&tokens)
        if isMixin {
          mixins[name, default: []] += members
        } else {
          var interface = interfaces[name] ?? Interface(name: name, parent: nil)
          if let parent { interface.parent = parent }
          interface.members += members
          interfaces[name] = interface
        }
      default:
        // `A includes B;` or a definition this reader skips (dictionary, enum, typedef, callback, namespace).
        if tokens.count > 3, tokens.dropFirst().first == "includes" {
          let target = tokens.removeFirst()
          tokens.removeFirst()
          includes.append((target, tokens.removeFirst()))
          if tokens.first == ";" { tokens.removeFirst() }
        } else {
          Self.skipDefinition(&tokens)
        }
      }
    }
  }

  /// The interfaces with their included mixins' members added.
  func resolved() -> [String: Interface] {
    var result = interfaces
    for (target, mixin) in includes {
      result[target]?.members += mixins[mixin] ?? []
    }
    return result
  }

  // MARK: Grammar

  /// `{ member; member; ... };`
  private static func body(_ tokens: inout ArraySlice<String>) -> [Member] {
    guard tokens.first == "{" else { return [] }
    tokens.removeFirst()
    var members: [Member] = []
    while let first = tokens.first, first != "}" {
      var statement: [String] = []
      var depth = 0
      while let t = tokens.first {
        tokens.removeFirst()
        if t == "(" || t == "[" || t == "<" { depth += 1 }
        if t == ")" || t == "]" || t == ">" { depth -= 1 }
        if t == ";" && depth == 0 { break }
        statement.append(t)
      }
      members += member(statement[...])
    }
    tokens.removeFirst()  // }
    if tokens.first == ";" { tokens.removeFirst() }
    return members
  }

  /// The members one statement declares (none for the kinds the reader skips; two for `stringifier attribute`).
  private static func member(_ statement: ArraySlice<String>) -> [Member] {
    var tokens = statement
    let attrs = extendedAttributes(&tokens)
    guard let first = tokens.first else { return [] }
    if first == "iterable", tokens.contains(",") {
      // https://webidl.spec.whatwg.org/#es-iterable: a pair iterator's operations.
      return ["entries", "keys", "values"].map { Member(name: $0, kind: .operation(length: 0), extendedAttributes: []) }
        + [Member(name: "forEach", kind: .operation(length: 1), extendedAttributes: [])]
    }
    if first == "static" || first == "constructor" || first == "iterable" || first == "maplike" || first == "setlike"
      || first == "async" || (first == "readonly" && (tokens.dropFirst().first == "maplike" || tokens.dropFirst().first == "setlike"))
    {
      return []
    }
    if first == "const" {
      let name = tokens[tokens.index(before: tokens.firstIndex(of: "=") ?? tokens.endIndex)]
      return [Member(name: name, kind: .constant, extendedAttributes: attrs)]
    }
    var stringifier = false
    if first == "stringifier" {
      tokens.removeFirst()
      stringifier = true
      if tokens.isEmpty { return [Member(name: "toString", kind: .operation(length: 0), extendedAttributes: attrs)] }
    }
    if tokens.first == "inherit" { tokens.removeFirst() }
    var readonly = false
    if tokens.first == "readonly" {
      tokens.removeFirst()
      readonly = true
    }
    if tokens.first == "attribute", let name = tokens.last {
      var members = [Member(name: name, kind: .attribute(readonly: readonly), extendedAttributes: attrs)]
      if stringifier { members.append(Member(name: "toString", kind: .operation(length: 0), extendedAttributes: [])) }
      return members
    }
    // An operation: `[special] ReturnType name(arguments)`; the argument list is the last parenthesized group.
    while let t = tokens.first, ["getter", "setter", "deleter"].contains(t) { tokens.removeFirst() }
    guard tokens.last == ")", let open = matchingOpen(tokens) else { return [] }
    let nameIndex = tokens.index(before: open)
    guard nameIndex >= tokens.startIndex, let scalar = tokens[nameIndex].unicodeScalars.first,
      CharacterSet.letters.contains(scalar) || scalar == "_", nameIndex > tokens.startIndex
    else { return [] }
    let arguments = tokens[tokens.index(after: open)..<tokens.index(before: tokens.endIndex)]
    return [Member(name: tokens[nameIndex], kind: .operation(length: requiredCount(arguments)), extendedAttributes: attrs)]
  }

  /// The index of the `(` matching the final `)`.
  private static func matchingOpen(_ tokens: ArraySlice<String>) -> Int? {
    var depth = 0
    var i = tokens.index(before: tokens.endIndex)
    while i >= tokens.startIndex {
      if tokens[i] == ")" { depth += 1 }
      if tokens[i] == "(" {
        depth -= 1
        if depth == 0 { return i }
      }
      i -= 1
    }
    return nil
  }

  /// The number of arguments before the first optional or variadic one.
  private static func requiredCount(_ arguments: ArraySlice<String>) -> Int {
    var count = 0
    var depth = 0
    var current: [String] = []
    func finish() -> Bool {
      defer { current = [] }
      var arg = current[...]
      _ = extendedAttributes(&arg)
      guard !arg.isEmpty else { return true }
      if arg.first == "optional" || arg.contains("...") { return false }
      count += 1
      return true
    }
    for t in arguments {
      if t == "(" || t == "[" || t == "<" { depth += 1 }
      if t == ")" || t == "]" || t == ">" { depth -= 1 }
      if t == "," && depth == 0 {
        if !finish() { return count }
      } else {
        current.append(t)
      }
    }
    _ = finish()
    return count
  }

  /// Consumes `[A, B=C, D(E)]` and returns the attribute names.
  private static func extendedAttributes(_ tokens: inout ArraySlice<String>) -> Set<String> {
    guard tokens.first == "[" else { return [] }
    var names: Set<String> = []
    var depth = 0
    var expectName = true
    while let t = tokens.first {
      tokens.removeFirst()
      if t == "[" || t == "(" {
        depth += 1
        if t == "[" && depth == 1 { expectName = true }
        continue
      }
      if t == "]" || t == ")" {
        depth -= 1
        if depth == 0 { break }
        continue
      }
      if depth == 1 && t == "," {
        expectName = true
      } else if depth == 1 && expectName {
        names.insert(t)
        expectName = false
      }
    }
    return names
  }

  /// Skips a definition up to its closing `;` (after a braced body, if any).
  private static func skipDefinition(_ tokens: inout ArraySlice<String>) {
    var depth = 0
    while let t = tokens.first {
      tokens.removeFirst()
      if t == "{" { depth += 1 }
      if t == "}" { depth -= 1 }
      if t == ";" && depth == 0 { return }
    }
  }

  /// Identifiers, numbers, strings, `...` and single punctuation characters; comments dropped.
  static func tokenize(_ source: String) -> [String] {
    var tokens: [String] = []
    let chars = Array(source.unicodeScalars)
    var i = 0
    func isWord(_ c: Unicode.Scalar) -> Bool {
      CharacterSet.alphanumerics.contains(c) || c == "_" || c == "-" || c == "."
    }
    while i < chars.count {
      let c = chars[i]
      if CharacterSet.whitespacesAndNewlines.contains(c) {
        i += 1
      } else if c == "/" && i + 1 < chars.count && chars[i + 1] == "/" {
        while i < chars.count && chars[i] != "\n" { i += 1 }
      } else if c == "/" && i + 1 < chars.count && chars[i + 1] == "*" {
        i += 2
        while i + 1 < chars.count && !(chars[i] == "*" && chars[i + 1] == "/") { i += 1 }
        i += 2
      } else if c == "\"" {
        var j = i + 1
        while j < chars.count && chars[j] != "\"" { j += 1 }
        tokens.append(String(String.UnicodeScalarView(chars[i...min(j, chars.count - 1)])))
        i = j + 1
      } else if c == "." && i + 2 < chars.count && chars[i + 1] == "." && chars[i + 2] == "." {
        tokens.append("...")
        i += 3
      } else if isWord(c) && c != "." {
        var j = i
        while j < chars.count && isWord(chars[j]) && !(chars[j] == "." && j + 1 < chars.count && chars[j + 1] == ".") { j += 1 }
        tokens.append(String(String.UnicodeScalarView(chars[i..<j])))
        i = j
      } else {
        tokens.append(String(c))
        i += 1
      }
    }
    return tokens
  }
}
