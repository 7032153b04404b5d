import CLibXML2

/// Attributes as nodes: an `Attr` wraps an `xmlAttr`, kept by its element or, once removed or before it is
/// set, parked unlinked in its document's detached set and freed with the document.
extension LibXML {
  /// The attribute viewed as a node (xmlAttr shares xmlNode's leading fields up to `ns`; only those are read).
  static func node(of attr: Attr) -> Node { UnsafeMutableRawPointer(attr).assumingMemoryBound(to: xmlNode.self) }

  /// The node viewed as an attribute (the caller checked `kind(node) == .attribute`).
  static func attr(of node: Node) -> Attr { UnsafeMutableRawPointer(node).assumingMemoryBound(to: xmlAttr.self) }

  /// The element the attribute belongs to, or nil once removed or before it is set.
  static func ownerElement(of attr: Attr) -> Node? { attr.pointee.parent }

  /// The prefix of the attribute's namespace, if any.
  static func prefix(of attr: Attr) -> String? { attr.pointee.ns?.pointee.prefix.map { String(cString: $0) } }

  /// A new unlinked attribute owned by `doc` (no entity parsing of `value`).
  static func newAttribute(localName: String, namespaceURI: String?, prefix: String?, value: String, in doc: Doc) -> Node {
    let attr = xmlNewDocProp(doc, localName, nil)!
    if let namespaceURI { attr.pointee.ns = namespace(uri: namespaceURI, prefix: prefix, in: doc) }
    setText(value, of: attr)
    return node(of: attr)
  }

  /// Replaces the attribute's text children by one text node holding `value` (linked or not).
  static func setText(_ value: String, of attr: Attr) {
    if let children = attr.pointee.children { xmlFreeNodeList(children) }
    attr.pointee.children = nil
    attr.pointee.last = nil
    guard let text = withStored(value, { xmlNewDocText(attr.pointee.doc, $0) }) else { return }
    text.pointee.parent = node(of: attr)
    attr.pointee.children = text
    attr.pointee.last = text
  }

  /// Unlinks an attribute from its element's attribute list; the caller parks or frees it.
  static func unlinkAttribute(_ attr: Attr) {
    if let owner = attr.pointee.parent, owner.pointee.properties == attr { owner.pointee.properties = attr.pointee.next }
    if let prev = attr.pointee.prev { prev.pointee.next = attr.pointee.next }
    if let next = attr.pointee.next { next.pointee.prev = attr.pointee.prev }
    attr.pointee.parent = nil
    attr.pointee.prev = nil
    attr.pointee.next = nil
  }

  /// Frees an unlinked attribute nobody wraps.
  static func freeAttribute(_ attr: Attr) {
    precondition(attr.pointee.parent == nil, "LibXML.freeAttribute: attribute is still linked")
    xmlFreeProp(attr)
  }

  /// Links an unlinked attribute of the element's document at the end of `element`'s attributes, or in the place of
  /// `replacing` (which is unlinked; the caller parks it).
  static func linkAttribute(_ attr: Attr, into element: Node, replacing old: Attr?) {
    precondition(attr.pointee.parent == nil && attr.pointee.prev == nil && attr.pointee.next == nil,
                 "LibXML.linkAttribute: attribute is still linked")
    attr.pointee.parent = element
    if let old {
      attr.pointee.prev = old.pointee.prev
      attr.pointee.next = old.pointee.next
      if let prev = old.pointee.prev { prev.pointee.next = attr } else { element.pointee.properties = attr }
      if let next = old.pointee.next { next.pointee.prev = attr }
      old.pointee.parent = nil
      old.pointee.prev = nil
      old.pointee.next = nil
      return
    }
    guard var last = element.pointee.properties else {
      element.pointee.properties = attr
      return
    }
    while let next = last.pointee.next { last = next }
    last.pointee.next = attr
    attr.pointee.prev = last
  }

  /// A copy of an attribute (name, namespace, value) owned by `doc`, unlinked.
  static func copyAttribute(_ attr: Attr, into doc: Doc) -> Node {
    newAttribute(localName: localName(of: attr), namespaceURI: namespaceURI(of: attr), prefix: prefix(of: attr),
                 value: value(of: attr), in: doc)
  }
}
