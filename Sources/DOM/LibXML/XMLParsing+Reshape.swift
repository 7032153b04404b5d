import CLibXML2

/// The tree libxml2's XML parser built, reshaped into the DOM's form (see `LibXML.parseXML`): entity references
/// expanded within a budget, namespaces moved onto the document's shared ones, declarations turned into attributes.
extension LibXML {
  /// How much entity text may still be copied into the tree.
  struct EntityExpansion {
    let limit: Int
    var used = 0
    var exceeded: Bool { used > limit }

    init(limit: Int) { self.limit = limit }

    mutating func spend(_ bytes: Int) -> Bool {
      used += bytes
      return !exceeded
    }
  }

  /// Expands entity references, then moves namespaces onto the document's shared ones and declarations into
  /// attributes, then frees what libxml2 kept on the side (declarations, entity trees, the ID table).
  static func reshape(_ doc: Doc, _ expansion: inout EntityExpansion) {
    let root = documentNode(doc)
    // Pass 1: entity references (children and attribute values).
    var expandedIn: [Node] = []
    var cursor = root.pointee.children
    while let node = cursor, !expansion.exceeded {
      switch node.pointee.type {
      case XML_ENTITY_REF_NODE:
        let next = followingSkippingChildren(node, within: root)
        expandedIn.append(node.pointee.parent!)
        expandReference(node, &expansion)
        cursor = next
        continue
      case XML_ELEMENT_NODE:
        var attr = node.pointee.properties
        while let a = attr {
          if hasReference(a.pointee.children) {
            setText(attributeText(a.pointee.children, doc, &expansion), of: a)
          }
          attr = a.pointee.next
        }
      default: break
      }
      cursor = following(node, within: root)
    }
    if expansion.exceeded { return }
    // Text an entity brought in joins the text around it, as a browser's parser would have appended it.
    for parent in expandedIn { mergeTextSiblings(of: parent) }
    // Pass 2: namespaces, and no attribute left in libxml2's ID table (the DOM finds ids itself).
    cursor = root.pointee.children
    while let node = cursor {
      if node.pointee.type == XML_ELEMENT_NODE {
        reshapeNamespaces(node, doc)
        var attr = node.pointee.properties
        while let a = attr {
          if a.pointee.atype == XML_ATTRIBUTE_ID { xmlRemoveID(doc, a) }
          attr = a.pointee.next
        }
      }
      cursor = following(node, within: root)
    }
    // Pass 3: nothing points at the declarations or at the entities' parsed trees any more.
    cursor = root.pointee.children
    while let node = cursor {
      if node.pointee.type == XML_ELEMENT_NODE, let declarations = node.pointee.nsDef {
        xmlFreeNsList(declarations)
        node.pointee.nsDef = nil
      }
      cursor = following(node, within: root)
    }
    if let dtd = doc.pointee.intSubset { freeEntityTrees(dtd) }
  }

  private static func hasReference(_ list: Node?) -> Bool {
    var cursor = list
    while let node = cursor {
      if node.pointee.type == XML_ENTITY_REF_NODE { return true }
      cursor = node.pointee.next
    }
    return false
  }

  /// The declared entity a reference node names: internal general entities only (nil for external and undeclared
  /// ones, which expand to nothing).
  private static func internalEntity(_ reference: Node) -> UnsafeMutablePointer<xmlEntity>? {
    guard let declaration = reference.pointee.children, declaration.pointee.type == XML_ENTITY_DECL else { return nil }
    let entity = UnsafeMutableRawPointer(declaration).assumingMemoryBound(to: xmlEntity.self)
    return entity.pointee.etype == XML_INTERNAL_GENERAL_ENTITY ? entity : nil
  }

  /// Replaces an entity reference in content by copies of the entity's nodes (their references expanded too).
  private static func expandReference(_ reference: Node, _ expansion: inout EntityExpansion) {
    let parent = reference.pointee.parent!
    var copies: [Node] = []
    if let entity = internalEntity(reference) {
      copies = expandedCopies(of: entity, in: reference.pointee.doc, depth: 0, &expansion)
    }
    for copy in copies {
      link(copy, into: parent, before: reference)
    }
    unlink(reference)
    xmlFreeNode(reference)
  }

  /// Copies of an entity's parsed nodes with nested references expanded.
  private static func expandedCopies(
    of entity: UnsafeMutablePointer<xmlEntity>, in doc: Doc?, depth: Int, _ expansion: inout EntityExpansion
  ) -> [Node] {
    guard depth < 40, !expansion.exceeded else {
      _ = expansion.spend(expansion.limit + 1)
      return []
    }
    var list = entity.pointee.children
    var owned: Node?
    if list == nil, let content = entity.pointee.content, content.pointee != 0 {
      // libxml2 builds the nodes on the first reference in content; an entity first met in an attribute has none.
      owned = xmlStringGetNodeList(doc, content)
      list = owned
    }
    defer { if let owned { xmlFreeNodeList(owned) } }
    var copies: [Node] = []
    var cursor = list
    while let node = cursor, !expansion.exceeded {
      if node.pointee.type == XML_ENTITY_REF_NODE {
        if let nested = internalEntity(node) { copies += expandedCopies(of: nested, in: doc, depth: depth + 1, &expansion) }
      } else if let copy = rawCopy(node, into: doc, depth: depth, &expansion) {
        copies.append(copy)
      }
      cursor = node.pointee.next
    }
    return copies
  }

  /// A copy that keeps libxml2's own form (raw `ns` pointers, declarations), so the namespace pass treats it like
  /// parsed nodes; entity references inside are expanded.
  private static func rawCopy(_ node: Node, into doc: Doc?, depth: Int, _ expansion: inout EntityExpansion) -> Node? {
    switch node.pointee.type {
    case XML_ELEMENT_NODE:
      guard expansion.spend(16 + Int(xmlStrlen(node.pointee.name))) else { return nil }
      let copy = xmlNewDocNode(doc, nil, node.pointee.name, nil)!
      copy.pointee.ns = node.pointee.ns
      if let declarations = node.pointee.nsDef { copy.pointee.nsDef = xmlCopyNamespaceList(declarations) }
      var attr = node.pointee.properties
      while let a = attr {
        let value = attributeText(a.pointee.children, doc, &expansion)
        withStored(value) { _ = xmlNewNsProp(copy, a.pointee.ns, a.pointee.name, $0) }
        attr = a.pointee.next
      }
      var child = node.pointee.children
      while let c = child, !expansion.exceeded {
        if c.pointee.type == XML_ENTITY_REF_NODE {
          if let nested = internalEntity(c) {
            for item in expandedCopies(of: nested, in: doc, depth: depth + 1, &expansion) {
              link(item, into: copy, before: nil)
            }
          }
        } else if let item = rawCopy(c, into: doc, depth: depth, &expansion) {
          link(item, into: copy, before: nil)
        }
        child = c.pointee.next
      }
      mergeTextSiblings(of: copy)
      return copy
    case XML_TEXT_NODE, XML_CDATA_SECTION_NODE, XML_COMMENT_NODE, XML_PI_NODE:
      let length = node.pointee.content.map { Int(xmlStrlen($0)) } ?? 0
      guard expansion.spend(length + 8) else { return nil }
      let copy = xmlCopyNode(node, 1)!
      copy.pointee.doc = doc
      return copy
    default:
      return nil
    }
  }

  /// An attribute value with its entity references expanded. Like Chromium, the replacement text keeps its tabs and
  /// line breaks (XML's attribute-value normalization would make them spaces).
  private static func attributeText(_ list: Node?, _ doc: Doc?, _ expansion: inout EntityExpansion) -> String {
    var result = ""
    appendAttributeText(list, doc, depth: 0, into: &result, &expansion)
    return result
  }

  private static func appendAttributeText(
    _ list: Node?, _ doc: Doc?, depth: Int, into result: inout String, _ expansion: inout EntityExpansion
  ) {
    var cursor = list
    while let node = cursor, !expansion.exceeded {
      if node.pointee.type == XML_ENTITY_REF_NODE {
        if depth >= 40 {
          _ = expansion.spend(expansion.limit + 1)
        } else if let entity = internalEntity(node), let content = entity.pointee.content {
          let nested = xmlStringGetNodeList(doc, content)
          appendAttributeText(nested, doc, depth: depth + 1, into: &result, &expansion)
          if let nested { xmlFreeNodeList(nested) }
        }
      } else if let content = node.pointee.content {
        let text = readStored(content)
        guard expansion.spend(text.utf8.count) else { return }
        result += text
      }
      cursor = node.pointee.next
    }
  }

  /// Joins each run of adjacent (non-CDATA) text children into its first node.
  private static func mergeTextSiblings(of parent: Node) {
    var cursor = parent.pointee.children
    while let node = cursor {
      if node.pointee.type == XML_TEXT_NODE {
        while let next = node.pointee.next, next.pointee.type == XML_TEXT_NODE {
          if let content = next.pointee.content { xmlNodeAddContent(node, content) }
          unlink(next)
          xmlFreeNode(next)
        }
      }
      cursor = node.pointee.next
    }
  }

  /// Moves one element's (and its attributes') namespaces to the DOM's form and turns its declarations into
  /// `xmlns` attributes placed before its other attributes (as browsers list them).
  private static func reshapeNamespaces(_ element: Node, _ doc: Doc) {
    if let ns = element.pointee.ns {
      let isXHTML = ns.pointee.prefix == nil && ns.pointee.href.map { String(cString: $0) } == Namespace.html.rawValue
      element.pointee.ns = isXHTML ? nil : rehome(ns, in: doc)
    } else {
      element.pointee.ns = namespace(uri: "", prefix: nil, in: doc)
    }
    var attr = element.pointee.properties
    while let a = attr {
      if let ns = a.pointee.ns { a.pointee.ns = rehome(ns, in: doc) }
      attr = a.pointee.next
    }
    guard element.pointee.nsDef != nil else { return }
    let others = element.pointee.properties
    element.pointee.properties = nil
    var declaration = element.pointee.nsDef
    while let d = declaration {
      let value = d.pointee.href.map { String(cString: $0) } ?? ""
      if let prefix = d.pointee.prefix {
        appendAttribute(element, localName: String(cString: prefix), value: value,
                        namespaceURI: Namespace.xmlns.rawValue, prefix: "xmlns")
      } else {
        appendAttribute(element, localName: "xmlns", value: value, namespaceURI: Namespace.xmlns.rawValue, prefix: nil)
      }
      declaration = d.pointee.next
    }
    // The other attributes follow the declarations.
    guard let others else { return }
    var last = element.pointee.properties!
    while let next = last.pointee.next { last = next }
    last.pointee.next = others
    others.pointee.prev = last
  }

  /// Frees the nodes libxml2 parsed for each entity (they may point at freed declarations now).
  private static func freeEntityTrees(_ dtd: xmlDtdPtr) {
    var cursor = dtd.pointee.children
    while let node = cursor {
      if node.pointee.type == XML_ENTITY_DECL {
        let entity = UnsafeMutableRawPointer(node).assumingMemoryBound(to: xmlEntity.self)
        if entity.pointee.owner == 1, let children = entity.pointee.children {
          xmlFreeNodeList(children)
        }
        entity.pointee.children = nil
        entity.pointee.last = nil
      }
      cursor = node.pointee.next
    }
  }
}
