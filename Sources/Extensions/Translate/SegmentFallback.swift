import Foundation

/// The variants of a segment that the fallback ladder sends when the engine damaged its markup.
///
/// Segments come from translate.appex's run(): inline elements carry `data-wa="N"`, the number finalize() finds the
/// page's element by. Every variant is sent through the same engine and checked the same way as the segment itself.
enum SegmentFallback {
  /// Step 1: the segment with the elements numbered in `flattenable` (b, i, em, strong, span ... that have no
  /// attributes) removed and their content kept; nil when none of them is in the segment.
  static func flattened(_ html: String, removing flattenable: Set<String>) -> String? {
    guard !flattenable.isEmpty else { return nil }
    var removed = false
    func emit(_ nodes: [FragmentTree.Node]) -> String {
      var out = ""
      for node in nodes {
        guard case .element(let name, let tag, let children) = node else {
          out += FragmentTree.serialize(node)
          continue
        }
        if let number = placeholder(ofTag: tag), flattenable.contains(number) {
          removed = true
          out += emit(children)
        } else {
          out += tag + emit(children) + "</\(name)>"
        }
      }
      return out
    }
    let result = emit(FragmentTree.parse(html))
    return removed ? result : nil
  }

  /// `<em data-wa="3">` → "3".
  static func placeholder(ofTag tag: String) -> String? {
    guard let start = tag.range(of: "data-wa=\"") else { return nil }
    let rest = tag[start.upperBound...]
    guard let end = rest.firstIndex(of: "\"") else { return nil }
    return String(rest[..<end])
  }

  /// Step 2: the segment cut at its inline elements. Each run of text with words in it is translated alone, so every
  /// element keeps its own text and all the markup stays; word order cannot cross an element any more.
  struct Split {
    private let nodes: [FragmentTree.Node]
    /// The runs to translate, as escaped HTML without their outer whitespace, in document order.
    let runs: [String]

    init(_ html: String) {
      nodes = FragmentTree.parse(html)
      var runs: [String] = []
      Split.forEachRun(nodes) { text in runs.append(HTMLFragment.escapeText(Split.trimmed(text).core)) }
      self.runs = runs
    }

    /// Apertium starts each request as a sentence: a run that began in lower case ("does", "copy the heap") comes back
    /// capitalized ("Hace"). Its first letter follows the source's again.
    static func matchingCase(_ translation: String, of source: String) -> String {
      guard let sourceFirst = source.first(where: \.isLetter), sourceFirst.isLowercase,
        let index = translation.firstIndex(where: \.isLetter), translation[index].isUppercase,
        translation[translation.index(after: index)...].first?.isUppercase != true  // not an acronym: "URL", "HTTP"
      else { return translation }
      return translation.replacingCharacters(in: index...index, with: translation[index].lowercased())
    }

    /// The segment with each run replaced by its translation (escaped HTML), its outer whitespace kept.
    func rebuild(_ translations: [String]) -> String {
      var next = 0
      func emit(_ nodes: [FragmentTree.Node]) -> String {
        var out = ""
        for node in nodes {
          switch node {
          case .text(let text) where FragmentTree.hasWords(text):
            let parts = Split.trimmed(text)
            out += HTMLFragment.escapeText(parts.leading) + Split.matchingCase(translations[next], of: parts.core)
              + HTMLFragment.escapeText(parts.trailing)
            next += 1
          case .element(let name, let tag, let children):
            out += tag + emit(children) + "</\(name)>"
          default:
            out += FragmentTree.serialize(node)
          }
        }
        return out
      }
      return emit(nodes)
    }

    private static func forEachRun(_ nodes: [FragmentTree.Node], _ body: (String) -> Void) {
      for node in nodes {
        switch node {
        case .text(let text) where FragmentTree.hasWords(text): body(text)
        case .element(_, _, let children): forEachRun(children, body)
        default: break
        }
      }
    }

    static func trimmed(_ text: String) -> (leading: String, core: String, trailing: String) {
      let leading = text.prefix { $0.isWhitespace }
      let rest = text.dropFirst(leading.count)
      let trailing = rest.reversed().prefix { $0.isWhitespace }
      return (String(leading), String(rest.dropLast(trailing.count)), String(trailing.reversed()))
    }
  }

  /// Step 3, the last resort: the segment's text as one plain sentence. Its translation goes where the first text
  /// was; elements with words of their own are dropped (their words are in the translation), and what has no words
  /// (images, line breaks, code, numbers) stays where it was.
  struct PlainText {
    private let nodes: [FragmentTree.Node]
    /// The text to translate, as escaped HTML, with runs of whitespace made one space.
    let text: String

    init(_ html: String) {
      nodes = FragmentTree.parse(html)
      var words = ""
      PlainText.collect(nodes, into: &words)
      text = HTMLFragment.escapeText(words.split(whereSeparator: { $0.isWhitespace }).joined(separator: " "))
    }

    /// The words of what `rebuild` drops; what has no words stays in place, so it is not sent as well.
    private static func collect(_ nodes: [FragmentTree.Node], into words: inout String) {
      for node in nodes {
        switch node {
        case .text(let text) where FragmentTree.hasWords(text): words += text
        case .element(_, _, let children) where FragmentTree.hasWords(children): collect(children, into: &words)
        default: words += " "
        }
      }
    }

    /// The HTML to put in the segment's place.
    func rebuild(_ translation: String) -> String {
      var out = ""
      var placed = false
      func emit(_ nodes: [FragmentTree.Node]) {
        for node in nodes {
          switch node {
          case .text(let text) where FragmentTree.hasWords(text):
            if !placed {
              let parts = Split.trimmed(text)
              out += HTMLFragment.escapeText(parts.leading) + translation + HTMLFragment.escapeText(parts.trailing)
              placed = true
            } else if text.contains(where: \.isWhitespace), out.last?.isWhitespace == false {
              out += " "  // what separated the words now separates what is left
            }
          case .element(_, _, let children) where FragmentTree.hasWords(children):
            emit(children)
          default:
            out += FragmentTree.serialize(node)
          }
        }
      }
      emit(nodes)
      return out
    }
  }
}
