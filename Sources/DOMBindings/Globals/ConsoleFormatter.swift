import DOM
import JSBridge

/// Formats console arguments the way browser consoles print them.
///
/// https://console.spec.whatwg.org/#formatter: the first argument, when a string, takes `%s %d %i %f %o %O %c`
/// substitutions (`%%` is a percent sign); other arguments follow, separated by spaces. Strings print raw at
/// the top level and quoted inside objects; objects print JSON-ish up to ``maxDepth`` levels; nodes print as
/// their start tag (`<div id=x>`).
struct ConsoleFormatter {
  let context: ScriptContext
  /// How deep objects and arrays are expanded before printing `[Object]` / `[Array]`.
  static let maxDepth = 2
  /// How many elements or properties one object shows.
  static let maxItems = 100

  func format(_ values: [ScriptValue]) throws(ScriptError) -> String {
    var rest = values[...]
    var parts: [String] = []
    if let first = rest.first, first.isString {
      rest = rest.dropFirst()
      parts.append(try substitute(try first.toString(), &rest))
    }
    for value in rest { parts.append(try describe(value, depth: 0, topLevel: true)) }
    return parts.joined(separator: " ")
  }

  /// Step 2 of the formatter: replaces each specifier with the next argument.
  private func substitute(_ format: String, _ args: inout ArraySlice<ScriptValue>) throws(ScriptError) -> String {
    var out = ""
    var chars = format[...]
    while let c = chars.first {
      chars = chars.dropFirst()
      guard c == "%", let spec = chars.first else {
        out.append(c)
        continue
      }
      if spec == "%" {
        out.append("%")
        chars = chars.dropFirst()
        continue
      }
      guard "sdifoOc".contains(spec), let arg = args.first else {
        out.append(c)
        continue
      }
      chars = chars.dropFirst()
      args = args.dropFirst()
      switch spec {
      case "s": out += arg.isString ? try arg.toString() : try describe(arg, depth: 1, topLevel: true)
      case "d", "i":
        let d = arg.toDouble()
        out += d.isFinite ? String(Int(d.rounded(.towardZero))) : "NaN"
      case "f": out += number(arg.toDouble())
      case "o", "O": out += try describe(arg, depth: 0, topLevel: false)
      default: break  // %c: CSS for the message; ignored.
      }
    }
    return out
  }

  private func number(_ d: Double) -> String {
    if d.isNaN { return "NaN" }
    if d.isInfinite { return d < 0 ? "-Infinity" : "Infinity" }
    if d == d.rounded(), abs(d) < 1e21 { return d == 0 && d.sign == .minus ? "-0" : String(Int(d)) }
    return (try? context.makeNumber(d).toString()) ?? String(d)
  }

  /// One value: primitives as JS prints them, nodes as tags, arrays and objects expanded to `maxDepth`.
  func describe(_ value: ScriptValue, depth: Int, topLevel: Bool) throws(ScriptError) -> String {
    if value.isString {
      let s = try value.toString()
      return topLevel ? s : quoted(s)
    }
    if value.isNumber { return number(value.toDouble()) }
    if value.isSymbol {  // ToString throws for symbols; String(symbol) describes them.
      return (try? context.global.property("String").call(args: [value]).toString()) ?? "Symbol()"
    }
    if !value.isObject { return (try? value.toString()) ?? value.typeName }
    if let node = context.unwrap(value, as: Node.self) { return Self.describe(node) }
    if value.isFunction {
      let name = (try? value.property("name").toString()) ?? ""
      return name.isEmpty ? "function ()" : "function \(name)()"
    }
    let tag = try context.global.property("Object").property("prototype").property("toString")
      .call(this: value).toString()
    if tag == "[object Error]" || tag == "[object DOMException]" {
      return "\(try value.property("name").toString()): \(try value.property("message").toString())"
    }
    if value.isDate { return try value.toString() }
    if tag == "[object RegExp]" { return try value.toString() }
    if value.isArray {
      if depth >= Self.maxDepth { return "[Array]" }
      let count = value.arrayLength
      var items: [String] = []
      for i in 0..<min(count, Self.maxItems) {
        items.append(try describe(value.element(at: i), depth: depth + 1, topLevel: false))
      }
      if count > Self.maxItems { items.append("... \(count - Self.maxItems) more") }
      return "[" + items.joined(separator: ", ") + "]"
    }
    let className = String(tag.dropFirst(8).dropLast())
    let prefix = className == "Object" ? "" : className + " "
    if depth >= Self.maxDepth { return "[\(className)]" }
    let keys = try value.ownEnumerableKeys()
    var items: [String] = []
    for key in keys.prefix(Self.maxItems) {
      let shown = Self.isIdentifier(key) ? key : quoted(key)
      items.append("\(shown): \(try describe(value.property(key), depth: depth + 1, topLevel: false))")
    }
    if keys.count > Self.maxItems { items.append("... \(keys.count - Self.maxItems) more") }
    return prefix + (items.isEmpty ? "{}" : "{" + items.joined(separator: ", ") + "}")
  }

  /// `<div id=x class=y>`, `#text "…"`, `<!--…-->`, `#document`, `<!DOCTYPE html>`.
  static func describe(_ node: Node) -> String {
    switch node {
    case let element as Element:
      var out = "<" + element.localName
      for attribute in element.attributes {
        out += " \(attribute.name)"
        let v = attribute.value
        if v.isEmpty { continue }
        let plain = !v.contains { $0 == " " || $0 == "\"" || $0 == "'" || $0 == ">" || $0 == "=" || $0 == "\t" || $0 == "\n" }
        out += plain ? "=\(v)" : "=\"\(v.replacingAll("\"", with: "&quot;"))\""
      }
      return out + ">"
    case let text as Text: return "#text \"\(text.data)\""
    case let comment as Comment: return "<!--\(comment.data)-->"
    case let doctype as DocumentType: return "<!DOCTYPE \(doctype.name)>"
    default: return node.nodeName
    }
  }

  private func quoted(_ s: String) -> String {
    var out = "\""
    for c in s {
      switch c {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\t": out += "\\t"
      default: out.append(c)
      }
    }
    return out + "\""
  }

  private static func isIdentifier(_ key: String) -> Bool {
    guard let first = key.first, first.isLetter || first == "_" || first == "$" else { return false }
    return key.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" }
  }
}

extension String {
  /// Every occurrence of `target` replaced (without Foundation).
  func replacingAll(_ target: Character, with replacement: String) -> String {
    var out = ""
    for c in self { if c == target { out += replacement } else { out.append(c) } }
    return out
  }
}
