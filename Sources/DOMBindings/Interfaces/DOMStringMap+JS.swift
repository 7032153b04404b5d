import DOM
import JSBridge

/// `element.dataset`: the `data-*` attributes as camelCase named properties.
///
/// https://html.spec.whatwg.org/multipage/dom.html#domstringmap
final class DOMStringMapObject: ScriptExposed {
  let element: Element
  init(element: Element) { self.element = element }

  static var scriptInterface: AnyInterface { DOMInterfaces.domStringMap.erased }

  /// `fooBar` → `data-foo-bar`; nil when `name` has a "-" followed by a lowercase letter (not a dataset name).
  static func attributeName(for name: String) -> String? {
    var out = "data-"
    var previous: Character?
    for c in name {
      if previous == "-", c.isASCII, c.isLowercase { return nil }
      if c.isASCII, c.isUppercase { out += "-" + c.lowercased() } else { out.append(c) }
      previous = c
    }
    return out
  }

  /// `data-foo-bar` → `fooBar`; nil for attributes that are not dataset entries.
  static func propertyName(for attribute: String) -> String? {
    guard attribute.hasPrefix("data-") else { return nil }
    var out = ""
    var dash = false
    for c in attribute.dropFirst(5) {
      if dash, c.isASCII, c.isLowercase {
        out += c.uppercased()
        dash = false
        continue
      }
      if dash { out.append("-") }
      dash = c == "-"
      if !dash { out.append(c) }
    }
    if dash { out.append("-") }
    return out
  }
}

extension DOMInterfaces {
  static let domStringMap = Interface<DOMStringMapObject>("DOMStringMap") { b in
    b.namedProperties(
      get: { map, name in DOMStringMapObject.attributeName(for: name).flatMap { map.element.getAttribute($0) } },
      set: { map, name, value in
        guard let attribute = DOMStringMapObject.attributeName(for: name) else {
          throw DOMException(.syntaxError, "dataset.\(name): a '-' followed by a lowercase letter is not allowed in a dataset name")
        }
        try map.element.setAttribute(attribute, value.toString())
        return true
      },
      delete: { map, name in
        // https://html.spec.whatwg.org/multipage/dom.html#dom-domstringmap-removeitem
        guard let attribute = DOMStringMapObject.attributeName(for: name), map.element.hasAttribute(attribute) else {
          return false
        }
        map.element.removeAttribute(attribute)
        return true
      },
      keys: { map in map.element.getAttributeNames().compactMap(DOMStringMapObject.propertyName(for:)) })
  }
}
