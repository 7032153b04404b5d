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
  /// comes from an index of all names, built in one walk and kept until the tree or an id or name changes.
  public func windowNamedObjects(_ name: String) -> [Element] {
    guard !name.isEmpty else { return [] }
    if windowNamedObjectIndex?.version != treeVersion {
      var index: [String: [Element]] = [:]
      for element in descendantElements where element.isHTML {
        let id = element.getAttribute("id") ?? ""
        if !id.isEmpty { index[id, default: []].append(element) }
        if Self.elementsNamedOnWindow.contains(element.localName), let named = element.getAttribute("name"),
           !named.isEmpty, named != id {
          index[named, default: []].append(element)
        }
      }
      windowNamedObjectIndex = (treeVersion, index)
    }
    return windowNamedObjectIndex?.names[name] ?? []
  }

  /// The elements whose `name` attribute names them on the window.
  static let elementsNamedOnWindow: Set<String> = ["embed", "form", "img", "object"]
}
