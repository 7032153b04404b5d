import CLibXML2

/// The raw libxml2 layer. Every `xmlNode` link, unlink and free in the package goes through here.
///
/// libxml2's `xmlAddChild`/`xmlAddNextSibling`/`xmlAddPrevSibling` merge adjacent text nodes and
/// free the node passed in, so this layer never calls them: `link` splices pointers by hand.
enum LibXML {
  typealias Node = xmlNodePtr
  typealias Doc = xmlDocPtr

  /// The namespaces the HTML parser and DOM use. HTML elements carry `ns == nil`; elements in
  /// these namespaces point at one `xmlNs` per document, kept on `doc.oldNs` and freed with it.
  enum Namespace: String, CaseIterable {
    case html = "http://www.w3.org/1999/xhtml"
    case svg = "http://www.w3.org/2000/svg"
    case mathml = "http://www.w3.org/1998/Math/MathML"
    case xlink = "http://www.w3.org/1999/xlink"
    case xml = "http://www.w3.org/XML/1998/namespace"
    case xmlns = "http://www.w3.org/2000/xmlns/"

    var prefix: String? {
      switch self {
      case .html, .svg, .mathml: return nil
      case .xlink: return "xlink"
      case .xml: return "xml"
      case .xmlns: return "xmlns"
      }
    }
  }

  /// A new, empty XML document (`XMLDocument`, `new Document()`).
  static func newXMLDocument() -> Doc { xmlNewDoc(nil)! }

  /// A new, empty HTML document (no DTD node).
  static func newDocument() -> Doc {
    let doc = xmlNewDoc(nil)!
    doc.pointee.type = XML_HTML_DOCUMENT_NODE
    return doc
  }

  /// The document's shared `xmlNs` for `namespace`, created on first use and owned by the document.
  ///
  /// libxml2 expects the XML namespace at the head of `doc.oldNs` (`xmlSearchNs(doc, _, "xml")` returns the
  /// head), so the head is always the XML namespace and the others follow it.
  static func namespace(_ namespace: Namespace, in doc: Doc) -> xmlNsPtr {
    if doc.pointee.oldNs == nil {
      // xmlNewNs refuses the "xml" prefix; create it unprefixed, then name it.
      let xml = xmlNewNs(nil, Namespace.xml.rawValue, nil)!
      xml.pointee.prefix = UnsafePointer(xmlStrdup("xml"))
      doc.pointee.oldNs = xml
    }
    var cursor = doc.pointee.oldNs
    var last = cursor!
    while let ns = cursor {
      if let href = ns.pointee.href, String(cString: href) == namespace.rawValue { return ns }
      last = ns
      cursor = ns.pointee.next
    }
    // An unattached xmlNs; chaining it on doc.oldNs makes xmlFreeDoc free it.
    let ns = xmlNewNs(nil, namespace.rawValue, namespace.prefix)!
    last.pointee.next = ns
    return ns
  }

  /// A new unlinked element. `namespace == .html` (or nil) leaves `ns` nil.
  static func newElement(_ localName: String, namespace: Namespace?, in doc: Doc) -> Node {
    let node = xmlNewDocNode(doc, nil, localName, nil)!
    if let namespace, namespace != .html { node.pointee.ns = Self.namespace(namespace, in: doc) }
    return node
  }

  static func newText(_ text: String, in doc: Doc) -> Node { withStored(text) { xmlNewDocText(doc, $0)! } }
  static func newComment(_ text: String, in doc: Doc) -> Node { withStored(text) { xmlNewDocComment(doc, $0)! } }
  static func newFragment(in doc: Doc) -> Node { xmlNewDocFragment(doc)! }

  // MARK: Processing instructions and CDATA sections

  static func newProcessingInstruction(target: String, data: String, in doc: Doc) -> Node {
    withStored(data) { xmlNewDocPI(doc, target, $0)! }
  }

  static func newCDATASection(_ data: String, in doc: Doc) -> Node {
    withStored(data) { xmlNewCDataBlock(doc, $0, xmlStrlen($0))! }
  }

  /// True for a CDATA section (a kind of text node).
  static func isCDATASection(_ node: Node) -> Bool { node.pointee.type == XML_CDATA_SECTION_NODE }

  /// Links `child` into `parent` before `reference` (at the end when `reference` is nil).
  ///
  /// `child` must be unlinked. No text-node merging, no frees: the one place the package links nodes.
  static func link(_ child: Node, into parent: Node, before reference: Node?) {
    precondition(child.pointee.parent == nil && child.pointee.prev == nil && child.pointee.next == nil,
                 "LibXML.link: node is still linked")
    child.pointee.parent = parent
    if let reference {
      precondition(reference.pointee.parent == parent, "LibXML.link: reference is not a child of parent")
      child.pointee.next = reference
      child.pointee.prev = reference.pointee.prev
      if let prev = reference.pointee.prev { prev.pointee.next = child } else { parent.pointee.children = child }
      reference.pointee.prev = child
    } else {
      child.pointee.prev = parent.pointee.last
      if let last = parent.pointee.last { last.pointee.next = child } else { parent.pointee.children = child }
      parent.pointee.last = child
    }
    setDocument(parent.pointee.doc, of: child)
  }

  /// Unlinks `node` from its parent and siblings. The caller decides who owns it next.
  static func unlink(_ node: Node) {
    if let parent = node.pointee.parent {
      if parent.pointee.children == node { parent.pointee.children = node.pointee.next }
      if parent.pointee.last == node { parent.pointee.last = node.pointee.prev }
    }
    if let prev = node.pointee.prev { prev.pointee.next = node.pointee.next }
    if let next = node.pointee.next { next.pointee.prev = node.pointee.prev }
    node.pointee.parent = nil
    node.pointee.prev = nil
    node.pointee.next = nil
  }

  /// Points `node` and its whole subtree (attributes included) at `doc`.
  static func setDocument(_ doc: Doc?, of node: Node) {
    guard node.pointee.doc != doc else { return }
    xmlSetTreeDoc(node, doc)
  }

  /// Frees an unlinked subtree. Only the Document calls this, when it dies.
  static func freeSubtree(_ node: Node) {
    precondition(node.pointee.parent == nil, "LibXML.freeSubtree: node is still linked")
    xmlFreeNode(node)
  }

  /// Frees a document and the unlinked subtrees it owns. Only `Document.deinit` calls this.
  static func free(_ doc: Doc, detached: some Sequence<Node>) {
    for node in detached where node.pointee.parent == nil { xmlFreeNode(node) }
    xmlFreeDoc(doc)
  }
}

extension String {
  /// Takes ownership of a libxml2-allocated C string and frees it.
  init?(xmlOwned pointer: UnsafeMutablePointer<xmlChar>?) {
    guard let pointer else { return nil }
    self = LibXML.readStored(pointer)
    webaction_xmlFree(pointer)
  }
}
