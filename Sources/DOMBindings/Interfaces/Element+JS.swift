import DOM
import JSBridge

extension DOMInterfaces {
  /// https://dom.spec.whatwg.org/#interface-element
  static let element = Interface<Element>("Element", inherits: node) { b in
    b.getter("tagName") { $0.tagName }
    b.getter("localName") { $0.localName }
    b.getter("namespaceURI") { $0.namespaceURI }
    b.getter("prefix") { $0.prefix }
    b.reflect("id")
    b.reflect("className", attribute: "class")
    b.reflect("slot")
    b.sameObject("classList", set: { element, value in try element.setAttribute("class", value.toString()) }) {
      element, _ in DOMTokenListObject(element: element, attribute: "class")
    }
    b.sameObject("attributes") { element, _ in NamedNodeMapObject(element: element) }

    b.method("getAttribute", length: 1) { element, args in element.getAttribute(try args.string(0)) }
    b.method("setAttribute", length: 2) { element, args in try element.setAttribute(args.string(0), args.string(1)) }
    b.method("removeAttribute", length: 1) { element, args in element.removeAttribute(try args.string(0)) }
    b.method("hasAttribute", length: 1) { element, args in element.hasAttribute(try args.string(0)) }
    b.method("hasAttributes") { element, _ in element.hasAttributes() }
    b.method("toggleAttribute", length: 1) { element, args in
      try element.toggleAttribute(args.string(0), force: args.optionalBool(1))
    }
    b.method("getAttributeNames") { element, _ in element.getAttributeNames() }
    b.method("getAttributeNS", length: 2) { element, args in
      element.getAttributeNS(try args.nullableString(0), try args.string(1))
    }
    b.method("setAttributeNS", length: 3) { element, args in
      try element.setAttributeNS(args.nullableString(0), args.string(1), args.string(2))
    }
    b.method("removeAttributeNS", length: 2) { element, args in
      element.removeAttributeNS(try args.nullableString(0), try args.string(1))
    }
    b.method("hasAttributeNS", length: 2) { element, args in
      element.hasAttributeNS(try args.nullableString(0), try args.string(1))
    }
    b.method("getAttributeNode", length: 1) { element, args in element.getAttributeNode(try args.string(0)) }
    b.method("getAttributeNodeNS", length: 2) { element, args in
      element.getAttributeNodeNS(try args.nullableString(0), try args.string(1))
    }
    b.method("setAttributeNode", length: 1) { element, args in try element.setAttributeNode(args.object(0, as: Attr.self)) }
    b.method("setAttributeNodeNS", length: 1) { element, args in try element.setAttributeNode(args.object(0, as: Attr.self)) }
    b.method("removeAttributeNode", length: 1) { element, args in
      try element.removeAttributeNode(args.object(0, as: Attr.self))
    }

    // https://html.spec.whatwg.org/multipage/dynamic-markup-insertion.html#dom-element-innerhtml ([LegacyNullToEmptyString])
    b.accessor("innerHTML", get: { $0.innerHTML }, set: { try $0.setInnerHTML($1.stringNullAsEmpty()) })
    b.accessor("outerHTML", get: { $0.outerHTML }, set: { try $0.setOuterHTML($1.stringNullAsEmpty()) })
    b.method("setHTMLUnsafe", length: 1) { element, args in element.setHTMLUnsafe(try args.string(0)) }
    b.method("getHTML") { element, _ in element.getHTML() }
    b.method("insertAdjacentHTML", length: 2) { element, args in
      try element.insertAdjacentHTML(Element.AdjacentPosition(parsing: args.string(0)), args.string(1))
    }
    b.method("insertAdjacentElement", length: 2) { element, args in
      try element.insertAdjacentElement(Element.AdjacentPosition(parsing: args.string(0)), args.object(1, as: Element.self))
    }
    b.method("insertAdjacentText", length: 2) { element, args in
      try element.insertAdjacentText(Element.AdjacentPosition(parsing: args.string(0)), args.string(1))
    }
    b.method("matches", length: 1) { element, args in try element.matches(args.string(0)) }
    b.method("webkitMatchesSelector", length: 1) { element, args in try element.matches(args.string(0)) }
    b.method("closest", length: 1) { element, args in try element.closest(args.string(0)) }
    addParentNodeMembers(b)
    addChildNodeMembers(b, elementSiblings: true)
    addElementGeometry(b)
    b.unscopable(["slot"])
  }
}
