/// Inline formatting (https://www.w3.org/TR/CSS22/visuren.html#inline-formatting): a block container's inline
/// content as a sequence of items, broken into line boxes at spaces and UAX 14's other opportunities (LineBreaks.swift)
/// — a run with no opportunity in it moves to the next line whole, across element boundaries — at the width left
/// beside floats; each line's height from its items' fonts (half-leading around ascent + descent, the block's strut),
/// items on the baseline, `text-align` for the line's free space; text and inline boxes get one fragment per line.
extension LayoutEngine {
  /// The box an inline item belongs to, not reference-counted: a block's items live only while its lines are laid
  /// out (or its intrinsic widths measured), and every box they name is in the tree, held by its parent. An item is
  /// then plain bits: a LayoutBox and a Substring in each were two retains and releases per copy of an item, and
  /// layout copies each several times.
  struct ItemBox {
    unowned(unsafe) let box: LayoutBox
  }

  /// One piece of a block's inline content, in order.
  enum InlineItem {
    /// A piece of text between break opportunities, `width` wide, or a collapsible space (`collapsibleSpace`; its
    /// width is `space`, taken only between content on a line). `breakable`: a line may break before it (after a
    /// space, an atomic inline or a UAX 14 opportunity); when false it is glued to the content before it
    /// (`foo<b>bar</b>`).
    case word(ItemBox, width: Double, space: Double, collapsibleSpace: Bool, breakable: Bool)
    case open(ItemBox)
    case close(ItemBox)
    case atomic(ItemBox)
    case forcedBreak(ItemBox?)
    case positioned(ItemBox)
    case float(ItemBox)
  }

  /// The inline items of a block container's content, white space collapsed across element boundaries.
  func inlineItems(_ box: LayoutBox) -> [InlineItem] {
    var items: [InlineItem] = []
    var lastWasSpace = true
    var breakable = true
    func visit(_ child: LayoutBox) {
      if child.style.isOutOfFlowPositioned {
        items.append(.positioned(ItemBox(box: child)))
        return
      }
      if child.isFloat {
        items.append(.float(ItemBox(box: child)))
        return
      }
      switch child.kind {
      case .text:
        appendText(child, to: &items, lastWasSpace: &lastWasSpace, breakable: &breakable)
      case .lineBreak:
        items.append(.forcedBreak(ItemBox(box: child)))
        lastWasSpace = true
        breakable = true
      case .inline:
        items.append(.open(ItemBox(box: child)))
        for grandchild in child.children { visit(grandchild) }
        items.append(.close(ItemBox(box: child)))
      default:
        items.append(.atomic(ItemBox(box: child)))
        lastWasSpace = false
        breakable = true
      }
    }
    for child in box.children { visit(child) }
    return items
  }

  private func appendText(_ box: LayoutBox, to items: inout [InlineItem], lastWasSpace: inout Bool, breakable: inout Bool) {
    guard let data = box.textData else { return }
    let keepsNewlines = box.style.preservesNewlines
    // ASCII text (most text on most pages) by bytes, each a character; other text by characters.
    if data.utf8.allSatisfy({ $0 < 0x80 }) {
      appendText(box, data, data.utf8, to: &items, lastWasSpace: &lastWasSpace, breakable: &breakable) { byte in
        let newline = byte == UInt8(ascii: "\n")
        let space = byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || (newline && !keepsNewlines)
          || byte == UInt8(ascii: "\r") || byte == 0x0C
        return (space, newline && keepsNewlines)
      }
    } else {
      appendText(box, data, data, to: &items, lastWasSpace: &lastWasSpace, breakable: &breakable) { character in
        let space = character == " " || character == "\t" || (character == "\n" && !keepsNewlines) || character == "\r"
          || character == "\u{0C}"
        return (space, character == "\n" && keepsNewlines)
      }
    }
  }

  /// The items of `data` read as `units` (its bytes or its characters), which `classify` tells apart: collapsible or
  /// preserved spaces, forced breaks (preserved newlines), and the rest, words split at UAX 14 opportunities.
  private func appendText<Units: Collection>(
    _ box: LayoutBox, _ data: String, _ units: Units, to items: inout [InlineItem], lastWasSpace: inout Bool,
    breakable: inout Bool, classify: (Units.Element) -> (space: Bool, forcedBreak: Bool)
  ) where Units.Index == String.Index {
    let font = font(box.style)
    let collapses = box.style.collapsesSpaces
    var index = units.startIndex
    while index < units.endIndex {
      let kind = classify(units[index])
      if kind.forcedBreak {
        items.append(.forcedBreak(nil))
        lastWasSpace = true
        breakable = true
        units.formIndex(after: &index)
        continue
      }
      if kind.space {
        var end = index
        while end < units.endIndex, classify(units[end]).space { units.formIndex(after: &end) }
        if collapses {
          if !lastWasSpace {
            items.append(.word(ItemBox(box: box), width: 0, space: font.spaceWidth, collapsibleSpace: true, breakable: false))
          }
        } else {
          // Preserved spaces are content: they take their width at the start of a line too, and hang at its end.
          let run = data[index..<end]
          items.append(.word(ItemBox(box: box), width: font.width(of: run), space: 0, collapsibleSpace: false, breakable: false))
        }
        lastWasSpace = true
        breakable = true
        index = end
        continue
      }
      var end = index
      while end < units.endIndex {
        let next = classify(units[end])
        if next.space || next.forcedBreak { break }
        units.formIndex(after: &end)
      }
      var first = true
      LineBreaks.forEachSegment(data[index..<end]) { segment in
        items.append(
          .word(ItemBox(box: box), width: font.width(of: segment), space: 0, collapsibleSpace: false, breakable: !first || breakable))
        first = false
      }
      lastWasSpace = false
      breakable = false
      index = end
    }
  }

  /// The min-content (widest word or atomic) and max-content (widest unbroken line) widths of inline content.
  func inlineIntrinsicWidths(_ box: LayoutBox) -> (min: Double, max: Double) {
    var minimum = 0.0, maximum = 0.0, line = 0.0, word = 0.0
    // A collapsible space counts only between content: not at the end of a line.
    var pendingSpace = 0.0
    func endWord() {
      minimum = max(minimum, word)
      word = 0
    }
    for item in inlineItems(box) {
      switch item {
      case .word(let piece, let width, let space, let collapsibleSpace, let breakable):
        let owner = piece.box
        if collapsibleSpace {
          pendingSpace += space
          if owner.style.wraps { endWord() }
          continue
        }
        if breakable && owner.style.wraps { endWord() }
        word += width
        line += pendingSpace + width
        pendingSpace = 0
      case .open(let inline), .close(let inline):
        let edge = inlineEdge(inline.box, opening: { if case .open = item { return true } else { return false } }())
        word += edge
        line += edge
      case .atomic(let atomic):
        endWord()
        let sizes = intrinsicWidths(atomic.box), margins = marginsForIntrinsic(atomic.box)
        minimum = max(minimum, sizes.min + margins)
        line += pendingSpace + sizes.max + margins
        pendingSpace = 0
      case .forcedBreak:
        endWord()
        maximum = max(maximum, line)
        line = 0
        pendingSpace = 0
      case .float(let float):
        let sizes = intrinsicWidths(float.box), margins = marginsForIntrinsic(float.box)
        minimum = max(minimum, sizes.min + margins)
        line += sizes.max + margins
      case .positioned:
        break
      }
    }
    endWord()
    maximum = max(maximum, line)
    return (minimum, max(minimum, maximum))
  }

  /// The margin, border and padding an inline box adds at its start (opening) or end.
  func inlineEdge(_ box: LayoutBox, opening: Bool) -> Double {
    let padding = box.style.resolvedPadding(0), margin = box.style.resolvedMargin(0)
    return opening ? margin.left + box.border.left + padding.left : margin.right + box.border.right + padding.right
  }

  /// A laid-out piece of a line: the item's box, its left and width, its extent above and below the baseline.
  private struct Placed {
    /// Whether the item starts (or, on a later line, continues) an inline box, ends one, or is content.
    enum Role { case content, open, reopen, close }
    var role: Role = .content
    /// Not reference-counted, as ``ItemBox``.
    unowned(unsafe) var box: LayoutBox
    var x: Double
    var width: Double
    var ascent: Double, descent: Double
    var isText: Bool
    /// The line-height extent (half-leading included) the item adds to the line.
    var above: Double, below: Double
  }

  /// Lays out a block container's lines below its content top; returns the content height.
  func layoutLines(_ box: LayoutBox, floats: FloatArea) -> Double {
    let items = inlineItems(box)
    let left = box.contentX, right = box.contentX + box.contentWidth, top = box.contentY
    let strutFont = font(box.style)
    let strutHeight = box.style.lineHeightPixels(normal: strutFont.normalLineHeight)
    let strutLeading = (strutHeight - strutFont.height) / 2
    let strut = (above: strutFont.ascent + strutLeading, below: strutFont.descent + strutLeading)
    var y = top
    var line: [Placed] = []
    var lineWidth = 0.0
    var openInlines: [LayoutBox] = []
    var band = floats.available(from: y, height: strutHeight, left: left, right: right)
    var firstBaseline: Double?
    var pendingFloats: [LayoutBox] = []
    var lineHasContent = false
    var pendingSpace = 0.0
    /// The text box the pending collapsible space belongs to (its fragment includes the space).
    var pendingSpaceOwner: LayoutBox?
    /// Where on the line the pending space stands (inline boxes opened after it are inside it only if content follows).
    var pendingSpaceIndex = 0

    func finishLine(forced: Bool) {
      defer {
        line.removeAll()
        lineWidth = 0
        pendingSpace = 0
        pendingSpaceOwner = nil
        lineHasContent = false
        band = floats.available(from: y, height: strutHeight, left: left, right: right)
        for float in pendingFloats { layoutFloat(float, in: box, top: y, floats: floats) }
        pendingFloats.removeAll()
        if !pendingFloats.isEmpty { band = floats.available(from: y, height: strutHeight, left: left, right: right) }
      }
      guard lineHasContent || !openInlines.isEmpty && forced else {
        if forced, !line.isEmpty || lineHasContent { y += strutHeight }
        return
      }
      var above = strut.above, below = strut.below
      for item in line {
        above = max(above, item.above)
        below = max(below, item.below)
      }
      let baseline = y + above
      if firstBaseline == nil { firstBaseline = baseline - box.y }
      let free = max(0, band.right - band.left - lineWidth)
      let shift: Double =
        switch box.style.textAlign {
        case "center", "-webkit-center": free / 2
        case "right", "end", "-webkit-right": free
        default: 0
        }
      // An inline box's fragment on this line runs from its start to its end, or to the line's end when it goes on.
      // A box continued from the line before gets a fragment here only if something of it is on this line.
      var openOnLine: [(item: Placed, x: Double, continued: Bool, hasContent: Bool)] = []
      func addFragment(_ item: Placed, from start: Double, to end: Double) {
        let box = item.box
        let padding = box.kind == .inline ? box.padding : BoxStyle.Edges()
        let border = box.kind == .inline ? box.border : BoxStyle.Edges()
        let rect = LayoutRect(
          x: start, y: baseline - item.ascent - padding.top - border.top, width: max(0, end - start),
          height: item.ascent + item.descent + padding.vertical + border.vertical)
        if let last = box.fragments.last, abs(last.y - rect.y) < 0.01, abs(last.maxX - rect.x) < 0.01 {
          box.fragments[box.fragments.count - 1] = last.union(rect)
        } else {
          box.fragments.append(rect)
        }
      }
      var lineEnd = band.left + shift
      for item in line {
        let x = band.left + item.x + shift
        lineEnd = max(lineEnd, x + item.width)
        if item.role != .close || item.width > 0 {
          for index in openOnLine.indices { openOnLine[index].hasContent = true }
        }
        switch item.role {
        case .open, .reopen:
          openOnLine.append((item, x, item.role == .reopen, false))
        case .close:
          if let index = openOnLine.lastIndex(where: { $0.item.box === item.box }) {
            let opened = openOnLine.remove(at: index)
            if !opened.continued || opened.hasContent { addFragment(opened.item, from: opened.x, to: x + item.width) }
          } else {
            addFragment(item, from: x, to: x + item.width)
          }
        case .content where item.isText:
          addFragment(item, from: x, to: x + item.width)
        case .content:
          let atomic = item.box
          let targetY = baseline - item.ascent + atomic.margin.top
          atomic.translate(x + atomic.margin.left - atomic.x, targetY - atomic.y)
        }
      }
      for opened in openOnLine where !opened.continued || opened.hasContent {
        addFragment(opened.item, from: opened.x, to: lineEnd)
      }
      y = baseline + below
    }

    func place(_ placed: Placed) {
      var placed = placed
      placed.x = lineWidth
      line.append(placed)
      lineWidth += placed.width
    }

    /// A collapsible space followed by content on the same line: it takes its width there, in its own text box.
    func commitSpace() {
      defer {
        pendingSpace = 0
        pendingSpaceOwner = nil
      }
      guard pendingSpace > 0, let owner = pendingSpaceOwner else { return }
      let metrics = textMetrics(owner)
      // Before the inline boxes (and their start edges) that opened after the space.
      let at = min(pendingSpaceIndex, line.count)
      let x = at < line.count ? line[at].x : lineWidth
      for index in at..<line.count { line[index].x += pendingSpace }
      line.insert(
        Placed(box: owner, x: x, width: pendingSpace, ascent: metrics.font.ascent, descent: metrics.font.descent, isText: true, above: metrics.above, below: metrics.below),
        at: at)
      lineWidth += pendingSpace
    }

    func textMetrics(_ owner: LayoutBox) -> (font: Font, above: Double, below: Double) {
      let font = font(owner.style)
      let height = owner.style.lineHeightPixels(normal: font.normalLineHeight)
      let leading = (height - font.height) / 2
      return (font, font.ascent + leading, font.descent + leading)
    }

    /// Puts the inline boxes still open onto the new line (their fragments continue).
    func reopenInlines(except carried: [LayoutBox] = []) {
      for inline in openInlines where !carried.contains(where: { $0 === inline }) {
        let metrics = textMetrics(inline)
        place(Placed(role: .reopen, box: inline, x: 0, width: 0, ascent: metrics.font.ascent, descent: metrics.font.descent, isText: false, above: metrics.above, below: metrics.below))
      }
    }

    /// Breaks the line before content that does not fit; inline boxes opened just before it go to the new line with it.
    func wrapLine() {
      var carried: [Placed] = []
      while let last = line.last, last.role == .open {
        carried.insert(line.removeLast(), at: 0)
      }
      if let first = carried.first { lineWidth = first.x - first.box.margin.left }
      finishLine(forced: false)
      reopenInlines(except: carried.map(\.box))
      for item in carried {
        lineWidth += item.box.margin.left
        place(item)
        if item.width > 0 { lineHasContent = true }
      }
    }

    for item in items { if case .word(let text, _, _, _, _) = item { text.box.fragments = [] } }

    /// The width from a breakable word to the next break opportunity: the run that must fit on the line whole.
    func unbreakableWidth(from start: Int) -> Double {
      guard case .word(_, let first, _, _, _) = items[start] else { return 0 }
      var width = first
      for next in items[(start + 1)...] {
        switch next {
        case .word(_, let piece, _, let collapsibleSpace, let breakable):
          guard !collapsibleSpace, !breakable else { return width }
          width += piece
        case .open(let inline): width += inlineEdge(inline.box, opening: true)
        case .close(let inline): width += inlineEdge(inline.box, opening: false)
        default: return width
        }
      }
      return width
    }
    var index = 0
    while index < items.count {
      let item = items[index]
      index += 1
      switch item {
      case .word(let piece, let width, let space, let collapsibleSpace, let breakable):
        // `space` is a collapsible space's width; a word's own is 0.
        let owner = piece.box
        let metrics = textMetrics(owner)
        if collapsibleSpace {
          // A collapsible space: kept only between content on a line.
          if lineHasContent {
            if pendingSpaceOwner == nil { pendingSpaceIndex = line.count }
            pendingSpace += space
            pendingSpaceOwner = owner
          }
          continue
        }
        let available = band.right - band.left
        if lineHasContent, breakable || pendingSpace > 0, owner.style.wraps,
          lineWidth + pendingSpace + unbreakableWidth(from: index - 1) > available + 0.01
        {
          wrapLine()
        }
        commitSpace()
        place(Placed(box: owner, x: 0, width: width, ascent: metrics.font.ascent, descent: metrics.font.descent, isText: true, above: metrics.above, below: metrics.below))
        lineHasContent = true
      case .open(let item):
        let inline = item.box
        inline.padding = inline.style.resolvedPadding(box.contentWidth)
        inline.margin = inline.style.resolvedMargin(box.contentWidth)
        inline.fragments = []
        let edge = inline.margin.left + inline.border.left + inline.padding.left
        let hasEdges = edge > 0 || inline.border.vertical + inline.padding.vertical > 0
        if hasEdges { commitSpace() }
        openInlines.append(inline)
        let metrics = textMetrics(inline)
        lineWidth += inline.margin.left
        place(Placed(role: .open, box: inline, x: 0, width: inline.border.left + inline.padding.left, ascent: metrics.font.ascent, descent: metrics.font.descent, isText: false, above: metrics.above, below: metrics.below))
        if hasEdges { lineHasContent = true }
      case .close(let item):
        let inline = item.box
        openInlines.removeAll { $0 === inline }
        let metrics = textMetrics(inline)
        place(Placed(role: .close, box: inline, x: 0, width: inline.border.right + inline.padding.right, ascent: metrics.font.ascent, descent: metrics.font.descent, isText: false, above: metrics.above, below: metrics.below))
        lineWidth += inline.margin.right
      case .atomic(let item):
        let atomic = item.box
        layoutBlockLevel(atomic, containerX: box.contentX, containerY: box.contentY, containerWidth: box.contentWidth, containerHeight: nil, at: 0, floats: FloatArea(), shrinkToFit: true)
        let outer = atomic.width + atomic.margin.horizontal
        if lineHasContent, box.style.wraps, lineWidth + pendingSpace + outer > band.right - band.left + 0.01 { wrapLine() }
        commitSpace()
        let baseline = atomic.style.overflowClips && atomic.kind != .replaced ? nil : atomic.baseline
        let aboveBaseline = (baseline.map { $0 + atomic.margin.top }) ?? (atomic.height + atomic.margin.vertical)
        let belowBaseline = baseline.map { atomic.height - $0 + atomic.margin.bottom } ?? 0
        // Its margin box is placed; finishLine puts the border box after the left margin.
        place(Placed(box: atomic, x: 0, width: outer, ascent: aboveBaseline, descent: belowBaseline, isText: false, above: aboveBaseline, below: belowBaseline))
        lineHasContent = true
      case .forcedBreak(let item):
        if let breakBox = item?.box {
          let metrics = textMetrics(breakBox)
          place(Placed(box: breakBox, x: 0, width: 0, ascent: metrics.font.ascent, descent: metrics.font.descent, isText: true, above: metrics.above, below: metrics.below))
        }
        // A line ended by a break is a line, at least one strut high, even with nothing else on it.
        lineHasContent = true
        finishLine(forced: true)
        reopenInlines()
      case .positioned(let item):
        queuePositioned(item.box, staticX: lineWidth, staticY: y - top)
      case .float(let item):
        let float = item.box
        if !lineHasContent {
          layoutFloat(float, in: box, top: y, floats: floats)
          band = floats.available(from: y, height: strutHeight, left: left, right: right)
        } else {
          pendingFloats.append(float)
        }
      }
    }
    if lineHasContent { finishLine(forced: false) }
    // Inline boxes on no line with content (empty spans) get a zero-size fragment where they stand.
    for item in items {
      if case .open(let inline) = item, inline.box.fragments.isEmpty {
        inline.box.fragments = [LayoutRect(x: left, y: y, width: 0, height: 0)]
      }
    }
    box.baseline = firstBaseline
    for item in items {
      let owner: LayoutBox
      switch item {
      case .open(let inline): owner = inline.box
      case .word(let text, _, _, _, _): owner = text.box
      default: continue
      }
      if let first = owner.fragments.first {
        let union = owner.fragments.dropFirst().reduce(first) { $0.union($1) }
        owner.x = union.x
        owner.y = union.y
        owner.width = union.width
        owner.height = union.height
      }
    }
    return y - top
  }
}
