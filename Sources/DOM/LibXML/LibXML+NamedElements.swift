import CLibXML2

/// The indexes behind a window's named access (Document+NamedObjects.swift) and `getElementById`, built over raw
/// nodes: a page with thousands of elements gets no Swift object for any of them until a lookup returns it.
extension LibXML {
  /// The HTML elements below `root` by their `id`, and, for elements whose local name is in `namedByName`, by their
  /// `name` too (a `name` equal to the `id` is listed once); empty values are left out. Tree order within each name.
  static func htmlElementsByIDAndName(below root: Node, namedByName: Set<String>) -> [String: [Node]] {
    var index: [String: [Node]] = [:]
    var cursor = following(root, within: root)
    while let current = cursor {
      cursor = following(current, within: root)
      guard current.pointee.type == XML_ELEMENT_NODE, current.pointee.properties != nil,
            isInHTMLNamespace(current) else { continue }
      var id = "", named: String?
      var attr = current.pointee.properties
      while let each = attr {
        attr = each.pointee.next
        guard each.pointee.ns == nil, let attrName = each.pointee.name else { continue }
        if id.isEmpty, xmlStrEqual(attrName, "id") != 0 {
          id = value(of: each)
        } else if named == nil, xmlStrEqual(attrName, "name") != 0, namedByName.contains(name(current)) {
          named = value(of: each)
        }
      }
      if !id.isEmpty { index[id, default: []].append(current) }
      if let named, !named.isEmpty, named != id { index[named, default: []].append(current) }
    }
    return index
  }

  /// The element's ID: its `id` attribute in no namespace (https://dom.spec.whatwg.org/#concept-id).
  static func idAttribute(of element: Node) -> Attr? { attribute(element, namespaceURI: nil, localName: "id") }

  /// The first element below `root`, in tree order, whose ID is `id` (not empty).
  static func firstElement(withID id: String, below root: Node) -> Node? {
    var cursor = following(root, within: root)
    while let current = cursor {
      if let attr = idAttribute(of: current), value(of: attr) == id { return current }
      cursor = following(current, within: root)
    }
    return nil
  }

  /// The first element below `root`, in tree order, for each ID (empty ones left out).
  static func elementsByID(below root: Node) -> [String: Node] {
    var index: [String: Node] = [:]
    var cursor = following(root, within: root)
    while let current = cursor {
      if let attr = idAttribute(of: current) {
        let id = value(of: attr)
        if !id.isEmpty, index[id] == nil { index[id] = current }
      }
      cursor = following(current, within: root)
    }
    return index
  }
}
