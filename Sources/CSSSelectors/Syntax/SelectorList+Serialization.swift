/// Selectors back to text, as CSSOM serializes them (https://drafts.csswg.org/cssom/#serializing-selectors).
///
/// The text parses back to a list that matches the same elements, and serializing that list gives the same text
/// again. What the parser does not keep comes out in one canonical form: `:link` as `:any-link`, `:only-child` as
/// `:first-child:last-child`, `odd` as `2n+1`, names and strings escaped only where they must be.
extension SelectorList {
  /// The list as text: https://drafts.csswg.org/cssom/#serialize-a-group-of-selectors
  public var serialized: String {
    var out = ""
    Self.serialize(selectors, into: &out)
    return out
  }

  /// Selectors joined by `, `.
  static func serialize(_ selectors: [ComplexSelector], into out: inout String) {
    for (index, selector) in selectors.enumerated() {
      if index > 0 { out += ", " }
      selector.serialize(into: &out)
    }
  }
}

extension ComplexSelector {
  /// https://drafts.csswg.org/cssom/#serialize-a-selector — compounds left to right; a relative selector starts with
  /// its leading combinator unless that is the descendant one.
  func serialize(into out: inout String) {
    if isRelative, let leading = combinators.last, leading != .descendant {
      out += leading.serialized
      out += " "
    }
    for index in compounds.indices.reversed() {
      compounds[index].serialize(into: &out)
      if index > 0 {
        let combinator = combinators[index - 1]
        out += combinator == .descendant ? " " : " \(combinator.serialized) "
      }
    }
  }
}

extension Combinator {
  var serialized: String {
    switch self {
    case .descendant: " "
    case .child: ">"
    case .nextSibling: "+"
    case .subsequentSibling: "~"
    }
  }
}

extension CompoundSelector {
  /// https://drafts.csswg.org/cssom/#serialize-a-simple-selector, for each simple selector in order.
  func serialize(into out: inout String) {
    if simple.contains(.noNamespace) { out += "|" }
    // `:only-child` and `:only-of-type` are stored as their two halves, which serialize one after the other.
    for selector in simple { selector.serialize(into: &out) }
  }
}

extension SimpleSelector {
  func serialize(into out: inout String) {
    switch self {
    case .type(let name, _): out += CSSSerialization.identifier(name)
    case .universal: out += "*"
    case .noNamespace: break  // written before the type selector (see CompoundSelector)
    case .id(let name): out += "#" + CSSSerialization.identifier(name)
    case .className(let name): out += "." + CSSSerialization.identifier(name)
    case .attribute(let attribute): attribute.serialize(namespace: nil, into: &out)
    case .namespacedAttribute(let attribute, let namespace): attribute.serialize(namespace: namespace, into: &out)
    case .pseudoClass(let pseudo): pseudo.serialize(into: &out)
    case .pseudoElement(let name, let arguments):
      out += "::" + CSSSerialization.identifier(name)
      if let arguments { out += "(\(arguments))" }
    }
  }
}

extension AttributeSelector {
  /// `[name]`, `[*|name="value" i]`: the value always as a string.
  func serialize(namespace: AttributeNamespace?, into out: inout String) {
    out += "["
    switch namespace {
    case .any?: out += "*|"
    case .none?: out += "|"
    case nil: break
    }
    out += CSSSerialization.identifier(name)
    let symbol: String
    switch op {
    case .exists:
      out += "]"
      return
    case .equals: symbol = "="
    case .includes: symbol = "~="
    case .dashMatch: symbol = "|="
    case .prefix: symbol = "^="
    case .suffix: symbol = "$="
    case .substring: symbol = "*="
    }
    out += symbol + CSSSerialization.string(value)
    switch caseSensitivity {
    case .htmlDefault: break
    case .insensitive: out += " i"
    case .sensitive: out += " s"
    }
    out += "]"
  }
}

extension PseudoClass {
  func serialize(into out: inout String) {
    switch self {
    case .root: out += ":root"
    case .empty: out += ":empty"
    case .scope: out += ":scope"
    case .anyLink: out += ":any-link"
    case .checked: out += ":checked"
    case .disabled: out += ":disabled"
    case .enabled: out += ":enabled"
    case .target: out += ":target"
    case .valid: out += ":valid"
    case .invalid: out += ":invalid"
    case .defined: out += ":defined"
    case .lang(let range): out += ":lang(\(CSSSerialization.identifier(range)))"
    case .neverMatches(let state): out += ":" + state
    case .nth(let nth): nth.serialize(into: &out)
    case .not(let list): Self.functional("not", list.selectors, into: &out)
    case .is(let list): Self.functional("is", list.selectors, into: &out)
    case .where(let list): Self.functional("where", list.selectors, into: &out)
    case .has(let relatives): Self.functional("has", relatives, into: &out)
    }
  }

  private static func functional(_ name: String, _ selectors: [ComplexSelector], into out: inout String) {
    out += ":\(name)("
    SelectorList.serialize(selectors, into: &out)
    out += ")"
  }
}

extension NthSelector {
  /// `:first-child` and its kin for `1` without `of S`, else `:nth-child(An+B of S)`.
  func serialize(into out: inout String) {
    let name = (fromEnd ? "nth-last-" : "nth-") + (ofType ? "of-type" : "child")
    if formula == NthFormula(a: 0, b: 1), filter == nil {
      out += ":" + (fromEnd ? "last-" : "first-") + (ofType ? "of-type" : "child")
      return
    }
    out += ":\(name)(\(formula.serialized)"
    if let filter {
      out += " of "
      SelectorList.serialize(filter.selectors, into: &out)
    }
    out += ")"
  }
}

extension NthFormula {
  /// https://drafts.csswg.org/css-syntax-3/#serializing-anb
  var serialized: String {
    // Step 1.
    guard a != 0 else { return String(b) }
    // Steps 2-4.
    var text = a == 1 ? "n" : a == -1 ? "-n" : "\(a)n"
    if b > 0 { text += "+\(b)" } else if b < 0 { text += String(b) }
    return text
  }
}

/// CSSOM's common serializing idioms (https://drafts.csswg.org/cssom/#common-serializing-idioms).
enum CSSSerialization {
  /// https://drafts.csswg.org/cssom/#serialize-an-identifier
  static func identifier(_ name: String) -> String {
    var out = ""
    let scalars = Array(name.unicodeScalars)
    for (index, c) in scalars.enumerated() {
      let v = c.value
      if v == 0 {
        out += "\u{FFFD}"
      } else if (0x01...0x1F).contains(v) || v == 0x7F
        || (index == 0 && isDigit(c))
        || (index == 1 && isDigit(c) && scalars[0] == "-")
      {
        escapeAsCodePoint(c, into: &out)
      } else if index == 0 && c == "-" && scalars.count == 1 {
        out += "\\-"
      } else if v >= 0x80 || c == "-" || c == "_" || isDigit(c) || (c >= "A" && c <= "Z") || (c >= "a" && c <= "z") {
        out.unicodeScalars.append(c)
      } else {
        out += "\\"
        out.unicodeScalars.append(c)
      }
    }
    return out
  }

  /// https://drafts.csswg.org/cssom/#serialize-a-string
  static func string(_ value: String) -> String {
    var out = "\""
    for c in value.unicodeScalars {
      let v = c.value
      if v == 0 {
        out += "\u{FFFD}"
      } else if (0x01...0x1F).contains(v) || v == 0x7F {
        escapeAsCodePoint(c, into: &out)
      } else if c == "\"" || c == "\\" {
        out += "\\"
        out.unicodeScalars.append(c)
      } else {
        out.unicodeScalars.append(c)
      }
    }
    return out + "\""
  }

  /// https://drafts.csswg.org/cssom/#escape-a-character-as-code-point
  private static func escapeAsCodePoint(_ c: Unicode.Scalar, into out: inout String) {
    out += "\\" + String(c.value, radix: 16) + " "
  }

  private static func isDigit(_ c: Unicode.Scalar) -> Bool { c >= "0" && c <= "9" }
}
