import Foundation

/// A flat token of an HTML fragment as `innerHTML` serializes it.
enum HTMLToken: Equatable {
  /// Decoded text (entities already resolved).
  case text(String)
  /// An opening tag: its lowercased name and its exact source HTML.
  case open(name: String, html: String)
  /// A closing tag, by lowercased name.
  case close(name: String)
  /// A void element (br, img ...), a self-closed tag, a comment or a doctype: kept verbatim.
  case opaque(name: String, html: String)
}

/// A tolerant tokenizer and escaper for the HTML fragments that segments are made of.
enum HTMLFragment {
  /// Elements that never have content or an end tag.
  static let voidElements: Set<String> = [
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr",
  ]

  /// Splits `html` into text, tags and opaque pieces. Text is entity-decoded.
  static func tokenize(_ html: String) -> [HTMLToken] {
    var tokens: [HTMLToken] = []
    var text = ""
    var index = html.startIndex
    func flushText() {
      if !text.isEmpty { tokens.append(.text(decodeEntities(text))); text = "" }
    }
    while index < html.endIndex {
      let char = html[index]
      guard char == "<", let tag = tagEnd(in: html, from: index) else {
        text.append(char)
        index = html.index(after: index)
        continue
      }
      flushText()
      let source = String(html[index..<tag])
      tokens.append(classify(source))
      index = tag
    }
    flushText()
    return tokens
  }

  /// The index just past the tag that starts at `start`, or nil when `<` does not start a tag.
  private static func tagEnd(in html: String, from start: String.Index) -> String.Index? {
    let rest = html[html.index(after: start)...]
    guard let first = rest.first, first.isLetter || first == "/" || first == "!" else { return nil }
    if rest.hasPrefix("!--") {
      guard let end = rest.range(of: "-->") else { return html.endIndex }
      return end.upperBound
    }
    var quote: Character?
    var index = rest.startIndex
    while index < rest.endIndex {
      let c = rest[index]
      if let q = quote {
        if c == q { quote = nil }
      } else if c == "\"" || c == "'" {
        quote = c
      } else if c == ">" {
        return rest.index(after: index)
      }
      index = rest.index(after: index)
    }
    return nil
  }

  private static func classify(_ source: String) -> HTMLToken {
    if source.hasPrefix("<!") { return .opaque(name: "!", html: source) }
    let closing = source.hasPrefix("</")
    let nameStart = source.index(source.startIndex, offsetBy: closing ? 2 : 1)
    let name = String(source[nameStart...].prefix { !$0.isWhitespace && $0 != ">" && $0 != "/" }).lowercased()
    if closing { return .close(name: name) }
    if voidElements.contains(name) || source.hasSuffix("/>") { return .opaque(name: name, html: source) }
    return .open(name: name, html: source)
  }

  /// Escapes text for an HTML text node the way `innerHTML` serializes it.
  static func escapeText(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for char in text.unicodeScalars {
      switch char {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\u{A0}": out += "&nbsp;"
      default: out.unicodeScalars.append(char)
      }
    }
    return out
  }

  /// Named entities that serializers and translation servers emit; others stay as written.
  static let namedEntities: [String: String] = [
    "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}", "shy": "\u{AD}",
    "ndash": "\u{2013}", "mdash": "\u{2014}", "hellip": "\u{2026}", "laquo": "\u{AB}", "raquo": "\u{BB}",
    "lsquo": "\u{2018}", "rsquo": "\u{2019}", "ldquo": "\u{201C}", "rdquo": "\u{201D}", "copy": "\u{A9}",
    "reg": "\u{AE}", "trade": "\u{2122}", "euro": "\u{20AC}", "middot": "\u{B7}", "bull": "\u{2022}",
    "times": "\u{D7}", "iexcl": "\u{A1}", "iquest": "\u{BF}", "deg": "\u{B0}", "zwj": "\u{200D}",
    "zwnj": "\u{200C}",
  ]

  /// Resolves `&name;`, `&#N;` and `&#xN;` references.
  static func decodeEntities(_ text: String) -> String {
    guard text.contains("&") else { return text }
    var out = ""
    var index = text.startIndex
    while index < text.endIndex {
      let char = text[index]
      if char == "&", let semicolon = text[index...].prefix(12).firstIndex(of: ";") {
        let body = text[text.index(after: index)..<semicolon]
        if let value = entityValue(body) {
          out += value
          index = text.index(after: semicolon)
          continue
        }
      }
      out.append(char)
      index = text.index(after: index)
    }
    return out
  }

  private static func entityValue(_ body: Substring) -> String? {
    if body.hasPrefix("#") {
      let digits = body.dropFirst()
      let value = digits.first == "x" || digits.first == "X"
        ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
      return value.flatMap(Unicode.Scalar.init).map { String(Character($0)) }
    }
    return namedEntities[String(body)]
  }

  /// The multiset of tags in `html` ("open:a", "opaque:br" ...), to compare a translation with its source.
  static func markupSignature(_ html: String) -> [String: Int] {
    var counts: [String: Int] = [:]
    for token in tokenize(html) {
      switch token {
      case .open(let name, _): counts["<\(name)>", default: 0] += 1
      case .close(let name): counts["</\(name)>", default: 0] += 1
      case .opaque(let name, _): counts["<\(name)/>", default: 0] += 1
      case .text: break
      }
    }
    return counts
  }

  /// Checks that `translation` has the same tags as `source`; the reason when it does not.
  static func markupDamage(source: String, translation: String) -> String? {
    let before = markupSignature(source)
    let after = markupSignature(translation)
    guard before != after else { return nil }
    let names = Set(before.keys).union(after.keys).sorted()
    let changes = names.compactMap { name -> String? in
      let (b, a) = (before[name, default: 0], after[name, default: 0])
      return a == b ? nil : "\(name) \(b)→\(a)"
    }
    return "markup changed: " + changes.joined(separator: ", ")
  }
}
