import CLibXML2
import Glibc

/// Creating and inserting nodes: the appropriate place, elements, comments and coalesced characters.
extension HTMLTreeBuilder {
  /// https://html.spec.whatwg.org/#appropriate-place-for-inserting-a-node
  func insertionLocation(overrideTarget: Element? = nil) -> (parent: xmlNodePtr, before: xmlNodePtr?) {
    // Step 1.
    let target = overrideTarget ?? currentNode!
    // Step 2.
    var parent = target.node
    var before: xmlNodePtr?
    var inTemplate = target.isHTML("template")
    if fosterParenting, target.ns == .html,
       ["table", "tbody", "tfoot", "thead", "tr"].contains(target.name)
    {
      // Step 2.1–2.2.
      let lastTemplate = stack.lastIndex(ofHTML: "template")
      let lastTable = stack.lastIndex(ofHTML: "table")
      if let lastTemplate, lastTable == nil || lastTemplate > lastTable! {
        // Step 2.3.
        parent = stack[lastTemplate].node
        inTemplate = true
      } else if let lastTable {
        if let tableParent = LibXML.parent(stack[lastTable].node) {
          // Step 2.5.
          parent = tableParent
          before = stack[lastTable].node
          inTemplate = false
        } else {
          // Step 2.6–2.7.
          parent = stack[lastTable - 1].node
          inTemplate = stack[lastTable - 1].isHTML("template")
        }
      } else {
        // Step 2.4 (fragment case).
        parent = stack[0].node
        inTemplate = false
      }
    }
    // Step 3.
    if inTemplate, let content = templateContents[parent] { parent = content }
    // Step 4.
    return (parent, before)
  }

  /// Chromium's and WebKit's cap on the parser's nesting (`kMaximumHTMLParserDOMTreeDepth`): not in the spec, but
  /// every browser page has it, so pages nested deeper come out as a browser builds them.
  static let maximumTreeDepth = 512

  /// `location` for an element or comment, with the browsers' cap: with more than ``maximumTreeDepth`` + 1 open
  /// elements, counting the new node when it is pushed (not a void element or a comment), a node that would go into
  /// the current node goes next to it instead (appended to its parent). Text is not capped, and neither is a
  /// foster-parented or template-content insertion (Blink's AttachLater). Checked against Chromium 156:
  /// Tests/webactionTests/Fixtures/reference/parser-depth.
  func depthCapped(
    _ location: (parent: xmlNodePtr, before: xmlNodePtr?), pushed: Bool
  ) -> (parent: xmlNodePtr, before: xmlNodePtr?) {
    guard stack.count + (pushed ? 1 : 0) > Self.maximumTreeDepth + 1, location.before == nil, let current = currentNode,
      location.parent == current.node, let grandparent = LibXML.parent(current.node)
    else { return location }
    return (grandparent, nil)
  }

  /// Links `node` at `location` (writing pending text first).
  mutating func insert(_ node: xmlNodePtr, at location: (parent: xmlNodePtr, before: xmlNodePtr?)) {
    flushText()
    link(node, into: location.parent, before: location.before)
  }

  /// https://html.spec.whatwg.org/#create-an-element-for-the-token
  mutating func createElement(_ tag: HTMLTag, ns: NS) -> Element {
    let namespace: LibXML.Namespace = ns == .html ? .html : ns == .svg ? .svg : .mathml
    let node = LibXML.newElement(tag.name, namespace: namespace, attributes: tag.attributes,
                                 foreignAttributes: ns != .html, in: doc)
    var integration = false
    switch ns {
    case .html: break
    case .svg: integration = tag.name == "foreignObject" || tag.name == "desc" || tag.name == "title"
    case .mathml:
      if tag.name == "annotation-xml", let encoding = tag.attribute("encoding") {
        let lowered = asciiLowercased(encoding)
        integration = lowered == "text/html" || lowered == "application/xhtml+xml"
      }
    }
    if ns == .html, tag.name == "template" { templateContents[node] = LibXML.newFragment(in: doc) }
    if ns == .html, tag.name == "selectedcontent" { hasSelectedContent = true }
    return Element(node: node, name: tag.name, ns: ns, isHTMLIntegrationPoint: integration)
  }

  /// https://html.spec.whatwg.org/#insert-a-foreign-element
  @discardableResult
  mutating func insertElement(_ tag: HTMLTag, ns: NS = .html, onlyAddToStack: Bool = false, popped: Bool = false) -> Element {
    // Step 1–2.
    let location = depthCapped(insertionLocation(), pushed: !popped)
    let element = createElement(tag, ns: ns)
    // Step 3.
    if !onlyAddToStack { insert(element.node, at: location) }
    if ns == .html, tag.name == "iframe" {
      insertedFrameCount += 1
      if collectsFrames { insertedFrames.append(element.node) }
    }
    // Step 4.
    stack.append(element)
    if let nestingLimit, stack.count > nestingLimit, nestingLimitExceededAtLine == nil {
      nestingLimitExceededAtLine = tokenizer?.currentLine ?? 0
    }
    return element
  }

  /// Inserts an element that is popped at once (a void element, a self-closing foreign one).
  mutating func insertVoidElement(_ tag: HTMLTag, ns: NS = .html) {
    insertElement(tag, ns: ns, popped: true)
    pop()
  }

  /// Inserts an HTML element for a start tag the parser made up (`<head>`, `<body>`, `<tbody>`...).
  @discardableResult
  mutating func insertElement(named name: String) -> Element { insertElement(HTMLTag(name: name)) }

  /// https://html.spec.whatwg.org/#insert-a-comment
  mutating func insertComment(_ data: String, in parent: xmlNodePtr? = nil) {
    let location = parent.map { ($0, nil as xmlNodePtr?) } ?? depthCapped(insertionLocation(), pushed: false)
    insert(LibXML.newComment(data, in: doc), at: location)
  }

  /// https://html.spec.whatwg.org/#insert-a-character — for a run of characters at once.
  ///
  /// Text for one insertion point accumulates in `pendingText` and becomes one text node (or one append
  /// to the text node already there) when anything else touches the tree.
  mutating func insertCharacters(_ text: Substring) {
    guard !text.isEmpty else { return }
    // Step 1–2.
    let location = insertionLocation()
    if location.parent == documentNode { return }
    if pendingParent == location.parent, pendingBefore == location.before {
      pendingText += text
      return
    }
    flushText()
    // Step 3: a Text node right before the insertion point takes the data.
    let previous = location.before.map(LibXML.previous) ?? LibXML.lastChild(location.parent)
    pendingNode = previous.flatMap { LibXML.isText($0) ? $0 : nil }
    pendingParent = location.parent
    pendingBefore = location.before
    pendingText = String(text)
  }

  /// Writes the pending character run into the tree.
  mutating func flushText() {
    guard let parent = pendingParent else { return }
    if let node = pendingNode {
      LibXML.appendText(pendingText, to: node)
    } else {
      link(LibXML.newTextNode(pendingText, in: doc), into: parent, before: pendingBefore)
    }
    pendingParent = nil
    pendingBefore = nil
    pendingNode = nil
    pendingText = ""
  }

  /// https://html.spec.whatwg.org/#generic-raw-text-element-parsing-algorithm and the RCDATA one.
  mutating func parseGenericText(_ tag: HTMLTag, state: HTMLTokenizerTextState) {
    insertElement(tag)
    tokenizer?.textState = state
    originalMode = mode
    mode = .text
  }
}

/// ASCII whitespace as the tree builder sees it: TAB, LF, FF, CR, SPACE.
@inline(__always) func isHTMLSpace(_ byte: UInt8) -> Bool {
  byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0C || byte == 0x0D
}

/// ASCII-lowercases `s`.
func asciiLowercased(_ s: String) -> String {
  guard s.utf8.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) else { return s }
  return String(decoding: s.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }, as: UTF8.self)
}

extension Substring {
  /// The leading run of ASCII whitespace and the rest.
  func splitLeadingWhitespace() -> (space: Substring, rest: Substring) {
    let end = utf8.firstIndex { !isHTMLSpace($0) } ?? utf8.endIndex
    return (self[..<end], self[end...])
  }

  /// What a character run holds.
  struct Classes {
    var hasNull = false
    /// A character other than ASCII whitespace and U+0000.
    var hasOther = false
  }

  /// Found with `memchr` for U+0000 and a scan that stops at the first other character (most runs start with one):
  /// a byte-by-byte pass over every run was a twentieth of parsing.
  var classes: Classes {
    func scan<C: Collection<UInt8>>(_ bytes: C) -> Classes {
      var classes = Classes()
      for byte in bytes {
        if byte == 0 { classes.hasNull = true } else if !isHTMLSpace(byte) { classes.hasOther = true }
      }
      return classes
    }
    let contiguous = utf8.withContiguousStorageIfAvailable { bytes -> Classes in
      guard let base = bytes.baseAddress else { return Classes() }
      return Classes(hasNull: memchr(base, 0, bytes.count) != nil,
                     hasOther: bytes.contains { $0 != 0 && !isHTMLSpace($0) })
    }
    return contiguous ?? scan(utf8)
  }

  var isAllHTMLSpace: Bool { let c = classes; return !c.hasNull && !c.hasOther }

  /// Only the whitespace characters of the run (frameset modes drop the rest).
  var onlyHTMLSpace: Substring {
    isAllHTMLSpace ? self : Substring(String(decoding: utf8.filter(isHTMLSpace), as: UTF8.self))
  }

  /// The run without U+0000 characters.
  var withoutNulls: Substring {
    classes.hasNull ? Substring(String(decoding: utf8.filter { $0 != 0 }, as: UTF8.self)) : self
  }
}
