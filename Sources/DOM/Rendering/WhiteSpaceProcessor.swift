/// The text each Text node shows after white-space processing and `text-transform`, without layout: what
/// Chromium's inline layout puts in its text content, and what innerText reads.
///
/// https://drafts.csswg.org/css-text-3/#white-space-processing, across each inline formatting context:
/// - Phase I: with `white-space-collapse: collapse`, tabs and segment breaks become spaces (a segment break next to
///   U+200B is removed), and a collapsible space that follows another
///   one (even in another element) is removed; `preserve-breaks` keeps segment breaks; `preserve` keeps everything.
/// - Phase II: collapsible spaces at the start and at the end of a line are removed. Without layout the only line
///   ends are forced ones: `<br>`, a preserved segment break, a block boundary, the end of the context.
/// An atomic inline (an inline-block, an image) counts as a visible character; a float or an absolutely positioned
/// box is transparent to the context around it (its own content is a context of its own).
struct WhiteSpaceProcessor {
  /// The processed text of every rendered Text node visited, by node.
  private(set) var texts: [ObjectIdentifier: String] = [:]

  /// The state of one inline formatting context.
  private struct Context {
    /// At the start of a line or right after a collapsible space: a collapsible space here is removed.
    var collapsing = true
    /// The node whose processed text ends with a collapsible space that a line end would remove.
    var trailingSpace: ObjectIdentifier?
    /// The collapsible white space since the last visible character held a segment break.
    var runHasBreak = false
    /// The last visible (not white space) character was U+200B, for the segment break rule.
    var lastVisibleIsZeroWidthSpace = false
    /// The last two characters, for `capitalize`.
    var previous: Character?
    var beforePrevious: Character?
  }

  /// Processes the inline formatting contexts inside `root` (a block container).
  mutating func process(_ root: Element) {
    guard let box = root.renderedBox, box.kind != .none else { return }
    var context = Context()
    visitChildren(of: root, box: box, &context)
    endLine(&context)
  }

  /// Visits the rendered descendants of `element` in tree order, `context` being the one its children are in.
  ///
  /// Inline and `display: contents` boxes share their parent's context; a block, an atomic inline or an
  /// out-of-flow box starts one of its own for its content. A stack of open boxes replaces recursion, so a tree
  /// 100,000 levels deep is fine.
  private mutating func visitChildren(of element: Element, box: RenderedBox, _ context: inout Context) {
    guard box.rendersChildren else { return }
    // Each open box: its style and flags, its rendered children, the next one, and whether it has a context of
    // its own (on `inner`, innermost last; `context` is below them all).
    var open = [OpenBox(box: box, children: element.renderedChildren, ownsContext: false)]
    var inner: [Context] = []
    while let top = open.last {
      guard top.next < top.children.count else {
        open.removeLast()
        if top.ownsContext { endLine(&inner[inner.count - 1]); inner.removeLast() }
        continue
      }
      open[open.count - 1].next += 1
      let child = top.children[top.next]
      if let text = child as? Text {
        guard top.box.rendersText, !Self.isIgnoredWhiteSpace(text, in: top.box.style) else { continue }
        if inner.isEmpty { process(text, style: top.box.style, &context) }
        else { process(text, style: top.box.style, &inner[inner.count - 1]) }
        continue
      }
      guard let childElement = child as? Element, let childBox = childElement.renderedBox else { continue }
      let ownsContext: Bool
      switch childBox.kind {
      case .none:
        continue
      case .contents, .inline:
        ownsContext = false
      case .lineBreak:
        if inner.isEmpty { endLine(&context) } else { endLine(&inner[inner.count - 1]) }
        continue
      case .block:
        if inner.isEmpty { endLine(&context) } else { endLine(&inner[inner.count - 1]) }
        ownsContext = true
      case .atomicInline:
        if inner.isEmpty { Self.passAtomicInline(&context) } else { Self.passAtomicInline(&inner[inner.count - 1]) }
        ownsContext = true
      case .outOfFlow:
        ownsContext = true
      }
      // A box that renders no children adds nothing, and a fresh context's end of line changes nothing.
      guard childBox.rendersChildren else { continue }
      open.append(OpenBox(box: childBox, children: childElement.renderedChildren, ownsContext: ownsContext))
      if ownsContext { inner.append(Context()) }
    }
  }

  /// A box whose children `visitChildren` is visiting.
  private struct OpenBox {
    let box: RenderedBox
    let children: [Node]
    var next = 0
    let ownsContext: Bool

    init(box: RenderedBox, children: [Node], ownsContext: Bool) {
      self.box = box
      self.children = children
      self.ownsContext = ownsContext
    }
  }

  /// An atomic inline counts as one visible character of the context around it.
  private static func passAtomicInline(_ context: inout Context) {
    context.collapsing = false
    context.trailingSpace = nil
    context.runHasBreak = false
    context.lastVisibleIsZeroWidthSpace = false
    context.previous = "\u{FFFC}"
  }

  /// Text directly inside a table part, or a flex or grid container, that is only white space makes no box.
  private static func isIgnoredWhiteSpace(_ text: Text, in style: ComputedStyle) -> Bool {
    let display = style[.display]
    guard display.hasPrefix("table") || display.hasPrefix("inline-table") || display.hasSuffix("flex") || display.hasSuffix("grid")
    else { return false }
    guard display != "table-cell", display != "table-caption" else { return false }
    return text.data.unicodeScalars.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}" }
  }

  /// Removes the collapsible space a line end leaves at the end of the line, and starts a new line.
  private mutating func endLine(_ context: inout Context) {
    if let node = context.trailingSpace { texts[node]?.removeLast() }
    context = Context()
  }

  private mutating func process(_ text: Text, style: ComputedStyle, _ context: inout Context) {
    let id = ObjectIdentifier(text)
    let collapse = style[.whiteSpaceCollapse]
    let spacesCollapse = collapse == "collapse" || collapse == "preserve-breaks"
    let breaksCollapse = collapse == "collapse"
    if style[.textTransform] == "none", text.parentElement?.namespaceURI != LibXML.Namespace.mathml.rawValue {
      return processUntransformed(text, collapse: collapse, &context)
    }
    var transform = TextTransform(style[.textTransform], language: text.language)
    if let parent = text.parentElement, parent.localName == "mi", parent.namespaceURI == LibXML.Namespace.mathml.rawValue,
      parent.childTextContent.trimmingCSSWhitespace().count == 1
    {
      transform = TextTransform(mode: .mathItalic)  // text-transform: math-auto on a one-letter <mi>
    }
    var output = ""
    /// Removes the collapsible space at the end of the text so far (this node's or an earlier one's).
    func removeTrailingSpace(_ context: Context) {
      guard let node = context.trailingSpace else { return }
      if node == id { output.removeLast() } else { texts[node]?.removeLast() }
    }
    for scalar in text.data.unicodeScalars {
      let char = Character(scalar)
      let isBreak = scalar == "\n"
      let isSpace = scalar == " " || scalar == "\t" || scalar == "\r"
      if isBreak && !breaksCollapse && collapse != "preserve-spaces" {
        // A preserved segment break is a forced line break: collapsible spaces around it go.
        removeTrailingSpace(context)
        output.append("\n")
        context = Context()
        continue
      }
      if (isSpace && spacesCollapse) || (isBreak && breaksCollapse) {
        if isBreak { context.runHasBreak = true }
        if context.collapsing { continue }
        output.append(" ")
        context.collapsing = true
        context.trailingSpace = id
        context.beforePrevious = context.previous
        context.previous = " "
        continue
      }
      // A visible character, or preserved white space.
      if context.runHasBreak, context.trailingSpace != nil, context.lastVisibleIsZeroWidthSpace || char == "\u{200B}" {
        removeTrailingSpace(context)
      }
      if isBreak || isSpace {
        output.append(isBreak ? " " : char)
      } else {
        output += transform.apply(char, after: context.previous, context.beforePrevious)
        context.lastVisibleIsZeroWidthSpace = char == "\u{200B}"
      }
      context.collapsing = false
      context.trailingSpace = nil
      context.runHasBreak = false
      context.beforePrevious = context.previous
      context.previous = isBreak ? " " : char
    }
    texts[id] = output
  }

  /// The same steps as ``process(_:style:_:)`` for text without `text-transform`, on UTF-8 bytes (white space is
  /// ASCII; U+200B is E2 80 8B): most of a page's text goes this way.
  private mutating func processUntransformed(_ text: Text, collapse: String, _ context: inout Context) {
    let id = ObjectIdentifier(text)
    let spacesCollapse = collapse == "collapse" || collapse == "preserve-breaks"
    let breaksCollapse = collapse == "collapse"
    let breaksForced = !breaksCollapse && collapse != "preserve-spaces"
    let input = Array(text.data.utf8)
    var output: [UInt8] = []
    output.reserveCapacity(input.count)
    /// Where the current line starts in `output` (for the last characters, kept for a later `capitalize`).
    var lineStart = 0
    func removeTrailingSpace(_ context: Context) {
      guard let node = context.trailingSpace else { return }
      if node == id { output.removeLast() } else { texts[node]?.removeLast() }
    }
    func startsZeroWidthSpace(_ i: Int) -> Bool {
      i + 2 < input.count && input[i] == 0xE2 && input[i + 1] == 0x80 && input[i + 2] == 0x8B
    }
    for (i, byte) in input.enumerated() {
      let isBreak = byte == 0x0A
      let isSpace = byte == 0x20 || byte == 0x09 || byte == 0x0D
      if isBreak && breaksForced {
        removeTrailingSpace(context)
        output.append(0x0A)
        context = Context()
        lineStart = output.count
        continue
      }
      if (isSpace && spacesCollapse) || (isBreak && breaksCollapse) {
        if isBreak { context.runHasBreak = true }
        if context.collapsing { continue }
        output.append(0x20)
        context.collapsing = true
        context.trailingSpace = id
        continue
      }
      let isLead = byte < 0x80 || byte >= 0xC0
      if isLead, context.runHasBreak, context.trailingSpace != nil,
        context.lastVisibleIsZeroWidthSpace || startsZeroWidthSpace(i)
      {
        removeTrailingSpace(context)
      }
      output.append(isBreak ? 0x20 : byte)
      if isLead {
        context.collapsing = false
        context.trailingSpace = nil
        context.runHasBreak = false
        if !isBreak && !isSpace { context.lastVisibleIsZeroWidthSpace = startsZeroWidthSpace(i) }
      }
    }
    let result = String(decoding: output, as: UTF8.self)
    if output.count > lineStart {
      let last = String(decoding: output[lineStart...], as: UTF8.self).suffix(2)
      context.beforePrevious = last.count == 2 ? last.first : context.previous
      context.previous = last.last
    }
    texts[id] = result
  }

}

/// `text-transform` (https://drafts.csswg.org/css-text-3/#text-transform-property), with Unicode's full case
/// mappings (`ß` uppercases to `SS`).
private struct TextTransform {
  enum Case { case none, uppercase, lowercase, capitalize, mathItalic }
  let mode: Case
  /// Turkish and Azerbaijani case the dotted and dotless i differently.
  var turkic = false

  init(mode: Case) { self.mode = mode }

  init(_ value: String, language: String?) {
    if let language = language?.asciiLowercased, language == "tr" || language == "az" || language.hasPrefix("tr-") || language.hasPrefix("az-") {
      turkic = true
    }
    if value.contains("uppercase") {
      mode = .uppercase
    } else if value.contains("lowercase") {
      mode = .lowercase
    } else if value.contains("capitalize") {
      mode = .capitalize
    } else {
      mode = .none
    }
  }

  func apply(_ char: Character, after previous: Character?, _ beforePrevious: Character?) -> String {
    switch mode {
    case .none: return String(char)
    case .uppercase: return turkic && char == "i" ? "\u{0130}" : char.uppercased()
    case .lowercase:
      if turkic, char == "I" { return "\u{0131}" }
      if turkic, char == "\u{0130}" { return "i" }
      return char.lowercased()
    case .capitalize:
      return Self.startsWord(char, after: previous, beforePrevious) ? char.uppercased() : String(char)
    case .mathItalic:
      return String(Self.mathItalic(char))
    }
  }

  /// The Mathematical Italic letter for a Latin letter (https://w3c.github.io/mathml-core/#italic-mappings).
  private static func mathItalic(_ char: Character) -> Character {
    guard let scalar = char.unicodeScalars.first, char.unicodeScalars.count == 1 else { return char }
    let value = scalar.value
    let mapped: UInt32? =
      switch value {
      case 0x68: 0x210E  // h: PLANCK CONSTANT
      case 0x41...0x5A: 0x1D434 + value - 0x41
      case 0x61...0x7A: 0x1D44E + value - 0x61
      default: nil
      }
    return mapped.flatMap(Unicode.Scalar.init).map(Character.init) ?? char
  }

  /// A letter starts a word unless it follows a letter, digit or connector, or an apostrophe after a letter
  /// (Unicode word boundaries, https://www.unicode.org/reports/tr29/#Word_Boundaries, as browsers use them).
  private static func startsWord(_ char: Character, after previous: Character?, _ beforePrevious: Character?) -> Bool {
    guard char.isLetter, let previous else { return char.isLetter }
    if previous.isLetter || previous.isNumber || previous == "_" || previous.unicodeScalars.first?.properties.isDiacritic == true {
      return false
    }
    if previous == "'" || previous == "\u{2019}", beforePrevious?.isLetter == true { return false }
    return true
  }
}
