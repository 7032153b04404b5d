import DOM
import JSBridge

extension LiveRange: ScriptExposed {
  public static var scriptInterface: AnyInterface { DOMInterfaces.range.erased }
}

extension StaticRange: ScriptExposed {
  public static var scriptInterface: AnyInterface { DOMInterfaces.staticRange.erased }
}

extension DOMInterfaces {
  /// https://dom.spec.whatwg.org/#interface-abstractrange
  static let abstractRange = Interface<AbstractRange>("AbstractRange") { b in
    b.wrappersAreCollectable()
    b.getter("startContainer") { $0.startContainer }
    b.getter("startOffset") { $0.startOffset }
    b.getter("endContainer") { $0.endContainer }
    b.getter("endOffset") { $0.endOffset }
    b.getter("collapsed") { $0.collapsed }
  }

  /// https://dom.spec.whatwg.org/#interface-staticrange
  static let staticRange = Interface<StaticRange>("StaticRange", inherits: abstractRange) { b in
    b.constructor(length: 1) { args in
      let dictionary = args.value(0)
      guard dictionary.isObject else {
        throw ScriptError.typeError("StaticRange constructor: argument 1 is not a StaticRangeInit dictionary")
      }
      func member(_ name: String) throws -> ScriptValue {
        let value = try dictionary.property(name)
        guard !value.isUndefined else {
          throw ScriptError.typeError("StaticRange constructor: the required member '\(name)' is missing")
        }
        return value
      }
      func node(_ name: String) throws -> Node {
        guard let node = args.context.unwrap(try member(name), as: Node.self) else {
          throw ScriptError.typeError("StaticRange constructor: '\(name)' is not a Node")
        }
        return node
      }
      func offset(_ name: String) throws -> Int {
        Int(UInt32(bitPattern: Int32(truncatingIfNeeded: Arguments.int32(try member(name).toDouble()))))
      }
      return try StaticRange(
        startContainer: node("startContainer"), startOffset: offset("startOffset"),
        endContainer: node("endContainer"), endOffset: offset("endOffset"))
    }
  }

  /// https://dom.spec.whatwg.org/#interface-range
  static let range = Interface<LiveRange>("Range", inherits: abstractRange) { b in
    b.constructor { args in LiveRange(document: try args.context.window().document) }
    b.method("createContextualFragment", length: 1) { range, args in try range.createContextualFragment(args.string(0)) }
    for (i, name) in ["START_TO_START", "START_TO_END", "END_TO_END", "END_TO_START"].enumerated() { b.constant(name, i) }
    b.getter("commonAncestorContainer") { $0.commonAncestorContainer }
    b.method("setStart", length: 2) { range, args in try range.setStart(args.object(0, as: Node.self), args.uint32(1)) }
    b.method("setEnd", length: 2) { range, args in try range.setEnd(args.object(0, as: Node.self), args.uint32(1)) }
    b.method("setStartBefore", length: 1) { range, args in try range.setStartBefore(args.object(0, as: Node.self)) }
    b.method("setStartAfter", length: 1) { range, args in try range.setStartAfter(args.object(0, as: Node.self)) }
    b.method("setEndBefore", length: 1) { range, args in try range.setEndBefore(args.object(0, as: Node.self)) }
    b.method("setEndAfter", length: 1) { range, args in try range.setEndAfter(args.object(0, as: Node.self)) }
    b.method("collapse") { range, args in range.collapse(toStart: args.optionalBool(0) ?? false) }
    b.method("selectNode", length: 1) { range, args in try range.selectNode(args.object(0, as: Node.self)) }
    b.method("selectNodeContents", length: 1) { range, args in
      try range.selectNodeContents(args.object(0, as: Node.self))
    }
    b.method("compareBoundaryPoints", length: 2) { range, args in
      let how = try args.uint32(0) & 0xFFFF
      return try range.compareBoundaryPoints(how, args.object(1, as: LiveRange.self))
    }
    b.method("deleteContents") { range, _ in try range.deleteContents() }
    b.method("extractContents") { range, _ in try range.extractContents() }
    b.method("cloneContents") { range, _ in try range.cloneContents() }
    b.method("insertNode", length: 1) { range, args in try range.insertNode(args.object(0, as: Node.self)) }
    b.method("surroundContents", length: 1) { range, args in try range.surroundContents(args.object(0, as: Node.self)) }
    b.method("cloneRange") { range, _ in range.cloneRange() }
    b.method("detach") { _, _ in }
    b.method("isPointInRange", length: 2) { range, args in
      try range.isPointInRange(args.object(0, as: Node.self), args.uint32(1))
    }
    b.method("comparePoint", length: 2) { range, args in try range.comparePoint(args.object(0, as: Node.self), args.uint32(1)) }
    b.method("intersectsNode", length: 1) { range, args in range.intersectsNode(try args.object(0, as: Node.self)) }
    b.method("toString") { range, _ in range.text }
  }
}
