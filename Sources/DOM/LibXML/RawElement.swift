import CLibXML2
import CSSSelectors

/// An element as selector matching walks it: its libxml2 node, with no wrapper made for it or for any node passed
/// on the way.
///
/// Matching through ``Element`` made a Swift wrapper for every node a query visited, text and comments included (a
/// sibling step went through `nextSibling`), and looked it up again in every later query: most of the cost of a
/// `querySelectorAll` over a large page. Here a step is a pointer load and a type test; a wrapper is made only for
/// the elements a query returns, and for the rare questions (`:empty`, `:lang()`, `:valid`...) that need one.
///
/// Each step through the tree polls the document's ``Interruption``: once it says stop, the tree seems to end there,
/// so every walk of the matcher ends at once (the caller discards the incomplete answer).
struct RawElement: SelectorElement {
  let raw: xmlNodePtr
  /// The element's document, which outlives every query made on it, and its interruption; unretained, so that a
  /// step costs no reference counting.
  private let documentReference: Unmanaged<Document>
  private let interruption: Unmanaged<Interruption>

  init(_ raw: xmlNodePtr, in document: Document) {
    self.init(raw, documentReference: .passUnretained(document), interruption: .passUnretained(document.interruption))
  }

  private init(_ raw: xmlNodePtr, documentReference: Unmanaged<Document>, interruption: Unmanaged<Interruption>) {
    self.raw = raw
    self.documentReference = documentReference
    self.interruption = interruption
  }

  init(_ element: Element) { self.init(element.raw, in: element.document) }

  var document: Document { documentReference.takeUnretainedValue() }

  /// Another element of the same document.
  private func sibling(_ raw: xmlNodePtr) -> RawElement {
    RawElement(raw, documentReference: documentReference, interruption: interruption)
  }

  /// Counts a step of a walk; true when the walk must stop now (see ``Interruption``).
  private var mustStop: Bool { interruption._withUnsafeGuaranteedRef { $0.poll() } }

  /// The element's wrapper (made now if it has none).
  var element: Element { document.node(for: raw) as! Element }

  /// `node` when it is an element.
  private func element(_ node: xmlNodePtr?) -> RawElement? {
    guard let node, LibXML.kind(node) == .element else { return nil }
    return sibling(node)
  }

  /// The first element from `start` on, following `step`.
  private func firstElement(from start: xmlNodePtr?, _ step: (xmlNodePtr) -> xmlNodePtr?) -> RawElement? {
    var cursor = start
    while let node = cursor {
      if LibXML.kind(node) == .element { return sibling(node) }
      cursor = step(node)
    }
    return nil
  }

  var selectorParent: RawElement? { mustStop ? nil : element(LibXML.parent(raw)) }
  var selectorPreviousSibling: RawElement? {
    mustStop ? nil : firstElement(from: LibXML.previous(raw), LibXML.previous)
  }
  var selectorNextSibling: RawElement? {
    mustStop ? nil : firstElement(from: LibXML.next(raw), LibXML.next)
  }
  var selectorFirstChild: RawElement? {
    mustStop ? nil : firstElement(from: LibXML.firstChild(raw), LibXML.next)
  }
  var selectorLastChild: RawElement? {
    mustStop ? nil : firstElement(from: LibXML.lastChild(raw), LibXML.previous)
  }

  var selectorLocalName: String { LibXML.name(raw) }
  func selectorHasLocalName(_ name: String) -> Bool { LibXML.hasName(raw, name) }
  var selectorLocalNameKey: SelectorNameKey {
    LibXML.nameBytes(raw).map(SelectorNameKey.init(cString:)) ?? SelectorNameKey(utf8: EmptyCollection())
  }

  /// In the HTML namespace: the parser leaves an HTML element's namespace unset; a script may set it explicitly.
  var selectorIsHTML: Bool { LibXML.namespaceURI(raw).map { $0 == LibXML.Namespace.html.rawValue } ?? true }

  /// ``Element/getAttribute(_:)``: the name lowercased on an HTML element in an HTML document.
  func selectorAttribute(_ name: String) -> String? {
    let lowercases = selectorIsHTML && documentReference._withUnsafeGuaranteedRef(\.isHTMLDocument)
    return LibXML.attribute(raw, qualifiedName: lowercases ? name.asciiLowercased : name).map(LibXML.value(of:))
  }

  func selectorIsSame(_ other: RawElement) -> Bool { raw == other.raw }
  var selectorIdentity: xmlNodePtr { raw }

  /// No element children and no Text child with data (comments do not count).
  var selectorIsEmpty: Bool {
    var cursor = LibXML.firstChild(raw)
    while let node = cursor {
      switch LibXML.kind(node) {
      case .element: return false
      case .text: if !LibXML.contentIsEmpty(node) { return false }
      default: break
      }
      cursor = LibXML.next(node)
    }
    return true
  }

  // The rarer questions, through the wrapper.
  var selectorNamespaceURI: String? { element.namespaceURI }
  func selectorAttributes(localName: String) -> [(namespaceURI: String?, value: String)] {
    element.attributes.filter { $0.localName == localName }.map { ($0.namespaceURI, $0.value) }
  }
  /// The document element: an element whose parent is its document (`:root`).
  var selectorIsDocumentElement: Bool { LibXML.parent(raw) == document.raw }
  var selectorLanguage: String? { element.language }
  var selectorIsTarget: Bool { document.targetElement?.raw == raw }
  var selectorValidity: Bool? { element.validityForSelectors }
}
