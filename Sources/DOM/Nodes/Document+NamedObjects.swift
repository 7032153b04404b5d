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
      let index = LibXML.htmlElementsByIDAndName(below: raw, namedByName: Self.elementsNamedOnWindow)
      windowNamedObjectIndex = (treeVersion, index)
    }
    return windowNamedObjectIndex?.names[name]?.compactMap { node(for: $0) as? Element } ?? []
  }

  /// The elements whose `name` attribute names them on the window.
  static let elementsNamedOnWindow: Set<String> = ["embed", "form", "img", "object"]
}
