import DOM
import JSBridge

/// A JS NodeFilter (a function, or an object with `acceptNode`) as the DOM's filter function.
///
/// https://dom.spec.whatwg.org/#callbackdef-nodefilter: what the filter throws propagates to the caller.
final class ScriptNodeFilter {
  let value: ProtectedValue

  /// Nil for `null`/`undefined` (no filter).
  init?(_ value: ScriptValue) {
    if value.isNull || value.isUndefined { return nil }
    self.value = ProtectedValue(value)
  }

  var function: NodeFilterFunction {
    { [value] node in
      let filter = value.value
      let context = filter.context
      let argument = try node.scriptValue(in: context)
      let result: ScriptValue
      if filter.isFunction {
        result = try filter.call(this: nil, args: [argument])
      } else {
        let accept = try filter.property("acceptNode")
        guard accept.isFunction else {
          throw ScriptError.typeError("NodeFilter: the filter is neither a function nor an object with an acceptNode method")
        }
        result = try accept.call(this: filter, args: [argument])
      }
      return FilterResult(rawValue: Arguments.int32(result.toDouble()) & 0xFFFF) ?? .other
    }
  }
}

/// A TreeWalker with the JS filter it was made with.
final class TreeWalkerObject: ScriptExposed {
  let walker: TreeWalker
  let filter: ScriptNodeFilter?
  init(walker: TreeWalker, filter: ScriptNodeFilter?) {
    self.walker = walker
    self.filter = filter
  }
  static var scriptInterface: AnyInterface { DOMInterfaces.treeWalker.erased }
}

/// A NodeIterator with the JS filter it was made with.
final class NodeIteratorObject: ScriptExposed {
  let iterator: NodeIterator
  let filter: ScriptNodeFilter?
  init(iterator: NodeIterator, filter: ScriptNodeFilter?) {
    self.iterator = iterator
    self.filter = filter
  }
  static var scriptInterface: AnyInterface { DOMInterfaces.nodeIterator.erased }
}

extension DOMInterfaces {
  /// https://dom.spec.whatwg.org/#interface-treewalker
  static let treeWalker = Interface<TreeWalkerObject>("TreeWalker") { b in
    b.wrappersAreCollectable()
    b.getter("root") { $0.walker.root }
    b.getter("whatToShow") { Double($0.walker.whatToShow.rawValue) }
    b.getter("filter") { $0.filter?.value.value }
    b.accessor("currentNode", get: { $0.walker.currentNode }, set: { object, value in
      guard let node = value.context.unwrap(value, as: Node.self) else {
        throw ScriptError.typeError("TreeWalker.currentNode: the value is not a Node")
      }
      object.walker.currentNode = node
    })
    b.method("parentNode") { object, _ in try object.walker.parentNode() }
    b.method("firstChild") { object, _ in try object.walker.firstChild() }
    b.method("lastChild") { object, _ in try object.walker.lastChild() }
    b.method("previousSibling") { object, _ in try object.walker.previousSibling() }
    b.method("nextSibling") { object, _ in try object.walker.nextSibling() }
    b.method("previousNode") { object, _ in try object.walker.previousNode() }
    b.method("nextNode") { object, _ in try object.walker.nextNode() }
  }

  /// https://dom.spec.whatwg.org/#interface-nodeiterator
  static let nodeIterator = Interface<NodeIteratorObject>("NodeIterator") { b in
    b.wrappersAreCollectable()
    b.getter("root") { $0.iterator.root }
    b.getter("referenceNode") { $0.iterator.referenceNode }
    b.getter("pointerBeforeReferenceNode") { $0.iterator.pointerBeforeReferenceNode }
    b.getter("whatToShow") { Double($0.iterator.whatToShow.rawValue) }
    b.getter("filter") { $0.filter?.value.value }
    b.method("nextNode") { object, _ in try object.iterator.nextNode() }
    b.method("previousNode") { object, _ in try object.iterator.previousNode() }
    b.method("detach") { _, _ in }
  }
}
