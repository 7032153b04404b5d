import DOM
import JSBridge

/// `element.attributes`: a live view of an element's attributes as `Attr` nodes.
///
/// https://dom.spec.whatwg.org/#interface-namednodemap
final class NamedNodeMapObject: ScriptExposed {
  let element: Element

  init(element: Element) { self.element = element }

  static var scriptInterface: AnyInterface { DOMInterfaces.namedNodeMap.erased }

  /// False for names with ASCII uppercase on an HTML element in an HTML document (no attribute can match them).
  func isSupportedName(_ name: String) -> Bool {
    !(element.isHTML && element.document.isHTMLDocument && name.utf8.contains { $0 >= 0x41 && $0 <= 0x5A })
  }
}

extension DOMInterfaces {
  /// `[LegacyUnenumerableNamedProperties]`: named properties are own properties, but not enumerable.
  static let namedNodeMap = Interface<NamedNodeMapObject>("NamedNodeMap") { b in
    b.legacyPlatformObject()
    b.indexed(length: { $0.element.attributeCount }, item: { map, index in map.element.attributeNode(at: index) })
    // https://dom.spec.whatwg.org/#ref-for-dfn-supported-property-names: qualified names, without those an HTML
    // element in an HTML document could never match (names with ASCII uppercase).
    b.namedProperties(
      get: { map, name in map.isSupportedName(name) ? map.element.getAttributeNode(name) : nil },
      keys: { map in
        var seen: Set<String> = []
        return map.element.getAttributeNames().filter { map.isSupportedName($0) && seen.insert($0).inserted }
      }, overridesBuiltIns: false, enumerable: false)
    b.method("item", length: 1) { map, args in
      map.element.attributeNode(at: try args.uint32(0))
    }
    b.method("getNamedItem", length: 1) { map, args in map.element.getAttributeNode(try args.string(0)) }
    b.method("getNamedItemNS", length: 2) { map, args in
      map.element.getAttributeNodeNS(try args.nullableString(0), try args.string(1))
    }
    b.method("setNamedItem", length: 1) { map, args in try map.element.setAttributeNode(args.object(0, as: Attr.self)) }
    b.method("setNamedItemNS", length: 1) { map, args in try map.element.setAttributeNode(args.object(0, as: Attr.self)) }
    b.method("removeNamedItem", length: 1) { map, args in
      let name = try args.string(0)
      guard let attr = map.element.getAttributeNode(name) else {
        throw DOMException(.notFoundError, "NamedNodeMap.removeNamedItem: <\(map.element.localName)> has no attribute \"\(name)\"")
      }
      return try map.element.removeAttributeNode(attr)
    }
    b.method("removeNamedItemNS", length: 2) { map, args in
      let namespace = try args.nullableString(0), name = try args.string(1)
      guard let attr = map.element.getAttributeNodeNS(namespace, name) else {
        throw DOMException(.notFoundError, "NamedNodeMap.removeNamedItemNS: <\(map.element.localName)> has no attribute \"\(name)\"")
      }
      return try map.element.removeAttributeNode(attr)
    }
  }

  /// https://dom.spec.whatwg.org/#interface-attr
  static let attr = Interface<Attr>("Attr", inherits: node) { b in
    b.getter("name") { $0.name }
    b.getter("localName") { $0.localName }
    b.getter("namespaceURI") { $0.namespaceURI }
    b.getter("prefix") { $0.prefix }
    b.getter("specified") { $0.specified }
    b.getter("ownerElement") { $0.ownerElement }
    b.stringAccessor("value", get: { $0.value }, set: { $0.value = $1 })
  }
}
