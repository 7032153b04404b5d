/// Parsing a declaration list and converting between CSS and IDL property names.
extension CSSStyleDeclaration {
  /// Parses `a: b; c: d !important` into declarations, in order.
  ///
  /// Semicolons inside quotes, parentheses (`url(a;b)`) and comments do not split; a later
  /// declaration of the same property replaces an earlier one (unless only the earlier is
  /// `!important`); declarations without a name or value are dropped.
  static func parse(_ text: String) -> [Declaration] {
    var result: [Declaration] = []
    for declaration in parseAll(text) {
      if let index = result.firstIndex(where: { $0.name == declaration.name }) {
        if result[index].important && !declaration.important { continue }
        result.remove(at: index)
      }
      result.append(declaration)
    }
    return result
  }

  /// Every declaration of `text` in order, repeated names included (the cascade keeps the last valid one).
  static func parseAll(_ text: String) -> [Declaration] {
    splitDeclarations(stripComments(text)).compactMap { parseDeclaration($0) }
  }

  /// One `name: value !important`, or nil when it has no name or no value.
  static func parseDeclaration(_ piece: some StringProtocol) -> Declaration? {
    guard let colon = piece.firstIndex(of: ":") else { return nil }
    let name = normalizedName(String(piece[..<colon]).trimmingCSSWhitespace())
    var value = String(piece[piece.index(after: colon)...]).trimmingCSSWhitespace()
    var important = false
    if let bang = value.lastIndex(of: "!"),
       value[value.index(after: bang)...].trimmingCSSWhitespace().asciiLowercased == "important" {
      important = true
      value = String(value[..<bang]).trimmingCSSWhitespace()
    }
    guard !name.isEmpty, !value.isEmpty, !name.contains(where: { $0 == " " || $0 == "\"" || $0 == "'" })
    else { return nil }
    return Declaration(name: name, value: value, important: important)
  }

  /// Removes `/* … */` comments outside strings.
  static func stripComments(_ text: String) -> String {
    guard text.contains("/*") else { return text }
    var output = ""
    var quote: Character?
    var index = text.startIndex
    while index < text.endIndex {
      let char = text[index]
      if let open = quote {
        output.append(char)
        if char == "\\", text.index(after: index) < text.endIndex {
          index = text.index(after: index)
          output.append(text[index])
        } else if char == open {
          quote = nil
        }
      } else if char == "/", text[index...].hasPrefix("/*") {
        var cursor = text.index(index, offsetBy: 2)
        while cursor < text.endIndex, !text[cursor...].hasPrefix("*/") { cursor = text.index(after: cursor) }
        guard cursor < text.endIndex else { break }
        index = text.index(cursor, offsetBy: 2)
        continue
      } else {
        if char == "\"" || char == "'" { quote = char }
        output.append(char)
      }
      index = text.index(after: index)
    }
    return output
  }

  /// Splits at semicolons that are outside quotes and parentheses.
  private static func splitDeclarations(_ text: String) -> [Substring] {
    splitTopLevel(text) { $0 == ";" }
  }

  /// Splits `text` at the characters `isSeparator` accepts, except inside quotes and parentheses or after a
  /// backslash (the separators are dropped; empty pieces kept).
  static func splitTopLevel(_ text: String, where isSeparator: (Character) -> Bool) -> [Substring] {
    var pieces: [Substring] = []
    var start = text.startIndex
    var depth = 0
    var quote: Character?
    var escaped = false
    var index = text.startIndex
    while index < text.endIndex {
      let char = text[index]
      if escaped {
        escaped = false
      } else if char == "\\" {
        escaped = true
      } else if let open = quote {
        if char == open { quote = nil }
      } else if char == "\"" || char == "'" {
        quote = char
      } else if char == "(" {
        depth += 1
      } else if char == ")" {
        depth = max(0, depth - 1)
      } else if depth == 0, isSeparator(char) {
        pieces.append(text[start..<index])
        start = text.index(after: index)
      }
      index = text.index(after: index)
    }
    pieces.append(text[start...])
    return pieces
  }

  /// The CSS property for a camelCase IDL attribute: `backgroundColor` → `background-color`,
  /// `cssFloat` → `float`, `webkitTransform`/`WebkitTransform` → `-webkit-transform`.
  ///
  /// https://drafts.csswg.org/cssom/#css-property-to-idl-attribute (inverse)
  public static func propertyName(forAttribute attribute: String) -> String {
    if attribute == "cssFloat" { return "float" }
    var dashed = ""
    for char in attribute {
      if char.isASCII, char.isUppercase {
        dashed.append("-")
        dashed.append(Character(char.lowercased()))
      } else {
        dashed.append(char)
      }
    }
    if dashed.hasPrefix("webkit-") { dashed = "-" + dashed }
    return dashed
  }

  /// The CSS property an IDL attribute of CSSStyleDeclaration names (`backgroundColor`, `background-color`,
  /// `cssFloat`, `webkitTransform`, `-webkit-transform`), or nil when it names none a browser knows.
  ///
  /// https://drafts.csswg.org/cssom/#dom-cssstyledeclaration-camel-cased-attribute and `_dashed_attribute`.
  public static func property(forAttribute attribute: String) -> String? {
    let name = attribute.contains("-") ? attribute : propertyName(forAttribute: attribute)
    return CSSPropertyNames.known.contains(name) ? name : nil
  }

  /// The camelCase IDL attribute for a CSS property: `background-color` → `backgroundColor`,
  /// `float` → `cssFloat`, `-webkit-transform` → `webkitTransform`.
  ///
  /// https://drafts.csswg.org/cssom/#css-property-to-idl-attribute
  public static func attributeName(forProperty property: String) -> String {
    if property == "float" { return "cssFloat" }
    var output = ""
    var uppercaseNext = false
    for char in property.hasPrefix("-webkit-") ? Substring(property.dropFirst()) : Substring(property) {
      if char == "-" {
        uppercaseNext = true
      } else if uppercaseNext {
        output += char.uppercased()
        uppercaseNext = false
      } else {
        output.append(char)
      }
    }
    return output
  }
}

extension StringProtocol {
  /// The string without leading and trailing CSS whitespace (space, tab, LF, CR, FF).
  func trimmingCSSWhitespace() -> String {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}" || $0 == "\r\n" }
    guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
    return String(self[first...last])
  }
}
