import CLibXML2
import CSSSelectors
import FoundationEssentials
import URLStandard

/// A document: owns its libxml2 tree, every node wrapper and every subtree unlinked from it.
///
/// Nothing is freed before the document dies; `deinit` frees the tree, the detached subtrees and
/// the template contents. Nodes refer to their document `unowned`: keep the document alive while
/// you use its nodes.
public class Document: Node {
  let rawDoc: xmlDocPtr
  /// Keeps the one wrapper of each node alive (the document itself is not in it, to avoid a cycle). A node's raw
  /// pointer finds its wrapper through the node's wrapper slot (``LibXML/wrapper(of:)``), unretained: a
  /// dictionary lookup here was a tenth of a DOM walk over a large page. A wrapper moved to another document is
  /// kept by both (``transferWrapper(_:to:)``).
  @exclusivity(unchecked) private var wrappers: [Node] = []
  /// How many nodes have a wrapper (what a walk that should make none is checked against).
  var wrapperCount: Int { wrappers.count }
  /// Unlinked subtree roots this document owns (created, removed, or template contents).
  var detached: Set<xmlNodePtr> = []
  /// Template element → its content fragment (unlinked, also in `detached`).
  var templateContents: [xmlNodePtr: xmlNodePtr] = [:]
  /// Live ranges, NodeIterators and MutationObserver queues following this document's changes.
  var treeObservers: [WeakTreeObserver] = []
  /// The size at which the next registration first drops observers that went away.
  var treeObserverCompactionSize = 16
  /// The window-named objects by name, for the tree version they were read at (``windowNamedObjects(_:)``).
  var windowNamedObjectIndex: (version: UInt64, names: [String: [LibXML.Node]])?
  /// The first element for each ID, for the tree version it was read at (``getElementById(_:)``); nil until a
  /// second lookup at that version.
  var elementByIDIndex: (version: UInt64, ids: [String: LibXML.Node]?)?
  /// The indexes of one parent's children, for the tree version they were read at (``Node/index``); nil until a
  /// second question about that parent at that version.
  var childIndexes: (version: UInt64, parent: LibXML.Node, indexes: [LibXML.Node: Int]?)?
  /// One element's attributes, for the style version they were read at (it moves on every attribute change):
  /// `for (i = 0; i < e.attributes.length; i++) e.attributes[i]` listed them all twice per step, O(n²).
  var attributeListCache: (version: UInt64, element: LibXML.Node, attributes: [LibXML.Attr])?

  /// `element`'s attributes in order, from the cache while no attribute (or the tree) changed.
  func attributeList(of element: LibXML.Node) -> [LibXML.Attr] {
    if let cached = attributeListCache, cached.version == styleVersion, cached.element == element {
      return cached.attributes
    }
    let list = LibXML.attributeList(element)
    attributeListCache = (styleVersion, element, list)
    return list
  }
  /// The registered MutationObservers of this document's nodes (created by the first `observe()`).
  var mutationObservers: MutationObserverRegistry?
  // The versions and the style and layout caches are read and bumped for every node the parser inserts and every
  // element whose style is asked for: the runtime's exclusivity check skipped (one thread per document, and no access
  // to them overlaps another).
  /// Moves on every change to the tree and to the `id`, `class` and `name` attributes (not to other attributes
  /// or to character data): live collections (`childNodes`, `getElementsByTagName`...) keep what they computed
  /// until it moves.
  @exclusivity(unchecked) public internal(set) var treeVersion: UInt64 = 0
  /// The tree version at which the document was known to hold no iframe (the parser inserted none): until the
  /// tree changes, connecting a window's frames needs no walk.
  var framelessAtTreeVersion: UInt64?
  /// Moves on every change that can change a computed style: the tree, any attribute, any text (a `<style>`'s).
  @exclusivity(unchecked) public internal(set) var styleVersion: UInt64 = 0
  /// The cascade's sheets and computed styles, made on first use.
  @exclusivity(unchecked) var styleEngineStorage: StyleEngine?
  /// The layout of the last geometry read, valid while ``styleVersion`` and the media environment are unchanged.
  @exclusivity(unchecked) var pageLayoutStorage: PageLayout?
  /// The screen `@media` queries are evaluated against.
  public var mediaEnvironment = MediaEnvironment() {
    didSet { styleEngineStorage?.mediaEnvironmentChanged() }
  }
  /// Reads the style sheet a `<link rel=stylesheet>` names (nil: the link is not loaded). The host sets it when it
  /// serves a page's subresources; without it only `<style>` elements style the page.
  public var styleSheetLoader: ((URLRecord) -> String?)? {
    didSet { styleVersion &+= 1 }
  }
  /// The thread's ``Interruption``, which long walks over this document poll.
  public private(set) lazy var interruption = Interruption.current
  /// Parsed selector lists by source text (cleared when it grows past a few hundred entries).
  var selectorCache: [String: SelectorList] = [:]
  /// The target element (`:target`) for a tree version and URL fragment.
  var targetElementCache: TargetElementCache?
  /// The default language (`:lang()`) for a style version.
  var defaultLanguageCache: (version: UInt64, language: String?)?
  /// The markup written since document.open(), or nil when no write is in progress.
  var writeBuffer: String?
  /// The parser running the page's scripts while it loads (`load(html:runScript:)`), else nil.
  var activeParser: ScriptingParser?
  /// "loading" while `load(html:runScript:)` parses, "interactive" after it; "complete" otherwise.
  public var readyState: DocumentReadyState = .complete
  /// Event listener lists of this document's nodes (and of itself), keyed by node.
  var eventListeners: [ObjectIdentifier: [RegisteredListener]] = [:]
  /// Elements whose `click()` is running (https://html.spec.whatwg.org/#click-in-progress-flag).
  var clicksInProgress: Set<ObjectIdentifier> = []
  /// The window the document is shown in: the next target after the document for events other than `load`.
  @exclusivity(unchecked) public weak var defaultView: EventTarget?
  /// What that window provides to the DOM (frames, inserted scripts, tasks); nil for a document no window shows.
  public weak var browsingContext: (any BrowsingContext)?
  /// The element `focus()` focused last, until it is blurred (``activeElement`` answers for it). Weak: the
  /// document already owns its nodes.
  public internal(set) weak var focusedElement: Element?
  /// Whether the whole document is editable (https://html.spec.whatwg.org/multipage/interaction.html#designMode);
  /// off unless a script turns it on.
  public var designMode = false
  /// The classic `<script>` the parser is running (https://html.spec.whatwg.org/#dom-document-currentscript).
  public var currentScript: Element?

  /// The document's address (https://dom.spec.whatwg.org/#concept-document-url); the host sets it.
  /// `about:blank` by default.
  public var url: URLRecord = .aboutBlank
  /// The encoding the document was decoded with; the host sets it.
  public var characterSet: String = "UTF-8"
  /// The document's content type: `text/html` for HTML documents, an XML type for XML documents.
  public internal(set) var contentType = "text/html"
  /// Documents made through this document (its `implementation`, `new Document()`): they live as long as it does.
  var madeDocuments: [Document] = []
  /// The `implementation` object, made on first use.
  var implementationStorage: DOMImplementation?
  /// The document's mode; the parser sets it from the doctype.
  public var quirksMode: QuirksMode = .noQuirks
  /// Whether scripting is enabled for the document (https://html.spec.whatwg.org/#concept-n-script): true for the
  /// page (scripts may run in it, and the parser keeps `<noscript>` content as text), false for inert documents
  /// (DOMParser, `createHTMLDocument`, `new Document()`), whose `<noscript>` content is markup.
  public internal(set) var scriptingEnabled = false
  /// The XML declaration the document was parsed with (DOMParser), written back by XMLSerializer as Chromium does.
  var xmlDeclaration: XMLDeclaration?

  /// `BackCompat` in quirks mode, otherwise `CSS1Compat`.
  public var compatMode: String { quirksMode == .quirks ? "BackCompat" : "CSS1Compat" }

  /// An HTML document with an empty `<html><head></head><body></body></html>` skeleton
  /// (or with no children at all when `skeleton` is false).
  public convenience init(skeleton: Bool = true) {
    self.init(raw: LibXML.newDocument(), templateContents: [:])
    guard skeleton else { return }
    let html = createElement(unchecked: "html")
    LibXML.link(html.raw, into: raw, before: nil)
    detached.remove(html.raw)
    for name in ["head", "body"] {
      let child = createElement(unchecked: name)
      LibXML.link(child.raw, into: html.raw, before: nil)
      detached.remove(child.raw)
    }
  }

  /// An empty document with this content type: an HTML document for `text/html`, otherwise an XML document.
  public convenience init(contentType: String) {
    self.init(raw: contentType == "text/html" ? LibXML.newDocument() : LibXML.newXMLDocument(), templateContents: [:])
    self.contentType = contentType
  }

  /// Takes ownership of a parsed libxml2 document and its template contents.
  init(raw doc: xmlDocPtr, templateContents: [xmlNodePtr: xmlNodePtr]) {
    rawDoc = doc
    self.templateContents = templateContents
    detached = Set(templateContents.values)
    super.init(raw: LibXML.node(of: doc), document: nil)
  }

  deinit {
    LibXML.free(rawDoc, detached: detached)
  }

  /// True for HTML documents (names are lowercased by createElement and matched case-insensitively).
  public var isHTMLDocument: Bool { LibXML.isHTMLDocument(rawDoc) }

  public override var nodeName: String { "#document" }

  public override var textContent: String? {
    get { nil }
    set {}
  }

  /// https://dom.spec.whatwg.org/#get-the-parent: the window, except for `load` events.
  public override func parent(for event: Event) -> EventTarget? {
    event.type == "load" ? nil : defaultView
  }

  // MARK: Wrappers

  /// The one wrapper of a raw node of this document, created on first use.
  func node(for pointer: xmlNodePtr) -> Node {
    if pointer == raw { return self }
    if let node = LibXML.wrapper(of: pointer) { return node }
    let node: Node
    switch LibXML.kind(pointer) {
    case .element: node = Element(raw: pointer, document: self)
    case .text:
      node = LibXML.isCDATASection(pointer) ? CDATASection(raw: pointer, document: self) : Text(raw: pointer, document: self)
    case .comment: node = Comment(raw: pointer, document: self)
    case .fragment: node = DocumentFragment(raw: pointer, document: self)
    case .doctype: node = DocumentType(raw: pointer, document: self)
    case .attribute: node = Attr(raw: pointer, document: self)
    case .processingInstruction: node = ProcessingInstruction(raw: pointer, document: self)
    case .document, .other: node = Node(raw: pointer, document: self)
    }
    wrappers.append(node)
    LibXML.setWrapper(node, of: pointer)
    return node
  }

  /// True when `pointer` has a wrapper (so it must outlive its removal).
  func hasWrapper(_ pointer: xmlNodePtr) -> Bool { LibXML.wrapper(of: pointer) != nil }

  /// Registers a freshly created unlinked node as owned and returns its wrapper.
  func own(_ pointer: xmlNodePtr) -> Node {
    detached.insert(pointer)
    return node(for: pointer)
  }

  /// Hands the wrapper of `pointer` (if any) over to `other`.
  func transferWrapper(_ pointer: xmlNodePtr, to other: Document) {
    guard let node = LibXML.wrapper(of: pointer) else { return }
    node.ownerDocumentStorage = other
    other.wrappers.append(node)
    if let listeners = eventListeners.removeValue(forKey: ObjectIdentifier(node)) {
      other.eventListeners[ObjectIdentifier(node)] = listeners
    }
    if let registrations = mutationObservers?.takeRegistrations(of: node) {
      other.mutationObserverRegistry().add(registrations, to: node)
    }
  }

  // MARK: Tree shortcuts

  /// The doctype child, if any.
  public var doctype: DocumentType? { childNodes.lazy.compactMap { $0 as? DocumentType }.first }

  /// The root element, if any.
  public var documentElement: Element? { childNodes.lazy.compactMap { $0 as? Element }.first }

  /// The first `<head>` child of the `<html>` root element.
  public var head: Element? {
    guard let root = documentElement, root.isHTML(named: "html") else { return nil }
    return root.children.first { $0.isHTML(named: "head") }
  }

  /// The first `<body>` (or `<frameset>`) child of the `<html>` root element.
  public var body: Element? {
    guard let root = documentElement, root.isHTML(named: "html") else { return nil }
    return root.children.first { $0.isHTML(named: "body") || $0.isHTML(named: "frameset") }
  }
}
