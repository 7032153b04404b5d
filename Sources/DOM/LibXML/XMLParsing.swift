import CLibXML2

/// libxml2's XML parser, locked down, and the tree it builds reshaped into the DOM's form.
///
/// Safety: no network (`XML_PARSE_NONET`), no external DTD (`XML_PARSE_DTDLOAD` off), no entity substitution by
/// libxml2 (`XML_PARSE_NOENT` off: libxml2 never loads an external entity without it). References to internal
/// entities are expanded here, within a budget (`EntityExpansion`); references to external or undeclared entities expand to
/// nothing. libxml2's own amplification check reports the billion-laughs pattern as an error first.
///
/// The DOM's form (see `LibXML.Namespace`): an element in no namespace points at the document's shared `""`
/// namespace, an unprefixed XHTML element has `ns == nil`, every other `ns` is the document's shared one (on
/// `doc.oldNs`), and namespace declarations are attributes in the XMLNS namespace (libxml2 keeps them as `nsDef`).
extension LibXML {
  /// The first error the XML parser reported: where, and libxml2's message.
  struct XMLParseError: Error, Equatable {
    var line: Int
    var column: Int
    var message: String
  }

  /// Parses `text` as a whole XML document (no DTD loaded, nothing fetched). Always returns a document, owned by
  /// the caller: on an error it holds what was parsed before the first error (like a browser's), and `error` says
  /// what went wrong.
  static func parseXML(_ text: String) -> (doc: Doc, error: XMLParseError?) {
    var bytes = Array(text.utf8)
    guard !bytes.isEmpty else {
      return (newXMLDocument(), XMLParseError(line: 1, column: 1, message: "Document is empty"))
    }
    let errors = ErrorCollector()
    let doc: Doc? = bytes.withUnsafeMutableBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) { chars in
        guard let ctxt = xmlCreateMemoryParserCtxt(chars.baseAddress, Int32(chars.count)) else { return nil }
        defer { xmlFreeParserCtxt(ctxt) }
        let options = XML_PARSE_NONET.rawValue | XML_PARSE_NODICT.rawValue | XML_PARSE_IGNORE_ENC.rawValue
        xmlCtxtUseOptions(ctxt, Int32(options))
        let box = Unmanaged.passUnretained(errors)
        ctxt.pointee._private = box.toOpaque()
        ctxt.pointee.sax.pointee.serror = { _, error in
          guard let error, let ctxt = error.pointee.ctxt?.assumingMemoryBound(to: xmlParserCtxt.self),
                let box = ctxt.pointee._private else { return }
          Unmanaged<ErrorCollector>.fromOpaque(box).takeUnretainedValue().report(error.pointee, ctxt)
        }
        ctxt.pointee.sax.pointee.getEntity = { userData, name in
          guard let userData, let name else { return nil }
          if let entity = xmlSAX2GetEntity(userData, name) { return entity }
          return LibXML.xhtmlEntity(userData.assumingMemoryBound(to: xmlParserCtxt.self), name)
        }
        xmlParseDocument(ctxt)
        let doc = ctxt.pointee.myDoc
        ctxt.pointee.myDoc = nil
        return doc
      }
    }
    guard let doc else { return (newXMLDocument(), errors.first ?? XMLParseError(line: 1, column: 1, message: "out of memory")) }
    var expansion = EntityExpansion(limit: max(1 << 20, text.utf8.count * 16))
    reshape(doc, &expansion)
    if expansion.exceeded {
      // The tree holds only part of the entities' text: drop it all, as for an error before the root.
      var child = documentNode(doc).pointee.children
      while let current = child {
        child = current.pointee.next
        if current.pointee.type != XML_DTD_NODE {
          unlink(current)
          xmlFreeNode(current)
        }
      }
      let message = "Entity expansion exceeds \(expansion.limit) bytes (an entity reference bomb?)"
      return (doc, errors.first ?? XMLParseError(line: 1, column: 1, message: message))
    }
    return (doc, errors.first)
  }

  /// The XML fragment parsing algorithm: `markup` parsed as the content of an element declaring `namespaces`
  /// (prefix nil = the default namespace), its nodes moved into `doc`, unlinked and in order.
  ///
  /// https://html.spec.whatwg.org/multipage/xhtml.html#xml-fragment-parsing-algorithm
  static func parseXMLFragment(
    _ markup: String, namespaces: [(prefix: String?, uri: String)], into doc: Doc
  ) -> Result<[Node], XMLParseError> {
    func quoted(_ uri: String) -> String {
      "\"" + uri.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        .replacingOccurrences(of: "\"", with: "&quot;") + "\""
    }
    var start = "<fragment"
    for (prefix, uri) in namespaces {
      start += (prefix.map { " xmlns:" + $0 } ?? " xmlns") + "=" + quoted(uri)
    }
    let (parsed, error) = parseXML(start + ">" + markup + "</fragment>")
    defer { xmlFreeDoc(parsed) }
    if let error { return .failure(error) }
    var nodes: [Node] = []
    var root = documentNode(parsed).pointee.children
    while let r = root, r.pointee.type != XML_ELEMENT_NODE { root = r.pointee.next }
    guard let root else { return .success([]) }
    while let child = root.pointee.children {
      unlink(child)
      adopt(child, into: doc)
      nodes.append(child)
    }
    return .success(nodes)
  }

  /// The public ids of the XHTML and MathML DTDs whose documents may use HTML's named character references: the list
  /// of https://html.spec.whatwg.org/multipage/xhtml.html#parsing-xhtml-documents, and XHTML Mobile 1.1 and 1.2 as in
  /// Chromium.
  private static let xhtmlPublicIDs: Set<String> = [
    "-//W3C//DTD XHTML 1.0 Transitional//EN", "-//W3C//DTD XHTML 1.1//EN", "-//W3C//DTD XHTML 1.0 Strict//EN",
    "-//W3C//DTD XHTML 1.0 Frameset//EN", "-//W3C//DTD XHTML Basic 1.0//EN",
    "-//W3C//DTD XHTML 1.1 plus MathML 2.0//EN", "-//W3C//DTD XHTML 1.1 plus MathML 2.0 plus SVG 1.1//EN",
    "-//W3C//DTD MathML 2.0//EN", "-//WAPFORUM//DTD XHTML Mobile 1.0//EN", "-//WAPFORUM//DTD XHTML Mobile 1.1//EN",
    "-//WAPFORUM//DTD XHTML Mobile 1.2//EN",
  ]

  /// An HTML named character reference (`&nbsp;`) in a document whose doctype names an XHTML DTD: declared on the
  /// fly in the document's internal subset (as character references, so it is text), then used like any entity.
  private static func xhtmlEntity(_ ctxt: xmlParserCtxtPtr, _ name: UnsafePointer<xmlChar>) -> xmlEntityPtr? {
    guard let doc = ctxt.pointee.myDoc, let dtd = doc.pointee.intSubset, let publicId = dtd.pointee.ExternalID,
          xhtmlPublicIDs.contains(String(cString: publicId)),
          let value = NamedCharacterReferenceTable.shared.value(named: String(cString: name) + ";")
    else { return nil }
    let content = value.unicodeScalars.map { "&#\($0.value);" }.joined()
    return xmlAddDocEntity(doc, name, Int32(XML_INTERNAL_GENERAL_ENTITY.rawValue), nil, nil, content)
  }

  /// Collects the parser's first error and stops tree building there (later errors are consequences).
  private final class ErrorCollector {
    var first: XMLParseError?

    func report(_ error: xmlError, _ ctxt: xmlParserCtxtPtr) {
      guard error.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
      // libxml2 reports a namespace URI it cannot parse as an error; XML Namespaces only asks for a URI reference,
      // and browsers accept any string.
      if error.code == XML_WAR_NS_URI.rawValue || error.code == XML_WAR_NS_URI_RELATIVE.rawValue { return }
      guard first == nil else { return }
      var message = error.message.map { String(cString: $0) } ?? "XML parse error"
      while message.last == "\n" { message.removeLast() }
      first = XMLParseError(line: Int(error.line), column: Int(error.int2), message: message)
      // No more nodes after the first error (libxml2 does this itself for fatal errors, not for namespace errors).
      ctxt.pointee.disableSAX = 1
    }
  }
}
