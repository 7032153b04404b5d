/// A live list of the nodes under a root that pass a filter: what `childNodes`, `children` and the
/// `getElementsBy…` methods return.
///
/// https://dom.spec.whatwg.org/#concept-collection (live, in tree order). The list is computed lazily, only as far
/// as it is read: `item(0)` on a huge document walks to the first match and stops. What was computed is kept until
/// the root's ``Document/treeVersion`` moves (every tree change and every `id`/`class`/`name`/`href` change), so
/// `for (i = 0; i < c.length; i++) c[i]` is linear, and `length` and `item(i)` are O(1) amortised.
public final class LiveCollection {
  /// Which nodes the collection walks.
  public enum Scope: Sendable {
    /// The root's children.
    case children
    /// The root's descendants, in tree order.
    case descendants
    /// The nodes a function of the root lists, in its order (for collections whose order is not tree order,
    /// such as `table.rows`); computed whole, once per tree version.
    case computed(@Sendable (Node) -> [Node])
  }

  /// The node the collection is rooted at.
  public let root: Node
  /// Children or descendants.
  public let scope: Scope
  /// Which of the walked nodes belong to the collection: all, or the elements that pass a test.
  let filter: Filter

  /// Which of the walked nodes belong to the collection.
  public enum Filter {
    /// Every node (`childNodes`).
    case all
    /// Every element (`children`): no node is wrapped to be tested.
    case allElements
    /// The elements that pass the test (other nodes are skipped without being wrapped).
    case elements((Element) -> Bool)
  }

  /// What the current tree version computed so far: libxml2's nodes, wrapped only when read (`childNodes.length`
  /// of every element of a page, or `children.length` after each insertion, made or looked up a wrapper for every
  /// node counted).
  private var items: [LibXML.Node] = []
  /// The next node to look at (nil when the walk is over).
  private var cursor: LibXML.Node?
  private var complete = false
  /// The document and version `items` belong to.
  private var documentID: ObjectIdentifier?
  private var version: UInt64 = 0
  /// The supported property names and the first element of each, computed on the first named lookup.
  private var names: (order: [String], first: [String: Element])?

  /// A collection of the nodes under `root` in `scope` that pass `filter`.
  public init(root: Node, scope: Scope, filter: Filter) {
    self.root = root
    self.scope = scope
    self.filter = filter
  }

  /// The root's children (`childNodes`).
  public static func childNodes(of root: Node) -> LiveCollection {
    LiveCollection(root: root, scope: .children, filter: .all)
  }

  /// The root's element children (`children`).
  public static func children(of root: Node) -> LiveCollection {
    LiveCollection(root: root, scope: .children, filter: .allElements)
  }

  /// The root's element children that pass `include` (`tBodies`, a row's `cells`).
  public static func children(of root: Node, where include: @escaping (Element) -> Bool) -> LiveCollection {
    LiveCollection(root: root, scope: .children, filter: .elements(include))
  }

  /// The descendant elements that pass `include`.
  public static func elements(under root: Node, where include: @escaping (Element) -> Bool) -> LiveCollection {
    LiveCollection(root: root, scope: .descendants, filter: .elements(include))
  }

  /// The number of nodes in the collection.
  public var length: Int {
    revalidate()
    fill(upTo: Int.max)
    return items.count
  }

  /// The node at `index`, or nil past the end. Walks only as far as `index`.
  public func item(_ index: Int) -> Node? {
    guard index >= 0 else { return nil }
    revalidate()
    fill(upTo: index)
    return index < items.count ? root.document.node(for: items[index]) : nil
  }

  /// Every node of the collection, in order.
  public var nodes: [Node] {
    revalidate()
    fill(upTo: Int.max)
    let document = root.document
    return items.map { document.node(for: $0) }
  }

  /// The elements of the collection, in order (for collections of elements).
  public var elements: [Element] { nodes.compactMap { $0 as? Element } }

  /// The first element whose `id`, or (for an HTML element) `name`, is `key`; nil for the empty key.
  ///
  /// https://dom.spec.whatwg.org/#dom-htmlcollection-nameditem-key
  public func namedItem(_ key: String) -> Element? {
    guard !key.isEmpty else { return nil }
    return namedElements().first[key]
  }

  /// The ids, then names, of the elements in order, each once.
  ///
  /// https://dom.spec.whatwg.org/#ref-for-dfn-supported-property-names (HTMLCollection)
  public var supportedPropertyNames: [String] { namedElements().order }

  private func namedElements() -> (order: [String], first: [String: Element]) {
    revalidate()
    if let names { return names }
    var order: [String] = [], first: [String: Element] = [:]
    for element in elements {
      // Step 2.1-2.2. The id, then an HTML element's name attribute, when not empty and not seen.
      for name in [element.getAttribute("id"), element.isHTML ? element.getAttribute("name") : nil] {
        guard let name, !name.isEmpty, first[name] == nil else { continue }
        first[name] = element
        order.append(name)
      }
    }
    names = (order, first)
    return (order, first)
  }

  /// Drops what was computed when the tree changed since.
  private func revalidate() {
    let document = root.document
    let id = ObjectIdentifier(document)
    guard documentID != id || version != document.treeVersion else { return }
    documentID = id
    version = document.treeVersion
    items.removeAll(keepingCapacity: true)
    names = nil
    if case .computed(let list) = scope {
      items = list(root).map(\.raw)
      cursor = nil
      complete = true
      return
    }
    cursor = LibXML.firstChild(root.raw)
    complete = cursor == nil
  }

  /// Walks on until the collection holds the node at `index` or the walk is over.
  private func fill(upTo index: Int) {
    guard !complete else { return }
    let document = root.document, rootRaw = root.raw
    // Locals in the loop: a stored property would pay an exclusivity check on every access.
    var found = items, next = cursor
    items = []
    let interruption = document.interruption
    // Stopped early, the walk resumes from `cursor` next time.
    while found.count <= index, let current = next, !interruption.poll() {
      switch scope {
      case .children: next = LibXML.next(current)
      case .descendants: next = LibXML.following(current, within: rootRaw)
      case .computed: next = nil  // revalidate() computed the whole list
      }
      switch filter {
      case .all:
        found.append(current)
      case .allElements:
        if LibXML.kind(current) == .element { found.append(current) }
      case .elements(let include):
        guard LibXML.kind(current) == .element, let element = document.node(for: current) as? Element else { continue }
        if include(element) { found.append(current) }
      }
    }
    items = found
    cursor = next
    if next == nil { complete = true }
  }
}
