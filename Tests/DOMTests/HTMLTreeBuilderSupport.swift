internal import CLibXML2

@testable import DOM

// Drives HTMLTreeBuilder from hand-made tokens. No Foundation here: its ICU clashes with libxml2's headers.

/// A token source over a fixed list that records what the tree builder asks of the tokenizer.
final class TokenList: HTMLTokenSource {
  private var tokens: [HTMLToken]
  private var index = 0
  /// Every text state the builder switched to, in order.
  private(set) var states: [HTMLTokenizerTextState] = []
  /// `allowsCDATA` as it stood when each token was requested.
  private(set) var cdataLog: [Bool] = []
  var textState: HTMLTokenizerTextState = .data { didSet { states.append(textState) } }
  var lastStartTagName: String?
  var allowsCDATA = false
  var currentLine: Int? { nil }

  init(_ tokens: [HTMLToken]) { self.tokens = tokens }

  func nextToken() -> HTMLToken {
    cdataLog.append(allowsCDATA)
    guard index < tokens.count else { return .endOfFile }
    defer { index += 1 }
    return tokens[index]
  }
}

func start(_ name: String, _ attributes: [(String, String)] = [], selfClosing: Bool = false) -> HTMLToken {
  .startTag(HTMLTag(name: name, attributes: attributes.map { HTMLAttribute(name: $0.0, value: $0.1) },
                    selfClosing: selfClosing))
}

func end(_ name: String) -> HTMLToken { .endTag(HTMLTag(name: name)) }

func text(_ s: String) -> HTMLToken { .characters(s) }

/// Builds a document from `tokens` and returns its html5lib dump, its mode and the number of text nodes.
func buildDocument(_ source: TokenList, scripting: Bool = true) -> (dump: String, quirks: QuirksMode, textNodes: Int) {
  let tree = HTML5Parser.parseDocument(tokens: source, scripting: scripting)
  defer { xmlFreeDocAndTemplates(tree.doc, Array(tree.templateContents.values)) }
  var count = 0
  var cursor: xmlNodePtr? = LibXML.documentNode(tree.doc)
  let root = cursor!
  while let node = cursor {
    if node.pointee.type == XML_TEXT_NODE { count += 1 }
    cursor = LibXML.following(node, within: root)
  }
  return (TreeDump.dump(document: tree.doc, templateContents: { tree.templateContents[$0] }), tree.quirksMode, count)
}

func buildDocument(_ tokens: [HTMLToken], scripting: Bool = true) -> String {
  buildDocument(TokenList(tokens), scripting: scripting).dump
}

/// Builds a fragment from `tokens` in the context element and returns its html5lib dump.
func buildFragment(_ source: TokenList, context: String, namespace: LibXML.Namespace = .html) -> String {
  let doc = LibXML.newDocument()
  defer { xmlFreeDocAndTemplates(doc, []) }
  let result = HTML5Parser.parseFragment(tokens: source, context: context, namespace: namespace, into: doc)
  defer { freeFragment(result.nodes, templates: result.templateContents) }
  return TreeDump.dump(nodes: result.nodes, templateContents: { result.templateContents[$0] })
}

/// Parses `html` with the Swift parser (as a document, or as a fragment in `context`) and checks the libxml2 links of
/// every node; returns the first broken invariant, nil when the tree is sound.
func html5TreeDefect(_ html: String, context: (String, LibXML.Namespace)? = nil) -> String? {
  if let (name, namespace) = context {
    let doc = LibXML.newDocument()
    defer { xmlFreeDocAndTemplates(doc, []) }
    let result = HTML5Parser.parseFragment(html, context: name, namespace: namespace, into: doc)
    defer { freeFragment(result.nodes, templates: result.templateContents) }
    for node in result.nodes {
      if node.pointee.parent != nil || node.pointee.prev != nil || node.pointee.next != nil {
        return "fragment node still linked"
      }
      if let defect = linkDefect(node, doc: doc, templates: result.templateContents) { return defect }
    }
    return nil
  }
  let tree = HTML5Parser.parseDocument(html)
  defer { xmlFreeDocAndTemplates(tree.doc, Array(tree.templateContents.values)) }
  if let defect = linkDefect(LibXML.documentNode(tree.doc), doc: tree.doc, templates: tree.templateContents) {
    return defect
  }
  for (template, content) in tree.templateContents {
    if template.pointee.children != nil { return "template element has children" }
    if content.pointee.parent != nil { return "template contents are linked" }
  }
  return nil
}

private func linkDefect(_ root: xmlNodePtr, doc: xmlDocPtr, templates: [xmlNodePtr: xmlNodePtr]) -> String? {
  var pending = [root]
  while let parent = pending.popLast() {
    var previous: xmlNodePtr?
    var child = parent.pointee.children
    while let c = child {
      if c.pointee.parent != parent { return "child's parent is not its parent" }
      if c.pointee.prev != previous { return "prev link broken" }
      if c.pointee.doc != doc { return "node of another document" }
      if c.pointee.type == XML_TEXT_NODE, let p = previous, p.pointee.type == XML_TEXT_NODE {
        return "adjacent text nodes"
      }
      if c.pointee.type == XML_ELEMENT_NODE { pending.append(c) }
      previous = c
      child = c.pointee.next
    }
    if parent.pointee.last != previous { return "last link broken" }
    if let content = templates[parent] { pending.append(content) }
  }
  return nil
}
