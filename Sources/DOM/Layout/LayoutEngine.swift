/// Lays out a box tree: block formatting (CSS 2.1 §9–10: widths, auto margins, margin collapsing, floats beside
/// lines, clearance), inline formatting (InlineLayout.swift), tables, flex and grid containers, replaced elements,
/// and relative, absolute and fixed positioning against the initial containing block (the viewport).
///
/// https://www.w3.org/TR/CSS22/visudet.html — used values follow the spec; where a choice is the browser's, it is
/// WebKit's (WebKitGTK 2.50, the reference host).
final class LayoutEngine {
  let viewport: MediaEnvironment
  /// Absolutely positioned boxes waiting for their containing block: the box, and its static position relative to
  /// its parent's content box.
  @exclusivity(unchecked) private var positioned: [(box: LayoutBox, staticX: Double, staticY: Double)] = []
  /// Intrinsic widths by box, for this layout (LayoutEngine+Intrinsic.swift).
  @exclusivity(unchecked) var intrinsicCache: [ObjectIdentifier: (min: Double, max: Double)] = [:]
  @exclusivity(unchecked) private var fonts: [FontKey: Font] = [:]
  /// The natural size of a replaced element whose bytes are known (an image's header), set by the embedder.
  var naturalSize: ((Element) -> (width: Double, height: Double)?)?

  init(viewport: MediaEnvironment) {
    self.viewport = viewport
  }

  struct FontKey: Hashable {
    var family: String, weight: String, style: String, size: Double
  }

  /// The primary font of a box's text.
  func font(_ style: BoxStyle) -> Font {
    if let font = style.font { return font }
    let computed = style.style
    let key = FontKey(family: computed[.fontFamily], weight: computed[.fontWeight], style: computed[.fontStyle], size: style.fontSize)
    let font = fonts[key] ?? FontCatalog.shared.font(for: FontDescription(style: computed))
    fonts[key] = font
    // Kept on the style, which every text box of it shares: the key's four strings were hashed for each text box.
    style.font = font
    return font
  }

  /// Lays out the tree whose root is the root element's box, in the viewport.
  func layout(root: LayoutBox) {
    let width = viewport.width, height = viewport.height
    let floats = FloatArea()
    layoutBlockLevel(root, containerX: 0, containerY: 0, containerWidth: width, containerHeight: height, at: 0, floats: floats)
    placePositioned()
  }

  // MARK: Block-level boxes

  /// The used width of a block-level box's border box and its horizontal margins (CSS 2.1 §10.3.3, §10.3.5 for
  /// shrink-to-fit boxes), padding resolved.
  func resolveWidth(_ box: LayoutBox, containerWidth: Double, shrinkToFit: Bool) {
    let style = box.style
    box.padding = style.resolvedPadding(containerWidth)
    let frame = box.border.horizontal + box.padding.horizontal
    var margin = style.resolvedMargin(containerWidth)
    var content: Double
    if let forced = box.forcedWidth {
      content = max(0, forced - frame)
    } else if box.kind == .replaced {
      content = replacedSize(box, containerWidth: containerWidth).width
    } else if let specified = style.width.resolve(containerWidth) {
      content = style.borderBox ? max(0, specified - frame) : specified
    } else if shrinkToFit || box.kind == .table {
      let available = containerWidth - margin.horizontal - frame
      let sizes = intrinsicWidths(box)
      content = min(max(sizes.min - frame, available), sizes.max - frame)
      if box.kind == .table { content = max(content, sizes.min - frame) }
    } else {
      content = containerWidth - margin.horizontal - frame
    }
    content = clampWidth(content, style, containerWidth: containerWidth, frame: frame)
    // Auto margins take the free space of an in-flow box (centering when both are auto); an over-constrained right
    // margin gives way, which moves nothing in a left-to-right block.
    let sized = !style.width.isAuto || box.kind == .replaced || box.kind == .table || box.forcedWidth != nil
    if !shrinkToFit, sized {
      let free = containerWidth - content - frame - margin.horizontal
      let leftAuto = style.margin.left.isAuto, rightAuto = style.margin.right.isAuto
      if leftAuto && rightAuto {
        margin.left = max(0, free / 2)
        margin.right = max(0, free / 2)
      } else if leftAuto {
        margin.left = max(0, free)
      } else {
        margin.right += free
      }
    }
    box.margin = margin
    box.width = content + frame
  }

  func clampWidth(_ content: Double, _ style: BoxStyle, containerWidth: Double, frame: Double) -> Double {
    var value = content
    let adjust = style.borderBox ? frame : 0
    if let maximum = style.maxWidth.resolve(containerWidth) { value = min(value, maximum - adjust) }
    if let minimum = style.minWidth.resolve(containerWidth) { value = max(value, minimum - adjust) }
    return max(0, value)
  }

  func clampHeight(_ content: Double, _ style: BoxStyle, containerHeight: Double?, frame: Double) -> Double {
    var value = content
    let adjust = style.borderBox ? frame : 0
    if let maximum = style.maxHeight.resolve(containerHeight) { value = min(value, maximum - adjust) }
    if let minimum = style.minHeight.resolve(containerHeight ?? 0) { value = max(value, minimum - adjust) }
    return max(0, value)
  }

  /// Lays out a block-level box whose containing block's content box starts at (`containerX`, `containerY`), with its
  /// border box's top at `y`; its width and margins are resolved here. Returns nothing: the box has its geometry.
  func layoutBlockLevel(
    _ box: LayoutBox, containerX: Double, containerY: Double, containerWidth: Double, containerHeight: Double?,
    at y: Double, floats: FloatArea, shrinkToFit: Bool = false
  ) {
    resolveWidth(box, containerWidth: containerWidth, shrinkToFit: shrinkToFit || box.isFloat || box.style.isOutOfFlowPositioned)
    box.x = containerX + box.margin.left
    box.y = y
    layoutContents(box, containerHeight: containerHeight, floats: floats)
    applyRelativeOffset(box, containerWidth: containerWidth, containerHeight: containerHeight)
  }

  /// Lays out what is inside a box whose width and position are set, and sets its height.
  func layoutContents(_ box: LayoutBox, containerHeight: Double?, floats: FloatArea) {
    let style = box.style
    let frameV = box.border.vertical + box.padding.vertical
    let specifiedHeight: Double? = box.forcedHeight.map { max(0, $0 - frameV) } ?? style.height.resolve(containerHeight).map {
      style.borderBox ? max(0, $0 - frameV) : $0
    }
    var contentHeight: Double
    switch box.kind {
    case .replaced:
      contentHeight = replacedSize(box, containerWidth: nil, usedWidth: box.contentWidth).height
      box.baseline = controlBaseline(box, contentHeight: contentHeight)
    case .table:
      contentHeight = layoutTable(box, specifiedHeight: specifiedHeight)
    case .flex:
      contentHeight = layoutFlex(box, specifiedHeight: specifiedHeight)
    case .grid:
      contentHeight = layoutGrid(box, specifiedHeight: specifiedHeight)
    default:
      let ownFloats = establishesFormattingContext(box) ? FloatArea() : floats
      contentHeight = layoutBlockContainer(box, definiteHeight: specifiedHeight, floats: ownFloats)
      if establishesFormattingContext(box) {
        // A formatting context's height holds its floats (https://www.w3.org/TR/CSS22/visudet.html#root-height).
        contentHeight = max(contentHeight, ownFloats.bottom - box.contentY)
      }
      if contentHeight == 0, hasMarkerLine(box) {
        // The marker of a list item with no lines of its own makes one (WebKit's empty <li> is a line high).
        contentHeight = style.lineHeightPixels(normal: font(style).normalLineHeight)
      }
      if box.baseline == nil, box.element?.isHTML(named: "button") == true {
        // An empty button (WebKit lays buttons out as flex boxes) has its baseline at its content top.
        box.baseline = box.border.top + box.padding.top
      }
    }
    if let specifiedHeight, box.kind != .replaced { contentHeight = specifiedHeight }
    contentHeight = clampHeight(contentHeight, style, containerHeight: containerHeight, frame: frameV)
    box.height = contentHeight + frameV
  }

  /// Boxes whose insides are a new block formatting context: floats do not enter and margins do not collapse
  /// through (https://www.w3.org/TR/CSS22/visuren.html#block-formatting).
  func establishesFormattingContext(_ box: LayoutBox) -> Bool {
    box.parent == nil || box.isFloat || box.style.isOutOfFlowPositioned || box.isAtomicInline || box.kind == .tableCell
      || box.style.overflowClips || box.style.display == "flow-root" || box.parent?.kind == .flex
      || box.parent?.kind == .grid || box.kind != .block
  }

  // MARK: Block containers

  /// Lays out a block container's children (lines or blocks) below its content top; returns the content height.
  func layoutBlockContainer(_ box: LayoutBox, definiteHeight: Double?, floats: FloatArea) -> Double {
    if box.hasInlineChildren {
      return layoutLines(box, floats: floats)
    }
    let contentX = box.contentX, contentTop = box.contentY, width = box.contentWidth
    let collapsesTop = !establishesFormattingContext(box) && box.border.top == 0 && box.padding.top == 0
    var cursor = contentTop
    var strut = MarginStrut()
    var isFirst = true
    var lastBaseline: Double?
    let legend = renderedLegend(box)
    if let legend {
      // https://html.spec.whatwg.org/multipage/rendering.html#the-fieldset-and-legend-elements: the legend is
      // shrink-to-fit at the content's left, over the top border (centred on it); what follows starts below the
      // taller of the two.
      layoutBlockLevel(legend, containerX: contentX, containerY: contentTop, containerWidth: width, containerHeight: nil, at: box.y, floats: FloatArea(), shrinkToFit: true)
      let outer = legend.height + legend.margin.vertical
      legend.translate(0, box.y + max(0, (box.border.top - outer) / 2) + legend.margin.top - legend.y)
      cursor += max(0, outer - box.border.top)
    }
    for child in box.children where child !== legend {
      if child.style.isOutOfFlowPositioned {
        positioned.append((child, 0, cursor + strut.value - contentTop))
        continue
      }
      if child.isFloat {
        layoutFloat(child, in: box, top: cursor + strut.value, floats: floats)
        continue
      }
      var childStrut = strut
      let childTop = collapsedTopMargin(child, containerWidth: width)
      if !(isFirst && collapsesTop) { childStrut.add(childTop) }
      var top = cursor + childStrut.value
      if child.style.clear != "none" {
        let clearance = floats.clearance(child.style.clear)
        if clearance > top { top = clearance }
      }
      if isEmptyBlock(child) && child.style.clear == "none" {
        // Its margins collapse through it (https://www.w3.org/TR/CSS22/box.html#collapsing-margins).
        layoutBlockLevel(child, containerX: contentX, containerY: contentTop, containerWidth: width, containerHeight: definiteHeight, at: top, floats: floats)
        // Before any content, its margins joined the box's own top margin (collapsedTopMargin), with the next child's.
        if !(isFirst && collapsesTop) {
          strut = childStrut
          strut.add(child.style.resolvedMargin(width).bottom)
          isFirst = false
        }
        continue
      }
      layoutBlockLevel(
        child, containerX: contentX, containerY: contentTop, containerWidth: width, containerHeight: definiteHeight,
        at: top, floats: floats)
      // The child's border box starts where its own margin ends; its first child's collapsed margin is inside `top`.
      cursor = child.y + child.height
      strut = MarginStrut()
      strut.add(collapsedBottomMargin(child, containerWidth: width))
      if let baseline = child.baseline { lastBaseline = child.y - box.y + baseline }
      isFirst = false
    }
    box.baseline = lastBaseline
    let collapsesBottom =
      !establishesFormattingContext(box) && box.border.bottom == 0 && box.padding.bottom == 0 && box.style.height.isAuto
      && definiteHeight == nil
    return cursor - contentTop + (collapsesBottom ? 0 : strut.value)
  }

  /// A fieldset's first child when it is a legend in the flow (the one drawn over the border).
  func renderedLegend(_ box: LayoutBox) -> LayoutBox? {
    guard box.element?.isHTML(named: "fieldset") == true,
      let first = box.children.first(where: { !$0.style.isOutOfFlowPositioned }),
      first.element?.isHTML(named: "legend") == true, !first.isFloat
    else { return nil }
    return first
  }

  /// The margin of a child's top that collapses with the margins of its first children (as far as they collapse).
  func collapsedTopMargin(_ box: LayoutBox, containerWidth: Double) -> MarginStrut {
    var strut = MarginStrut()
    strut.add(box.style.margin.top.resolve(containerWidth) ?? 0)
    var current = box
    walk: while !establishesFormattingContext(current), current.border.top == 0,
      current.style.resolvedPadding(containerWidth).top == 0, !current.hasInlineChildren
    {
      // Empty blocks before the first child with content let their margins collapse through them as well.
      for child in current.children where !child.isOutOfFlow {
        guard child.style.clear == "none" else { break walk }
        strut.add(child.style.margin.top.resolve(containerWidth) ?? 0)
        if isEmptyBlock(child) {
          strut.add(child.style.margin.bottom.resolve(containerWidth) ?? 0)
          continue
        }
        current = child
        continue walk
      }
      break
    }
    return strut
  }

  /// The bottom margin of a box collapsed with its last child's (when nothing separates them).
  func collapsedBottomMargin(_ box: LayoutBox, containerWidth: Double) -> MarginStrut {
    var strut = MarginStrut()
    strut.add(box.margin.bottom)
    var current = box
    while !establishesFormattingContext(current), current.border.bottom == 0, current.padding.bottom == 0,
      current.style.height.isAuto, !current.hasInlineChildren, let last = current.children.last(where: { !$0.isOutOfFlow })
    {
      strut.add(last.margin.bottom)
      current = last
    }
    return strut
  }

  /// A block with nothing in it that keeps its margins apart: no height, border, padding or content.
  func isEmptyBlock(_ box: LayoutBox) -> Bool {
    guard box.kind == .block, !establishesFormattingContext(box), box.style.height.resolve(0) ?? 0 == 0,
      box.style.minHeight.resolve(0) ?? 0 == 0, box.border.vertical == 0,
      box.style.padding.top.resolve(0) ?? 0 == 0, box.style.padding.bottom.resolve(0) ?? 0 == 0
    else { return false }
    if hasMarkerLine(box) { return false }
    if box.hasInlineChildren { return box.children.allSatisfy(makesNoLine) }
    return box.children.allSatisfy { $0.isOutOfFlow || isEmptyBlock($0) }
  }

  /// A list item with a marker and no block-level children: the marker (outside, in the first line) makes a line
  /// even when nothing else does.
  func hasMarkerLine(_ box: LayoutBox) -> Bool {
    box.element != nil && box.style.display == "list-item" && box.style.style[.listStyleType] != "none"
      && !box.children.contains { !$0.isOutOfFlow && !$0.isInlineLevel }
  }

  /// Inline content that makes no line box (https://www.w3.org/TR/CSS22/visuren.html#inline-formatting: lines
  /// with no text, no preserved white space, no atomic inline and no inline box with margins, borders or padding
  /// are treated as not there): empty inline boxes, white space that collapses away, out-of-flow boxes.
  private func makesNoLine(_ box: LayoutBox) -> Bool {
    switch box.kind {
    case .text: return BoxTreeBuilder.isCollapsibleWhiteSpace(box)
    case .inline:
      let padding = box.style.resolvedPadding(0), margin = box.style.resolvedMargin(0)
      guard box.border.horizontal == 0, padding.horizontal == 0, margin.horizontal == 0 else { return false }
      return box.children.allSatisfy(makesNoLine)
    default: return box.isOutOfFlow
    }
  }

  // MARK: Floats

  /// Places a float at the top of the current line or block position, beside earlier floats when it fits.
  func layoutFloat(_ box: LayoutBox, in container: LayoutBox, top: Double, floats: FloatArea) {
    let containerWidth = container.contentWidth
    resolveWidth(box, containerWidth: containerWidth, shrinkToFit: true)
    box.y = top + box.margin.top
    box.x = 0
    layoutContents(box, containerHeight: nil, floats: floats)
    let outerWidth = box.width + box.margin.horizontal, outerHeight = box.height + box.margin.vertical
    var y = max(top, box.style.clear != "none" ? floats.clearance(box.style.clear) : top)
    var x = 0.0
    while true {
      let band = floats.available(from: y, height: max(outerHeight, 1), left: container.contentX, right: container.contentX + containerWidth)
      if band.right - band.left >= outerWidth || floats.isEmpty(at: y, height: max(outerHeight, 1)) {
        x = box.style.float == .left ? band.left : band.right - outerWidth
        break
      }
      guard let next = floats.nextBottom(after: y) else {
        x = box.style.float == .left ? band.left : band.right - outerWidth
        break
      }
      y = next
    }
    box.translate(x + box.margin.left - box.x, y + box.margin.top - box.y)
    floats.add(LayoutRect(x: x, y: y, width: outerWidth, height: outerHeight), left: box.style.float == .left)
  }

  // MARK: Positioning

  /// https://www.w3.org/TR/CSS22/visuren.html#relative-positioning
  func applyRelativeOffset(_ box: LayoutBox, containerWidth: Double, containerHeight: Double?) {
    guard box.style.position == .relative else { return }
    let offsets = box.style.offsets
    var dx = 0.0, dy = 0.0
    if let left = offsets.left.resolve(containerWidth) { dx = left } else if let right = offsets.right.resolve(containerWidth) { dx = -right }
    if let top = offsets.top.resolve(containerHeight) { dy = top } else if let bottom = offsets.bottom.resolve(containerHeight) { dy = -bottom }
    box.translate(dx, dy)
  }

  /// Queues an absolutely positioned box met in inline content, at its static position.
  func queuePositioned(_ box: LayoutBox, staticX: Double, staticY: Double) {
    positioned.append((box, staticX, staticY))
  }

  /// Lays out the absolutely positioned boxes, each against its containing block: the padding box of the nearest
  /// positioned ancestor, else the initial containing block (fixed boxes: the viewport)
  /// (https://www.w3.org/TR/CSS22/visudet.html#abs-non-replaced-width).
  private func placePositioned() {
    var index = 0
    while index < positioned.count {
      let (box, staticX, staticY) = positioned[index]
      index += 1
      guard let parent = box.parent else { continue }
      var container: LayoutRect = LayoutRect(x: 0, y: 0, width: viewport.width, height: viewport.height)
      if box.style.position == .absolute {
        var ancestor: LayoutBox? = parent
        while let current = ancestor, !current.style.isPositioned || current.element == nil { ancestor = current.parent }
        if let ancestor { container = ancestor.paddingRect }
      }
      let offsets = box.style.offsets
      let left = offsets.left.resolve(container.width), right = offsets.right.resolve(container.width)
      let top = offsets.top.resolve(container.height), bottom = offsets.bottom.resolve(container.height)
      let stretches = box.style.width.isAuto && left != nil && right != nil && box.kind != .replaced
      if stretches {
        box.forcedWidth = nil
        resolveWidth(box, containerWidth: container.width, shrinkToFit: false)
        box.width = max(0, container.width - left! - right! - box.margin.horizontal)
      } else {
        resolveWidth(box, containerWidth: container.width, shrinkToFit: true)
      }
      let staticLeft = parent.contentX + staticX, staticTop = parent.contentY + staticY
      let x: Double
      if let left {
        x = container.x + left + box.margin.left
      } else if let right {
        x = container.maxX - right - box.margin.right - box.width
      } else {
        x = staticLeft + box.margin.left
      }
      box.x = x
      box.y = 0
      layoutContents(box, containerHeight: container.height, floats: FloatArea())
      if box.style.height.isAuto, let top, let bottom, box.kind != .replaced {
        box.height = max(box.height, container.height - top - bottom - box.margin.vertical)
      }
      let y: Double
      if let top {
        y = container.y + top + box.margin.top
      } else if let bottom {
        y = container.maxY - bottom - box.margin.bottom - box.height
      } else {
        y = staticTop + box.margin.top
      }
      box.translate(0, y - box.y)
    }
  }
}

/// Margins meeting in a block formatting context: the largest positive and the most negative
/// (https://www.w3.org/TR/CSS22/box.html#collapsing-margins).
struct MarginStrut {
  private var positive = 0.0, negative = 0.0
  mutating func add(_ margin: Double) {
    if margin > 0 { positive = max(positive, margin) } else { negative = min(negative, margin) }
  }
  mutating func add(_ other: MarginStrut) {
    positive = max(positive, other.positive)
    negative = min(negative, other.negative)
  }
  var value: Double { positive + negative }
}

/// The floats of one block formatting context, as margin-box rectangles.
final class FloatArea {
  private var lefts: [LayoutRect] = []
  private var rights: [LayoutRect] = []

  func add(_ rect: LayoutRect, left: Bool) {
    if left { lefts.append(rect) } else { rights.append(rect) }
  }

  var bottom: Double { (lefts + rights).map(\.maxY).max() ?? -.infinity }

  func isEmpty(at y: Double, height: Double) -> Bool {
    !(lefts + rights).contains { $0.y < y + height && $0.maxY > y }
  }

  /// The horizontal room between the floats beside the band from `y` of `height`.
  func available(from y: Double, height: Double, left: Double, right: Double) -> (left: Double, right: Double) {
    var low = left, high = right
    for rect in lefts where rect.y < y + height && rect.maxY > y { low = max(low, rect.maxX) }
    for rect in rights where rect.y < y + height && rect.maxY > y { high = min(high, rect.x) }
    return (low, max(low, high))
  }

  /// The lowest float bottom below `y` (where the band next widens).
  func nextBottom(after y: Double) -> Double? {
    (lefts + rights).map(\.maxY).filter { $0 > y }.min()
  }

  /// The y below the floats that `clear` (left, right, both) clears.
  func clearance(_ clear: String) -> Double {
    var bottom = -Double.infinity
    if clear != "right" && clear != "inline-end" { bottom = max(bottom, lefts.map(\.maxY).max() ?? -.infinity) }
    if clear != "left" && clear != "inline-start" { bottom = max(bottom, rights.map(\.maxY).max() ?? -.infinity) }
    return bottom
  }
}
