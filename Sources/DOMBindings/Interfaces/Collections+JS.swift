import DOM
import JSBridge

/// A NodeList: live over a node's children (`childNodes`), or a snapshot (`querySelectorAll`).
///
/// A live list caches its nodes until the window's ``Window/domGeneration`` changes (every DOM write
/// through the bindings changes it), so `for (…; i < list.length; …) list[i]` stays linear.
final class NodeListObject: ScriptExposed {
  enum Source {
    case children(of: Node)
    case snapshot([Node])
  }

  let source: Source
  private weak var window: Window?
  private var cache: (generation: UInt64, nodes: [Node])?

  init(_ source: Source, window: Window? = nil) {
    self.source = source
    self.window = window
  }

  var nodes: [Node] {
    switch source {
    case .snapshot(let nodes): return nodes
    case .children(let parent):
      guard let window else { return parent.childNodes }
      if let cache, cache.generation == window.domGeneration { return cache.nodes }
      let nodes = parent.childNodes
      cache = (window.domGeneration, nodes)
      return nodes
    }
  }

  static var scriptInterface: AnyInterface { DOMInterfaces.nodeList.erased }
}

/// An HTMLCollection: live, recomputed from the tree when the window's ``Window/domGeneration`` changed.
final class HTMLCollectionObject: ScriptExposed {
  let compute: () -> [Element]
  private weak var window: Window?
  private var cache: (generation: UInt64, elements: [Element])?

  init(window: Window?, _ compute: @escaping () -> [Element]) {
    self.window = window
    self.compute = compute
  }

  var elements: [Element] {
    guard let window else { return compute() }
    if let cache, cache.generation == window.domGeneration { return cache.elements }
    let elements = compute()
    cache = (window.domGeneration, elements)
    return elements
  }

  /// https://dom.spec.whatwg.org/#dom-htmlcollection-nameditem-key
  func namedItem(_ key: String) -> Element? {
    guard !key.isEmpty else { return nil }
    return elements.first { $0.getAttribute("id") == key || ($0.isHTML && $0.getAttribute("name") == key) }
  }

  /// https://dom.spec.whatwg.org/#ref-for-dfn-supported-property-names: each element's non-empty id, then
  /// (for HTML elements) its non-empty name, in tree order, without duplicates.
  var supportedPropertyNames: [String] {
    var names: [String] = []
    var seen: Set<String> = []
    for element in elements {
      if let id = element.getAttribute("id"), !id.isEmpty, seen.insert(id).inserted { names.append(id) }
      if element.isHTML, let name = element.getAttribute("name"), !name.isEmpty, seen.insert(name).inserted {
        names.append(name)
      }
    }
    return names
  }

  static var scriptInterface: AnyInterface { DOMInterfaces.htmlCollection.erased }
}

extension DOMInterfaces {
  /// https://dom.spec.whatwg.org/#interface-nodelist (with for-of, keys, values, entries, forEach).
  static let nodeList = Interface<NodeListObject>("NodeList") { b in
    b.indexed(length: { $0.nodes.count }, item: { list, index in list.nodes[index] })
    b.method("item", length: 1) { list, args in
      let nodes = list.nodes, index = try args.uint32(0)
      return index < nodes.count ? nodes[index] : nil
    }
  }

  /// https://dom.spec.whatwg.org/#interface-htmlcollection
  static let htmlCollection = Interface<HTMLCollectionObject>("HTMLCollection") { b in
    b.indexed(length: { $0.elements.count }, item: { list, index in list.elements[index] })
    b.method("item", length: 1) { list, args in
      let elements = list.elements, index = try args.uint32(0)
      return index < elements.count ? elements[index] : nil
    }
    b.method("namedItem", length: 1) { list, args in list.namedItem(try args.string(0)) }
    b.namedProperties(get: { list, name in list.namedItem(name) }, keys: { $0.supportedPropertyNames })
  }
}
