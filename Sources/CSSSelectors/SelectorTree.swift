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
  /// True for elements in the HTML namespace (type and attribute-name matching is case-insensitive there).
  var selectorIsHTML: Bool { get }
  /// The value of the attribute with this (lowercased for HTML elements) name, if present.
  func selectorAttribute(_ name: String) -> String?
  /// True when the element has no element children and no non-empty text (for `:empty`).
  var selectorIsEmpty: Bool { get }
  /// Identity: the same node.
  func selectorIsSame(_ other: Self) -> Bool
}
