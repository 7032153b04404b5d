import CLibXML2

/// A DOM node: the one Swift wrapper of one libxml2 node, owned by its `Document`.
///
/// Wrappers are created on first use and kept by the document until it dies, so the same
/// raw node always answers with the same `Node` object (`===`). Not `Sendable`: a page's tree
/// lives on one thread.
public class Node: EventTarget {
  /// The DOM node type constants (https://dom.spec.whatwg.org/#dom-node-nodetype).
  public enum NodeType: Int, Sendable {
    case element = 1, attribute, text, cdataSection, entityReference, entity, processingInstruction,
      comment, document, documentType, documentFragment, notation
  }

  /// The raw node: an opaque key outside `Sources/DOM/LibXML/`.
  let raw: xmlNodePtr

  /// The node document; nil only for a `Document`, which is its own. Read on every wrap and walk step, on the page's
  /// one thread: no runtime exclusivity check (see JSBridge's `ScriptGroup`), here and on `scriptWrapperCache`,
  /// `Document.wrappers`, `Document.defaultView` and `TreeWalker.currentNode`.
  @exclusivity(unchecked) unowned var ownerDocumentStorage: Document?

  /// Reserved for the script bindings, which keep the node's JS wrapper here (JSBridge's `ScriptWrapperCaching`);
  /// the DOM never reads it.
  @exclusivity(unchecked) public var scriptWrapperCache: UnsafeMutableRawPointer?

  init(raw: xmlNodePtr, document: Document?) {
    self.raw = raw
    self.ownerDocumentStorage = document
  }

  // MARK: Events

  /// A node's listeners live in its document's table, keyed by the node.
  override var listeners: [RegisteredListener] {
    get { document.eventListeners[ObjectIdentifier(self)] ?? [] }
    set { document.eventListeners[ObjectIdentifier(self)] = newValue.isEmpty ? nil : newValue }
  }

  /// A node's parent (https://dom.spec.whatwg.org/#get-the-parent; no slots here).
  public override func parent(for event: Event) -> EventTarget? { parentNode }

  /// The node document (a document's is itself). Unowned: keep the Document alive while using nodes.
  public var document: Document { ownerDocumentStorage ?? (self as! Document) }

  /// The node's type.
  public var nodeType: NodeType { Self.nodeType(of: raw) }

  /// The node type of a raw node, without its wrapper.
  static func nodeType(of raw: xmlNodePtr) -> NodeType {
    switch LibXML.kind(raw) {
    case .document: return .document
    case .doctype: return .documentType
    default: return NodeType(rawValue: LibXML.rawType(raw)) ?? .processingInstruction
    }
  }

  /// The node's name: the HTML-uppercased qualified name for elements, `#text`, `#comment`...
  public var nodeName: String { "#node" }

  /// The character data of a text or comment node; nil for other nodes. Setting it on others does nothing.
  public var nodeValue: String? {
    get { nil }
    set {}
  }

  /// The text of the node and its descendants; nil for documents and doctypes.
  ///
  /// https://dom.spec.whatwg.org/#dom-node-textcontent
  public var textContent: String? {
    get { descendantText() }
    set { replaceAllChildren(withText: newValue ?? "") }
  }

  /// The node document, or nil for a document.
  public var ownerDocument: Document? { ownerDocumentStorage }

  // MARK: Tree accessors

  func wrap(_ pointer: xmlNodePtr?) -> Node? { pointer.map { document.node(for: $0) } }

  /// The parent node (a document, fragment or element), or nil.
  public var parentNode: Node? { wrap(LibXML.parent(raw)) }
  /// The parent node when it is an element.
  public var parentElement: Element? { parentNode as? Element }
  /// The first child, or nil.
  public var firstChild: Node? { wrap(LibXML.firstChild(raw)) }
  /// The last child, or nil.
  public var lastChild: Node? { wrap(LibXML.lastChild(raw)) }
  /// The previous sibling, or nil.
  public var previousSibling: Node? { wrap(LibXML.previous(raw)) }
  /// The next sibling, or nil.
  public var nextSibling: Node? { wrap(LibXML.next(raw)) }

  /// The children, as a snapshot array (not live).
  public var childNodes: [Node] {
    var result: [Node] = []
    var cursor = LibXML.firstChild(raw)
    while let child = cursor {
      result.append(document.node(for: child))
      cursor = LibXML.next(child)
    }
    return result
  }

  /// True when the node has at least one child.
  public func hasChildNodes() -> Bool { LibXML.firstChild(raw) != nil }

  /// The root of the node's tree (the document when connected).
  public func getRootNode() -> Node {
    var current = raw
    while let parent = LibXML.parent(current) { current = parent }
    return document.node(for: current)
  }

  /// True when the node's root is its document.
  public var isConnected: Bool { getRootNode() === document }

  /// True when `other` is this node or one of its descendants.
  public func contains(_ other: Node?) -> Bool {
    guard let other else { return false }
    var cursor: xmlNodePtr? = other.raw
    while let current = cursor {
      if current == raw { return true }
      cursor = LibXML.parent(current)
    }
    return false
  }

  /// True when `other` is this very node.
  public func isSameNode(_ other: Node?) -> Bool { other === self }

  /// The number of children.
  var childCount: Int {
    var count = 0
    var cursor = LibXML.firstChild(raw)
    while let child = cursor {
      count += 1
      cursor = LibXML.next(child)
    }
    return count
  }

  /// The index of this node among its siblings.
  ///
  /// Counted, up to 64 siblings back; past that, read from the document's index of the parent's children, kept
  /// until the tree changes: a range over the n children of one element asked each child's index, O(n²) in all.
  var index: Int {
    var count = 0
    var cursor = LibXML.previous(raw)
    while let sibling = cursor {
      count += 1
      if count == 64, LibXML.kind(raw) != .attribute, let parent = LibXML.parent(raw),
        let cached = document.childIndex(of: raw, in: parent)
      {
        return cached
      }
      cursor = LibXML.previous(sibling)
    }
    return count
  }

  /// Concatenated data of the Text descendants (for elements and fragments).
  func descendantText() -> String? {
    var text = ""
    var cursor = LibXML.firstChild(raw)
    let interruption = document.interruption
    while let current = cursor, !interruption.poll() {
      if LibXML.kind(current) == .text { text += LibXML.content(current) }
      cursor = LibXML.following(current, within: raw)
    }
    return text
  }

  /// Replaces all children with one Text node (none when `text` is empty).
  ///
  /// https://dom.spec.whatwg.org/#string-replace-all
  func replaceAllChildren(withText text: String) {
    let node: Node? = text.isEmpty ? nil : document.createTextNode(text)
    replaceAll(with: node)
  }
}

extension Node: CustomStringConvertible {
  public var description: String { "\(Swift.type(of: self))(\(nodeName))" }
}

extension Node: Hashable {
  public static func == (lhs: Node, rhs: Node) -> Bool { lhs === rhs }
  public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
