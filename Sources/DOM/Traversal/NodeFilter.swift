import CLibXML2

/// What a traversal filter says about a node.
public enum FilterResult: Int, Sendable {
  case accept = 1, reject = 2, skip = 3
  /// Any other number a script filter returns (`false` converts to 0): neither accept, reject nor skip, so each
  /// traversal step treats it as its spec text says (TreeWalker's "traverse children" does not descend into it,
  /// its other steps do).
  case other = 0
}

/// The node types a traversal shows: NodeFilter's SHOW_* bits.
public struct WhatToShow: OptionSet, Sendable {
  public let rawValue: UInt32
  public init(rawValue: UInt32) { self.rawValue = rawValue }

  public static let all = WhatToShow(rawValue: 0xFFFF_FFFF)
  public static let element = WhatToShow(rawValue: 0x1)
  public static let attribute = WhatToShow(rawValue: 0x2)
  public static let text = WhatToShow(rawValue: 0x4)
  public static let cdataSection = WhatToShow(rawValue: 0x8)
  public static let entityReference = WhatToShow(rawValue: 0x10)
  public static let entity = WhatToShow(rawValue: 0x20)
  public static let processingInstruction = WhatToShow(rawValue: 0x40)
  public static let comment = WhatToShow(rawValue: 0x80)
  public static let document = WhatToShow(rawValue: 0x100)
  public static let documentType = WhatToShow(rawValue: 0x200)
  public static let documentFragment = WhatToShow(rawValue: 0x400)
  public static let notation = WhatToShow(rawValue: 0x800)
}

/// A filter: JS plugs its NodeFilter in here. Errors it throws propagate out of the traversal.
public typealias NodeFilterFunction = (Node) throws -> FilterResult

/// The state shared by TreeWalker and NodeIterator: root, whatToShow, filter, active flag.
public class Traverser {
  /// The node the traversal is confined to.
  public let root: Node
  /// The node types shown.
  public let whatToShow: WhatToShow
  /// The filter, if any.
  public let filter: NodeFilterFunction?
  private var isActive = false

  init(root: Node, whatToShow: WhatToShow, filter: NodeFilterFunction?) {
    self.root = root
    self.whatToShow = whatToShow
    self.filter = filter
  }

  /// https://dom.spec.whatwg.org/#concept-node-filter
  func filterNode(_ node: Node) throws -> FilterResult {
    var document = node.document
    return try filterNode(raw: node.raw, in: &document)
  }

  /// ``filterNode(_:)`` for a raw node of `document`: its wrapper is made only when `whatToShow` shows it and there
  /// is a filter to pass it to. The filter may move the node into another document: `document` is then that one,
  /// the owner of the nodes its links lead to.
  func filterNode(raw node: xmlNodePtr, in document: inout Document) throws -> FilterResult {
    // Step 1.
    if isActive {
      throw DOMException(.invalidStateError, "a NodeFilter called back into the traversal it is filtering")
    }
    // Steps 2-3.
    let bit = UInt32(1) << UInt32(Node.nodeType(of: node).rawValue - 1)
    guard whatToShow.rawValue & bit != 0 else { return .skip }
    // Step 4.
    guard let filter else { return .accept }
    // Steps 5-7.
    isActive = true
    defer { isActive = false }
    let wrapper = document.node(for: node)
    let result = try filter(wrapper)
    document = wrapper.document
    return result
  }
}

extension Document {
  /// A TreeWalker over `root`'s subtree.
  public func createTreeWalker(
    _ root: Node, whatToShow: WhatToShow = .all, filter: NodeFilterFunction? = nil
  ) -> TreeWalker {
    TreeWalker(root: root, whatToShow: whatToShow, filter: filter)
  }

  /// A NodeIterator over `root`'s subtree; it follows removals in the document.
  public func createNodeIterator(
    _ root: Node, whatToShow: WhatToShow = .all, filter: NodeFilterFunction? = nil
  ) -> NodeIterator {
    let iterator = NodeIterator(root: root, whatToShow: whatToShow, filter: filter)
    root.document.addTreeObserver(iterator)
    return iterator
  }
}
