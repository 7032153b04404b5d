import CLibXML2

/// libxml2's XML parser, locked down, and the tree it builds reshaped into the DOM's form.
///
/// Safety: no network (`XML_PARSE_NONET`), no external DTD (`XML_PARSE_DTDLOAD` off), no entity substitution by
/// libxml2 (`XML_PARSE_NOENT` off: libxml2 never loads an external entity without it). References to internal
/// entities are expanded here, within `expansionLimit`; references to external or undeclared entities expand to
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
      for child in removeChildren(of: documentNode(doc)) where child.pointee.type != XML_DTD_NODE { xmlFreeNode(child) }
      syncDoctype(of: doc)
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

  // MARK: Reshaping the tree into the DOM's form

  /// How much entity text may still be copied into the tree.
  struct EntityExpansion {
    let limit: Int
    var used = 0
    var exceeded: Bool { used > limit }

    init(limit: Int) { self.limit = limit }

    mutating func spend(_ bytes: Int) -> Bool {
      used += bytes
      return !exceeded
    }
  }

  /// Expands entity references, then moves namespaces onto the document's shared ones and declarations into
  /// attributes, then frees what libxml2 kept on the side (declarations, entity trees, the ID table).
  private static func reshape(_ doc: Doc, _ expansion: inout EntityExpansion) {
    let root = documentNode(doc)
    // Pass 1: entity references (children and attribute values).
    var expandedIn: [Node] = []
    var cursor = root.pointee.children
    while let node = cursor, !expansion.exceeded {
      switch node.pointee.type {
      case XML_ENTITY_REF_NODE:
        let next = followingSkippingChildren(node, within: root)
        expandedIn.append(node.pointee.parent!)
        expandReference(node, &expansion)
        cursor = next
        continue
      case XML_ELEMENT_NODE:
        var attr = node.pointee.properties
        while let a = attr {
          if hasReference(a.pointee.children) {
            setText(attributeText(a.pointee.children, doc, &expansion), of: a)
          }
          attr = a.pointee.next
        }
      default: break
      }
      cursor = following(node, within: root)
    }
    if expansion.exceeded { return }
    // Text an entity brought in joins the text around it, as a browser's parser would have appended it.
    for parent in expandedIn { mergeTextSiblings(of: parent) }
    // Pass 2: namespaces, and no attribute left in libxml2's ID table (the DOM finds ids itself).
    cursor = root.pointee.children
    while let node = cursor {
      if node.pointee.type == XML_ELEMENT_NODE {
        reshapeNamespaces(node, doc)
        var attr = node.pointee.properties
        while let a = attr {
          if a.pointee.atype == XML_ATTRIBUTE_ID { xmlRemoveID(doc, a) }
          attr = a.pointee.next
        }
      }
      cursor = following(node, within: root)
    }
    // Pass 3: nothing points at the declarations or at the entities' parsed trees any more.
    cursor = root.pointee.children
    while let node = cursor {
      if node.pointee.type == XML_ELEMENT_NODE, let declarations = node.pointee.nsDef {
        xmlFreeNsList(declarations)
        node.pointee.nsDef = nil
      }
      cursor = following(node, within: root)
    }
    if let dtd = doc.pointee.intSubset { freeEntityTrees(dtd) }
  }

  private static func hasReference(_ list: Node?) -> Bool {
    var cursor = list
    while let node = cursor {
      if node.pointee.type == XML_ENTITY_REF_NODE { return true }
      cursor = node.pointee.next
    }
    return false
  }

  /// The declared entity a reference node names: internal general entities only (nil for external and undeclared
  /// ones, which expand to nothing).
  private static func internalEntity(_ reference: Node) -> UnsafeMutablePointer<xmlEntity>? {
    guard let declaration = reference.pointee.children, declaration.pointee.type == XML_ENTITY_DECL else { return nil }
    let entity = UnsafeMutableRawPointer(declaration).assumingMemoryBound(to: xmlEntity.self)
    return entity.pointee.etype == XML_INTERNAL_GENERAL_ENTITY ? entity : nil
  }

  /// Replaces an entity reference in content by copies of the entity's nodes (their references expanded too).
  private static func expandReference(_ reference: Node, _ expansion: inout EntityExpansion) {
    let parent = reference.pointee.parent!
    var copies: [Node] = []
    if let entity = internalEntity(reference) {
      copies = expandedCopies(of: entity, in: reference.pointee.doc, depth: 0, &expansion)
    }
    for copy in copies {
      link(copy, into: parent, before: reference)
    }
    unlink(reference)
    xmlFreeNode(reference)
  }

  /// Copies of an entity's parsed nodes with nested references expanded.
  private static func expandedCopies(
    of entity: UnsafeMutablePointer<xmlEntity>, in doc: Doc?, depth: Int, _ expansion: inout EntityExpansion
  ) -> [Node] {
    guard depth < 40, !expansion.exceeded else {
      _ = expansion.spend(expansion.limit + 1)
      return []
    }
    var list = entity.pointee.children
    var owned: Node?
    if list == nil, let content = entity.pointee.content, content.pointee != 0 {
      // libxml2 builds the nodes on the first reference in content; an entity first met in an attribute has none.
      owned = xmlStringGetNodeList(doc, content)
      list = owned
    }
    defer { if let owned { xmlFreeNodeList(owned) } }
    var copies: [Node] = []
    var cursor = list
    while let node = cursor, !expansion.exceeded {
      if node.pointee.type == XML_ENTITY_REF_NODE {
        if let nested = internalEntity(node) { copies += expandedCopies(of: nested, in: doc, depth: depth + 1, &expansion) }
      } else if let copy = rawCopy(node, into: doc, depth: depth, &expansion) {
        copies.append(copy)
      }
      cursor = node.pointee.next
    }
    return copies
  }

  /// A copy that keeps libxml2's own form (raw `ns` pointers, declarations), so the namespace pass treats it like
  /// parsed nodes; entity references inside are expanded.
  private static func rawCopy(_ node: Node, into doc: Doc?, depth: Int, _ expansion: inout EntityExpansion) -> Node? {
    switch node.pointee.type {
    case XML_ELEMENT_NODE:
      guard expansion.spend(16 + Int(xmlStrlen(node.pointee.name))) else { return nil }
      let copy = xmlNewDocNode(doc, nil, node.pointee.name, nil)!
      copy.pointee.ns = node.pointee.ns
      if let declarations = node.pointee.nsDef { copy.pointee.nsDef = xmlCopyNamespaceList(declarations) }
      var attr = node.pointee.properties
      while let a = attr {
        let value = attributeText(a.pointee.children, doc, &expansion)
        withStored(value) { _ = xmlNewNsProp(copy, a.pointee.ns, a.pointee.name, $0) }
        attr = a.pointee.next
      }
      var child = node.pointee.children
      while let c = child, !expansion.exceeded {
        if c.pointee.type == XML_ENTITY_REF_NODE {
          if let nested = internalEntity(c) {
            for item in expandedCopies(of: nested, in: doc, depth: depth + 1, &expansion) {
              link(item, into: copy, before: nil)
            }
          }
        } else if let item = rawCopy(c, into: doc, depth: depth, &expansion) {
          link(item, into: copy, before: nil)
        }
        child = c.pointee.next
      }
      mergeTextSiblings(of: copy)
      return copy
    case XML_TEXT_NODE, XML_CDATA_SECTION_NODE, XML_COMMENT_NODE, XML_PI_NODE:
      let length = node.pointee.content.map { Int(xmlStrlen($0)) } ?? 0
      guard expansion.spend(length + 8) else { return nil }
      let copy = xmlCopyNode(node, 1)!
      copy.pointee.doc = doc
      return copy
    default:
      return nil
    }
  }

  /// An attribute value with its entity references expanded. Like Chromium, the replacement text keeps its tabs and
  /// line breaks (XML's attribute-value normalization would make them spaces).
  private static func attributeText(_ list: Node?, _ doc: Doc?, _ expansion: inout EntityExpansion) -> String {
    var result = ""
    appendAttributeText(list, doc, depth: 0, into: &result, &expansion)
    return result
  }

  private static func appendAttributeText(
    _ list: Node?, _ doc: Doc?, depth: Int, into result: inout String, _ expansion: inout EntityExpansion
  ) {
    var cursor = list
    while let node = cursor, !expansion.exceeded {
      if node.pointee.type == XML_ENTITY_REF_NODE {
        if depth >= 40 {
          _ = expansion.spend(expansion.limit + 1)
        } else if let entity = internalEntity(node), let content = entity.pointee.content {
          let nested = xmlStringGetNodeList(doc, content)
          appendAttributeText(nested, doc, depth: depth + 1, into: &result, &expansion)
          if let nested { xmlFreeNodeList(nested) }
        }
      } else if let content = node.pointee.content {
        let text = readStored(content)
        guard expansion.spend(text.utf8.count) else { return }
        result += text
      }
      cursor = node.pointee.next
    }
  }

  /// Joins each run of adjacent (non-CDATA) text children into its first node.
  private static func mergeTextSiblings(of parent: Node) {
    var cursor = parent.pointee.children
    while let node = cursor {
      if node.pointee.type == XML_TEXT_NODE {
        while let next = node.pointee.next, next.pointee.type == XML_TEXT_NODE {
          if let content = next.pointee.content { xmlNodeAddContent(node, content) }
          unlink(next)
          xmlFreeNode(next)
        }
      }
      cursor = node.pointee.next
    }
  }

  /// Moves one element's (and its attributes') namespaces to the DOM's form and turns its declarations into
  /// `xmlns` attributes placed before its other attributes (as browsers list them).
  private static func reshapeNamespaces(_ element: Node, _ doc: Doc) {
    if let ns = element.pointee.ns, let href = ns.pointee.href {
      let uri = String(cString: href)
      let prefix = ns.pointee.prefix.map { String(cString: $0) }
      element.pointee.ns = uri == Namespace.html.rawValue && prefix == nil ? nil : namespace(uri: uri, prefix: prefix, in: doc)
    } else {
      element.pointee.ns = namespace(uri: "", prefix: nil, in: doc)
    }
    var attr = element.pointee.properties
    while let a = attr {
      if let ns = a.pointee.ns {
        a.pointee.ns = namespace(uri: ns.pointee.href.map { String(cString: $0) } ?? "",
                                 prefix: ns.pointee.prefix.map { String(cString: $0) }, in: doc)
      }
      attr = a.pointee.next
    }
    guard element.pointee.nsDef != nil else { return }
    let others = element.pointee.properties
    element.pointee.properties = nil
    var declaration = element.pointee.nsDef
    while let d = declaration {
      let value = d.pointee.href.map { String(cString: $0) } ?? ""
      if let prefix = d.pointee.prefix {
        appendAttribute(element, localName: String(cString: prefix), value: value,
                        namespaceURI: Namespace.xmlns.rawValue, prefix: "xmlns")
      } else {
        appendAttribute(element, localName: "xmlns", value: value, namespaceURI: Namespace.xmlns.rawValue, prefix: nil)
      }
      declaration = d.pointee.next
    }
    // The other attributes follow the declarations.
    guard let others else { return }
    var last = element.pointee.properties!
    while let next = last.pointee.next { last = next }
    last.pointee.next = others
    others.pointee.prev = last
  }

  /// Frees the nodes libxml2 parsed for each entity (they may point at freed declarations now).
  private static func freeEntityTrees(_ dtd: xmlDtdPtr) {
    var cursor = dtd.pointee.children
    while let node = cursor {
      if node.pointee.type == XML_ENTITY_DECL {
        let entity = UnsafeMutableRawPointer(node).assumingMemoryBound(to: xmlEntity.self)
        if entity.pointee.owner == 1, let children = entity.pointee.children {
          xmlFreeNodeList(children)
        }
        entity.pointee.children = nil
        entity.pointee.last = nil
      }
      cursor = node.pointee.next
    }
  }
}
