import CLibXML2

/// What the tree builder needs from the tokenizer: tokens, and the switches the spec lets it flip.
protocol HTMLTokenSource: AnyObject {
  func nextToken() -> HTMLToken
  /// The line (from 1) of the input the next token starts on, if the source knows it.
  var currentLine: Int? { get }
  var textState: HTMLTokenizerTextState { get set }
  var lastStartTagName: String? { get set }
  var allowsCDATA: Bool { get set }
}

/// The WHATWG HTML tree construction stage, building a libxml2 tree directly.
///
/// https://html.spec.whatwg.org/multipage/parsing.html#tree-construction
/// Feed it tokens with `process(_:)`; it drives the tokenizer's state through `tokenizer` when one is attached.
/// A struct on purpose: its methods mutate `self` in place, so Swift checks exclusive access statically instead of
/// at run time on every property access (a class's stored properties cost a runtime check per access).
/// Facets: +Insertion (the appropriate place, element creation, character coalescing), +InsertionModes (initial to
/// after head, text, in template, after body, frameset), +InBody and +InBodyRules, +Tables, +AdoptionAgency (active
/// formatting elements), +Foreign (SVG/MathML).
struct HTMLTreeBuilder {
  /// https://html.spec.whatwg.org/#insertion-mode
  enum Mode {
    case initial, beforeHTML, beforeHead, inHead, inHeadNoscript, afterHead, inBody, text, inTable, inTableText
    case inCaption, inColumnGroup, inTableBody, inRow, inCell, inTemplate, afterBody, inFrameset
    case afterFrameset, afterAfterBody, afterAfterFrameset
  }

  /// The namespaces an element can be created in by the parser.
  enum NS { case html, svg, mathml }

  /// An element on the stack of open elements (or in the list of active formatting elements).
  struct Element {
    let node: xmlNodePtr
    let name: String
    let ns: NS
    /// https://html.spec.whatwg.org/#html-integration-point (annotation-xml's encoding is read at creation).
    let isHTMLIntegrationPoint: Bool
    /// Scope and category bits, computed once from the name.
    let flags: Flags
    /// Where the stack of open elements lists HTML elements of this name (`OpenElements`); 0 when it hashes the name.
    let countSlot: UInt8
    /// The `OpenElements.Kind`s it is one of, as bits.
    let kinds: UInt8

    init(node: xmlNodePtr, name: String, ns: NS, isHTMLIntegrationPoint: Bool) {
      self.node = node
      self.name = name
      self.ns = ns
      self.isHTMLIntegrationPoint = isHTMLIntegrationPoint
      if ns == .html, let known = Flags.htmlNames[name] {
        (flags, countSlot) = (known.flags, known.countSlot)
      } else {
        (flags, countSlot) = (Flags(name: name, ns: ns), 0)
      }
      kinds = OpenElements.Kind.bits(ns: ns, flags: flags)
    }

    func isHTML(_ n: String) -> Bool { ns == .html && name == n }
    func isHTML(in names: Set<String>) -> Bool { ns == .html && names.contains(name) }
  }

  /// What an element's name says about it: which scopes it bounds, whether it is special.
  struct Flags: OptionSet {
    let rawValue: UInt16
    init(rawValue: UInt16) { self.rawValue = rawValue }

    /// Bounds every scope but table scope (https://html.spec.whatwg.org/#has-an-element-in-scope).
    static let scope = Flags(rawValue: 1)
    static let listItemScope = Flags(rawValue: 2)
    static let buttonScope = Flags(rawValue: 4)
    static let tableScope = Flags(rawValue: 8)
    /// https://html.spec.whatwg.org/#special
    static let special = Flags(rawValue: 16)
    static let mathMLTextIntegrationPoint = Flags(rawValue: 32)
    /// https://html.spec.whatwg.org/#generate-implied-end-tags
    static let impliedEndTag = Flags(rawValue: 64)
    /// https://html.spec.whatwg.org/#generate-all-implied-end-tags-thoroughly
    static let impliedEndTagThoroughly = Flags(rawValue: 128)
    /// Special, but not `address`, `div` or `p`: where an `li`, `dd` or `dt` start tag stops looking for one to close.
    static let endsListItemSearch = Flags(rawValue: 256)
    /// An element https://html.spec.whatwg.org/#reset-the-insertion-mode-appropriately stops at (below the bottom).
    static let resetsMode = Flags(rawValue: 512)

    init(name: String, ns: NS) {
      switch ns {
      case .html: self = Self.htmlNames[name]?.flags ?? []
      case .mathml:
        switch name {
        case "mi", "mo", "mn", "ms", "mtext": self = [.scope, .special, .endsListItemSearch, .mathMLTextIntegrationPoint]
        case "annotation-xml": self = [.scope, .special, .endsListItemSearch]
        default: self = []
        }
      case .svg:
        self = name == "foreignObject" || name == "desc" || name == "title" ? [.scope, .special, .endsListItemSearch] : []
      }
    }

    /// The HTML element names, each with its flags and a slot (1...255) where the stack of open elements lists
    /// them: one hash of the name when an element is created, none when it is pushed or popped.
    static let htmlNames: TagTable<(flags: Flags, countSlot: UInt8)> = {
      var table: [String: Flags] = [:]
      for name in HTMLTreeBuilder.special { table[name] = .special }
      for name in HTMLTreeBuilder.special where !["address", "div", "p"].contains(name) {
        table[name]!.insert(.endsListItemSearch)
      }
      for name in HTMLTreeBuilder.resetsModeNames { table[name, default: []].insert(.resetsMode) }
      for name in HTMLTreeBuilder.scopeBoundaries { table[name, default: []].insert(.scope) }
      for name in ["ol", "ul"] { table[name, default: []].insert(.listItemScope) }
      table["button", default: []].insert(.buttonScope)
      for name in HTMLTreeBuilder.impliedEndTags { table[name, default: []].insert(.impliedEndTag) }
      for name in HTMLTreeBuilder.impliedEndTagsThoroughly {
        table[name, default: []].insert(.impliedEndTagThoroughly)
      }
      for name in ["html", "table", "template"] { table[name, default: []].insert(.tableScope) }
      for name in HTMLTreeBuilder.otherElementNames where table[name] == nil { table[name] = [] }
      precondition(table.count < Int(UInt8.max), "more names than count slots")
      var result: [String: (flags: Flags, countSlot: UInt8)] = [:]
      for (slot, name) in table.keys.sorted().enumerated() { result[name] = (table[name]!, UInt8(slot + 1)) }
      return TagTable(result)
    }()
  }

  /// https://html.spec.whatwg.org/#list-of-active-formatting-elements
  enum Formatting {
    case marker
    case element(Element, HTMLTag)

    var element: Element? { if case .element(let e, _) = self { return e } else { return nil } }
  }

  let doc: xmlDocPtr
  let scripting: Bool
  var tokenizer: HTMLTokenSource?
  /// The allowed-CDATA flag last given to the tokenizer.
  private var tokenizerAllowsCDATA = false

  var mode: Mode = .initial
  var originalMode: Mode = .initial
  var templateModes: [Mode] = []
  var stack = OpenElements()
  var formatting = ActiveFormattingElements()
  /// Whether the parser has made a `<selectedcontent>` element.
  var hasSelectedContent = false
  /// The most elements the stack of open elements may hold (`--max-depth`); nil for no limit.
  var nestingLimit: Int?
  /// Where the stack first grew past `nestingLimit`: the line (0 when the token source does not know it).
  var nestingLimitExceededAtLine: Int?
  var headElement: xmlNodePtr?
  var formElement: xmlNodePtr?
  var framesetOK = true
  var fosterParenting = false
  var ignoreNextLineFeed = false
  var pendingTableText: [String] = []
  var quirksMode: QuirksMode = .noQuirks
  /// Subtrees the parser removed (the body a frameset replaces, old `<selectedcontent>` children), freed once
  /// parsing is over so no pointer still held in the stack or the formatting list is reused meanwhile.
  var discarded: [xmlNodePtr] = []
  /// Each `<template>` mapped to its contents fragment.
  var templateContents: [xmlNodePtr: xmlNodePtr] = [:]

  /// The HTML `<script>` whose end tag was just processed, for a scripting parser to run (then set back to nil).
  var pendingScript: xmlNodePtr?
  /// With `collectsFrames` (a document parsed with its window, `--scripts`), the HTML iframes inserted since the
  /// parser last took them: their window gets them before the next script runs.
  var collectsFrames = false
  var insertedFrames: [xmlNodePtr] = []
  /// The HTML iframes inserted in all.
  var insertedFrameCount = 0
  /// Set by a scripting parser while its document has tree observers (MutationObservers, live ranges,
  /// NodeIterators): the builder's links and unlinks then go through it, which reports them as the DOM's insert
  /// and remove do. Nil otherwise (every parse without scripts): the builder links by itself.
  var treeEvents: ParserTreeEvents?

  /// Links `node` into `parent` before `before` (at the end when nil), reported when the document is observed.
  func link(_ node: xmlNodePtr, into parent: xmlNodePtr, before: xmlNodePtr?) {
    if let treeEvents { treeEvents.link(node, into: parent, before: before) } else { LibXML.link(node, into: parent, before: before) }
  }

  /// Unlinks `node` from its parent, reported when the document is observed.
  func unlink(_ node: xmlNodePtr) {
    if let treeEvents { treeEvents.unlink(node) } else { LibXML.unlink(node) }
  }

  /// The fragment case's context element (https://html.spec.whatwg.org/#concept-frag-parse-context).
  var context: Element?
  /// The document viewed as a node: where doctypes and top-level comments go.
  let documentNode: xmlNodePtr

  // Character coalescing (+Insertion): one pending run per insertion point, written in one call.
  var pendingText = ""
  var pendingParent: xmlNodePtr?
  var pendingBefore: xmlNodePtr?
  var pendingNode: xmlNodePtr?

  init(doc: xmlDocPtr, scripting: Bool) {
    self.doc = doc
    self.scripting = scripting
    self.documentNode = LibXML.documentNode(doc)
  }

  // MARK: Dispatch

  /// Processes one token through the tree construction dispatcher.
  ///
  /// https://html.spec.whatwg.org/#tree-construction-dispatcher
  mutating func process(_ token: HTMLToken) {
    var token = token
    if ignoreNextLineFeed {
      ignoreNextLineFeed = false
      if case .characters(let s) = token, s.utf8.first == 0x0A {
        let rest = String(s.dropFirst())
        if rest.isEmpty { return }
        token = .characters(rest)
      }
    }
    dispatch(token)
    syncAllowsCDATA()
  }

  /// Tells the tokenizer whether `<![CDATA[` opens a CDATA section: only when the adjusted current node is foreign.
  mutating func syncAllowsCDATA() {
    let allowsCDATA = adjustedCurrentNode.map { $0.ns != .html } ?? false
    if allowsCDATA != tokenizerAllowsCDATA {
      tokenizerAllowsCDATA = allowsCDATA
      tokenizer?.allowsCDATA = allowsCDATA
    }
  }

  mutating func dispatch(_ token: HTMLToken) {
    // Fast path: an HTML current node outside the fragment case always uses the insertion mode.
    if context == nil, stack.last?.ns ?? .html == .html { return processInMode(token) }
    if usesInsertionMode(token) { processInMode(token) } else { processForeign(token) }
  }

  /// Whether the token goes to the current insertion mode (else to the rules for foreign content).
  private func usesInsertionMode(_ token: HTMLToken) -> Bool {
    guard let node = adjustedCurrentNode, node.ns != .html else { return true }
    switch token {
    case .endOfFile: return true
    case .startTag(let tag):
      if isMathMLTextIntegrationPoint(node), tag.name != "mglyph", tag.name != "malignmark" { return true }
      if node.ns == .mathml, node.name == "annotation-xml", tag.name == "svg" { return true }
      return node.isHTMLIntegrationPoint
    case .characters:
      return isMathMLTextIntegrationPoint(node) || node.isHTMLIntegrationPoint
    default: return false
    }
  }

  func isMathMLTextIntegrationPoint(_ e: Element) -> Bool { e.flags.contains(.mathMLTextIntegrationPoint) }

  /// Processes `token` by the rules of the current insertion mode.
  mutating func processInMode(_ token: HTMLToken) { process(token, in: mode) }

  /// Processes `token` by the rules of `mode` (without switching to it).
  mutating func process(_ token: HTMLToken, in mode: Mode) {
    switch mode {
    case .initial: initialMode(token)
    case .beforeHTML: beforeHTMLMode(token)
    case .beforeHead: beforeHeadMode(token)
    case .inHead: inHeadMode(token)
    case .inHeadNoscript: inHeadNoscriptMode(token)
    case .afterHead: afterHeadMode(token)
    case .inBody: inBodyMode(token)
    case .text: textMode(token)
    case .inTable: inTableMode(token)
    case .inTableText: inTableTextMode(token)
    case .inCaption: inCaptionMode(token)
    case .inColumnGroup: inColumnGroupMode(token)
    case .inTableBody: inTableBodyMode(token)
    case .inRow: inRowMode(token)
    case .inCell: inCellMode(token)
    case .inTemplate: inTemplateMode(token)
    case .afterBody: afterBodyMode(token)
    case .inFrameset: inFramesetMode(token)
    case .afterFrameset: afterFramesetMode(token)
    case .afterAfterBody: afterAfterBodyMode(token)
    case .afterAfterFrameset: afterAfterFramesetMode(token)
    }
  }

  /// Switches to `mode` and reprocesses the token through the dispatcher.
  mutating func reprocess(_ token: HTMLToken, in mode: Mode) {
    self.mode = mode
    dispatch(token)
  }

  // MARK: The stack of open elements

  var currentNode: Element? { stack.last }

  /// https://html.spec.whatwg.org/#adjusted-current-node
  var adjustedCurrentNode: Element? {
    if let context, stack.count == 1 { return context }
    return stack.last
  }

  mutating func pop() {
    flushText()
    popped(stack.removeLast())
  }

  /// Pops elements until an HTML element named `name` has been popped.
  mutating func popUntil(_ name: String) {
    flushText()
    while let e = stack.popLast() {
      popped(e)
      if e.isHTML(name) { return }
    }
  }

  mutating func popUntil(oneOf names: Set<String>) {
    flushText()
    while let e = stack.popLast() {
      popped(e)
      if e.isHTML(in: names) { return }
    }
  }

  /// Pops elements until `node` has been popped.
  mutating func popUntil(node: xmlNodePtr) {
    flushText()
    while let e = stack.popLast() {
      popped(e)
      if e.node == node { return }
    }
  }

  /// What happens when an element leaves the stack: an `<option>` may fill its select's `<selectedcontent>`.
  /// Only a `<selectedcontent>` this parser made can be filled: until there is one, an option's pop costs nothing
  /// (looking for one walks the whole select, once per option).
  @inline(__always) mutating func popped(_ e: Element) {
    if hasSelectedContent, e.ns == .html, e.name == "option" { maybeCloneIntoSelectedContent(e.node) }
  }

  /// Where `element` is on the stack of open elements.
  func stackIndex(of element: Element) -> Int? { stack.index(of: element) }

  func stackContains(_ name: String) -> Bool { stack.containsHTML(name) }

  /// https://html.spec.whatwg.org/#has-an-element-in-the-specific-scope: the topmost HTML element named `name` is
  /// above (or is) the topmost element that bounds `scope`.
  func inScope(_ name: String, _ scope: Scope = .normal) -> Bool {
    guard let index = stack.lastIndex(ofHTML: name) else { return false }
    return index >= stack.lastIndex(of: scope.boundary) ?? -1
  }

  func inScope(oneOf names: Set<String>, _ scope: Scope = .normal) -> Bool {
    guard let index = names.compactMap(stack.lastIndex(ofHTML:)).max() else { return false }
    return index >= stack.lastIndex(of: scope.boundary) ?? -1
  }

  func inScope(_ element: Element) -> Bool {
    guard let index = stack.index(of: element) else { return false }
    return index >= stack.lastIndex(of: .boundsScope) ?? -1
  }

  /// https://html.spec.whatwg.org/#has-an-element-in-scope and its variants.
  enum Scope {
    case normal, listItem, button, table

    /// The elements that bound the scope.
    var boundary: OpenElements.Kind {
      switch self {
      case .normal: return .boundsScope
      case .listItem: return .boundsListItemScope
      case .button: return .boundsButtonScope
      case .table: return .boundsTableScope
      }
    }
  }

  static let scopeBoundaries: Set<String> = [
    "applet", "caption", "html", "table", "td", "th", "marquee", "object", "select", "template",
  ]

  /// https://html.spec.whatwg.org/#special
  static let special: Set<String> = [
    "address", "applet", "area", "article", "aside", "base", "basefont", "bgsound", "blockquote", "body", "br",
    "button", "caption", "center", "col", "colgroup", "dd", "details", "dir", "div", "dl", "dt", "embed",
    "fieldset", "figcaption", "figure", "footer", "form", "frame", "frameset", "h1", "h2", "h3", "h4", "h5", "h6",
    "head", "header", "hgroup", "hr", "html", "iframe", "img", "input", "keygen", "li", "link", "listing", "main",
    "marquee", "menu", "meta", "nav", "noembed", "noframes", "noscript", "object", "ol", "p", "param", "plaintext",
    "pre", "script", "search", "section", "select", "source", "style", "summary", "table", "tbody", "td",
    "template", "textarea", "tfoot", "th", "thead", "title", "tr", "track", "ul", "wbr", "xmp",
  ]

  /// The HTML elements with no flags (custom elements and unknown names are listed by a hash of the name).
  static let otherElementNames = [
    "a", "abbr", "audio", "b", "bdi", "bdo", "big", "blink", "canvas", "cite", "code", "data", "datalist", "del",
    "dfn", "dialog", "em", "font", "i", "ins", "kbd", "label", "legend", "map", "mark", "meter", "nobr", "output",
    "picture", "progress", "q", "rb", "rp", "rt", "rtc", "ruby", "s", "samp", "selectedcontent", "slot", "small",
    "span", "strike", "strong", "sub", "sup", "time", "tt", "u", "var", "video",
  ]

  static let resetsModeNames: Set<String> = [
    "td", "th", "tr", "tbody", "thead", "tfoot", "caption", "colgroup", "table", "template", "head", "body",
    "frameset", "html",
  ]

  static let impliedEndTags: Set<String> = ["dd", "dt", "li", "optgroup", "option", "p", "rb", "rp", "rt", "rtc"]
  static let impliedEndTagsThoroughly: Set<String> = impliedEndTags.union([
    "caption", "colgroup", "tbody", "td", "tfoot", "th", "thead", "tr",
  ])

  /// https://html.spec.whatwg.org/#generate-implied-end-tags
  mutating func generateImpliedEndTags(except name: String? = nil) {
    while let e = currentNode, e.flags.contains(.impliedEndTag), e.name != name { pop() }
  }

  /// https://html.spec.whatwg.org/#generate-all-implied-end-tags-thoroughly
  mutating func generateAllImpliedEndTagsThoroughly() {
    while let e = currentNode, e.flags.contains(.impliedEndTagThoroughly) { pop() }
  }

  /// https://html.spec.whatwg.org/#close-a-p-element
  mutating func closePElement() {
    generateImpliedEndTags(except: "p")
    popUntil("p")
  }

  mutating func closePElementInButtonScope() {
    if inScope("p", .button) { closePElement() }
  }

  /// https://html.spec.whatwg.org/#reset-the-insertion-mode-appropriately — the walk visits only the elements it
  /// can stop at, and the bottom of the stack.
  mutating func resetInsertionMode() {
    // Step 1–2, 16–17, for every node but the last (the bottom).
    for index in stack.indices(of: .resetsMode).reversed() where index > 0 {
      if let mode = mode(resetBy: stack[index], last: false) { self.mode = mode; return }
    }
    // Step 3.
    guard let first = stack.first else { mode = .inBody; return }
    mode = mode(resetBy: context ?? first, last: true) ?? .inBody
  }

  /// Steps 4–15 for one node.
  private func mode(resetBy node: Element, last: Bool) -> Mode? {
    guard node.ns == .html else { return nil }
    switch node.name {
    // Step 4 (select) was removed with the customizable-select parser changes.
    case "td" where !last, "th" where !last: return .inCell  // Step 5.
    case "tr": return .inRow  // Step 6.
    case "tbody", "thead", "tfoot": return .inTableBody  // Step 7.
    case "caption": return .inCaption  // Step 8.
    case "colgroup": return .inColumnGroup  // Step 9.
    case "table": return .inTable  // Step 10.
    case "template": return templateModes.last ?? .inTemplate  // Step 11.
    case "head" where !last: return .inHead  // Step 12.
    case "body": return .inBody  // Step 13.
    case "frameset": return .inFrameset  // Step 14.
    case "html": return headElement == nil ? .beforeHead : .afterHead  // Step 15.
    default: return nil
    }
  }

  // MARK: Stop parsing

  /// https://html.spec.whatwg.org/#stop-parsing — pops everything off the stack and writes pending text.
  mutating func stopParsing() {
    flushText()
    while !stack.isEmpty { pop() }
  }
}
