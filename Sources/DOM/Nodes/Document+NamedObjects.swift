import CLibXML2

/// The elements a window exposes by name (`window.someId`).
///
/// https://html.spec.whatwg.org/#named-access-on-the-window-object
extension Document {
  /// True when `element` is one of this document's window-named objects called `name`: an HTML element whose `id`
  /// is `name`, or an `embed`, `form`, `img` or `object` whose `name` is `name` (neither empty).
  public static func isWindowNamedObject(_ element: Element, named name: String) -> Bool {
    guard !name.isEmpty, element.isHTML else { return false }
    if element.getAttribute("id") == name { return true }
    return Self.elementsNamedOnWindow.contains(element.localName) && element.getAttribute("name") == name
  }

  /// The window-named objects called `name` in this document, in tree order.
  ///
  /// Every global name a script reads that nothing else defines (`typeof module`, say) asks, so the answer
  /// comes from an index of all names, built in one walk over libxml2's nodes (no Swift object is made for an
  /// element until it is found) and kept until the tree or an id or name changes.
  public func windowNamedObjects(_ name: String) -> [Element] {
    guard !name.isEmpty else { return [] }
    if windowNamedObjectIndex?.version != treeVersion {
      windowNamedObjectIndex = (treeVersion, Self.namedObjectIndex(raw))
    }
    return windowNamedObjectIndex?.names[name]?.compactMap { node(for: $0) as? Element } ?? []
  }

  /// id → elements and (for `embed`, `form`, `img`, `object`) name → elements, over the HTML elements below `root`.
  private static func namedObjectIndex(_ root: LibXML.Node) -> [String: [LibXML.Node]] {
    var index: [String: [LibXML.Node]] = [:]
    var cursor = LibXML.following(root, within: root)
    while let current = cursor {
      cursor = LibXML.following(current, within: root)
      guard current.pointee.type == XML_ELEMENT_NODE, current.pointee.properties != nil,
            LibXML.isInHTMLNamespace(current) else { continue }
      var id = "", named: String?
      var attr = current.pointee.properties
      while let each = attr {
        attr = each.pointee.next
        guard each.pointee.ns == nil, let attrName = each.pointee.name else { continue }
        if xmlStrEqual(attrName, "id") != 0, id.isEmpty {
          id = LibXML.value(of: each)
        } else if named == nil, xmlStrEqual(attrName, "name") != 0,
                  elementsNamedOnWindow.contains(LibXML.name(current)) {
          named = LibXML.value(of: each)
        }
      }
      if !id.isEmpty { index[id, default: []].append(current) }
      if let named, !named.isEmpty, named != id { index[named, default: []].append(current) }
    }
    return index
  }

  /// The elements whose `name` attribute names them on the window.
  static let elementsNamedOnWindow: Set<String> = ["embed", "form", "img", "object"]
}
