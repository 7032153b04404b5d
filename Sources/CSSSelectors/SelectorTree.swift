/// The tree a selector is matched against.
///
/// CSSSelectors knows nothing about the DOM: any element type that can answer these questions
/// can be matched. Names are compared as the host reports them; for HTML elements in an HTML
/// document the DOM reports lowercase local names and the matcher lowercases type selectors.
public protocol SelectorElement {
  /// The parent element, or nil at the root (a parent that is a document or fragment is nil).
  var selectorParent: Self? { get }
  var selectorPreviousSibling: Self? { get }
  var selectorNextSibling: Self? { get }
  var selectorFirstChild: Self? { get }
  var selectorLastChild: Self? { get }
  /// The local name: lowercase for HTML elements.
  var selectorLocalName: String { get }
  /// True when the local name is `name` (what a type selector asks of every element a query visits): a host may
  /// answer without making a String. By default, `selectorLocalName == name`.
  func selectorHasLocalName(_ name: String) -> Bool
  /// The key of the local name (``SelectorNameKey``), asked once per element a query visits: a host may read it
  /// where it keeps the name. By default, made from `selectorLocalName`.
  var selectorLocalNameKey: SelectorNameKey { get }
  /// True for elements in the HTML namespace (type and attribute-name matching is case-insensitive there).
  var selectorIsHTML: Bool { get }
  /// The value of the attribute with this (lowercased for HTML elements) name, if present.
  func selectorAttribute(_ name: String) -> String?
  /// True when the element has no element children and no non-empty text (for `:empty`).
  var selectorIsEmpty: Bool { get }
  /// Identity: the same node.
  func selectorIsSame(_ other: Self) -> Bool

  /// A key for the element, equal for the same node only, while it lives (a class's `ObjectIdentifier`, by default).
  /// A query keeps each element it keys alive until it ends.
  associatedtype SelectorIdentity: Hashable
  var selectorIdentity: SelectorIdentity { get }

  // The questions below serve less common selectors only; the matcher never asks them for type, class, ID,
  // attribute selectors or combinators.

  /// The namespace URI, or nil for an element in no namespace (for `|E`).
  var selectorNamespaceURI: String? { get }
  /// The values of the attributes with this local name (lowercased for HTML elements), each with its namespace
  /// URI (nil for none), for `[*|name]` and `[|name]`.
  func selectorAttributes(localName: String) -> [(namespaceURI: String?, value: String)]
  /// True for the document element of a document (`:root`); false for an element in a fragment or detached.
  var selectorIsDocumentElement: Bool { get }
  /// The element's language: its own or inherited `xml:lang` or `lang` attribute, else the document's default
  /// language when the element is in a document; nil when none applies (for `:lang()`).
  var selectorLanguage: String? { get }
  /// True for the document's target element, the one its URL's fragment indicates (`:target`).
  var selectorIsTarget: Bool { get }
  /// The element's constraint-validation state for `:valid` and `:invalid`: true when valid, false when invalid,
  /// nil when neither pseudo-class applies to it.
  var selectorValidity: Bool? { get }
}

extension SelectorElement {
  public func selectorHasLocalName(_ name: String) -> Bool { selectorLocalName == name }
  public var selectorLocalNameKey: SelectorNameKey { SelectorNameKey(utf8: selectorLocalName.utf8) }
}

extension SelectorElement where Self: AnyObject {
  public var selectorIdentity: ObjectIdentifier { ObjectIdentifier(self) }
}
