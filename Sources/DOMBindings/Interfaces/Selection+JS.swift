import DOM
import JSBridge

extension Selection: ScriptExposed {
  public static var scriptInterface: AnyInterface { DOMInterfaces.selection.erased }
}

extension DOMInterfaces {
  /// https://w3c.github.io/selection-api/#selection-interface
  static let selection = Interface<Selection>("Selection") { b in
    b.getter("anchorNode") { $0.anchor?.node }
    b.getter("anchorOffset") { $0.anchor?.offset ?? 0 }
    b.getter("focusNode") { $0.focus?.node }
    b.getter("focusOffset") { $0.focus?.offset ?? 0 }
    b.getter("isCollapsed") { $0.isCollapsed }
    b.getter("rangeCount") { $0.rangeCount }
    b.getter("type") { $0.type }
    b.getter("direction") { selection in
      switch selection.direction {
      case .forwards: "forward"
      case .backwards: "backward"
      case .directionless: "none"
      }
    }
    b.method("getRangeAt", length: 1) { selection, args in try selection.range(at: args.uint32(0)) }
    b.method("addRange", length: 1) { selection, args in selection.addRange(try args.object(0, as: LiveRange.self)) }
    b.method("removeRange", length: 1) { selection, args in try selection.removeRange(args.object(0, as: LiveRange.self)) }
    b.method("removeAllRanges") { selection, _ in selection.removeAllRanges() }
    b.method("empty") { selection, _ in selection.removeAllRanges() }
    for name in ["collapse", "setPosition"] {
      b.method(name, length: 1) { selection, args in
        try selection.collapse(args.optionalObject(0, as: Node.self), args.isPresent(1) ? args.uint32(1) : 0)
      }
    }
    b.method("collapseToStart") { selection, _ in try selection.collapse(toStart: true) }
    b.method("collapseToEnd") { selection, _ in try selection.collapse(toStart: false) }
    b.method("extend", length: 1) { selection, args in
      try selection.extend(args.object(0, as: Node.self), args.isPresent(1) ? args.uint32(1) : 0)
    }
    b.method("setBaseAndExtent", length: 4) { selection, args in
      try selection.setBaseAndExtent(
        args.object(0, as: Node.self), args.uint32(1), args.object(2, as: Node.self), args.uint32(3))
    }
    b.method("selectAllChildren", length: 1) { selection, args in
      try selection.selectAllChildren(args.object(0, as: Node.self))
    }
    b.method("deleteFromDocument") { selection, _ in try selection.deleteFromDocument() }
    b.method("containsNode", length: 1) { selection, args in
      selection.containsNode(try args.object(0, as: Node.self), allowPartialContainment: args.optionalBool(1) ?? false)
    }
    b.method("toString") { selection, _ in selection.text }
  }
}
