/// Node creation, import and adoption.
extension Document {
  /// A new HTML element (the name lowercased in an HTML document).
  ///
  /// https://dom.spec.whatwg.org/#dom-document-createelement
  /// Throws InvalidCharacterError when `localName` is not a valid XML Name.
  public func createElement(_ localName: String) throws -> Element {
    // Step 1.
    guard XMLName.isName(localName) else {
      throw DOMException(.invalidCharacterError,
                         "createElement: \"\(localName)\" is not a valid element name; use letters, digits, '-', '_', '.' or ':' and start with a letter")
    }
    // Step 2.
    let name = isHTMLDocument ? localName.asciiLowercased : localName
    // Step 4: the HTML namespace only in HTML and XHTML documents.
    guard isHTMLDocument || contentType == "application/xhtml+xml" else {
      return own(LibXML.newElement(name, namespaceURI: "", prefix: nil, in: rawDoc)) as! Element
    }
    return createElement(unchecked: name)
  }

  /// An HTML element with a name known to be valid.
  func createElement(unchecked localName: String) -> Element {
    let element = own(LibXML.newElement(localName, namespace: .html, in: rawDoc)) as! Element
    // A script a script makes may run once connected (a parsed one never does here).
    if localName == "script" { ScriptElementBehavior.madeByScript(element) }
    return element
  }

  /// A new element in `namespaceURI` (nil or "" = no namespace) with a possibly prefixed name.
  ///
  /// https://dom.spec.whatwg.org/#dom-document-createelementns
  public func createElementNS(_ namespaceURI: String?, _ qualifiedName: String) throws -> Element {
    let (namespace, prefix, localName) = try XMLName.validateAndExtract(namespaceURI, qualifiedName)
    let raw = LibXML.newElement(localName, namespaceURI: namespace ?? "", prefix: prefix, in: rawDoc)
    let element = own(raw) as! Element
    if element.isHTML(named: "script") { ScriptElementBehavior.madeByScript(element) }
    return element
  }

  /// A new Text node.
  public func createTextNode(_ data: String) -> Text { own(LibXML.newText(data, in: rawDoc)) as! Text }

  /// A new Comment node.
  public func createComment(_ data: String) -> Comment { own(LibXML.newComment(data, in: rawDoc)) as! Comment }

  /// A new, empty DocumentFragment.
  public func createDocumentFragment() -> DocumentFragment {
    own(LibXML.newFragment(in: rawDoc)) as! DocumentFragment
  }

  /// A new doctype node (DOMImplementation.createDocumentType).
  public func createDocumentType(_ name: String, publicId: String = "", systemId: String = "") throws -> DocumentType {
    guard XMLName.isQualifiedName(name) else {
      throw DOMException(.invalidCharacterError, "createDocumentType: \"\(name)\" is not a valid doctype name")
    }
    return own(LibXML.newDoctype(name: name, publicId: publicId, systemId: systemId, in: rawDoc)) as! DocumentType
  }

  /// A copy of `node` (from any document) owned by this document.
  ///
  /// https://dom.spec.whatwg.org/#dom-document-importnode
  public func importNode(_ node: Node, deep: Bool = false) throws -> Node {
    // Step 1.
    if node is Document {
      throw DOMException(.notSupportedError, "importNode: a Document cannot be imported; import its documentElement")
    }
    // Step 2.
    return node.clone(into: self, deep: deep)
  }

  /// Moves `node` (from any document) into this document, removing it from its parent.
  ///
  /// https://dom.spec.whatwg.org/#dom-document-adoptnode
  @discardableResult
  public func adoptNode(_ node: Node) throws -> Node {
    // Step 1.
    if node is Document {
      throw DOMException(.notSupportedError, "adoptNode: a Document cannot be adopted")
    }
    // Step 3: a template's contents stay with their template.
    if let fragment = node as? DocumentFragment, fragment.templateHost != nil { return node }
    // Step 4.
    adopt(node)
    // Step 5.
    return node
  }

  /// Adopts `node` into this document.
  ///
  /// https://dom.spec.whatwg.org/#concept-node-adopt
  func adopt(_ node: Node) {
    // Step 1.
    let oldDocument = node.document
    // Step 2 (and, as browsers do, an attribute leaves its element).
    if node.parentNode != nil { node.removeFromParent() }
    if let attr = node as? Attr, let owner = attr.ownerElement { owner.removeAttribute(attr.rawAttr) }
    // Step 3.
    guard oldDocument !== self else { return }
    oldDocument.detached.remove(node.raw)
    moveSubtree(node.raw, from: oldDocument)
    detached.insert(node.raw)
    oldDocument.notifyObservers { $0.subtreeWasAdopted(node) }
  }

  /// Moves an unlinked raw subtree (with wrappers and template contents) from `old` into this document.
  private func moveSubtree(_ root: LibXML.Node, from old: Document) {
    var inside: [LibXML.Node] = []
    var cursor: LibXML.Node? = root
    while let current = cursor {
      inside.append(current)
      cursor = LibXML.following(current, within: root)
    }
    LibXML.adopt(root, into: rawDoc)
    for pointer in inside {
      old.transferWrapper(pointer, to: self)
      for attr in LibXML.attributeList(pointer) { old.transferWrapper(LibXML.node(of: attr), to: self) }
      if let content = old.templateContents.removeValue(forKey: pointer) {
        old.detached.remove(content)
        moveSubtree(content, from: old)
        templateContents[pointer] = content
        detached.insert(content)
      }
    }
  }
}

extension String {
  /// The string with ASCII uppercase letters lowercased (the DOM's "ASCII lowercase").
  public var asciiLowercased: String {
    // Over the bytes in place where the string has them contiguous (native strings, small ones included): the
    // UTF8View's iterator was 180 instructions a call for a tag name.
    let hasUpper =
      utf8.withContiguousStorageIfAvailable { bytes in bytes.contains { $0 &- 0x41 < 26 } }
      ?? utf8.contains { $0 >= 0x41 && $0 <= 0x5A }
    guard hasUpper else { return self }
    return String(decoding: utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 32 : $0 }, as: UTF8.self)
  }

  /// The string with ASCII lowercase letters uppercased (the DOM's "ASCII uppercase").
  var asciiUppercased: String {
    guard utf8.contains(where: { $0 >= 0x61 && $0 <= 0x7A }) else { return self }
    return String(decoding: utf8.map { $0 >= 0x61 && $0 <= 0x7A ? $0 - 32 : $0 }, as: UTF8.self)
  }
}
