/// The tokens the HTML tokenizer emits and the tree builder consumes.
///
/// https://html.spec.whatwg.org/multipage/parsing.html#tokenization
/// Names are already lowercased by the tokenizer (ASCII only), as the spec requires.
enum HTMLToken: Equatable {
  case doctype(HTMLDoctype)
  case startTag(HTMLTag)
  case endTag(HTMLTag)
  case comment(String)
  /// A run of character tokens. Runs may be split anywhere; U+0000 stays in the run (the tree builder handles it
  /// per insertion mode). The tokenizer never merges a run across another token.
  case characters(String)
  case endOfFile
}

struct HTMLDoctype: Equatable {
  /// nil when missing (different from empty).
  var name: String?
  var publicIdentifier: String?
  var systemIdentifier: String?
  var forceQuirks = false
}

struct HTMLTag: Equatable {
  var name: String
  /// In source order; duplicates already dropped by the tokenizer (the first one wins, a parse error).
  var attributes: [HTMLAttribute] = []
  var selfClosing = false

  func attribute(_ name: String) -> String? { attributes.first { $0.name == name }?.value }
}

struct HTMLAttribute: Hashable {
  var name: String
  var value: String
}

/// A parse error with its position (1-based line and column of the input), when error reporting is on.
struct HTMLParseError: Equatable, CustomStringConvertible {
  /// The spec's error code, e.g. `unexpected-null-character`, `eof-in-tag`.
  var code: String
  var line: Int
  var column: Int
  var description: String { "\(line):\(column): \(code)" }
}

/// The tokenizer states the tree builder switches to (https://html.spec.whatwg.org/#parsing-main-inhead et al.).
enum HTMLTokenizerTextState: Equatable {
  case data, rcdata, rawtext, scriptData, plaintext
}

/// The attribute names of a tag read so far: the tokenizer drops an attribute whose name is already there
/// (https://html.spec.whatwg.org/#attribute-name-state), in constant time per attribute.
///
/// While a tag has few attributes the names are compared with the tag's own list (no allocation, the common case);
/// past `fewLimit` they move into a set, so that a tag with 100,000 attributes stays linear.
struct HTMLAttributeNames {
  private var many: Set<String> = []
  private static let fewLimit = 8

  /// Adds `name` to the names of `attributes` (the tag's attributes kept so far, to which the caller appends each
  /// name this accepts); returns false when the tag already has an attribute of that name.
  mutating func insert(_ name: String, among attributes: [HTMLAttribute]) -> Bool {
    if attributes.count < Self.fewLimit { return !attributes.contains { $0.name == name } }
    if many.isEmpty { many = Set(attributes.map(\.name)) }
    return many.insert(name).inserted
  }

  mutating func removeAll() {
    if !many.isEmpty { many = [] }
  }
}
