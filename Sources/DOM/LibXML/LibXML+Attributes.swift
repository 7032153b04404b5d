import CLibXML2

/// Raw attribute access: snapshots, lookups and value changes (Attr nodes are in `LibXML+AttrNodes.swift`).
extension LibXML {
  typealias Attr = xmlAttrPtr

  /// A snapshot of one attribute.
  struct RawAttribute {
    var localName: String
    var value: String
    var namespaceURI: String?
    var prefix: String?

    var qualifiedName: String { prefix.map { "\($0):\(localName)" } ?? localName }
  }

  /// True when the element has an attribute (without listing them).
  static func hasAttributes(_ node: Node) -> Bool {
    node.pointee.type == XML_ELEMENT_NODE && node.pointee.properties != nil
  }

  /// The element's attributes, in order.
  static func attributeList(_ node: Node) -> [Attr] {
    var result: [Attr] = []
    var cursor = node.pointee.type == XML_ELEMENT_NODE ? node.pointee.properties : nil
    while let attr = cursor {
      result.append(attr)
      cursor = attr.pointee.next
    }
    return result
  }

  static func snapshot(_ attr: Attr) -> RawAttribute {
    RawAttribute(
      localName: attr.pointee.name.map { String(cString: $0) } ?? "",
      value: value(of: attr),
      namespaceURI: attr.pointee.ns?.pointee.href.map { String(cString: $0) },
      prefix: attr.pointee.ns?.pointee.prefix.map { String(cString: $0) })
  }

  static func attributes(_ node: Node) -> [RawAttribute] { attributeList(node).map(snapshot) }

  /// The attribute's value: the concatenated content of its text children.
  static func value(of attr: Attr) -> String {
    if let only = attr.pointee.children, only.pointee.next == nil, only.pointee.type == XML_TEXT_NODE {
      return content(only)
    }
    return String(xmlOwned: xmlNodeListGetString(attr.pointee.doc, attr.pointee.children, 1)) ?? ""
  }

  static func localName(of attr: Attr) -> String { attr.pointee.name.map { String(cString: $0) } ?? "" }

  static func qualifiedName(of attr: Attr) -> String {
    let local = localName(of: attr)
    guard let prefix = attr.pointee.ns?.pointee.prefix else { return local }
    return "\(String(cString: prefix)):\(local)"
  }

  static func namespaceURI(of attr: Attr) -> String? {
    attr.pointee.ns?.pointee.href.map { String(cString: $0) }
  }

  /// The first attribute whose qualified name is `name`.
  ///
  /// The names are compared as bytes where libxml2 keeps them: making a String of every attribute's name, as a
  /// lookup did, cost some 150 ns per attribute, and 8,000 `getAttribute` calls on an element with 8,000 attributes
  /// 1.7 s.
  static func attribute(_ node: Node, qualifiedName name: String) -> Attr? {
    var name = name
    return name.withUTF8 { wanted in
      firstAttribute(node) { attr in
        var at = 0
        if let prefix = attr.pointee.ns?.pointee.prefix {
          guard consume(prefix, from: wanted, at: &at), at < wanted.count, wanted[at] == UInt8(ascii: ":") else {
            return false
          }
          at += 1
        }
        return consume(attr.pointee.name, from: wanted, at: &at) && at == wanted.count
      }
    }
  }

  /// The attribute with this namespace (nil = none) and local name.
  static func attribute(_ node: Node, namespaceURI: String?, localName: String) -> Attr? {
    var localName = localName
    return localName.withUTF8 { local in
      func sameNamespace(_ attr: Attr) -> Bool {
        guard var uri = namespaceURI else { return attr.pointee.ns?.pointee.href == nil }
        var at = 0
        return uri.withUTF8 { consume(attr.pointee.ns?.pointee.href, from: $0, at: &at) && at == $0.count }
      }
      return firstAttribute(node) { attr in
        var at = 0
        return consume(attr.pointee.name, from: local, at: &at) && at == local.count && sameNamespace(attr)
      }
    }
  }

  /// The element's first attribute for which `test` holds.
  private static func firstAttribute(_ node: Node, where test: (Attr) -> Bool) -> Attr? {
    var cursor = node.pointee.type == XML_ELEMENT_NODE ? node.pointee.properties : nil
    while let attr = cursor {
      if test(attr) { return attr }
      cursor = attr.pointee.next
    }
    return nil
  }

  /// True when the C string `name` (nil: an empty one) is in `bytes` from `at`, which it then advances past it.
  private static func consume(_ name: UnsafePointer<xmlChar>?, from bytes: UnsafeBufferPointer<UInt8>, at: inout Int) -> Bool {
    guard var cursor = name else { return true }
    while cursor.pointee != 0 {
      guard at < bytes.count, bytes[at] == cursor.pointee else { return false }
      at += 1
      cursor += 1
    }
    return true
  }

  /// Replaces an existing attribute's value (no entity parsing).
  static func setValue(_ value: String, of attr: Attr) { setText(value, of: attr) }

  /// Appends a new attribute (the caller checked that none with this namespace and name exists).
  static func appendAttribute(
    _ node: Node, localName: String, value: String, namespaceURI: String?, prefix: String?
  ) {
    let ns = namespaceURI.map { namespace(uri: $0, prefix: prefix, in: node.pointee.doc) }
    withStored(value) { _ = xmlNewNsProp(node, ns, localName, $0) }
  }

}
