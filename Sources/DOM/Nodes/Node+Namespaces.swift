/// Namespace lookups (https://dom.spec.whatwg.org/#locate-a-namespace-prefix).
extension Node {
  /// The namespace bound to `prefix` (nil or "" = the default namespace) where this node sits.
  ///
  /// https://dom.spec.whatwg.org/#dom-node-lookupnamespaceuri
  public func lookupNamespaceURI(_ prefix: String?) -> String? {
    // Step 1.
    locateNamespace(prefix == "" ? nil : prefix)
  }

  /// The prefix bound to `namespace` where this node sits, or nil.
  ///
  /// https://dom.spec.whatwg.org/#dom-node-lookupprefix
  public func lookupPrefix(_ namespace: String?) -> String? {
    // Step 1.
    guard let namespace, !namespace.isEmpty else { return nil }
    // Step 2.
    switch self {
    case let element as Element: return element.locatePrefix(namespace)
    case let document as Document: return document.documentElement?.locatePrefix(namespace)
    case is DocumentType, is DocumentFragment: return nil
    case let attr as Attr: return attr.ownerElement?.locatePrefix(namespace)
    default: return parentElement?.locatePrefix(namespace)
    }
  }

  /// True when `namespace` is the default namespace here.
  ///
  /// https://dom.spec.whatwg.org/#dom-node-isdefaultnamespace
  public func isDefaultNamespace(_ namespace: String?) -> Bool {
    // Steps 1-3.
    locateNamespace(nil) == (namespace == "" ? nil : namespace)
  }

  /// https://dom.spec.whatwg.org/#locate-a-namespace
  func locateNamespace(_ prefix: String?) -> String? {
    switch self {
    case let element as Element:
      // Step 1.1.
      if prefix == "xml" { return LibXML.Namespace.xml.rawValue }
      // Step 1.2.
      if prefix == "xmlns" { return LibXML.Namespace.xmlns.rawValue }
      // Step 1.3.
      if let namespace = element.namespaceURI, element.prefix == prefix { return namespace }
      // Step 1.4: an xmlns attribute declaring the prefix.
      let xmlns = LibXML.Namespace.xmlns.rawValue
      let declaration = element.attributes.first {
        $0.namespaceURI == xmlns && (prefix == nil ? $0.prefix == nil && $0.localName == "xmlns"
                                                    : $0.prefix == "xmlns" && $0.localName == prefix)
      }
      if let declaration { return declaration.value.isEmpty ? nil : declaration.value }
      // Steps 1.5-1.6.
      return element.parentElement?.locateNamespace(prefix)
    case let document as Document:
      // Step 2.
      return document.documentElement?.locateNamespace(prefix)
    case is DocumentType, is DocumentFragment:
      // Steps 3-4.
      return nil
    case let attr as Attr:
      // Step 5.
      return attr.ownerElement?.locateNamespace(prefix)
    default:
      // Step 6.
      return parentElement?.locateNamespace(prefix)
    }
  }
}

extension Element {
  /// https://dom.spec.whatwg.org/#locate-a-namespace-prefix
  func locatePrefix(_ namespace: String) -> String? {
    // Step 1.
    if namespaceURI == namespace, let prefix { return prefix }
    // Step 2.
    let xmlns = LibXML.Namespace.xmlns.rawValue
    if let declaration = attributes.first(where: { $0.prefix == "xmlns" && $0.namespaceURI == xmlns && $0.value == namespace }) {
      return declaration.localName
    }
    // Step 3.
    return parentElement?.locatePrefix(namespace)
  }
}
