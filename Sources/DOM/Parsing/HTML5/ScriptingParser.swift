import CLibXML2

/// The HTML parser of a document whose scripts run while it parses: tokenizer, tree builder and the script hook.
///
/// https://html.spec.whatwg.org/#parsing (the parts about the insertion point and the script nesting level).
/// `pump()` feeds tokens to the tree builder until the tokenizer reaches the insertion point or the end of the
/// input. When the builder has processed an HTML `</script>` end tag, the script is handed to `runScript` before
/// one more token is read; during that call `document.write` inserts at the insertion point and pumps again
/// (a reentrant invocation of the parser). Each token is processed in its own access to `builder`, so the
/// reentrant pump never overlaps an outer access.
final class ScriptingParser {
  let tokenizer: HTMLTokenizer
  var builder: HTMLTreeBuilder
  unowned let document: Document
  let runScript: (ParserScript) -> Void
  /// https://html.spec.whatwg.org/#script-nesting-level
  private(set) var scriptNestingLevel = 0
  private var scriptCount = 0
  private(set) var finished = false
  /// Line counting: `lineOffset` starts line `line`; `scriptLine` is where the last `<script>`'s text starts.
  private var lineOffset = 0
  private var line = 1
  private var scriptLine = 1
  /// What the builder reports its links and unlinks through while the document has tree observers.
  private lazy var treeEvents = ParserTreeEvents(document: document)

  init(html: String, document: Document, nestingLimit: Int? = nil, runScript: @escaping (ParserScript) -> Void) {
    tokenizer = HTMLTokenizer(html)
    builder = HTMLTreeBuilder(doc: document.rawDoc, scripting: true)
    builder.nestingLimit = nestingLimit
    builder.collectsFrames = document.browsingContext != nil
    self.document = document
    self.runScript = runScript
    builder.tokenizer = tokenizer
    builder.syncAllowsCDATA()
  }

  /// True while `document.write` inserts into this parser's input (a script is running).
  var hasInsertionPoint: Bool { tokenizer.core.insertionPoint != nil }

  /// https://html.spec.whatwg.org/#document-write-steps steps 5–6 (no parsing-blocking scripts here).
  func write(_ text: String) {
    tokenizer.insert(text)
    pump()
  }

  /// Processes tokens until the tokenizer waits at the insertion point, or the input ends (then finishes).
  func pump() {
    while !finished, let token = tokenizer.nextTokenIfAvailable() {
      if case .startTag(let tag) = token, tag.name == "script" { scriptLine = lineNumber(at: tokenizer.core.pos) }
      // A script may have registered a MutationObserver (or made a range): from then on the parser's insertions
      // are reported as the DOM's are.
      if (builder.treeEvents != nil) != document.isObserved { builder.treeEvents = document.isObserved ? treeEvents : nil }
      builder.process(token)
      if token == .endOfFile {
        finish()
        return
      }
      if let script = builder.pendingScript {
        builder.pendingScript = nil
        endOfScript(script)
      }
    }
  }

  /// The rest of https://html.spec.whatwg.org/#scriptEndTag, once the builder popped the script element.
  private func endOfScript(_ node: xmlNodePtr) {
    builder.flushText()
    syncDocument()
    guard let element = document.node(for: node) as? Element, let script = prepare(element) else { return }
    // Step 5: the old insertion point, and a new one just before the next input character.
    let oldInsertionPoint = tokenizer.core.insertionPoint
    let inputLength = tokenizer.core.input.count
    tokenizer.setInsertionPoint()
    // Step 6.
    scriptNestingLevel += 1
    // Step 7: prepare (and, for an inline classic script, execute) the script, with currentScript set.
    let outerScript = document.currentScript
    document.currentScript = script.kind == .classic ? element : nil
    runScript(script)
    document.currentScript = outerScript
    // Step 8.
    scriptNestingLevel -= 1
    // Step 9: text written meanwhile was inserted before the old insertion point, which moves past it.
    let written = tokenizer.core.input.count - inputLength
    tokenizer.core.insertionPoint = oldInsertionPoint.map { $0 + written }
  }

  /// The parts of https://html.spec.whatwg.org/#prepare-the-script-element that decide whether and how it runs.
  private func prepare(_ element: Element) -> ParserScript? {
    // Step 5: source text.
    let text = element.textContent ?? ""
    // Step 7–8.
    if !element.hasAttribute("src") && text.isEmpty { return nil }
    // Step 9: a script a page script removed does not run.
    if !element.isConnected { return nil }
    // Step 10–12: the type string.
    let essence = ScriptElementBehavior.typeEssence(of: element)
    let kind: ParserScript.Kind
    if ScriptElementBehavior.javaScriptMIMETypes.contains(essence) {
      // Step 20: a classic script with nomodule does not run.
      if element.hasAttribute("nomodule") { return nil }
      kind = element.attribute(named: "src").map { .external(src: $0) } ?? .classic
    } else if essence == "module" {
      kind = element.attribute(named: "src").map { .external(src: $0) } ?? .module
    } else {
      kind = .dataBlock(type: element.attribute(named: "type") ?? "text/" + (element.attribute(named: "language") ?? ""))
    }
    scriptCount += 1
    return ParserScript(element: element, kind: kind, text: text, line: scriptLine, index: scriptCount,
                        isNested: scriptNestingLevel > 0)
  }

  /// Stops parsing: pops everything, hands parser-removed subtrees and template contents to the document.
  private func finish() {
    finished = true
    builder.stopParsing()
    builder.tokenizer = nil
    syncDocument()
    // A removed subtree stays owned by the document (a script may hold one of its nodes), unless it was relinked.
    for node in builder.discarded where LibXML.parent(node) == nil { document.detached.insert(node) }
    builder.discarded = []
  }

  /// Gives the document what the builder knows: template contents, the quirks mode, and that the tree changed
  /// (the builder links nodes itself, so live collections must re-read the tree).
  private func syncDocument() {
    document.treeDidChange()
    for (template, content) in builder.templateContents where document.templateContents[template] == nil {
      document.templateContents[template] = content
      document.detached.insert(content)
    }
    document.quirksMode = builder.quirksMode
    // The iframes' post-connection steps, before any script can look for their windows.
    let frames = builder.insertedFrames
    builder.insertedFrames = []
    guard let context = document.browsingContext else { return }
    for node in frames {
      if let frame = document.node(for: node) as? Element, frame.isConnected { context.frameWasConnected(frame) }
    }
  }

  /// The 1-based line of input offset `offset`, counted forward from the last answer (text inserted by
  /// document.write before that point is not recounted, so lines after a write are approximate).
  private func lineNumber(at offset: Int) -> Int {
    let input = tokenizer.core.input
    if offset < lineOffset {
      lineOffset = 0
      line = 1
    }
    var index = lineOffset
    while index < offset {
      if input[index] == 0x0A { line += 1 }
      index += 1
    }
    lineOffset = offset
    return line
  }
}
