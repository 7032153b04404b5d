import CLibXML2

extension HTMLTokenizer: HTMLTokenSource {
  /// Counts the line ends before the next byte: asked only when a limit is reached.
  var currentLine: Int? { core.input[..<core.pos].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 } }
}

/// The parser's string entry points: `HTMLTokenizer` feeding `HTMLTreeBuilder`.
extension HTML5Parser {
  /// Parses a whole document from UTF-8 text (decode bytes with `HTMLEncoding.decode` first).
  static func parseDocument(_ html: String, scripting: Bool = true, nestingLimit: Int? = nil) -> ParsedTree {
    parseDocument(tokens: HTMLTokenizer(html), scripting: scripting, nestingLimit: nestingLimit)
  }

  /// Parses `html` with the fragment parsing algorithm, the context element being `localName` in `namespace`.
  ///
  /// https://html.spec.whatwg.org/#html-fragment-parsing-algorithm
  /// The returned nodes are created in `doc`, unlinked, in order; the caller links or frees them.
  static func parseFragment(_ html: String, context localName: String, namespace: LibXML.Namespace?,
                            into doc: xmlDocPtr, scripting: Bool = true)
    -> (nodes: [xmlNodePtr], templateContents: [xmlNodePtr: xmlNodePtr])
  {
    parseFragment(tokens: HTMLTokenizer(html), context: localName, namespace: namespace, into: doc,
                  scripting: scripting)
  }
}
