/// Attributes as `Attr` nodes: the same Attr object for the same attribute each time.
extension Element {
  /// The attribute nodes, in order.
  public var attributeNodes: [Attr] { LibXML.attributeList(raw).map { document.node(for: LibXML.node(of: $0)) as! Attr } }

  /// The number of attributes.
  public var attributeCount: Int { document.attributeList(of: raw).count }

  /// The Attr at `index` in the attribute list, or nil (no wrappers made for the others).
  public func attributeNode(at index: Int) -> Attr? {
    let list = document.attributeList(of: raw)
    return index >= 0 && index < list.count ? document.node(for: LibXML.node(of: list[index])) as? Attr : nil
  }

  /// The Attr of the first attribute with this qualified name (lowercased on HTML elements in HTML documents).
  ///
  /// https://dom.spec.whatwg.org/#dom-element-getattributenode
  public func getAttributeNode(_ qualifiedName: String) -> Attr? {
    let name = lowercasesNames ? qualifiedName.asciiLowercased : qualifiedName
    return LibXML.attribute(raw, qualifiedName: name).map { document.node(for: LibXML.node(of: $0)) as! Attr }
  }

  /// The Attr in `namespaceURI` (nil or "" = none) with this local name.
  public func getAttributeNodeNS(_ namespaceURI: String?, _ localName: String) -> Attr? {
    let namespace = namespaceURI == "" ? nil : namespaceURI
    return LibXML.attribute(raw, namespaceURI: namespace, localName: localName)
      .map { document.node(for: LibXML.node(of: $0)) as! Attr }
  }

  /// Sets `attr` on this element, replacing the attribute with its namespace and local name; returns the replaced one.
  ///
  /// https://dom.spec.whatwg.org/#concept-element-attributes-set
  @discardableResult
  public func setAttributeNode(_ attr: Attr) throws -> Attr? {
    // Step 1.
    if let owner = attr.ownerElement, owner !== self {
      throw DOMException(.inUseAttributeError, "setAttributeNode: attribute \"\(attr.name)\" is already set on another element; remove it or clone it first")
    }
    // Step 2.
    let old = getAttributeNodeNS(attr.namespaceURI, attr.localName)
    // Step 3.
    if old === attr { return attr }
    let owner = document
    if attr.document !== owner { owner.adopt(attr) }
    owner.detached.remove(attr.raw)
    let oldValue = old?.value
    // Steps 4-5: replace or append.
    LibXML.linkAttribute(attr.rawAttr, into: raw, replacing: old?.rawAttr)
    if let old { owner.detached.insert(old.raw) }
    attributeDidChange(localName: attr.localName, namespaceURI: attr.namespaceURI, oldValue: owner.isObserved ? oldValue : nil)
    // Step 6.
    return old
  }

  /// Removes `attr` from this element and returns it; NotFoundError when it is not one of this element's.
  ///
  /// https://dom.spec.whatwg.org/#dom-element-removeattributenode
  @discardableResult
  public func removeAttributeNode(_ attr: Attr) throws -> Attr {
    // Step 1.
    guard attr.ownerElement === self else {
      throw DOMException(.notFoundError, "removeAttributeNode: attribute \"\(attr.name)\" is not set on <\(localName)>")
    }
    // Step 2.
    removeAttribute(attr.rawAttr)
    // Step 3.
    return attr
  }
}
