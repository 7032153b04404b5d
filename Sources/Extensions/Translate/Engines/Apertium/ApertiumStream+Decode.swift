import Foundation

/// Reads Apertium's output stream into text, word-bound blanks and superblanks.
enum StreamScanner {
  enum Piece: Equatable {
    /// Unescaped text outside any word-bound blank (words or blanks).
    case text(String)
    /// A word inside a word-bound blank: its unescaped text and the element tokens it carries.
    case word(String, stack: [Int])
    /// One of our superblanks for a void element or text-less element.
    case opaque(Int)
    /// The end of segment `n`.
    case separator(Int)
  }

  static func scan(_ stream: String) -> [Piece] {
    var pieces: [Piece] = []
    var text = String.UnicodeScalarView()
    let chars = Array(stream.unicodeScalars)
    var i = 0
    func flush() { if !text.isEmpty { pieces.append(.text(String(text))); text = String.UnicodeScalarView() } }
    func readEscaped(until end: String) -> String {
      var out = String.UnicodeScalarView()
      let endChars = Array(end.unicodeScalars)
      while i < chars.count {
        if chars[i] == "\\", i + 1 < chars.count { out.append(chars[i + 1]); i += 2; continue }
        if chars[i] == endChars[0], Array(chars[i..<min(chars.count, i + endChars.count)]) == endChars {
          i += endChars.count
          return String(out)
        }
        out.append(chars[i])
        i += 1
      }
      return String(out)
    }
    while i < chars.count {
      let c = chars[i]
      if c == "\\", i + 1 < chars.count {
        text.append(chars[i + 1]); i += 2
      } else if c == "[", i + 1 < chars.count, chars[i + 1] == "[" {
        i += 2
        let header = readEscaped(until: "]]")
        let word = readEscaped(until: "[[/]]")
        flush()
        pieces.append(.word(word, stack: stackIDs(header)))
      } else if c == "[" {
        i += 1
        let content = readEscaped(until: "]")
        if let piece = superblank(content) {
          flush()
          pieces.append(piece)
          if case .separator = piece { skipSentenceEnd(chars, &i) }
        } else if !content.isEmpty {
          text.append(contentsOf: content.unicodeScalars)
        }
      } else {
        text.append(c); i += 1
      }
    }
    flush()
    return pieces
  }

  /// Skips the `.[]` (or `.`) that follows a segment separator.
  private static func skipSentenceEnd(_ chars: [Unicode.Scalar], _ i: inout Int) {
    var j = i
    while j < chars.count, chars[j] == " " { j += 1 }
    guard j < chars.count, chars[j] == "." else { return }
    j += 1
    if j + 1 < chars.count, chars[j] == "[", chars[j + 1] == "]" { j += 2 }
    i = j
  }

  /// `t:b:2; t:i:3` → [2, 3].
  private static func stackIDs(_ header: String) -> [Int] {
    header.split(separator: ";").compactMap { part in
      part.split(separator: ":").last.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
    }
  }

  /// `<_3>` → separator 3, `<br 4>` → opaque 4; nil for any other superblank.
  private static func superblank(_ content: String) -> Piece? {
    guard content.hasPrefix("<"), content.hasSuffix(">") else { return nil }
    let inner = content.dropFirst().dropLast()
    if inner.hasPrefix("_"), let n = Int(inner.dropFirst()) { return .separator(n) }
    if let space = inner.lastIndex(of: " "), let n = Int(inner[inner.index(after: space)...]) { return .opaque(n) }
    return nil
  }
}

extension ApertiumStream {
  /// One piece of output with the elements that enclose it.
  private enum Item {
    case space(String)
    case content(html: String, stack: [Int])
  }

  /// Rebuilds HTML from one segment's pieces: re-wraps words in their remembered tags, restores superblanks.
  ///
  /// An element whose words come back apart is stretched over what lies between them, as long as the elements
  /// still nest; a tag that is lost, duplicated or would cross another is damage.
  func rebuild(_ pieces: [StreamScanner.Piece], segment: Int) -> Result<String, Damage> {
    let (own, ownOpaques) = ranges[segment]
    var items: [Item] = []
    var opaqueSeen: [Int: Int] = [:]
    for piece in pieces {
      switch piece {
      case .text(let text):
        splitSpaces(text) { part, isSpace in
          items.append(isSpace ? .space(part) : .content(html: HTMLFragment.escapeText(part), stack: []))
        }
      case .word(let word, let stack):
        guard stack.allSatisfy({ own.contains($0) }) else {
          return .failure(Damage(reason: "unknown word-bound blank \(stack)"))
        }
        items.append(.content(html: HTMLFragment.escapeText(word), stack: stack))
      case .opaque(let n):
        guard ownOpaques.contains(n) else { return .failure(Damage(reason: "unknown superblank \(n)")) }
        opaqueSeen[n, default: 0] += 1
        items.append(.content(html: opaques[n].html, stack: opaques[n].stack))
      case .separator:
        break
      }
    }
    // Step 1: stretch each element from its first to its last piece.
    var first: [Int: Int] = [:]
    var last: [Int: Int] = [:]
    for (index, item) in items.enumerated() {
      guard case .content(_, let stack) = item else { continue }
      for id in stack { first[id] = first[id] ?? index; last[id] = index }
    }
    // Step 2: emit, opening and closing tags as the stack changes; whitespace goes at the shared depth.
    var html = ""
    var open: [Int] = []
    var pending = ""
    var opened: [Int: Int] = [:]
    for (index, item) in items.enumerated() {
      switch item {
      case .space(let space):
        pending += HTMLFragment.escapeText(space)
      case .content(let content, let stack):
        var ids = Set(stack)
        for (id, start) in first where start < index && last[id]! > index { ids.insert(id) }
        let chain = ids.sorted { elements[$0].depth < elements[$1].depth }
        for (position, id) in chain.enumerated() where elements[id].parent != (position == 0 ? nil : chain[position - 1]) {
          return .failure(Damage(reason: "<\(elements[id].name)> would cross another element"))
        }
        let common = zip(open, chain).prefix { $0 == $1 }.count
        for id in open[common...].reversed() { html += "</\(elements[id].name)>" }
        open.removeLast(open.count - common)
        html += pending
        pending = ""
        for id in chain[common...] {
          html += elements[id].html
          opened[id, default: 0] += 1
          open.append(id)
        }
        html += content
      }
    }
    for id in open.reversed() { html += "</\(elements[id].name)>" }
    html += pending
    // Step 3: every tag exactly once.
    for id in own where opened[id, default: 0] != 1 {
      return .failure(Damage(reason: "<\(elements[id].name)> came back \(opened[id, default: 0]) times"))
    }
    for n in ownOpaques where opaqueSeen[n, default: 0] != 1 {
      return .failure(Damage(reason: "\(opaques[n].html) came back \(opaqueSeen[n, default: 0]) times"))
    }
    return .success(html)
  }

  private func splitSpaces(_ text: String, _ body: (String, Bool) -> Void) {
    var part = ""
    var isSpace: Bool?
    for char in text {
      let space = char.isWhitespace && char != "\u{A0}"
      if let current = isSpace, current != space { body(part, current); part = "" }
      isSpace = space
      part.append(char)
    }
    if let current = isSpace { body(part, current) }
  }
}
