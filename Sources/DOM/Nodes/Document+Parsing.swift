import CLibXML2
import FoundationEssentials
import URLStandard

/// Everything that calls the HTML parser or serializer: documents from text, innerHTML/outerHTML,
/// insertAdjacentHTML and document.open/write/close.
extension Document {
  /// Parses a whole HTML document from text (already decoded).
  ///
  /// https://html.spec.whatwg.org/#parsing
  /// `scripting` is the parser's scripting flag and the document's: on for a page (`<noscript>` content is text),
  /// off for an inert document (DOMParser, `Document.parseHTMLUnsafe`), where `<noscript>` content is markup.
  public static func parse(
    html: String, url: URLRecord = .aboutBlank, characterSet: String = "UTF-8", scripting: Bool = true
  ) -> Document {
    document(from: HTML5Parser.parseDocument(html, scripting: scripting), url: url, characterSet: characterSet,
             scripting: scripting)
  }

  /// Parses a page that may nest at most `nestingLimit` elements (the stack of open elements; `--max-depth`), and
  /// throws where it nests deeper.
  public static func parse(
    html: String, url: URLRecord = .aboutBlank, characterSet: String = "UTF-8", nestingLimit: Int
  ) throws(NestingLimitExceeded) -> Document {
    let tree = HTML5Parser.parseDocument(html, nestingLimit: nestingLimit)
    let document = document(from: tree, url: url, characterSet: characterSet, scripting: true)
    if let exceeded = tree.nestingLimitExceeded { throw exceeded }  // The document frees the tree.
    return document
  }

  private static func document(
    from tree: ParsedTree, url: URLRecord, characterSet: String, scripting: Bool
  ) -> Document {
    let document = Document(raw: tree.doc, templateContents: tree.templateContents)
    document.url = url
    document.characterSet = characterSet
    document.quirksMode = tree.quirksMode
    document.scriptingEnabled = scripting
    if !tree.mayHaveFrames { document.framelessAtTreeVersion = document.treeVersion }
    return document
  }

  /// Decodes a saved page's bytes (BOM, `<meta charset>` prescan, then `fallbackEncoding` or UTF-8) and parses it.
  ///
  /// Throws when `fallbackEncoding` names no known encoding.
  public static func parse(bytes: [UInt8], url: URLRecord = .aboutBlank, fallbackEncoding: String? = nil)
    throws -> Document
  {
    let (text, encoding) = try HTMLEncoding.decode(bytes, fallback: fallbackEncoding)
    return parse(html: text, url: url, characterSet: encoding)
  }

  /// The whole document as HTML: the doctype, then the document element.
  public func serialize() -> String {
    HTMLSerializer.serializeDocument(rawDoc, scripting: scriptingEnabled, templateContents: { self.templateContents[$0] })
  }

  /// ``serialize()`` as UTF-8 bytes, for writing: the serializer's own bytes, not decoded into a String and encoded
  /// again (a tenth of a page's serialization was that check and copy). They are valid UTF-8: every text in the tree
  /// came from a Swift String.
  public func serializedUTF8() -> [UInt8] {
    HTMLSerializer.serializeDocumentUTF8(rawDoc, scripting: scriptingEnabled, templateContents: { self.templateContents[$0] })
  }

  /// Parses `markup` in the context of `context` with the parser of the document's kind: HTML in an HTML document,
  /// XML (throwing SyntaxError when it is not well-formed) in an XML document.
  ///
  /// https://html.spec.whatwg.org/#fragment-parsing-algorithm-steps
  func parseFragment(_ markup: String, context: Element) throws -> DocumentFragment {
    isHTMLDocument ? parseHTMLFragment(markup, context: context) : try parseXMLFragment(markup, context: context)
  }

  /// Parses `html` as an HTML fragment in the context of `context` and returns it as a DocumentFragment.
  ///
  /// https://html.spec.whatwg.org/#html-fragment-parsing-algorithm
  func parseHTMLFragment(_ html: String, context: Element) -> DocumentFragment {
    let namespace: LibXML.Namespace? = switch context.namespaceURI {
    case LibXML.Namespace.html.rawValue: .html
    case LibXML.Namespace.svg.rawValue: .svg
    case LibXML.Namespace.mathml.rawValue: .mathml
    default: nil  // Foreign content the parser has no rules for.
    }
    let (nodes, contents) = HTML5Parser.parseFragment(
      html, context: context.localName, namespace: namespace, into: rawDoc, scripting: scriptingEnabled)
    for (template, content) in contents {
      templateContents[template] = content
      detached.insert(content)
    }
    let fragment = createDocumentFragment()
    for raw in nodes {
      fragment.insert(own(raw), before: nil)
    }
    return fragment
  }

  // MARK: document.open/write/close

  /// Starts replacing the document's content (document.open()): removes every child.
  ///
  /// https://html.spec.whatwg.org/#document-open-steps (simplified: no parser is running after load)
  public func open() {
    // Step 5 (approximately): while the parser runs a page script, open() does nothing.
    if activeParser != nil { return }
    writeBuffer = ""
    replaceAll(with: nil)
  }

  /// Appends markup to the document being written (opening it first when needed).
  ///
  /// The whole written text is re-parsed after each call and replaces the document's children, so
  /// scripts see the result at once; nodes from earlier writes are replaced by new ones.
  /// While a page script runs during `load(html:runScript:)`, the markup goes into the parser's input instead,
  /// right after the script (https://html.spec.whatwg.org/#document-write-steps), and is parsed at once.
  public func write(_ strings: String...) {
    if let parser = activeParser {
      if parser.hasInsertionPoint { parser.write(strings.joined()) }
      return
    }
    if writeBuffer == nil { open() }
    writeBuffer! += strings.joined()
    let parsed = Document.parse(html: writeBuffer!, url: url, characterSet: characterSet, scripting: scriptingEnabled)
    quirksMode = parsed.quirksMode
    replaceAll(with: nil)
    for child in parsed.childNodes {
      insert(child, before: nil)
    }
  }

  /// Appends markup and a line feed.
  public func writeln(_ strings: String...) { write(strings.joined() + "\n") }

  /// Ends document.write: later writes start over with an implicit open().
  public func close() {
    if activeParser != nil { return }
    writeBuffer = nil
  }
}

extension Node {
  /// Serializes the node's children (HTML fragment serialization).
  func serializeChildren() -> String {
    HTMLSerializer.serializeChildren(
      of: raw, scripting: document.scriptingEnabled, interruption: document.interruption,
      templateContents: { self.document.templateContents[$0] })
  }

  /// The node and its subtree (or, with `childrenOnly`, its children) as XML: XMLSerializer's `serializeToString`
  /// without the well-formed check, or, with `requireWellFormed`, throwing InvalidStateError for what XML cannot
  /// express (the standard's innerHTML getter asks for the check; Chromium and Safari, and so webaction, skip it).
  ///
  /// https://w3c.github.io/DOM-Parsing/#dfn-concept-serialize-xml
  public func xmlSerialization(requireWellFormed: Bool = false, childrenOnly: Bool = false) throws -> String {
    let document = self.document
    return try XMLSerialization.serialize(
      raw, childrenOnly: childrenOnly, requireWellFormed: requireWellFormed,
      templateContents: { document.templateContents[$0] },
      declaration: { $0 == document.raw ? document.xmlDeclaration : nil })
  }
}

extension Element {
  /// The HTML serialization of the element's children (a template's contents for `<template>`), in any document.
  ///
  /// https://html.spec.whatwg.org/#dom-element-gethtml (no shadow roots here)
  public func getHTML() -> String {
    if isHTML(named: "template"), let content = templateContent { return content.serializeChildren() }
    return serializeChildren()
  }

  /// The element's children (a template's contents) as markup: HTML in an HTML document, XML in an XML document;
  /// setting it replaces them with the parsed markup (in an XML document, markup that is not well-formed changes
  /// nothing: `setInnerHTML(_:)` throws that error).
  ///
  /// https://html.spec.whatwg.org/#dom-element-innerhtml. Like Chromium and Safari, the getter never throws: the
  /// XML serialization runs without the well-formed check (`xmlSerialization(requireWellFormed:)` has it).
  public var innerHTML: String {
    get { document.isHTMLDocument ? getHTML() : try! xmlSerialization(childrenOnly: true) }
    set { try? setInnerHTML(newValue) }
  }

  /// Replaces the children (a template's contents) with `markup` parsed in this element's context: HTML in an HTML
  /// document, XML in an XML document (SyntaxError when it is not well-formed).
  ///
  /// https://html.spec.whatwg.org/#dom-element-innerhtml (the setter)
  public func setInnerHTML(_ markup: String) throws {
    // Steps 1-2.
    let fragment = try document.parseFragment(markup, context: self)
    // Step 3: a template's children are its contents.
    let target: Node = isHTML(named: "template") ? templateContent! : self
    // Step 4.
    target.replaceAll(with: fragment)
  }

  /// Replaces the children (a template's contents) with `html` parsed as HTML, in any document.
  ///
  /// https://html.spec.whatwg.org/#dom-element-sethtmlunsafe (no declarative shadow roots here)
  public func setHTMLUnsafe(_ html: String) {
    let target: Node = isHTML(named: "template") ? templateContent! : self
    target.replaceAll(with: document.parseHTMLFragment(html, context: self))
  }

  /// The element itself as markup: HTML in an HTML document, XML (without the well-formed check) otherwise.
  ///
  /// https://html.spec.whatwg.org/#dom-element-outerhtml
  public var outerHTML: String {
    guard document.isHTMLDocument else { return try! xmlSerialization() }
    return HTMLSerializer.serialize(
      raw, scripting: document.scriptingEnabled, interruption: document.interruption,
      templateContents: { self.document.templateContents[$0] })
  }

  /// Replaces this element with the nodes parsed from `html` (element.outerHTML = html).
  ///
  /// https://html.spec.whatwg.org/#dom-element-outerhtml
  public func setOuterHTML(_ html: String) throws {
    // Steps 1-2.
    guard let parent = parentNode else { return }
    // Step 3.
    if parent is Document {
      throw DOMException(.noModificationAllowedError,
                         "outerHTML: <\(localName)> is the document element; set innerHTML or replace the document instead")
    }
    // Step 4.
    let context = (parent as? Element) ?? document.createElement(unchecked: "body")
    // Steps 5-6.
    try parent.replaceChild(document.parseFragment(html, context: context), self)
  }

  /// Parses `html` and inserts the nodes relative to this element.
  ///
  /// https://html.spec.whatwg.org/#dom-element-insertadjacenthtml
  public func insertAdjacentHTML(_ position: AdjacentPosition, _ html: String) throws {
    // Step 1.
    let context: Node
    switch position {
    case .beforeBegin, .afterEnd:
      guard let parent = parentNode, !(parent is Document) else {
        throw DOMException(.noModificationAllowedError,
                           "insertAdjacentHTML: \(position.rawValue) needs <\(localName)> to have an element parent")
      }
      context = parent
    case .afterBegin, .beforeEnd:
      context = self
    }
    // Step 2.
    var element = context as? Element
    if element == nil || (document.isHTMLDocument && element!.isHTML(named: "html")) {
      element = document.createElement(unchecked: "body")
    }
    // Step 3.
    let fragment = try document.parseFragment(html, context: element!)
    // Step 4.
    try insertAdjacent(position, fragment)
  }
}
