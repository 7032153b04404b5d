import DOM
import JSBridge

/// `element.attributes`: a live view of an element's attributes, one Attr object per attribute name.
///
/// https://dom.spec.whatwg.org/#interface-namednodemap
final class NamedNodeMapObject: ScriptExposed {
  let element: Element
  /// The Attr object of each attribute seen so far, by qualified name (so `attributes[0] === attributes[0]`).
  private var attrs: [String: AttrObject] = [:]

  init(element: Element) { self.element = element }

  static var scriptInterface: AnyInterface { DOMInterfaces.namedNodeMap.erased }

  func attr(for attribute: Element.Attribute) -> AttrObject {
    if let attr = attrs[attribute.name] { return attr }
    let attr = AttrObject(
      element: element, name: attribute.name, localName: attribute.localName, namespaceURI: attribute.namespaceURI,
      prefix: attribute.prefix)
    attrs[attribute.name] = attr
    return attr
  }

  /// The Attr of the first attribute whose qualified name is `name` (lowercased on HTML elements), or nil.
  func attr(named name: String) -> AttrObject? {
    let key = element.isHTML ? name.lowercased() : name
    return element.attributes.first { $0.name == key }.map(attr(for:))
  }
}

/// One attribute, read and written through its element (there are no Attr nodes in the tree).
///
/// https://dom.spec.whatwg.org/#interface-attr
final class AttrObject: ScriptExposed {
  let element: Element
  let name: String
  let localName: String
  let namespaceURI: String?
  let prefix: String?

  init(element: Element, name: String, localName: String, namespaceURI: String?, prefix: String?) {
    self.element = element
    self.name = name
    self.localName = localName
    self.namespaceURI = namespaceURI
    self.prefix = prefix
  }

  static var scriptInterface: AnyInterface { DOMInterfaces.attr.erased }

  var value: String { element.getAttributeNS(namespaceURI, localName) ?? "" }

  func setValue(_ value: String) throws {
    if namespaceURI == nil { try element.setAttribute(name, value) } else { try element.setAttributeNS(namespaceURI, name, value) }
  }
}

extension DOMInterfaces {
  static let namedNodeMap = Interface<NamedNodeMapObject>("NamedNodeMap") { b in
    b.indexed(length: { $0.element.attributes.count }, item: { map, index in map.attr(for: map.element.attributes[index]) })
    b.method("item", length: 1) { map, args in
      let attributes = map.element.attributes, index = try args.uint32(0)
      return index < attributes.count ? map.attr(for: attributes[index]) : nil
    }
    b.method("getNamedItem", length: 1) { map, args in map.attr(named: try args.string(0)) }
    b.method("getNamedItemNS", length: 2) { map, args in
      let namespace = try args.nullableString(0), local = try args.string(1)
      return map.element.attributes.first { $0.namespaceURI == namespace && $0.localName == local }.map(map.attr(for:))
    }
    b.method("removeNamedItem", length: 1) { map, args in
      let name = try args.string(0)
      guard let attr = map.attr(named: name) else {
        throw DOMException(.notFoundError, "NamedNodeMap.removeNamedItem: <\(map.element.localName)> has no attribute \"\(name)\"")
      }
      map.element.removeAttribute(attr.name)
      return attr
    }
  }

  static let attr = Interface<AttrObject>("Attr") { b in
    b.getter("name") { $0.name }
    b.getter("nodeName") { $0.name }
    b.getter("localName") { $0.localName }
    b.getter("namespaceURI") { $0.namespaceURI }
    b.getter("prefix") { $0.prefix }
    b.getter("nodeType") { _ in 2 }
    b.getter("specified") { _ in true }
    b.getter("ownerElement") { $0.element.hasAttributeNS($0.namespaceURI, $0.localName) ? $0.element : nil }
    b.getter("ownerDocument") { $0.element.document }
    for name in ["value", "nodeValue", "textContent"] {
      b.stringAccessor(name, get: { $0.value }, set: { try $0.setValue($1) })
    }
  }
}
