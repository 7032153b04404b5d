/// A rectangle in CSS pixels, in document coordinates (the initial containing block's origin; nothing scrolls).
public struct LayoutRect: Equatable, Sendable {
  public var x: Double, y: Double, width: Double, height: Double

  public init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  public static let zero = LayoutRect(x: 0, y: 0, width: 0, height: 0)

  public var maxX: Double { x + width }
  public var maxY: Double { y + height }
  public var isEmpty: Bool { width <= 0 || height <= 0 }

  public func contains(x px: Double, y py: Double) -> Bool { px >= x && px < maxX && py >= y && py < maxY }

  /// The smallest rectangle holding both (https://drafts.csswg.org/cssom-view/#dom-element-getboundingclientrect:
  /// the union of the non-empty rectangles, or the first one when all are empty).
  public func union(_ other: LayoutRect) -> LayoutRect {
    let left = min(x, other.x), top = min(y, other.y)
    return LayoutRect(x: left, y: top, width: max(maxX, other.maxX) - left, height: max(maxY, other.maxY) - top)
  }

  public func intersection(_ other: LayoutRect) -> LayoutRect {
    let left = max(x, other.x), top = max(y, other.y)
    return LayoutRect(x: left, y: top, width: max(0, min(maxX, other.maxX) - left), height: max(0, min(maxY, other.maxY) - top))
  }

  func offsetBy(_ dx: Double, _ dy: Double) -> LayoutRect { LayoutRect(x: x + dx, y: y + dy, width: width, height: height) }
}

/// One box of the layout tree: an element's principal box, an anonymous block, a run of text or a line break.
///
/// https://drafts.csswg.org/css-display-3/#box-generation — boxes come from ``RenderedBox``'s classification (the one
/// innerText uses); `display: contents` children take their parent's place; a block container holds either only
/// block-level boxes or only inline-level content (runs of inline content beside blocks are wrapped in anonymous
/// blocks).
final class LayoutBox {
  enum Kind {
    /// A block container (block, list item, flow-root, inline-block's inside, a table cell or caption).
    case block
    /// An inline box: its text and inline children take part in the lines of its block container.
    case inline
    case text
    case lineBreak
    /// A replaced element or form control: a box of a given size, nothing inside.
    case replaced
    case table, tableRowGroup, tableRow, tableCell
    case flex, grid
  }

  let kind: Kind
  /// The element that generated the box (nil for anonymous blocks and text).
  let element: Element?
  /// The text node of a text box.
  let text: Text?
  let style: BoxStyle
  /// The box whose `children` hold this one. Not reference-counted: a parent owns its children, and the box tree
  /// is read (layout, PageLayout's element-to-box table and paint order, all made from the finished tree) only while
  /// its root is held. The builder sets it wherever a box joins another's children. (A weak reference gave every
  /// parent box a side table, making each retain and release of it the runtime's slow path: 62 M of the 1,617 M
  /// instructions of one geometry read on nodejs-doc's fs.html.)
  unowned(unsafe) var parent: LayoutBox?
  // The properties layout writes in its inner loops skip the runtime's exclusivity check (a call into the runtime
  // for each access that the optimizer cannot prove: 4% of a layout's instructions on nodejs-doc's fs.html). A box
  // tree is made and laid out on one thread, and no access to these overlaps another (the attribute turns the
  // check off in every build, debug included).
  @exclusivity(unchecked) var children: [LayoutBox] = []
  /// Inline-level and laid out as one piece in a line (inline-block, inline-table, inline-flex, replaced).
  @exclusivity(unchecked) var isAtomicInline = false
  /// A block container whose children are inline-level (it lays out lines).
  @exclusivity(unchecked) var hasInlineChildren = false

  // Geometry, after layout: the border box in document coordinates.
  @exclusivity(unchecked) var x = 0.0, y = 0.0, width = 0.0, height = 0.0
  @exclusivity(unchecked) var margin = BoxStyle.Edges(), padding = BoxStyle.Edges()
  /// Inline boxes and text: one border-box rectangle per line the box has content on.
  @exclusivity(unchecked) var fragments: [LayoutRect] = []
  /// The distance from the border-box top to the first line's baseline (atomic inlines align by it), if any.
  @exclusivity(unchecked) var baseline: Double?
  /// Set when layout gave the box a used size (flex items, stretched cells), so a re-layout keeps it.
  @exclusivity(unchecked) var forcedWidth: Double?
  @exclusivity(unchecked) var forcedHeight: Double?
  /// The contents of a closed `<details>`: laid out (geometry reads force it, as in WebKit) but skipped for
  /// painting, so hit testing passes over them and `checkVisibility()` is false.
  @exclusivity(unchecked) var skipsContents = false
  /// A `::before` or `::after` box (no element of its own), and the text its `content` gives a text box in it.
  @exclusivity(unchecked) var isGenerated = false
  @exclusivity(unchecked) var generatedText: String?

  init(kind: Kind, element: Element?, text: Text? = nil, style: BoxStyle) {
    self.kind = kind
    self.element = element
    self.text = text
    self.style = style
  }

  var border: BoxStyle.Edges { style.border }
  var borderRect: LayoutRect { LayoutRect(x: x, y: y, width: width, height: height) }
  var contentX: Double { x + border.left + padding.left }
  var contentY: Double { y + border.top + padding.top }
  var contentWidth: Double { max(0, width - border.horizontal - padding.horizontal) }
  var contentHeight: Double { max(0, height - border.vertical - padding.vertical) }
  var paddingRect: LayoutRect {
    LayoutRect(x: x + border.left, y: y + border.top, width: max(0, width - border.horizontal), height: max(0, height - border.vertical))
  }

  var isOutOfFlow: Bool { style.isOutOfFlowPositioned || isFloat }
  var isFloat: Bool {
    style.float != .none && !style.isOutOfFlowPositioned && (element != nil || isGenerated) && kind != .inline && kind != .text
  }

  /// A text box's characters: its Text node's, or generated content's.
  var textData: String? { text?.data ?? generatedText }
  var isInlineLevel: Bool { kind == .inline || kind == .text || kind == .lineBreak || isAtomicInline }

  /// Moves the box and everything laid out inside it.
  func translate(_ dx: Double, _ dy: Double) {
    guard dx != 0 || dy != 0 else { return }
    x += dx
    y += dy
    for index in fragments.indices { fragments[index] = fragments[index].offsetBy(dx, dy) }
    for child in children { child.translate(dx, dy) }
  }

  /// Visits the box and its descendants, parents first.
  func forEach(_ body: (LayoutBox) -> Void) {
    body(self)
    for child in children { child.forEach(body) }
  }
}

/// Makes the box tree of a document from its computed styles.
struct BoxTreeBuilder {
  /// The box of the root element (nil when it has none).
  static func build(_ document: Document) -> LayoutBox? {
    guard let root = document.documentElement, let style = root.computedStyle else { return nil }
    var builder = BoxTreeBuilder()
    let boxes = builder.boxes(for: root, style: style)
    return boxes.first { $0.kind != .text }
  }

  /// Each computed style as layout reads it, made once per style: an element's serves its text, and siblings
  /// sharing a computed style share it (``ComputedStyle/identity``).
  private var boxStyles: [ObjectIdentifier: BoxStyle] = [:]

  private mutating func boxStyle(_ computed: ComputedStyle) -> BoxStyle {
    if let known = boxStyles[ObjectIdentifier(computed.identity)] { return known }
    let style = BoxStyle(computed)
    boxStyles[ObjectIdentifier(computed.identity)] = style
    return style
  }

  private static let replacedElements: Set<String> = [
    "img", "input", "textarea", "select", "video", "audio", "canvas", "iframe", "embed", "object", "frame", "meter",
    "progress", "fencedframe", "image",
  ]

  /// The boxes an element generates in its parent's place: none, its principal box, or (for `display: contents`)
  /// its children's.
  private mutating func boxes(for element: Element, style computed: ComputedStyle) -> [LayoutBox] {
    let rendered = RenderedBox(element, style: computed)
    switch rendered.kind {
    case .none:
      return []
    case .contents:
      return childBoxes(of: element, rendered: rendered)
    case .lineBreak:
      return [LayoutBox(kind: .lineBreak, element: element, style: boxStyle(computed))]
    default:
      break
    }
    let style = boxStyle(computed)
    let isReplaced =
      (element.isHTML && Self.replacedElements.contains(element.localName) && !(element.localName == "object" && element.hasChildNodes()))
      || (element.namespaceURI == LibXML.Namespace.svg.rawValue && element.localName == "svg")
    let kind: LayoutBox.Kind
    if isReplaced {
      kind = .replaced
    } else if rendered.kind == .inline {
      kind = .inline
    } else {
      switch style.display {
      case "table", "inline-table": kind = .table
      case "table-row-group", "table-header-group", "table-footer-group": kind = .tableRowGroup
      case "table-row": kind = .tableRow
      case "table-cell": kind = .tableCell
      case "flex", "inline-flex", "-webkit-box", "-webkit-inline-box": kind = .flex
      case "grid", "inline-grid": kind = .grid
      default: kind = .block
      }
    }
    let box = LayoutBox(kind: kind, element: element, style: style)
    box.isAtomicInline = rendered.kind == .atomicInline || (isReplaced && rendered.kind == .inline)
    if kind != .replaced, rendered.rendersChildren {
      box.children = childBoxes(of: element, rendered: rendered)
      if element.isHTML {
        if let before = pseudoElementBox(element, "before") { box.children.insert(before, at: 0) }
        if let after = pseudoElementBox(element, "after") { box.children.append(after) }
      }
      for child in box.children { child.parent = box }
    }
    if kind == .inline, box.children.contains(where: { !$0.isInlineLevel && !$0.isOutOfFlow }) {
      // A block inside an inline: the inline is split around it (https://drafts.csswg.org/css-display-3/#block-in-inline);
      // here the inline becomes a block container, which places the block and the inline content as the split would.
      let block = LayoutBox(kind: .block, element: element, style: style)
      block.children = box.children
      for child in block.children { child.parent = block }
      normalize(block)
      return [block]
    }
    normalize(box)
    return [box]
  }

  /// The box of an element's `::before` or `::after` (https://drafts.csswg.org/css-pseudo-4/#generated-content): its
  /// `content`'s strings, `attr()` values and quotes as text, in a box of its `display` (the clearfix idiom's
  /// `content: ""; display: table; clear: both` is an empty table that clears the floats before it).
  private func pseudoElementBox(_ element: Element, _ name: String) -> LayoutBox? {
    guard let computed = element.document.styleEngine.style(of: element, pseudoElement: name) else { return nil }
    let style = BoxStyle(computed)
    let kind: LayoutBox.Kind
    switch style.display {
    case "none", "contents": return nil
    case "inline": kind = .inline
    case "table", "inline-table": kind = .table
    case "flex", "inline-flex": kind = .flex
    case "grid", "inline-grid": kind = .grid
    default: kind = .block
    }
    let box = LayoutBox(kind: kind, element: nil, style: style)
    box.isGenerated = true
    box.isAtomicInline = style.display.hasPrefix("inline-")
    let text = Self.generatedText(computed[.content], of: element)
    if !text.isEmpty {
      let textBox = LayoutBox(kind: .text, element: nil, style: style)
      textBox.generatedText = text
      textBox.parent = box
      box.children = [textBox]
    }
    normalize(box)
    return box
  }

  /// The text of a `content` value: its strings (CSS escapes read), `attr(name)` values and quotes; counters and
  /// images give nothing.
  static func generatedText(_ content: String, of element: Element) -> String {
    var text = ""
    let characters = Array(content)
    var index = 0
    while index < characters.count {
      let character = characters[index]
      if character == "\"" || character == "'" {
        index += 1
        while index < characters.count, characters[index] != character {
          if characters[index] == "\\", index + 1 < characters.count {
            // A hex escape (`\201C`) or an escaped character.
            var hex = ""
            var next = index + 1
            while next < characters.count, hex.count < 6, characters[next].isHexDigit {
              hex.append(characters[next])
              next += 1
            }
            if !hex.isEmpty, let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) {
              text.unicodeScalars.append(scalar)
              index = next < characters.count && characters[next] == " " ? next + 1 : next
              continue
            }
            text.append(characters[index + 1])
            index += 2
            continue
          }
          text.append(characters[index])
          index += 1
        }
        index += 1
        continue
      }
      let rest = String(characters[index...]).lowercased()
      if rest.hasPrefix("attr("), let close = characters[index...].firstIndex(of: ")") {
        let name = String(characters[(index + 5)..<close]).trimmingCharacters(in: .whitespaces)
        text += element.getAttribute(name) ?? ""
        index = close + 1
      } else if rest.hasPrefix("open-quote") {
        text += "\u{201C}"
        index += 10
      } else if rest.hasPrefix("close-quote") {
        text += "\u{201D}"
        index += 11
      } else if let close = rest.hasPrefix("counter") || rest.hasPrefix("url(") ? characters[index...].firstIndex(of: ")") : nil {
        index = close + 1
      } else {
        index += 1
      }
    }
    return text
  }

  private mutating func childBoxes(of element: Element, rendered: RenderedBox) -> [LayoutBox] {
    let shown = element.renderedChildren
    var boxes = childBoxes(shown, rendered: rendered)
    if shown.count != element.childNodes.count, element.isHTML(named: "details") {
      // A closed details element's other children sit in its content slot, which has `content-visibility: hidden`
      // (https://html.spec.whatwg.org/multipage/rendering.html#the-details-and-summary-elements): size containment
      // makes the slot a block of zero height after the summary; WebKit lays its contents out when geometry is read.
      let summaries = Set(shown.map(ObjectIdentifier.init))
      let slot = LayoutBox(kind: .block, element: nil, style: anonymousStyle(boxStyle(rendered.style)))
      slot.forcedHeight = 0
      slot.skipsContents = true
      slot.children = childBoxes(element.childNodes.filter { !summaries.contains(ObjectIdentifier($0)) }, rendered: rendered)
      for child in slot.children { child.parent = slot }
      normalize(slot)
      boxes.append(slot)
    }
    return boxes
  }

  private mutating func childBoxes(_ nodes: [Node], rendered: RenderedBox) -> [LayoutBox] {
    var boxes: [LayoutBox] = []
    for node in nodes {
      if let text = node as? Text {
        guard rendered.rendersText, !text.data.isEmpty else { continue }
        boxes.append(LayoutBox(kind: .text, element: nil, text: text, style: boxStyle(rendered.style)))
      } else if let child = node as? Element, let style = child.computedStyle {
        boxes += self.boxes(for: child, style: style)
      }
    }
    return boxes
  }

  /// A block container with both block-level and inline-level children gets anonymous blocks around each run of
  /// inline content (runs of collapsible white space alone make nothing); tables drop what is not a table part.
  private func normalize(_ box: LayoutBox) {
    switch box.kind {
    case .block, .tableCell, .flex, .grid:
      break
    case .table, .tableRowGroup, .tableRow:
      normalizeTablePart(box)
      return
    default:
      return
    }
    let inFlow = box.children.filter { !$0.isOutOfFlow }
    let hasBlock = inFlow.contains { !$0.isInlineLevel }
    let isFlexOrGrid = box.kind == .flex || box.kind == .grid
    if !hasBlock && !isFlexOrGrid {
      box.hasInlineChildren = inFlow.contains { !Self.isCollapsibleWhiteSpace($0) }
      if !box.hasInlineChildren { box.children.removeAll { $0.kind == .text } }
      return
    }
    var result: [LayoutBox] = []
    var run: [LayoutBox] = []
    func flush() {
      defer { run.removeAll() }
      guard run.contains(where: { !Self.isCollapsibleWhiteSpace($0) && !$0.isOutOfFlow }) else {
        result += run.filter { $0.kind != .text }
        return
      }
      if isFlexOrGrid, run.count == 1, run[0].isAtomicInline || run[0].kind == .replaced {
        result.append(run[0])
        return
      }
      let anonymous = LayoutBox(kind: .block, element: nil, style: anonymousStyle(box.style))
      anonymous.children = run
      for child in run { child.parent = anonymous }
      anonymous.hasInlineChildren = true
      anonymous.parent = box
      result.append(anonymous)
    }
    for child in box.children {
      // A flex or grid item is blockified: each in-flow child element is an item of its own.
      if child.isInlineLevel && !(isFlexOrGrid && child.element != nil && child.kind != .inline) {
        run.append(child)
      } else {
        if isFlexOrGrid && child.isInlineLevel {
          flush()
          result.append(child)
          continue
        }
        if child.isOutOfFlow, !run.isEmpty {
          run.append(child)
          continue
        }
        flush()
        result.append(child)
      }
    }
    flush()
    box.children = result
  }

  /// https://drafts.csswg.org/css-tables-3/#fixup-algorithm — white space between table parts makes no box, and
  /// other content a table part cannot hold is wrapped: runs of non-cells in a row go into an anonymous cell,
  /// non-rows in a row group or table into an anonymous row (cells) or a row and a cell (anything else).
  private func normalizeTablePart(_ box: LayoutBox) {
    let wanted: LayoutBox.Kind = box.kind == .tableRow ? .tableCell : .tableRow
    var result: [LayoutBox] = []
    var run: [LayoutBox] = []
    func flush() {
      defer { run.removeAll() }
      guard run.contains(where: { !Self.isCollapsibleWhiteSpace($0) }) else { return }
      result.append(wrap(run, in: box, as: wanted))
    }
    for child in box.children {
      // A float is wrapped like any other non-cell; only an absolutely positioned child stays where it is.
      let fits = child.kind == wanted || (box.kind == .table && child.kind == .tableRowGroup) || child.style.isOutOfFlowPositioned
        || child.style.display == "table-caption" || child.style.display == "table-column"
        || child.style.display == "table-column-group"
      if fits {
        flush()
        result.append(child)
      } else {
        run.append(child)
      }
    }
    flush()
    box.children = result
  }

  /// An anonymous table part around boxes: a cell (its contents normalized as a block's), or a row holding the
  /// boxes' cells and an anonymous cell for the rest.
  private func wrap(_ boxes: [LayoutBox], in parent: LayoutBox, as kind: LayoutBox.Kind) -> LayoutBox {
    let style = anonymousStyle(parent.style)
    style.display = kind == .tableCell ? "table-cell" : "table-row"
    let wrapper = LayoutBox(kind: kind, element: nil, style: style)
    wrapper.parent = parent
    wrapper.children = boxes
    for child in boxes { child.parent = wrapper }
    if kind == .tableCell {
      normalize(wrapper)
    } else {
      normalizeTablePart(wrapper)
    }
    return wrapper
  }

  /// The style of an anonymous block: its parent's inherited properties, everything else initial.
  private func anonymousStyle(_ parent: BoxStyle) -> BoxStyle {
    let style = BoxStyle(copying: parent)
    style.display = "block"
    style.position = .static
    style.float = .none
    style.width = .auto
    style.height = .auto
    style.minWidth = .auto
    style.minHeight = .auto
    style.maxWidth = .keyword("none")
    style.maxHeight = .keyword("none")
    style.margin = (.px(0), .px(0), .px(0), .px(0))
    style.padding = (.px(0), .px(0), .px(0), .px(0))
    style.border = BoxStyle.Edges()
    style.offsets = (.auto, .auto, .auto, .auto)
    style.overflowClips = false
    style.flexGrow = 0
    style.flexShrink = 1
    style.flexBasis = .auto
    return style
  }

  /// A text box with only white space that collapses away (between blocks).
  static func isCollapsibleWhiteSpace(_ box: LayoutBox) -> Bool {
    guard box.kind == .text, let text = box.text, box.style.collapsesSpaces, !box.style.preservesNewlines else { return false }
    return text.data.utf8.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0x0C }
  }
}
