/// The declarations of one rule (or of a `style` attribute) that the cascade uses, validated and with
/// shorthands expanded: a declaration a browser would drop (`display: bogus`) is not here, so an earlier
/// valid one still applies.
struct DeclarationBlock: Sendable {
  /// A specified value as the cascade sees it.
  enum Value: Sendable, Equatable {
    /// A valid value, normalized (``StyleProperty/parse(_:)``).
    case specified(String)
    case inherit, initial, unset, revert, revertLayer
    /// Text holding `var()`: substituted and checked when the value is computed.
    case unresolved(String)
  }

  struct Declaration: Sendable {
    var property: StyleProperty
    var value: Value
    var important: Bool
  }

  /// A custom property (`--name: value`); names are case-sensitive.
  struct CustomDeclaration: Sendable {
    var name: String
    var value: String
    var important: Bool
  }

  private(set) var declarations: [Declaration] = []
  private(set) var custom: [CustomDeclaration] = []

  init() {}

  /// The declarations of a declaration list (`color: red; white-space: pre !important`).
  init(parsing text: String) {
    for declaration in CSSStyleDeclaration.parseAll(text) {
      add(name: declaration.name, value: declaration.value, important: declaration.important)
    }
  }

  var isEmpty: Bool { declarations.isEmpty && custom.isEmpty }

  /// True when some declaration is `!important` (the cascade's important passes skip the other blocks).
  var hasImportant: Bool { declarations.contains { $0.important } || custom.contains { $0.important } }
  /// True when a declaration is `revert` or `revert-layer` (the cascade then keeps the values they go back to).
  var reverts: Bool { declarations.contains { $0.value == .revert || $0.value == .revertLayer } }

  /// Adds one declaration (name lowercased unless custom), expanding a shorthand; invalid ones are dropped.
  mutating func add(name: String, value: String, important: Bool) {
    if name.hasPrefix("--") {
      custom.append(CustomDeclaration(name: name, value: value, important: important))
      return
    }
    let wide = Self.wideKeyword(value)
    if let property = StyleProperty(name: name) {
      if let wide {
        declarations.append(Declaration(property: property, value: wide, important: important))
      } else if Self.hasVariable(value) {
        declarations.append(Declaration(property: property, value: .unresolved(value), important: important))
      } else if let parsed = property.parse(value) {
        declarations.append(Declaration(property: property, value: .specified(parsed), important: important))
      }
      return
    }
    guard let shorthand = StyleShorthand(rawValue: name) else { return }
    let longhands = shorthand.longhands
    if let wide {
      for property in longhands { declarations.append(Declaration(property: property, value: wide, important: important)) }
    } else if Self.hasVariable(value) {
      // Which longhand gets what is only known once var() is substituted: each longhand expands the shorthand then.
      for property in longhands {
        declarations.append(
          Declaration(property: property, value: .unresolved("\(Self.shorthandMarker)\(name):\(value)"), important: important))
      }
    } else if let values = shorthand.expand(value) {
      for (property, parsed) in zip(longhands, values) {
        declarations.append(Declaration(property: property, value: .specified(parsed), important: important))
      }
    }
  }

  /// Starts an unresolved longhand value that came from a shorthand (`\u{1}font:var(--f)`).
  static let shorthandMarker = "\u{1}"

  /// `inherit`, `initial`, `unset`, `revert`, `revert-layer`, or nil.
  static func wideKeyword(_ value: String) -> Value? {
    switch value.asciiLowercased {
    case "inherit": .inherit
    case "initial": .initial
    case "unset": .unset
    case "revert": .revert
    case "revert-layer": .revertLayer
    default: nil
    }
  }

  static func hasVariable(_ value: String) -> Bool {
    value.asciiLowercased.contains("var(")
  }
}
