import DOM
import JSBridge

/// The binding tables of the DOM interfaces (one `static let` per interface, each in its `<Name>+JS.swift`),
/// and the resolver that picks the most derived interface for a node.
enum DOMInterfaces {
  /// Every interface the window installs (so `x instanceof HTMLElement` works before any node is wrapped).
  static let all: [AnyInterface] = [
    eventTarget.erased, event.erased, node.erased, document.erased, documentType.erased, documentFragment.erased, element.erased,
    htmlElement.erased, htmlAnchorElement.erased, htmlImageElement.erased, htmlInputElement.erased,
    htmlMetaElement.erased, htmlLinkElement.erased, htmlTemplateElement.erased,
    characterData.erased, text.erased, comment.erased,
    nodeList.erased, htmlCollection.erased, domTokenList.erased, namedNodeMap.erased, attr.erased,
    domStringMap.erased, cssStyleDeclaration.erased, treeWalker.erased, nodeIterator.erased,
    location.erased, selection.erased,
  ]

  /// Interfaces few pages touch, installed when a script first names one or an object of it is wrapped.
  static let installedOnFirstUse: [AnyInterface] =
    [abortController.erased, abortSignal.erased] + dictionaryEventInterfaceList

  /// The interface for a Swift object a binding returns: the most derived one for nodes.
  static func resolve(_ object: AnyObject) -> AnyInterface? {
    switch object {
    case let element as Element:
      guard element.isHTML else { return DOMInterfaces.element.erased }
      switch element.localName {
      case "a": return htmlAnchorElement.erased
      case "img": return htmlImageElement.erased
      case "input": return htmlInputElement.erased
      case "meta": return htmlMetaElement.erased
      case "link": return htmlLinkElement.erased
      case "template": return htmlTemplateElement.erased
      default: return htmlElement.erased
      }
    case is Text: return text.erased
    case is Comment: return comment.erased
    case is Document: return document.erased
    case is DocumentType: return documentType.erased
    case is DocumentFragment: return documentFragment.erased
    case is Node: return node.erased
    case let event as DictionaryEvent: return dictionaryEventInterfaces[event.interface]
    case is Event: return event.erased
    case is Window: return nil  // The window is the global object, never a wrapper.
    case is AbortSignal: return abortSignal.erased
    case is EventTarget: return eventTarget.erased
    case is AbortController: return abortController.erased
    default: return nil  // ScriptExposed objects (lists, maps, style...) name their own interface.
    }
  }
}

extension Node: ScriptConvertible {
  /// The node's one JS object, with its most derived interface.
  public func scriptValue(in context: ScriptContext) throws(ScriptError) -> ScriptValue { try context.wrap(self) }
}

extension Arguments {
  /// The arguments from `index` on as nodes or strings (append, before, replaceWith...).
  func nodesOrStrings(from index: Int = 0) throws(ScriptError) -> [NodeOrString] {
    var items: [NodeOrString] = []
    for value in rest(from: index) {
      if let node = context.unwrap(value, as: Node.self) {
        items.append(.node(node))
      } else {
        items.append(.string(try value.toString()))
      }
    }
    return items
  }

  /// Argument `index` as a WebIDL `unsigned long` (ToUint32), or nil when absent or `undefined`.
  func optionalUInt32(_ index: Int) -> UInt32? {
    guard let d = optionalDouble(index) else { return nil }
    return UInt32(bitPattern: Int32(truncatingIfNeeded: Self.int32(d)))
  }

  /// WebIDL ToInt32 (modulo 2^32).
  static func int32(_ d: Double) -> Int {
    guard d.isFinite else { return 0 }
    let m = d.rounded(.towardZero).truncatingRemainder(dividingBy: 4_294_967_296)
    let u = m < 0 ? m + 4_294_967_296 : m
    return Int(Int32(bitPattern: UInt32(u)))
  }

  /// Argument `index` through ToString, with `null` as "" (`[LegacyNullToEmptyString]`).
  func stringNullAsEmpty(_ index: Int) throws(ScriptError) -> String {
    value(index).isNull ? "" : try string(index)
  }
}

extension ScriptValue {
  /// ToString, with `null` as "" (for `[LegacyNullToEmptyString]` and nullable setters like textContent).
  func stringNullAsEmpty() throws(ScriptError) -> String { isNull ? "" : try toString() }
}

/// Content-attribute reflection for element interfaces (never hand-write reflected attributes).
///
/// https://html.spec.whatwg.org/multipage/common-dom-interfaces.html#reflecting-content-attributes-in-idl-attributes
extension InterfaceBuilder where T == Element {
  /// A string attribute reflecting `attribute` (default: the lowercased IDL name).
  func reflect(_ name: String, attribute: String? = nil) {
    let attr = attribute ?? name.lowercased()
    reflect(name, get: { $0.getAttribute(attr) }, set: { try $0.setAttribute(attr, $1) })
  }

  /// A boolean attribute reflecting the presence of `attribute`.
  func reflectBool(_ name: String, attribute: String? = nil) {
    let attr = attribute ?? name.lowercased()
    reflectBool(name, has: { $0.hasAttribute(attr) }, set: { element, on in
      if on { try element.setAttribute(attr, "") } else { element.removeAttribute(attr) }
    })
  }

  /// A `long` attribute reflecting `attribute`.
  func reflectInt(_ name: String, attribute: String? = nil, defaultValue: Int = 0) {
    let attr = attribute ?? name.lowercased()
    reflectInt(name, defaultValue: defaultValue, get: { $0.getAttribute(attr) }, set: { try $0.setAttribute(attr, $1) })
  }

  /// A URL attribute: reads resolve against the document base URL.
  func reflectURL(_ name: String, attribute: String? = nil) {
    let attr = attribute ?? name.lowercased()
    reflectURL(
      name, get: { $0.getAttribute(attr) }, resolve: { element, raw in element.document.resolveURL(raw)?.absoluteString },
      set: { try $0.setAttribute(attr, $1) })
  }
}

extension DOMInterfaces {
  /// Methods of the node-family tables that never change the tree or an attribute.
  static let readOnlyMethods: Set<String> = [
    "hasChildNodes", "getRootNode", "contains", "cloneNode", "isEqualNode", "isSameNode", "compareDocumentPosition",
    "querySelector", "querySelectorAll", "getElementsByTagName", "getElementsByClassName", "getElementsByName",
    "getElementById", "getAttribute", "getAttributeNS", "hasAttribute", "hasAttributeNS", "hasAttributes",
    "getAttributeNames", "getAttributeNode", "matches", "webkitMatchesSelector", "closest", "createElement",
    "createElementNS", "createTextNode", "createComment", "createDocumentFragment", "createTreeWalker",
    "createNodeIterator", "importNode", "getSelection", "hasFocus", "substringData", "item", "namedItem",
    "getNamedItem", "getNamedItemNS", "supports", "toString", "getPropertyValue", "getPropertyPriority",
    "focus", "blur", "click",
  ]

  /// Every write through a node-family table moves the window's DOM generation (live collections re-read).
  static func observeWrites<T>(_ b: InterfaceBuilder<T>) {
    b.observeWrites(exceptMethods: readOnlyMethods) { context in context.hostState(Window.self)?.documentDidChange() }
  }
}
