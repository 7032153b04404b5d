/// The language of a node, for `:lang()` and language-sensitive text transforms.
extension Node {
  /// The node's language, as Chromium computes it: the `xml:lang` (else `lang`) attribute of the node or of its
  /// nearest ancestor element that has one, else the document's default language when the walk reaches the
  /// document. Nil when nothing declares one (a detached tree, a fragment, or a document without a default).
  ///
  /// https://html.spec.whatwg.org/multipage/dom.html#language (which reads `lang` only on HTML and SVG elements;
  /// Chromium reads it on every element). An empty value (`lang=""`) is returned as it is: the language is unknown.
  public var language: String? {
    var node: Node? = self
    while let current = node {
      if let element = current as? Element {
        if let value = element.getAttributeNS(LibXML.Namespace.xml.rawValue, "lang") ?? element.getAttributeNS(nil, "lang") {
          return value
        }
      } else if let document = current as? Document {
        return document.defaultLanguage
      }
      node = current.parentNode
    }
    return nil
  }
}

extension Document {
  /// The pragma-set default language: the `content` of the last `<meta http-equiv="content-language">` in tree
  /// order, when it has no comma; nil without one.
  ///
  /// https://html.spec.whatwg.org/multipage/semantics.html#attr-meta-http-equiv-content-language (there are no
  /// HTTP headers here). Its content is stripped of leading and trailing ASCII whitespace, which is CSS whitespace.
  public var defaultLanguage: String? {
    if let cached = defaultLanguageCache, cached.version == styleVersion { return cached.language }
    var language: String? = nil
    for case let meta as Element in descendants() where meta.isHTML(named: "meta") {
      guard meta.getAttribute("http-equiv")?.asciiLowercased == "content-language",
        let content = meta.getAttribute("content"), !content.contains(",")
      else { continue }
      language = content.trimmingCSSWhitespace()
    }
    defaultLanguageCache = (styleVersion, language)
    return language
  }
}
