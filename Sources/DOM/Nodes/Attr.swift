/// An attribute as a node: the one wrapper of one libxml2 attribute, owned by its document.
///
/// While set, the attribute lives in its element's attribute list; once removed it is parked, unlinked, in the
/// document's detached set and keeps its name and value (its `ownerElement` is then nil).
/// https://dom.spec.whatwg.org/#interface-attr
public final class Attr: Node {
  var rawAttr: LibXML.Attr { LibXML.attr(of: raw) }

  /// The local name.
  public var localName: String { LibXML.localName(of: rawAttr) }
  /// The namespace URI, or nil.
  public var namespaceURI: String? { LibXML.namespaceURI(of: rawAttr).flatMap { $0.isEmpty ? nil : $0 } }
  /// The namespace prefix, or nil.
  public var prefix: String? { LibXML.prefix(of: rawAttr) }
  /// The qualified name (`prefix:local` or local).
  public var name: String { LibXML.qualifiedName(of: rawAttr) }
  /// Always true (https://dom.spec.whatwg.org/#dom-attr-specified).
  public var specified: Bool { true }

  /// The element the attribute is set on, or nil.
  public var ownerElement: Element? { LibXML.ownerElement(of: rawAttr).map { document.node(for: $0) as! Element } }

  /// The value. Setting it on a set attribute changes the element's attribute (observers see it).
  ///
  /// https://dom.spec.whatwg.org/#set-an-existing-attribute-value
  public var value: String {
    get { LibXML.value(of: rawAttr) }
    set {
      // Step 1.
      guard let element = ownerElement else { return LibXML.setValue(newValue, of: rawAttr) }
      // Step 2.
      element.changeAttribute(rawAttr, to: newValue)
    }
  }

  public override var nodeName: String { name }

  public override var nodeValue: String? {
    get { value }
    set { value = newValue ?? "" }
  }

  public override var textContent: String? {
    get { value }
    set { value = newValue ?? "" }
  }
}

extension Document {
  /// A new attribute with no namespace (the name lowercased in an HTML document).
  ///
  /// https://dom.spec.whatwg.org/#dom-document-createattribute
  public func createAttribute(_ localName: String) throws -> Attr {
    // Step 1.
    guard XMLName.isName(localName) else {
      throw DOMException(.invalidCharacterError, "createAttribute: \"\(localName)\" is not a valid attribute name")
    }
    // Steps 2-3.
    let name = isHTMLDocument ? localName.asciiLowercased : localName
    return own(LibXML.newAttribute(localName: name, namespaceURI: nil, prefix: nil, value: "", in: rawDoc)) as! Attr
  }

  /// A new attribute in `namespaceURI` (nil or "" = none) with a possibly prefixed name.
  ///
  /// https://dom.spec.whatwg.org/#dom-document-createattributens
  public func createAttributeNS(_ namespaceURI: String?, _ qualifiedName: String) throws -> Attr {
    // Step 1.
    let (namespace, prefix, localName) = try XMLName.validateAndExtract(namespaceURI, qualifiedName)
    // Step 2.
    let raw = LibXML.newAttribute(localName: localName, namespaceURI: namespace, prefix: prefix, value: "", in: rawDoc)
    return own(raw) as! Attr
  }

  /// Parks a removed attribute when something wraps it (it outlives its removal), else frees it.
  func release(attribute attr: LibXML.Attr) {
    let node = LibXML.node(of: attr)
    if hasWrapper(node) { detached.insert(node) } else { LibXML.freeAttribute(attr) }
  }
}
