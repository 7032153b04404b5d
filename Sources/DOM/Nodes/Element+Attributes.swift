/// Attributes by name, read as snapshots (`Attr` nodes are in `Element+AttributeNodes.swift`).
extension Element {
  /// A snapshot of one attribute.
  public struct Attribute: Equatable, Sendable {
    /// The qualified name (`prefix:local` or local).
    public var name: String
    public var localName: String
    public var value: String
    public var namespaceURI: String?
    public var prefix: String?
  }

  /// The attributes in order, as snapshots.
  public var attributes: [Attribute] {
    LibXML.attributes(raw).map {
      Attribute(name: $0.qualifiedName, localName: $0.localName, value: $0.value,
                namespaceURI: $0.namespaceURI, prefix: $0.prefix)
    }
  }

  /// True when the element has any attribute.
  public func hasAttributes() -> Bool { LibXML.hasAttributes(raw) }

  /// The qualified names of the attributes, in order.
  public func getAttributeNames() -> [String] { LibXML.attributeList(raw).map(LibXML.qualifiedName(of:)) }

  private func normalized(_ name: String) -> String { lowercasesNames ? name.asciiLowercased : name }

  /// The value of the first attribute with this qualified name (lowercased on HTML elements).
  public func getAttribute(_ qualifiedName: String) -> String? {
    LibXML.attribute(raw, qualifiedName: normalized(qualifiedName)).map(LibXML.value(of:))
  }

  /// `getAttribute(_:)` for a name that is already lowercase (`id`, `class`): the style engine's reads of every
  /// element's, without normalizing the name.
  func attributeValue(lowercasedName name: String) -> String? {
    LibXML.attribute(raw, qualifiedName: name).map(LibXML.value(of:))
  }

  /// Same as `getAttribute(_:)`.
  public func attribute(named name: String) -> String? { getAttribute(name) }

  /// True when an attribute with this qualified name exists.
  public func hasAttribute(_ qualifiedName: String) -> Bool {
    LibXML.attribute(raw, qualifiedName: normalized(qualifiedName)) != nil
  }

  /// Sets (or creates, with no namespace) the attribute with this qualified name.
  ///
  /// https://dom.spec.whatwg.org/#dom-element-setattribute
  public func setAttribute(_ qualifiedName: String, _ value: String) throws {
    // Step 1.
    guard XMLName.isName(qualifiedName) else {
      throw DOMException(.invalidCharacterError,
                         "setAttribute: \"\(qualifiedName)\" is not a valid attribute name on <\(localName)>")
    }
    // Steps 2-5.
    setAttributeUnchecked(normalized(qualifiedName), value)
  }

  /// setAttribute for a name known to be valid and already normalized.
  func setAttributeUnchecked(_ qualifiedName: String, _ value: String) {
    if let attr = LibXML.attribute(raw, qualifiedName: qualifiedName) {
      changeAttribute(attr, to: value)
    } else {
      LibXML.appendAttribute(raw, localName: qualifiedName, value: value, namespaceURI: nil, prefix: nil)
      attributeDidChange(localName: qualifiedName, namespaceURI: nil, oldValue: nil)
    }
  }

  /// https://dom.spec.whatwg.org/#concept-element-attributes-change
  func changeAttribute(_ attr: LibXML.Attr, to value: String) {
    let oldValue = document.isObserved ? LibXML.value(of: attr) : nil
    LibXML.setValue(value, of: attr)
    attributeDidChange(localName: LibXML.localName(of: attr), namespaceURI: LibXML.namespaceURI(of: attr), oldValue: oldValue)
  }

  /// https://dom.spec.whatwg.org/#concept-element-attributes-remove
  func removeAttribute(_ attr: LibXML.Attr) {
    let localName = LibXML.localName(of: attr), namespaceURI = LibXML.namespaceURI(of: attr)
    let oldValue = document.isObserved ? LibXML.value(of: attr) : nil
    LibXML.unlinkAttribute(attr)
    document.release(attribute: attr)
    attributeDidChange(localName: localName, namespaceURI: namespaceURI, oldValue: oldValue)
  }

  /// True for the attributes live collections select or name by (`getElementsByClassName`, `getElementsByName`,
  /// `namedItem`, `document.links`): changing another one leaves every collection as it was, so a loop that sets `data-*`
  /// attributes over a live `getElementsByTagName` stays linear.
  static func attributeAffectsCollections(_ localName: String, _ namespaceURI: String?) -> Bool {
    namespaceURI == nil && (localName == "class" || localName == "id" || localName == "name" || localName == "href")
  }

  /// Reports an attribute change: live collections re-read, observers get a record.
  ///
  /// https://dom.spec.whatwg.org/#handle-attribute-changes
  func attributeDidChange(localName: String, namespaceURI: String?, oldValue: String?) {
    let owner = document
    if Self.attributeAffectsCollections(localName, namespaceURI) { owner.treeDidChange() } else { owner.contentDidChange() }
    owner.notifyObservers { $0.attributeChanged(self, localName: localName, namespaceURI: namespaceURI, oldValue: oldValue) }
    // The element's own attribute change steps (an iframe's src, a body's onload).
    behavior?.attributeChanged(self, localName: localName, namespaceURI: namespaceURI, oldValue: oldValue)
  }

  /// Removes the first attribute with this qualified name, if any.
  public func removeAttribute(_ qualifiedName: String) {
    if let attr = LibXML.attribute(raw, qualifiedName: normalized(qualifiedName)) {
      removeAttribute(attr)
    }
  }

  /// Adds the attribute (empty value) when absent, removes it when present; `force` pins the outcome.
  ///
  /// https://dom.spec.whatwg.org/#dom-element-toggleattribute
  /// Returns whether the attribute is present afterwards.
  @discardableResult
  public func toggleAttribute(_ qualifiedName: String, force: Bool? = nil) throws -> Bool {
    // Step 1.
    guard XMLName.isName(qualifiedName) else {
      throw DOMException(.invalidCharacterError,
                         "toggleAttribute: \"\(qualifiedName)\" is not a valid attribute name on <\(localName)>")
    }
    // Step 2.
    let name = normalized(qualifiedName)
    // Steps 3-4.
    if hasAttribute(name) {
      if force == true { return true }
      removeAttribute(name)
      return false
    }
    if force == false { return false }
    setAttributeUnchecked(name, "")
    return true
  }

  /// The value of the attribute in `namespaceURI` (nil or "" = none) with this local name.
  public func getAttributeNS(_ namespaceURI: String?, _ localName: String) -> String? {
    let namespace = namespaceURI == "" ? nil : namespaceURI
    return LibXML.attribute(raw, namespaceURI: namespace, localName: localName).map(LibXML.value(of:))
  }

  /// True when the namespaced attribute exists.
  public func hasAttributeNS(_ namespaceURI: String?, _ localName: String) -> Bool {
    getAttributeNS(namespaceURI, localName) != nil
  }

  /// Sets (or creates) the attribute in `namespaceURI` named by `qualifiedName`.
  ///
  /// https://dom.spec.whatwg.org/#dom-element-setattributens
  public func setAttributeNS(_ namespaceURI: String?, _ qualifiedName: String, _ value: String) throws {
    // Step 1.
    let (namespace, prefix, local) = try XMLName.validateAndExtract(namespaceURI, qualifiedName)
    // Step 2.
    if let attr = LibXML.attribute(raw, namespaceURI: namespace, localName: local) {
      changeAttribute(attr, to: value)
    } else {
      LibXML.appendAttribute(raw, localName: local, value: value, namespaceURI: namespace, prefix: prefix)
      attributeDidChange(localName: local, namespaceURI: namespace, oldValue: nil)
    }
  }

  /// Removes the namespaced attribute, if any.
  public func removeAttributeNS(_ namespaceURI: String?, _ localName: String) {
    let namespace = namespaceURI == "" ? nil : namespaceURI
    if let attr = LibXML.attribute(raw, namespaceURI: namespace, localName: localName) {
      removeAttribute(attr)
    }
  }
}
