import Foundation

/// Converts HTML segments to Apertium's stream format and back, for one request (a group of segments).
///
/// - Text is entity-decoded, then Apertium's reserved characters are escaped with `\`.
/// - An inline element with text becomes a word-bound blank around each run of its text:
///   `<i>old</i>` → `[[t:i:1]]old[[/]]`; nested elements list every enclosing token: `[[t:b:2; t:i:3]]`.
///   The opening tag's HTML is remembered here by token and re-emitted on the way back, so word order may change.
/// - Void elements (br, img, wbr ...), comments and elements without words become superblanks `[<br 4>]`,
///   remembered verbatim with the elements that enclosed them. "Without words" means without a letter: Apertium
///   drops the word-bound blank of a symbol it does not analyse (`#`, `/`, `§`, `¶`, `↩`), so the heading anchors and
///   footnote links that such elements usually are would lose their tags; as superblanks they stay where they were.
/// - Segment `n` ends with the superblank `[<_n>]` and `.[]`: the full stop makes each segment its own sentence,
///   and the request ends in a blank, without which the analyser would hold back the last token.
struct ApertiumStream {
  /// An inline element with text: its opening tag, name and enclosing element.
  struct Element {
    var name: String
    var html: String
    var parent: Int?
    var depth: Int
  }

  /// A void element, a comment or a text-less element, kept verbatim.
  struct Opaque {
    var html: String
    var stack: [Int]
  }

  private(set) var elements: [Element] = []
  private(set) var opaques: [Opaque] = []
  private var edges: [(leading: String, trailing: String)] = []
  /// The element and opaque tokens of each segment.
  private(set) var ranges: [(elements: Range<Int>, opaques: Range<Int>)] = []
  /// The stream to send, ending in a blank (without the `\0`).
  private(set) var request = ""

  /// Encodes `segments` as one request.
  init(segments: [String]) {
    for (index, segment) in segments.enumerated() {
      let leading = String(segment.prefix { $0.isWhitespace })
      let body = segment.dropFirst(leading.count)
      let trailing = String(body.reversed().prefix { $0.isWhitespace }.reversed())
      let core = String(body.dropLast(trailing.count))
      edges.append((leading, trailing))
      let (firstElement, firstOpaque) = (elements.count, opaques.count)
      encode(FragmentTree.parse(core), stack: [])
      ranges.append((firstElement..<elements.count, firstOpaque..<opaques.count))
      request += "[<_\(index)>].[]"
    }
  }

  private mutating func encode(_ nodes: [FragmentTree.Node], stack: [Int]) {
    for node in nodes {
      switch node {
      case .text(let text):
        appendText(text, stack: stack)
      case .opaque(let name, let html):
        appendOpaque(name: name, html: html, stack: stack)
      case .element(let name, let html, let children):
        guard FragmentTree.hasWords(children) else {
          appendOpaque(name: name, html: FragmentTree.serialize(.element(name: name, html: html, children: children)),
            stack: stack)
          continue
        }
        elements.append(Element(name: name, html: html, parent: stack.last, depth: stack.count))
        encode(children, stack: stack + [elements.count - 1])
      }
    }
  }

  private mutating func appendOpaque(name: String, html: String, stack: [Int]) {
    opaques.append(Opaque(html: html, stack: stack))
    let label = name.unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) || $0 == "!" || $0 == "-" }
    request += "[<\(String(String.UnicodeScalarView(label))) \(opaques.count - 1)>]"
  }

  private mutating func appendText(_ text: String, stack: [Int]) {
    guard !stack.isEmpty else { request += ApertiumStream.escape(text); return }
    let leading = text.prefix { $0.isWhitespace }
    let rest = text.dropFirst(leading.count)
    let trailing = String(rest.reversed().prefix { $0.isWhitespace }.reversed())
    let words = rest.dropLast(trailing.count)
    request += leading
    if !words.isEmpty {
      let tokens = stack.map { "t:\(ApertiumStream.label(elements[$0].name)):\($0)" }.joined(separator: "; ")
      request += "[[\(tokens)]]" + ApertiumStream.escape(String(words)) + "[[/]]"
    }
    request += trailing
  }

  static func label(_ name: String) -> String {
    let kept = name.unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) }
    return kept.isEmpty ? "e" : String(String.UnicodeScalarView(kept))
  }

  /// Characters Apertium reserves in its stream.
  static let reserved: Set<Character> = ["\\", "[", "]", "^", "$", "@", "<", ">", "{", "}", "/", "*", "#"]

  /// Backslash-escapes Apertium's reserved characters.
  static func escape(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count + 8)
    for char in text where char != "\0" {  // NUL ends a request; it cannot travel inside one
      if reserved.contains(char) { out.append("\\") }
      out.append(char)
    }
    return out
  }

  /// The number of segments in this request.
  var segmentCount: Int { edges.count }
}

extension ApertiumStream {
  /// Decodes Apertium's answer to this request into one result per segment.
  ///
  /// Returns nil when the segment separators did not come back in order (the caller then retries segment by segment).
  func decode(_ answer: String, originals: [String]) -> [SegmentTranslation]? {
    let pieces = StreamScanner.scan(answer)
    var perSegment: [[StreamScanner.Piece]] = [[]]
    var expected = 0
    for piece in pieces {
      if case .separator(let n) = piece {
        guard n == expected else { return nil }
        expected += 1
        perSegment.append([])
      } else {
        perSegment[perSegment.count - 1].append(piece)
      }
    }
    guard expected == segmentCount else { return nil }
    return (0..<segmentCount).map { index in
      let edge = edges[index]
      switch rebuild(perSegment[index], segment: index) {
      case .success(let html): return .translated(edge.leading + html + edge.trailing)
      case .failure(let damage): return .damaged(original: originals[index], reason: damage.reason)
      }
    }
  }

  struct Damage: Error { var reason: String }
}
