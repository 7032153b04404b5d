import DOM
import JSBridge

/// A NodeList: live over a ``LiveCollection`` (`childNodes`, `getElementsByName`), or a snapshot
/// (`querySelectorAll`, a mutation record's added and removed nodes).
final class NodeListObject: ScriptExposed {
  enum Source {
    case live(LiveCollection)
    case snapshot([Node])
  }

  let source: Source

  init(_ source: Source) { self.source = source }

  var length: Int {
    switch source {
    case .live(let collection): return collection.length
    case .snapshot(let nodes): return nodes.count
    }
  }

  func item(_ index: Int) -> Node? {
    switch source {
    case .live(let collection): return collection.item(index)
    case .snapshot(let nodes): return index < nodes.count ? nodes[index] : nil
    }
  }

  static var scriptInterface: AnyInterface { DOMInterfaces.nodeList.erased }
}

/// An HTMLCollection: a ``LiveCollection`` of elements, which re-reads the tree when the document's
/// ``Document/treeVersion`` moved.
final class HTMLCollectionObject: ScriptExposed {
  let collection: LiveCollection

  init(_ collection: LiveCollection) { self.collection = collection }

  static var scriptInterface: AnyInterface { DOMInterfaces.htmlCollection.erased }
}

extension DOMInterfaces {
  /// https://dom.spec.whatwg.org/#interface-nodelist (with for-of, keys, values, entries, forEach).
  ///
  /// Not a `legacyPlatformObject()`: `childNodes` loops are the hottest path of real libraries, and JSC's class
  /// callbacks serve `list[i]` without a proxy trap (strict-mode `list[0] = x` then fails silently instead of throwing).
  static let nodeList = Interface<NodeListObject>("NodeList") { b in
    // A snapshot's wrapper is an ordinary object holding its nodes (JSBridge's fixed items): indexing a
    // querySelectorAll result then costs what indexing an array does.
    b.indexed(length: { $0.length }, lookup: { list, index in list.item(index) }, fixedItems: { list in
      if case .snapshot(let nodes) = list.source { return nodes }
      return nil
    })
    b.valueIterable()
    b.method("item", length: 1) { list, args in list.item(Int(try args.uint32(0))) }
  }

  /// https://dom.spec.whatwg.org/#interface-htmlcollection: `[LegacyUnenumerableNamedProperties]`, no iterable
  /// declaration (only `@@iterator`), and named properties that never hide the prototype's members.
  static let htmlCollection = Interface<HTMLCollectionObject>("HTMLCollection") { b in
    b.legacyPlatformObject()
    b.indexed(length: { $0.collection.length }, lookup: { list, index in list.collection.item(index) as? Element })
    b.method("item", length: 1) { list, args in list.collection.item(Int(try args.uint32(0))) as? Element }
    b.method("namedItem", length: 1) { list, args in list.collection.namedItem(try args.string(0)) }
    b.namedProperties(
      get: { list, name in list.collection.namedItem(name) },
      keys: { list in list.collection.supportedPropertyNames }, overridesBuiltIns: false, enumerable: false)
  }
}
