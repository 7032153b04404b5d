import FoundationEssentials
import URLStandard

/// XML documents from text (DOMParser), with the error document browsers make.
extension Document {
  /// The MIME types DOMParser parses as XML.
  public static let xmlContentTypes: Set<String> = ["text/xml", "application/xml", "application/xhtml+xml", "image/svg+xml"]

  /// Parses `xml` into a new, inert XML document (no DTD loaded, nothing fetched, no scripts).
  ///
  /// https://html.spec.whatwg.org/multipage/dynamic-markup-insertion.html#dom-domparser-parsefromstring (XML types)
  /// A well-formedness or namespace error gives what Chromium and Safari give, not the spec's lone `parsererror`
  /// root: the document as parsed up to the first error, with an XHTML `<parsererror>` describing it inserted as the
  /// first child of the root (inside a new `<html><body>` when there is no root, or when the root is SVG).
  public static func parse(xml: String, contentType: String, url: URLRecord) -> XMLDocument {
    let (raw, error) = LibXML.parseXML(xml)
    let document = XMLDocument(raw: raw, templateContents: [:])
    document.contentType = contentType
    document.url = url
    document.xmlDeclaration = XMLDeclaration(prefixOf: xml)
    document.moveTemplateChildrenToContents(under: document)
    if let error { document.insertParserError(error) }
    return document
  }

  /// The HTML spec's XHTML template rule: a `<template>`'s parsed children are its contents, not its children.
  ///
  /// https://html.spec.whatwg.org/multipage/xhtml.html#parsing-xhtml-documents
  private func moveTemplateChildrenToContents(under root: Node) {
    // Found on the raw tree: only the templates get wrappers.
    let templates = LibXML.descendantHTMLElements(of: root.raw, named: "template").map { node(for: $0) as! Element }
    for template in templates.reversed() {
      guard let content = template.templateContent else { continue }
      while let child = template.firstChild {
        content.insert(child, before: nil)
      }
    }
  }

  /// Parses `markup` as XML in the context of `context`: its in-scope namespace prefixes and default namespace
  /// apply. Throws SyntaxError when the markup is not well-formed.
  ///
  /// https://html.spec.whatwg.org/multipage/xhtml.html#xml-fragment-parsing-algorithm
  func parseXMLFragment(_ markup: String, context: Element) throws -> DocumentFragment {
    // Step 2: the prefixes (nil = the default namespace) in scope on the context element, nearest first.
    var bound: [String?: String] = [:]
    var order: [String?] = []
    func bind(_ prefix: String?, _ uri: String) {
      guard bound[prefix] == nil, prefix != "xml", prefix != "xmlns" else { return }
      bound[prefix] = uri
      order.append(prefix)
    }
    var cursor: Element? = context
    while let element = cursor {
      bind(element.prefix, element.namespaceURI ?? "")
      for attr in LibXML.attributes(element.raw) where attr.namespaceURI == LibXML.Namespace.xmlns.rawValue {
        bind(attr.prefix == nil ? nil : attr.localName, attr.value)
      }
      cursor = element.parentElement
    }
    let namespaces = order.compactMap { prefix in bound[prefix]!.isEmpty ? nil : (prefix: prefix, uri: bound[prefix]!) }
    // Steps 1, 3-6.
    switch LibXML.parseXMLFragment(markup, namespaces: namespaces, into: rawDoc) {
    case .failure(let error):
      throw DOMException(.syntaxError, "The markup is not well-formed XML: \(error.message)")
    case .success(let nodes):
      let fragment = createDocumentFragment()
      for raw in nodes {
        fragment.insert(own(raw), before: nil)
      }
      moveTemplateChildrenToContents(under: fragment)
      return fragment
    }
  }

  /// https://source.chromium.org/chromium/chromium/src/+/main:third_party/blink/renderer/core/xml/parser/xml_errors.cc
  /// (`InsertErrorMessageBlock`, `CreateXHTMLParserErrorHeader`).
  private func insertParserError(_ error: LibXML.XMLParseError) {
    let xhtml = LibXML.Namespace.html.rawValue
    func make(_ name: String, style: String? = nil, text: String? = nil) -> Element {
      let element = try! createElementNS(xhtml, name)
      if let style { element.setAttributeUnchecked("style", style) }
      if let text { element.insert(createTextNode(text), before: nil) }
      return element
    }
    let report = make(
      "parsererror",
      style: "display: block; white-space: pre; border: 2px solid #c77; padding: 0 1em 0 1em; margin: 1em; "
        + "background-color: #fdd; color: black")
    report.insert(make("h3", text: "This page contains the following errors:"), before: nil)
    report.insert(
      make("div", style: "font-family:monospace;font-size:12px",
           text: "error on line \(error.line) at column \(error.column): \(error.message)\n"),
      before: nil)
    report.insert(make("h3", text: "Below is a rendering of the page up to the first error."), before: nil)

    let target: Element
    if let root = documentElement, root.namespaceURI != LibXML.Namespace.svg.rawValue {
      target = root
    } else {
      // No root to show the report in, or an SVG root: wrap it in an XHTML page.
      let html = make("html"), body = make("body")
      if let svg = documentElement {
        let head = make("head")
        head.insert(make("style", text: "html, body { height: 100% } parsererror + svg { width: 100%; height: 100% }"),
                    before: nil)
        html.insert(head, before: nil)
        svg.removeFromParent()
        body.insert(svg, before: nil)
      }
      html.insert(body, before: nil)
      insert(html, before: nil)
      target = body
    }
    target.insert(report, before: target.firstChild)
  }
}

/// An XML declaration as Chromium's serializer writes it back (`<?xml version="1.0" encoding="…"?>`).
struct XMLDeclaration: Equatable {
  var version: String
  var encoding: String?
  var standalone: String?

  /// The declaration at the very start of `text`, if any (XML allows it nowhere else).
  init?(prefixOf text: String) {
    guard text.hasPrefix("<?xml"), let end = text.range(of: "?>") else { return nil }
    let body = text[text.index(text.startIndex, offsetBy: 5)..<end.lowerBound]
    guard let first = body.first, first == " " || first == "\t" || first == "\n" || first == "\r" else { return nil }
    func pseudoAttribute(_ name: String) -> String? {
      guard let start = body.range(of: name) else { return nil }
      var rest = body[start.upperBound...].drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
      guard rest.first == "=" else { return nil }
      rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
      guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
      rest = rest.dropFirst()
      guard let close = rest.firstIndex(of: quote) else { return nil }
      return String(rest[..<close])
    }
    version = pseudoAttribute("version") ?? "1.0"
    encoding = pseudoAttribute("encoding")
    standalone = pseudoAttribute("standalone")
  }

  /// `<?xml version="…" encoding="…" standalone="…"?>`.
  var markup: String {
    var result = "<?xml version=\"\(version)\""
    if let encoding { result += " encoding=\"\(encoding)\"" }
    if let standalone { result += " standalone=\"\(standalone)\"" }
    return result + "?>"
  }
}
