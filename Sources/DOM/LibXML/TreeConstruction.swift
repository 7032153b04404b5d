import CLibXML2

/// Raw libxml2 operations the Swift HTML5 tree builder (`HTMLTreeBuilder`) needs beyond `LibXML`'s basics.
///
/// The builder treats every node pointer as an opaque key and asks here to create, fill and move nodes.
extension LibXML {
  /// A new unlinked element for a tag token, with its attributes in source order.
  ///
  /// `foreignAttributes` applies https://html.spec.whatwg.org/#adjust-foreign-attributes: `xlink:*`,
  /// `xml:lang`/`xml:space` and `xmlns`/`xmlns:xlink` become namespaced attributes on the document's shared `xmlNs`.
  static func newElement(_ localName: String, namespace: Namespace, attributes: [HTMLAttribute],
                         foreignAttributes: Bool, in doc: Doc) -> Node
  {
    let node = withXMLString(localName) { xmlNewDocNode(doc, nil, $0, nil)! }
    if namespace != .html { node.pointee.ns = Self.namespace(namespace, in: doc) }
    var list = AttributeAppender(node)
    for attribute in attributes {
      withXMLString(attribute.value) { value in
        if foreignAttributes, let (ns, prefix, local) = foreignAttribute(attribute.name) {
          let shared = Self.namespace(uri: ns.rawValue, prefix: prefix, in: doc)
          list.append { withXMLString(local) { xmlNewNsProp(node, shared, $0, value) } }
        } else {
          list.append { withXMLString(attribute.name) { xmlNewProp(node, $0, value) } }
        }
      }
    }
    list.finish()
    return node
  }

  /// Appends attributes to an element in constant time each.
  ///
  /// libxml2's `xmlNewProp` walks the element's whole attribute list to append the new one, which made an element
  /// with 100,000 attributes quadratic. The appender empties the list before each call, so libxml2 finds it empty,
  /// and links the new attribute after the last one itself.
  private struct AttributeAppender {
    let node: Node
    var first: xmlAttrPtr?
    var last: xmlAttrPtr?

    init(_ node: Node) {
      self.node = node
      first = node.pointee.properties
      last = first
      while let next = last?.pointee.next { last = next }
    }

    /// Calls `create`, which adds one attribute to the (emptied) list of `node`, and links it last.
    mutating func append(_ create: () -> xmlAttrPtr?) {
      node.pointee.properties = nil
      guard let attr = create() else { return }
      attr.pointee.prev = last
      if let last { last.pointee.next = attr } else { first = attr }
      last = attr
    }

    /// Puts the whole list back on the element.
    func finish() { node.pointee.properties = first }
  }

  /// Calls `body` with a NUL-terminated copy of `s` (on the stack for short strings: no allocation per name).
  @inline(__always)
  private static func withXMLString<R>(_ s: String, _ body: (UnsafePointer<xmlChar>) -> R) -> R {
    s.withCString { body(UnsafeRawPointer($0).assumingMemoryBound(to: xmlChar.self)) }
  }

  /// The namespace, prefix and local name of an attribute the foreign-attribute table adjusts, nil for the others.
  /// `xmlns` has no prefix (its name stays `xmlns`); `xmlns:xlink` has the prefix `xmlns`.
  private static func foreignAttribute(_ name: String) -> (Namespace, String?, String)? {
    switch name {
    case "xlink:actuate", "xlink:arcrole", "xlink:href", "xlink:role", "xlink:show", "xlink:title", "xlink:type":
      return (.xlink, "xlink", String(name.dropFirst(6)))
    case "xml:lang", "xml:space": return (.xml, "xml", String(name.dropFirst(4)))
    case "xmlns": return (.xmlns, nil, "xmlns")
    case "xmlns:xlink": return (.xmlns, "xmlns", "xlink")
    default: return nil
    }
  }

  /// Adds each attribute the element does not already carry (a second `<html>` or `<body>` start tag).
  static func addMissingAttributes(_ node: Node, _ attributes: [HTMLAttribute]) {
    var present: Set<String> = []
    var attr = node.pointee.properties
    while let a = attr {
      if let name = a.pointee.name { present.insert(String(cString: name)) }
      attr = a.pointee.next
    }
    var list = AttributeAppender(node)
    for attribute in attributes where present.insert(attribute.name).inserted {
      list.append { xmlNewProp(node, attribute.name, attribute.value) }
    }
    list.finish()
  }

  /// Whether `node` is a text node.
  static func isText(_ node: Node) -> Bool { node.pointee.type == XML_TEXT_NODE }

  /// Appends `text` to a text node's data in one call.
  static func appendText(_ text: String, to node: Node) {
    var text = text
    text.withUTF8 { bytes in
      guard let base = bytes.baseAddress else { return }
      xmlNodeAddContentLen(node, base, Int32(bytes.count))
    }
  }

  /// A new text node holding `text` (read in place, without an intermediate C string).
  static func newTextNode(_ text: String, in doc: Doc) -> Node {
    guard !text.isEmpty else { return newText("", in: doc) }
    var text = text
    return text.withUTF8 { xmlNewDocTextLen(doc, $0.baseAddress!, Int32($0.count))! }
  }

  /// Moves every child of `source`, in order, to the end of `target`'s children.
  static func moveChildren(of source: Node, to target: Node) {
    while let child = source.pointee.children {
      unlink(child)
      link(child, into: target, before: nil)
    }
  }

  /// Links a doctype node as the last child of the document and records it as the internal subset.
  static func appendDoctype(name: String, publicId: String, systemId: String, to doc: Doc) {
    let dtd = newDoctype(name: name, publicId: publicId, systemId: systemId, in: doc)
    link(dtd, into: documentNode(doc), before: nil)
    syncDoctype(of: doc)
  }
}

/// The raw side of `<selectedcontent>`: finding the select, its selected option and the target, and cloning.
extension LibXML {
  /// True for an HTML element named `name` (lowercase). Compares bytes in place: whole-tree walks (a window looking
  /// for its iframes) call it once per node.
  /// What `table` holds for an HTML element's local name, read in place; nil for any other node.
  static func lookUpHTMLElement<Value>(_ node: Node, in table: TagTable<Value>) -> Value? {
    guard node.pointee.type == XML_ELEMENT_NODE, node.pointee.ns == nil, let own = node.pointee.name else { return nil }
    return table[cString: own]
  }

  static func isHTMLElement(_ node: Node, _ name: StaticString) -> Bool {
    guard node.pointee.type == XML_ELEMENT_NODE, node.pointee.ns == nil, let own = node.pointee.name else { return false }
    let count = name.utf8CodeUnitCount, expected = name.utf8Start
    for i in 0..<count where own[i] != expected[i] { return false }  // a shorter name stops at its NUL
    return own[count] == 0
  }

  /// The nearest ancestor HTML element named `name`.
  static func ancestorHTMLElement(of node: Node, named name: StaticString) -> Node? {
    var cursor = node.pointee.parent
    while let current = cursor {
      if isHTMLElement(current, name) { return current }
      cursor = current.pointee.parent
    }
    return nil
  }

  /// The HTML elements named `name` under `root`, in tree order.
  static func descendantHTMLElements(of root: Node, named name: StaticString) -> [Node] {
    var result: [Node] = []
    var cursor = following(root, within: root)
    while let current = cursor {
      if isHTMLElement(current, name) { result.append(current) }
      cursor = following(current, within: root)
    }
    return result
  }

  static func hasAttribute(_ node: Node, _ name: String) -> Bool { xmlHasProp(node, name) != nil }

  /// Whether `ancestor` is `node` or one of its ancestors.
  static func isInclusiveAncestor(_ ancestor: Node, of node: Node) -> Bool {
    var cursor: Node? = node
    while let current = cursor {
      if current == ancestor { return true }
      cursor = current.pointee.parent
    }
    return false
  }

  /// Unlinks and returns `node`'s children, in order (the caller frees them when nothing can point at them).
  static func removeChildren(of node: Node) -> [Node] {
    var removed: [Node] = []
    while let child = node.pointee.children {
      unlink(child)
      removed.append(child)
    }
    return removed
  }

  /// Appends deep copies of `source`'s children to `target`.
  static func appendCopies(ofChildrenOf source: Node, to target: Node) {
    var child = source.pointee.children
    while let c = child {
      link(copy(c, into: target.pointee.doc, deep: true, copied: { _, _ in }), into: target, before: nil)
      child = c.pointee.next
    }
  }
}
