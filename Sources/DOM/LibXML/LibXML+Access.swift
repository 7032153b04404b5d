import CLibXML2

/// Raw read/write accessors over `xmlNode` fields used by the DOM layer.
///
/// Everything outside `Sources/DOM/LibXML/` treats an `xmlNodePtr` as an opaque key and asks here.
extension LibXML {
  /// The kind of a raw node, mapped onto DOM node kinds.
  enum Kind {
    case document, doctype, element, text, comment, fragment, attribute, processingInstruction, other
  }

  static func kind(_ node: Node) -> Kind {
    switch node.pointee.type {
    case XML_ELEMENT_NODE: return .element
    case XML_TEXT_NODE, XML_CDATA_SECTION_NODE: return .text
    case XML_COMMENT_NODE: return .comment
    case XML_DOCUMENT_NODE, XML_HTML_DOCUMENT_NODE: return .document
    case XML_DTD_NODE, XML_DOCUMENT_TYPE_NODE: return .doctype
    case XML_DOCUMENT_FRAG_NODE: return .fragment
    case XML_ATTRIBUTE_NODE: return .attribute
    case XML_PI_NODE: return .processingInstruction
    default: return .other
    }
  }

  /// The raw numeric type (libxml2's values 1–11 coincide with the DOM's nodeType constants).
  static func rawType(_ node: Node) -> Int { Int(node.pointee.type.rawValue) }

  // MARK: The wrapper slot

  /// The application pointer of a node (`_private`, which `xmlNode`, `xmlAttr` and `xmlDoc` all start with):
  /// the document keeps each node's wrapper there, so finding it costs one load. Nothing else here sets it.
  /// The wrapper kept in `node`'s slot, if any (unretained: its document keeps it alive).
  static func wrapper(of node: Node) -> DOM.Node? {
    node.pointee._private.map { Unmanaged<DOM.Node>.fromOpaque($0).takeUnretainedValue() }
  }

  /// Puts `wrapper` in `node`'s slot, unretained: the caller keeps it alive as long as the raw node.
  static func setWrapper(_ wrapper: DOM.Node, of node: Node) {
    node.pointee._private = Unmanaged.passUnretained(wrapper).toOpaque()
  }

  // MARK: Document <-> node pointer

  /// The document viewed as a node (xmlDoc shares xmlNode's leading layout).
  static func node(of doc: Doc) -> Node { UnsafeMutableRawPointer(doc).assumingMemoryBound(to: xmlNode.self) }

  /// The owning document of a node.
  static func document(of node: Node) -> Doc? { node.pointee.doc }

  static func isHTMLDocument(_ doc: Doc) -> Bool { doc.pointee.type == XML_HTML_DOCUMENT_NODE }

  // MARK: Tree links

  /// The DOM parent: nil for an attribute (its libxml2 parent is its element, which is not its DOM parent).
  static func parent(_ node: Node) -> Node? { node.pointee.type == XML_ATTRIBUTE_NODE ? nil : node.pointee.parent }
  static func firstChild(_ node: Node) -> Node? { hasChildList(node) ? node.pointee.children : nil }
  static func lastChild(_ node: Node) -> Node? { hasChildList(node) ? node.pointee.last : nil }
  static func next(_ node: Node) -> Node? { node.pointee.type == XML_ATTRIBUTE_NODE ? nil : node.pointee.next }
  static func previous(_ node: Node) -> Node? { node.pointee.type == XML_ATTRIBUTE_NODE ? nil : node.pointee.prev }

  /// Only these kinds use `children` for DOM children (a DTD's children are declarations).
  private static func hasChildList(_ node: Node) -> Bool {
    switch node.pointee.type {
    case XML_ELEMENT_NODE, XML_DOCUMENT_NODE, XML_HTML_DOCUMENT_NODE, XML_DOCUMENT_FRAG_NODE: return true
    default: return false
    }
  }

  // MARK: Names and content

  /// The local name of an element (or a DTD's name).
  static func name(_ node: Node) -> String {
    guard let name = node.pointee.name else { return "" }
    return String(cString: name)
  }

  /// The name as libxml2 keeps it (NUL-terminated UTF-8), valid while the node keeps its name.
  static func nameBytes(_ node: Node) -> UnsafePointer<UInt8>? { node.pointee.name }

  /// True when the local name of an element is `name`, compared byte for byte without making a String.
  static func hasName(_ node: Node, _ name: String) -> Bool {
    guard let own = node.pointee.name else { return name.isEmpty }
    let same = name.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
      // Byte by byte, stopping at the first difference: `own` is only read up to its NUL.
      for (index, byte) in bytes.enumerated() where byte == 0 || own[index] != byte { return false }
      return own[bytes.count] == 0
    }
    return same ?? (self.name(node) == name)
  }

  /// The namespace URI of an element: nil for `ns == nil` (HTML); "" marks the null namespace.
  static func namespaceURI(_ node: Node) -> String? {
    guard let ns = node.pointee.ns, let href = ns.pointee.href else { return nil }
    return String(cString: href)
  }

  /// True for an element in the HTML namespace (`ns == nil`, or an `xmlNs` whose URI is HTML's), without copying.
  static func isInHTMLNamespace(_ node: Node) -> Bool {
    guard let ns = node.pointee.ns else { return true }
    guard let href = ns.pointee.href else { return false }
    return xmlStrEqual(href, Namespace.html.rawValue) != 0
  }

  static func namespacePrefix(_ node: Node) -> String? {
    guard let ns = node.pointee.ns, let prefix = ns.pointee.prefix else { return nil }
    return String(cString: prefix)
  }

  /// The character data of a text or comment node.
  static func content(_ node: Node) -> String {
    guard let content = node.pointee.content else { return "" }
    return readStored(content)
  }

  /// ``content(_:)`` as the UTF-8 bytes libxml2 keeps, for `body` to read in place (nil: read ``content(_:)``).
  static func withContentUTF8<R>(_ node: Node, _ body: (UnsafePointer<CChar>) -> R) -> R? {
    guard let content = node.pointee.content else { return body("") }
    return withStoredUTF8(content, body)
  }

  /// True when a text or comment node's character data is empty (without reading it).
  static func contentIsEmpty(_ node: Node) -> Bool { node.pointee.content.map { $0.pointee == 0 } ?? true }

  /// Replaces the character data of a text or comment node (no entity parsing, no merging).
  static func setContent(_ node: Node, _ text: String) {
    precondition([.text, .comment, .processingInstruction].contains(kind(node)), "LibXML.setContent: not character data")
    withStored(text) { xmlNodeSetContentLen(node, $0, xmlStrlen($0)) }
  }

  // MARK: Namespaces

  /// The document's shared `xmlNs` for any namespace URI and prefix, created on first use.
  ///
  /// Unlike `namespace(_:in:)` it works for every URI (including the XML namespace, which
  /// `xmlNewNs` refuses when given the prefix "xml") and matches the prefix as well.
  static func namespace(uri: String, prefix: String?, in doc: Doc) -> xmlNsPtr {
    // libxml2 expects the XML namespace at the head of `doc.oldNs` (as `namespace(_:in:)` keeps it).
    if doc.pointee.oldNs == nil { doc.pointee.oldNs = newNs(uri: Namespace.xml.rawValue, prefix: "xml") }
    var cursor = doc.pointee.oldNs
    var last = cursor!
    while let ns = cursor {
      let href = ns.pointee.href.map { String(cString: $0) }
      let nsPrefix = ns.pointee.prefix.map { String(cString: $0) }
      if href == uri && nsPrefix == prefix { return ns }
      last = ns
      cursor = ns.pointee.next
    }
    let ns = newNs(uri: uri, prefix: prefix)
    last.pointee.next = ns
    return ns
  }

  /// An unattached `xmlNs` (`xmlNewNs` refuses the prefix "xml", so the prefix is set afterwards).
  private static func newNs(uri: String, prefix: String?) -> xmlNsPtr {
    let ns = xmlNewNs(nil, uri, nil)!
    if let prefix { ns.pointee.prefix = UnsafePointer(xmlStrdup(prefix)) }
    return ns
  }

  /// A new unlinked element in any namespace: nil = HTML (`ns == nil`), "" = the null namespace.
  static func newElement(_ localName: String, namespaceURI: String?, prefix: String?, in doc: Doc) -> Node {
    let node = xmlNewDocNode(doc, nil, localName, nil)!
    if let namespaceURI, !(namespaceURI == Namespace.html.rawValue && prefix == nil) {
      node.pointee.ns = namespace(uri: namespaceURI, prefix: prefix, in: doc)
    }
    return node
  }

  // MARK: Doctype

  /// A new unlinked doctype node owned by `doc`.
  static func newDoctype(name: String, publicId: String, systemId: String, in doc: Doc) -> Node {
    let dtd = xmlCreateIntSubset(nil, name, publicId.isEmpty ? nil : publicId, systemId.isEmpty ? nil : systemId)!
    dtd.pointee.doc = doc
    return UnsafeMutableRawPointer(dtd).assumingMemoryBound(to: xmlNode.self)
  }

  static func doctypeIds(_ node: Node) -> (publicId: String, systemId: String) {
    let dtd = UnsafeMutableRawPointer(node).assumingMemoryBound(to: xmlDtd.self)
    return (dtd.pointee.ExternalID.map { String(cString: $0) } ?? "",
            dtd.pointee.SystemID.map { String(cString: $0) } ?? "")
  }

  /// Keeps `doc.intSubset` in step with the doctype linked as a child of the document, so
  /// `xmlFreeDoc` frees a linked doctype once and never one parked as detached.
  static func syncDoctype(of doc: Doc) {
    var found: xmlDtdPtr?
    var cursor = doc.pointee.children
    while let child = cursor {
      if child.pointee.type == XML_DTD_NODE {
        found = UnsafeMutableRawPointer(child).assumingMemoryBound(to: xmlDtd.self)
        break
      }
      cursor = child.pointee.next
    }
    doc.pointee.intSubset = found
  }
}
