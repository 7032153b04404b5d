import DOM
import JSBridge

extension DOMInterfaces {
  /// https://dom.spec.whatwg.org/#interface-node
  static let node = Interface<Node>("Node", inherits: eventTarget) { b in
    let types = [
      "ELEMENT_NODE", "ATTRIBUTE_NODE", "TEXT_NODE", "CDATA_SECTION_NODE", "ENTITY_REFERENCE_NODE", "ENTITY_NODE",
      "PROCESSING_INSTRUCTION_NODE", "COMMENT_NODE", "DOCUMENT_NODE", "DOCUMENT_TYPE_NODE", "DOCUMENT_FRAGMENT_NODE",
      "NOTATION_NODE",
    ]
    for (i, name) in types.enumerated() { b.constant(name, i + 1) }
    for (i, name) in [
      "DOCUMENT_POSITION_DISCONNECTED", "DOCUMENT_POSITION_PRECEDING", "DOCUMENT_POSITION_FOLLOWING",
      "DOCUMENT_POSITION_CONTAINS", "DOCUMENT_POSITION_CONTAINED_BY", "DOCUMENT_POSITION_IMPLEMENTATION_SPECIFIC",
    ].enumerated() {
      b.constant(name, 1 << i)
    }
    b.getter("nodeType") { $0.nodeType.rawValue }
    b.getter("nodeName") { $0.nodeName }
    b.getter("baseURI") { $0.document.baseURL.href }
    b.getter("isConnected") { $0.isConnected }
    b.getter("ownerDocument") { $0.ownerDocument }
    b.getter("parentNode") { $0.parentNode }
    b.getter("parentElement") { $0.parentElement }
    b.sameObject("childNodes") { node, _ in NodeListObject(.live(.childNodes(of: node))) }
    b.getter("firstChild") { $0.firstChild }
    b.getter("lastChild") { $0.lastChild }
    b.getter("previousSibling") { $0.previousSibling }
    b.getter("nextSibling") { $0.nextSibling }
    // `DOMString?` attributes: null and undefined both set "".
    b.accessor("nodeValue", get: { NodeString.of($0) { $0.nodeValue } }, set: { node, value in node.nodeValue = try value.nullableString() ?? "" })
    b.accessor("textContent", get: { NodeString.of($0) { $0.textContent } }, set: { node, value in node.textContent = try value.nullableString() ?? "" })
    b.method("hasChildNodes") { node, _ in node.hasChildNodes() }
    b.method("getRootNode") { node, _ in node.getRootNode() }
    b.method("contains", length: 1) { node, args in node.contains(try args.optionalObject(0, as: Node.self)) }
    b.method("appendChild", length: 1) { node, args in try node.appendChild(args.object(0, as: Node.self)) }
    b.method("insertBefore", length: 2) { node, args in
      // `Node? child` is required: a missing argument is a TypeError, an explicit undefined means null.
      guard args.count > 1 else { throw ScriptError.typeError("insertBefore: 2 arguments required, but only 1 present.") }
      return try node.insertBefore(args.object(0, as: Node.self), args.optionalObject(1, as: Node.self))
    }
    b.method("removeChild", length: 1) { node, args in try node.removeChild(args.object(0, as: Node.self)) }
    b.method("replaceChild", length: 2) { node, args in
      try node.replaceChild(args.object(0, as: Node.self), args.object(1, as: Node.self))
    }
    b.method("cloneNode") { node, args in node.cloneNode(deep: args.bool(0)) }
    b.method("normalize") { node, _ in node.normalize() }
    b.method("isEqualNode", length: 1) { node, args in node.isEqualNode(try args.optionalObject(0, as: Node.self)) }
    b.method("isSameNode", length: 1) { node, args in node.isSameNode(try args.optionalObject(0, as: Node.self)) }
    b.method("compareDocumentPosition", length: 1) { node, args in
      Int(node.compareDocumentPosition(try args.object(0, as: Node.self)).rawValue)
    }
    b.method("lookupNamespaceURI", length: 1) { node, args in node.lookupNamespaceURI(try args.nullableString(0)) }
    b.method("lookupPrefix", length: 1) { node, args in node.lookupPrefix(try args.nullableString(0)) }
    b.method("isDefaultNamespace", length: 1) { node, args in node.isDefaultNamespace(try args.nullableString(0)) }
  }

  /// ParentNode (https://dom.spec.whatwg.org/#interface-parentnode) for documents, fragments and elements.
  static func addParentNodeMembers<T: Node>(_ b: InterfaceBuilder<T>) {
    b.sameObject("children") { node, _ in HTMLCollectionObject(.children(of: node)) }
    b.getter("firstElementChild") { node in node.childNodes.first { $0 is Element } as? Element }
    b.getter("lastElementChild") { node in node.childNodes.last { $0 is Element } as? Element }
    b.getter("childElementCount") { node in node.childNodes.count { $0 is Element } }
    b.method("append") { node, args in try node.append(args.nodesOrStrings()) }
    b.method("prepend") { node, args in try node.prepend(args.nodesOrStrings()) }
    b.method("replaceChildren") { node, args in try node.replaceChildren(args.nodesOrStrings()) }
    b.unscopable(["prepend", "append", "replaceChildren"])
    b.method("querySelector", length: 1) { node, args in try node.querySelector(args.string(0)) }
    b.method("querySelectorAll", length: 1) { node, args in
      NodeListObject(.snapshot(try node.querySelectorAll(args.string(0))))
    }
    // Documents and elements only: DocumentFragment has no getElementsBy* (https://dom.spec.whatwg.org/#interface-documentfragment).
    guard !(T.self is DocumentFragment.Type) else { return }
    b.method("getElementsByTagName", length: 1) { node, args in
      HTMLCollectionObject(.elements(byTagName: try args.string(0), under: node))
    }
    b.method("getElementsByTagNameNS", length: 2) { node, args in
      HTMLCollectionObject(.elements(byNamespace: try args.nullableString(0), localName: try args.string(1), under: node))
    }
    b.method("getElementsByClassName", length: 1) { node, args in
      HTMLCollectionObject(.elements(byClassNames: try args.string(0), under: node))
    }
  }

  /// ChildNode and NonDocumentTypeChildNode (https://dom.spec.whatwg.org/#interface-childnode).
  static func addChildNodeMembers<T: Node>(_ b: InterfaceBuilder<T>, elementSiblings: Bool) {
    b.method("before") { node, args in try node.before(args.nodesOrStrings()) }
    b.method("after") { node, args in try node.after(args.nodesOrStrings()) }
    b.method("replaceWith") { node, args in try node.replaceWith(args.nodesOrStrings()) }
    b.method("remove") { node, _ in node.remove() }
    b.unscopable(["before", "after", "replaceWith", "remove"])
    guard elementSiblings else { return }
    b.getter("previousElementSibling") { node -> Element? in
      var cursor = node.previousSibling
      while let current = cursor, !(current is Element) { cursor = current.previousSibling }
      return cursor as? Element
    }
    b.getter("nextElementSibling") { node -> Element? in
      var cursor = node.nextSibling
      while let current = cursor, !(current is Element) { cursor = current.nextSibling }
      return cursor as? Element
    }
  }
}

extension ScriptValue {
  /// WebIDL `DOMString?`: nil for null and undefined, else ToString.
  func nullableString() throws(ScriptError) -> String? { isNull || isUndefined ? nil : try toString() }
}
