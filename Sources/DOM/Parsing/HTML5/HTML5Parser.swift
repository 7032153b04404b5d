import CLibXML2

/// The Swift HTML5 parser: the tokenizer feeding `HTMLTreeBuilder`, building a libxml2 tree.
///
/// https://html.spec.whatwg.org/multipage/parsing.html
/// Same results as `GumboTreeBuilder` (`--traits Gumbo`): a `ParsedTree`, template contents as unlinked fragments.
enum HTML5Parser {
  /// Parses a whole document from tokens (the tokenizer's state is driven by the tree builder).
  static func parseDocument(tokens: HTMLTokenSource, scripting: Bool = true, nestingLimit: Int? = nil) -> ParsedTree {
    let doc = LibXML.newDocument()
    var builder = HTMLTreeBuilder(doc: doc, scripting: scripting)
    builder.nestingLimit = nestingLimit
    run(&builder, tokens)
    return ParsedTree(
      doc: doc, templateContents: builder.templateContents, quirksMode: builder.quirksMode,
      mayHaveFrames: builder.insertedFrameCount > 0,
      nestingLimitExceeded: builder.nestingLimitExceededAtLine.map { NestingLimitExceeded(limit: nestingLimit!, line: $0) })
  }

  /// The HTML fragment parsing algorithm over tokens, with the context element `localName` in `namespace`.
  ///
  /// https://html.spec.whatwg.org/#html-fragment-parsing-algorithm
  /// The returned nodes are created in `doc`, unlinked, in order; the caller links or frees them.
  /// A `namespace` the parser has no rules for (nil) makes the context foreign content with no special name.
  static func parseFragment(tokens: HTMLTokenSource, context localName: String, namespace: LibXML.Namespace?,
                            into doc: xmlDocPtr, scripting: Bool = true)
    -> (nodes: [xmlNodePtr], templateContents: [xmlNodePtr: xmlNodePtr])
  {
    // Step 1–3: the builder works in `doc`; the context's document is taken as no-quirks.
    var builder = HTMLTreeBuilder(doc: doc, scripting: scripting)
    let ns: HTMLTreeBuilder.NS = namespace == .svg || namespace == nil ? .svg : namespace == .mathml ? .mathml : .html
    let context = builder.createElement(HTMLTag(name: namespace == nil ? "" : localName), ns: ns)
    if let content = builder.templateContents.removeValue(forKey: context.node) { LibXML.freeSubtree(content) }
    builder.context = context
    // Step 4: the tokenizer state for the context element.
    if ns == .html {
      switch localName {
      case "title", "textarea": tokens.textState = .rcdata
      case "style", "xmp", "iframe", "noembed", "noframes": tokens.textState = .rawtext
      case "script": tokens.textState = .scriptData
      case "noscript" where scripting: tokens.textState = .rawtext
      case "plaintext": tokens.textState = .plaintext
      default: break
      }
    }
    // Step 5–7: a root html element on the stack.
    let root = builder.createElement(HTMLTag(name: "html"), ns: .html)
    builder.stack = [root]
    // Step 8.
    if ns == .html, localName == "template" { builder.templateModes.append(.inTemplate) }
    // Step 10.
    builder.resetInsertionMode()
    // Step 12–13 (the form pointer stays null: the context's ancestors are not known here).
    run(&builder, tokens)
    // Step 14: the root's children.
    var nodes: [xmlNodePtr] = []
    while let child = LibXML.firstChild(root.node) {
      LibXML.unlink(child)
      nodes.append(child)
    }
    LibXML.freeSubtree(root.node)
    LibXML.freeSubtree(context.node)
    return (nodes, builder.templateContents)
  }

  private static func run(_ builder: inout HTMLTreeBuilder, _ tokens: HTMLTokenSource) {
    builder.tokenizer = tokens
    builder.syncAllowsCDATA()
    while true {
      let token = tokens.nextToken()
      builder.process(token)
      if token == .endOfFile { break }
    }
    builder.stopParsing()
    builder.tokenizer = nil
    for node in builder.discarded { free(node, templateContents: &builder.templateContents) }
    builder.discarded = []
  }

  /// Frees a subtree the parser removed, with the contents of the templates in it (and their map entries).
  private static func free(_ root: xmlNodePtr, templateContents: inout [xmlNodePtr: xmlNodePtr]) {
    var pending = [root]
    var contents: [xmlNodePtr] = []
    while let subtree = pending.popLast() {
      var cursor: xmlNodePtr? = subtree
      while let node = cursor {
        if let content = templateContents.removeValue(forKey: node) {
          contents.append(content)
          pending.append(content)
        }
        cursor = LibXML.following(node, within: subtree)
      }
    }
    LibXML.freeSubtree(root)
    for content in contents { LibXML.freeSubtree(content) }
  }
}
