import DOM
import JSBridge

extension DOMInterfaces {
  /// https://dom.spec.whatwg.org/#interface-characterdata
  static let characterData = Interface<CharacterData>("CharacterData", inherits: node) { b in
    b.accessor("data", get: { NodeString.data($0) }, set: { node, value in node.data = try value.stringNullAsEmpty() })
    b.getter("length") { $0.length }
    b.method("substringData", length: 2) { node, args in try node.substringData(args.uint32(0), args.uint32(1)) }
    b.method("appendData", length: 1) { node, args in node.appendData(try args.string(0)) }
    b.method("insertData", length: 2) { node, args in try node.insertData(args.uint32(0), args.string(1)) }
    b.method("deleteData", length: 2) { node, args in try node.deleteData(args.uint32(0), args.uint32(1)) }
    b.method("replaceData", length: 3) { node, args in
      try node.replaceData(args.uint32(0), args.uint32(1), args.string(2))
    }
    addChildNodeMembers(b, elementSiblings: true)
  }

  /// https://dom.spec.whatwg.org/#interface-text
  static let text = Interface<Text>("Text", inherits: characterData) { b in
    b.constructor { args in try args.context.window().document.createTextNode(args.optionalString(0) ?? "") }
    b.method("splitText", length: 1) { node, args in try node.splitText(args.uint32(0)) }
    b.getter("wholeText") { $0.wholeText }
  }

  /// https://dom.spec.whatwg.org/#interface-comment
  static let comment = Interface<Comment>("Comment", inherits: characterData) { b in
    b.constructor { args in try args.context.window().document.createComment(args.optionalString(0) ?? "") }
  }
}

extension DOMInterfaces {
  /// https://dom.spec.whatwg.org/#interface-processinginstruction
  static let processingInstruction = Interface<ProcessingInstruction>("ProcessingInstruction", inherits: characterData) { b in
    b.getter("target") { $0.target }
  }

  /// https://dom.spec.whatwg.org/#interface-cdatasection
  static let cdataSection = Interface<CDATASection>("CDATASection", inherits: text) { _ in }
}

extension Arguments {
  /// Argument `index` as a WebIDL `unsigned long` (ToUint32); throws a `TypeError` when absent.
  func uint32(_ index: Int) throws(ScriptError) -> Int {
    Int(UInt32(bitPattern: Int32(truncatingIfNeeded: try int(index))))
  }
}

/// A string attribute of a node, with a character data node's data made into a JS string from the bytes the tree
/// keeps (``DOM/CharacterData/withDataUTF8(_:)``) rather than through a Swift `String`: a walk over a page's text
/// reads `data` of every text node, and the `String` in between was two fifths of that read's cost.
enum NodeString: ScriptConvertible {
  case data(CharacterData)
  case value(String?)

  /// `nodeValue` and `textContent`: a character data node's data, or `value` of another node.
  static func of(_ node: Node, else value: (Node) -> String?) -> NodeString {
    (node as? CharacterData).map(NodeString.data) ?? .value(value(node))
  }

  func scriptValue(in context: ScriptContext) throws(ScriptError) -> ScriptValue {
    switch self {
    case .data(let node): node.withDataUTF8 { context.makeString(utf8: $0) } ?? context.makeString(node.data)
    case .value(let value): try value.scriptValue(in: context)
    }
  }
}
