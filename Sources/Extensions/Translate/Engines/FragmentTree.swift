import Foundation

/// A small tree built from an HTML fragment's tokens, tolerant of stray or missing end tags.
enum FragmentTree {
  indirect enum Node: Equatable {
    case text(String)
    case opaque(name: String, html: String)
    case element(name: String, html: String, children: [Node])
  }

  /// Parses `html`; an end tag without a matching open element is dropped, open elements close at the end.
  static func parse(_ html: String) -> [Node] {
    var stack: [(name: String, html: String, children: [Node])] = [("", "", [])]
    func close() {
      let done = stack.removeLast()
      stack[stack.count - 1].children.append(.element(name: done.name, html: done.html, children: done.children))
    }
    for token in HTMLFragment.tokenize(html) {
      switch token {
      case .text(let text): stack[stack.count - 1].children.append(.text(text))
      case .opaque(let name, let html): stack[stack.count - 1].children.append(.opaque(name: name, html: html))
      case .open(let name, let html): stack.append((name, html, []))
      case .close(let name):
        guard stack.count > 1, stack.dropFirst().contains(where: { $0.name == name }) else { continue }
        while stack.last?.name != name { close() }
        close()
      }
    }
    while stack.count > 1 { close() }
    return stack[0].children
  }

  /// True when some text below `nodes` has a word in it (a letter): something for an engine to translate.
  /// Text of digits and punctuation alone (`#`, `[1]`, `↩`, `/`) is not: Apertium carries no word-bound blank on it.
  static func hasWords(_ nodes: [Node]) -> Bool {
    nodes.contains { node in
      switch node {
      case .text(let text): return hasWords(text)
      case .opaque: return false
      case .element(_, _, let children): return hasWords(children)
      }
    }
  }

  /// True when `text` has a letter in it.
  static func hasWords(_ text: String) -> Bool {
    for scalar in text.unicodeScalars {
      if scalar.isASCII {
        if (0x41...0x5A).contains(scalar.value) || (0x61...0x7A).contains(scalar.value) { return true }
      } else if scalar.properties.isAlphabetic {
        return true
      }
    }
    return false
  }

  /// Serializes `node` back to HTML (text re-escaped as `innerHTML` would).
  static func serialize(_ node: Node) -> String {
    switch node {
    case .text(let text): return HTMLFragment.escapeText(text)
    case .opaque(_, let html): return html
    case .element(let name, let html, let children):
      return html + children.map(serialize).joined() + "</\(name)>"
    }
  }
}
