#if Gumbo
import CLibXML2

/// The gumbo tree builder: libgumbo parses, the result is rebuilt as a libxml2 tree.
///
/// Built only with `--traits Gumbo`, for differential testing and the parser benchmark; the real parser is
/// `HTML5Parser` (`HTMLTokenizer` feeding `HTMLTreeBuilder`).
///
/// https://html.spec.whatwg.org/#parsing
///
/// Scripting flag: gumbo 0.10.1 has none and always parses as if scripting were *disabled*
/// (`<noscript>` content becomes elements, not raw text). The `scripting` parameter is kept in the
/// signature for the day the parser supports it; `GumboKnownFailures` lists the consequences.
enum GumboTreeBuilder {
  /// Parses a whole document from UTF-8 text (decode bytes with `HTMLEncoding.decode` first).
  static func parseDocument(utf8 html: String, scripting: Bool = true) -> ParsedTree {
    GumboConverter.parseDocument(html)
  }

  /// Parses `html` with the fragment parsing algorithm, the context element being `localName` in `namespace`.
  ///
  /// https://html.spec.whatwg.org/#html-fragment-parsing-algorithm
  /// The returned nodes are created in `doc`, unlinked, in order; the caller links or frees them.
  static func parseFragment(_ html: String, context localName: String, namespace: LibXML.Namespace,
                            into doc: xmlDocPtr, scripting: Bool = true)
    -> (nodes: [xmlNodePtr], templateContents: [xmlNodePtr: xmlNodePtr])
  {
    GumboConverter.parseFragment(html, context: localName, namespace: namespace, into: doc)
  }
}
#endif
