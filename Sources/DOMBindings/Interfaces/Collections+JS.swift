import DOM
import JSBridge

/// A NodeList: live over a node's children (`childNodes`), or a snapshot (`querySelectorAll`).
final class NodeListObject: ScriptExposed {
  enum Source {
    case children(of: Node)
    case snapshot([Node])
  }

  let source: Source
  init(_ source: Source) { self.source = source }

  var nodes: [Node] {
    switch source {
    case .children(let parent): return parent.childNodes
    case .snapshot(let nodes): return nodes
    }
  }

  static var scriptInterface: AnyInterface { DOMInterfaces.nodeList.erased }
}

/// An HTMLCollection: live, recomputed from the tree on every access.
final class HTMLCollectionObject: ScriptExposed {
  let compute: () -> [Element]
  init(_ compute: @escaping () -> [Element]) { self.compute = compute }

  var elements: [Element] { compute() }

  /// https://dom.spec.whatwg.org/#dom-htmlcollection-nameditem-key
  func namedItem(_ key: String) -> Element? {
    guard !key.isEmpty else { return nil }
    return elements.first { $0.getAttribute("id") == key || ($0.isHTML && $0.getAttribute("name") == key) }
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
  }
}
