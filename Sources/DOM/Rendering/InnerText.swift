/// The `innerText` getter: https://html.spec.whatwg.org/multipage/dom.html#the-innertext-idl-attribute, following
/// Chromium's implementation of the rendered text collection steps where the specification leaves room (its
/// `ElementInnerTextCollector`): `<select>` and `<option>` give their options' text, a table cell is followed by a
/// tab unless it is the last box of its row, a row by a line feed unless it is the table's last row.
struct InnerTextCollector {
  private var whiteSpace = WhiteSpaceProcessor()
  private var output = RenderedTextBuilder()

  /// https://html.spec.whatwg.org/multipage/dom.html#get-the-text-steps
  mutating func run(on element: Element) -> String {
    // A content-visibility: hidden subtree (or the hidden part of a closed <details>) shows nothing.
    if Self.isHiddenByContentVisibility(element) { return "" }
    // Step 1. An element that is not being rendered (and not display: contents) gives its text content.
    guard let box = element.renderedBox, box.kind != .none, Self.ancestorsRenderChildren(of: element)
    else { return element.descendantText() ?? "" }
    if let root = Self.formattingContextRoot(of: element) { whiteSpace.process(root) }
    // Steps 2-6.
    if element.isHTML(named: "select") {
      processSelect(element)
    } else if element.isHTML(named: "option") {
      processOption(element)
    } else {
      processChildren(of: element, box: box)
    }
    return output.text
  }

  // MARK: The rendered text collection steps

  /// One step of the walk: a node to process, or what an element adds once its children are done.
  private enum Step {
    case node(Node, parentBox: RenderedBox)
    case tab, newline
    case lineBreaks(Int)
  }

  /// Processes the rendered children of `element` in tree order, with a stack of steps instead of recursion (a tree
  /// 100,000 levels deep is fine).
  private mutating func processChildren(of element: Element, box: RenderedBox) {
    var steps: [Step] = []
    Self.push(childrenOf: element, box: box, on: &steps)
    while let step = steps.popLast() {
      switch step {
      case .node(let node, let parentBox): processNode(node, parentBox: parentBox, &steps)
      case .tab: output.tab()
      case .newline: output.newline()
      case .lineBreaks(let count): output.requireLineBreaks(count)
      }
    }
  }

  /// Schedules the rendered children of `element`, the first on top.
  private static func push(childrenOf element: Element, box: RenderedBox, on steps: inout [Step]) {
    guard box.rendersChildren else { return }
    for child in element.renderedChildren.reversed() { steps.append(.node(child, parentBox: box)) }
  }

  /// Processes one node; what comes after its children goes on `steps` before them.
  private mutating func processNode(_ node: Node, parentBox: RenderedBox, _ steps: inout [Step]) {
    if let text = node as? Text {
      // The text's style is its parent's: hidden text adds nothing.
      guard parentBox.rendersText, parentBox.style[.visibility] == "visible",
        let processed = whiteSpace.texts[ObjectIdentifier(text)]
      else { return }
      output.emit(processed)
      return
    }
    guard let element = node as? Element, let box = element.renderedBox else { return }
    // Step 2 (Chromium): a content-visibility: hidden element shows nothing.
    if box.style[.contentVisibility] == "hidden" { return }
    // Step 3. Not visible: only the children's items.
    if box.style[.visibility] != "visible" {
      if box.kind != .none { Self.push(childrenOf: element, box: box, on: &steps) }
      return
    }
    // Step 4. Not being rendered: display: contents passes its children through.
    switch box.kind {
    case .none: return
    case .contents:
      Self.push(childrenOf: element, box: box, on: &steps)
      return
    default: break
    }
    if element.isHTML(named: "select") { return processSelect(element) }
    if element.isHTML(named: "option") { return processOption(element) }
    // Step 6. <br>.
    if box.kind == .lineBreak {
      output.newline()
      return
    }
    let display = box.style[.display]
    // Step 7. A table cell that is not the last of its row: a tab after it.
    if display == "table-cell" {
      if Self.hasRenderedSibling(after: element) { steps.append(.tab) }
      Self.push(childrenOf: element, box: box, on: &steps)
      return
    }
    // Step 8. A table row that is not the last of its table: a line feed after it.
    if display == "table-row" {
      if Self.hasRowAfter(element) { steps.append(.newline) }
      Self.push(childrenOf: element, box: box, on: &steps)
      return
    }
    // Step 9. <p>: two required line breaks around.
    if element.isHTML(named: "p") {
      output.requireLineBreaks(2)
      steps.append(.lineBreaks(2))
      Self.push(childrenOf: element, box: box, on: &steps)
      return
    }
    // Step 10. Block-level boxes and table captions: one.
    if box.isBlockLevelForText {
      output.requireLineBreaks(1)
      steps.append(.lineBreaks(1))
      Self.push(childrenOf: element, box: box, on: &steps)
      return
    }
    Self.push(childrenOf: element, box: box, on: &steps)
  }

  /// Each option's text between required line breaks; an optgroup's options between one more pair.
  private mutating func processSelect(_ select: Element) {
    for child in select.children {
      if child.isHTML(named: "option") {
        processOption(child)
      } else if child.isHTML(named: "optgroup") {
        output.requireLineBreaks(1)
        for option in child.children where option.isHTML(named: "option") { processOption(option) }
        output.requireLineBreaks(1)
      }
    }
  }

  private mutating func processOption(_ option: Element) {
    output.requireLineBreaks(1)
    output.emit(option.optionText)
    output.requireLineBreaks(1)
  }

  // MARK: Boxes

  /// True when every ancestor lets its children have boxes (none is `display: none`, a replaced element, a
  /// `<select>`...), and the element is in its document.
  static func ancestorsRenderChildren(of element: Element) -> Bool {
    var child: Element = element
    while let parent = child.parentElement {
      guard let box = parent.renderedBox, box.kind != .none, box.rendersChildren,
        !parent.isHTML(named: "details") || parent.renderedChildren.contains(where: { $0 === child })
      else { return false }
      child = parent
    }
    return element.isConnected
  }

  /// True when the element or an ancestor hides its content with `content-visibility: hidden` (a closed
  /// `<details>` does so for everything but its summary).
  private static func isHiddenByContentVisibility(_ element: Element) -> Bool {
    var cursor: Element? = element
    var child: Element?
    while let current = cursor {
      if current.computedStyle?[.contentVisibility] == "hidden" { return true }
      if let child, current.isHTML(named: "details"), !current.renderedChildren.contains(where: { $0 === child }) {
        return true
      }
      child = current
      cursor = current.parentElement
    }
    return false
  }

  /// The block container whose inline formatting context holds the element: the element itself unless it is
  /// inline (or `display: contents`), else its nearest such ancestor.
  private static func formattingContextRoot(of element: Element) -> Element? {
    var cursor: Element? = element
    while let current = cursor, let box = current.renderedBox {
      switch box.kind {
      case .inline, .contents, .lineBreak:
        guard let parent = current.parentElement else { return current }
        cursor = parent
      default:
        return current
      }
    }
    return cursor
  }

  /// True when a following sibling makes a box (another cell, or something an anonymous cell wraps).
  private static func hasRenderedSibling(after element: Element) -> Bool {
    var cursor = element.nextSibling
    while let node = cursor {
      if let sibling = node as? Element, let box = sibling.renderedBox, box.kind != .none { return true }
      if let text = node as? Text, !text.data.allSatisfy(\.isCSSWhiteSpace) { return true }
      cursor = node.nextSibling
    }
    return false
  }

  /// True when a row follows in the same table: a later row of the same group, or a later group with a row.
  private static func hasRowAfter(_ row: Element) -> Bool {
    func isRow(_ element: Element) -> Bool { element.computedStyle?[.display] == "table-row" }
    func isGroup(_ element: Element) -> Bool {
      guard let display = element.computedStyle?[.display] else { return false }
      return display == "table-row-group" || display == "table-header-group" || display == "table-footer-group"
    }
    var sibling = row.nextElementSibling
    while let next = sibling {
      if isRow(next) { return true }
      if row.parentElement.map(isGroup) != true, isGroup(next), next.children.contains(where: isRow) { return true }
      sibling = next.nextElementSibling
    }
    guard let group = row.parentElement, isGroup(group) else { return false }
    sibling = group.nextElementSibling
    while let next = sibling {
      if isRow(next) { return true }
      if isGroup(next), next.children.contains(where: isRow) { return true }
      sibling = next.nextElementSibling
    }
    return false
  }
}

/// The output of the rendered text collection steps: strings, and required line break counts that become line
/// feeds only between strings (https://html.spec.whatwg.org/multipage/dom.html#get-the-text-steps steps 4-5).
struct RenderedTextBuilder {
  private(set) var text = ""
  private var pendingBreaks = 0

  mutating func requireLineBreaks(_ count: Int) {
    guard !text.isEmpty else { return }
    pendingBreaks = max(pendingBreaks, count)
  }

  mutating func emit(_ string: String) {
    guard !string.isEmpty else { return }
    flush()
    text += string
  }

  mutating func newline() {
    flush()
    text += "\n"
  }

  mutating func tab() {
    flush()
    text += "\t"
  }

  private mutating func flush() {
    if pendingBreaks > 0 { text += String(repeating: "\n", count: pendingBreaks) }
    pendingBreaks = 0
  }
}

extension Character {
  /// Space, tab, line feed, carriage return or form feed.
  var isCSSWhiteSpace: Bool { self == " " || self == "\t" || self == "\n" || self == "\r" || self == "\u{0C}" || self == "\r\n" }
}

extension Element {
  /// An option's label text: its descendant text (outside `<script>`), with ASCII white space stripped and collapsed.
  ///
  /// https://html.spec.whatwg.org/multipage/form-elements.html#dom-option-text
  var optionText: String {
    var text = ""
    var stack: [Node] = childNodes.reversed()
    while let node = stack.popLast() {
      if let textNode = node as? Text {
        text += textNode.data
      } else if let element = node as? Element,
        !(element.localName == "script" && (element.isHTML || element.namespaceURI == LibXML.Namespace.svg.rawValue))
      {
        stack += element.childNodes.reversed()
      }
    }
    return text.split(whereSeparator: { $0.isCSSWhiteSpace }).joined(separator: " ")
  }
}
