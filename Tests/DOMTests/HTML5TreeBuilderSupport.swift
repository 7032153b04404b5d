internal import CLibXML2

@testable import DOM

// Drives HTML5TreeBuilder from hand-made tokens. No Foundation here: its ICU clashes with libxml2's headers.

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
