import CSSSelectors

/// A minimal element tree for selector tests: built in code, no DOM needed.
final class TestElement: SelectorElement, CustomStringConvertible {
  let localName: String
  let isHTML: Bool
  let attributes: [String: String]
  let text: String
  /// The XHTML namespace for HTML elements, SVG's for others; set it to nil for an element in no namespace.
  var namespaceURI: String?
  /// Attributes in a namespace, as (namespace URI, local name, value).
  var namespacedAttributes: [(String, String, String)] = []
  /// True for the document element (the fixture's root); a parentless element without it is detached.
  var isDocumentElement = false
  /// The language the walk up the `lang` attributes gives at the root.
  var defaultLanguage: String?
  var isTarget = false
  var validity: Bool?
  weak var parent: TestElement?
  private(set) var children: [TestElement] = []

  /// An element named `name`; `id` becomes its `id` attribute when non-empty.
  init(
    _ name: String, _ id: String = "", _ attributes: [String: String] = [:], html: Bool = true, text: String = "",
    _ children: [TestElement] = []
  ) {
    self.localName = name
    self.isHTML = html
    var attributes = attributes
    if !id.isEmpty { attributes["id"] = id }
    self.attributes = attributes
    self.text = text
    self.namespaceURI = html ? "http://www.w3.org/1999/xhtml" : "http://www.w3.org/2000/svg"
    for child in children { append(child) }
  }

  /// An element with children and no other attribute than its id.
  convenience init(_ name: String, _ id: String, html: Bool = true, _ children: [TestElement]) {
    self.init(name, id, [:], html: html, children)
  }

  func append(_ child: TestElement) {
    child.parent = self
    child.indexInParent = children.count
    children.append(child)
  }

  /// Unlinks the children (a test tearing down a very deep tree does it from the bottom, so releasing it does not
  /// recurse once per level).
  func removeAllChildren() {
    for child in children { child.parent = nil; child.indexInParent = nil }
    children.removeAll()
  }

  var id: String { attributes["id"] ?? "?" }
  var description: String { "<\(localName)#\(id)>" }

  /// Where the element sits in its parent's children (siblings in constant time, for the scaling tests).
  private var indexInParent: Int?

  var selectorParent: TestElement? { parent }
  var selectorPreviousSibling: TestElement? {
    guard let parent, let i = indexInParent, i > 0 else { return nil }
    return parent.children[i - 1]
  }
  var selectorNextSibling: TestElement? {
    guard let parent, let i = indexInParent, i + 1 < parent.children.count else { return nil }
    return parent.children[i + 1]
  }
  var selectorFirstChild: TestElement? { children.first }
  var selectorLastChild: TestElement? { children.last }
  var selectorLocalName: String { localName }
  var selectorIsHTML: Bool { isHTML }
  func selectorAttribute(_ name: String) -> String? { attributes[name] }
  var selectorIsEmpty: Bool { children.isEmpty && text.isEmpty }
  func selectorIsSame(_ other: TestElement) -> Bool { self === other }
  var selectorNamespaceURI: String? { namespaceURI }
  func selectorAttributes(localName: String) -> [(namespaceURI: String?, value: String)] {
    attributes.filter { $0.key == localName }.map { (nil, $0.value) }
      + namespacedAttributes.filter { $0.1 == localName }.map { ($0.0, $0.2) }
  }
  var selectorIsDocumentElement: Bool { isDocumentElement }
  var selectorLanguage: String? { attributes["lang"] ?? parent?.selectorLanguage ?? defaultLanguage }
  var selectorIsTarget: Bool { isTarget }
  var selectorValidity: Bool? { validity }

  /// The descendant (or self) with this id.
  func find(_ id: String) -> TestElement? {
    if attributes["id"] == id { return self }
    for child in children { if let found = child.find(id) { return found } }
    return nil
  }
}

/// The page every matching test runs against (every element has an id, so results read as id lists).
func makeFixture() -> TestElement {
  typealias E = TestElement
  let root = E("html", "html", [
    E("head", "head"),
    E("body", "body", ["lang": "en-US"], [
      E("div", "d1", ["class": "a  b\tc", "title": "Hello World", "data-x": "foo-bar"], [
        E("p", "p1", ["class": "a"], text: "one"),
        E("p", "p2", ["class": "A"]),
        E("span", "s1", ["data-x": "foo", "lang": "EN"]),
        E("p", "p3", ["class": "b", "data-x": ""], text: " "),
      ]),
      E("ul", "list", (1...6).map { E("li", "li\($0)", $0 % 2 == 0 ? ["class": "even"] : [:]) }),
      E("form", "f", [
        E("input", "i1", ["type": "checkbox", "checked": ""]),
        E("input", "i2", ["type": "RADIO", "checked": ""]),
        E("input", "i3", ["type": "text", "disabled": "", "checked": ""]),
        E("fieldset", "fs", ["disabled": ""], [
          E("legend", "lg1", [E("input", "i4")]),
          E("legend", "lg2", [E("input", "i5")]),
          E("input", "i6"),
        ]),
        E("select", "sel", [
          E("optgroup", "og", ["disabled": ""], [E("option", "o1", ["selected": ""])]),
          E("option", "o2"),
        ]),
        E("button", "btn"),
      ]),
      E("a", "a1", ["href": "x"]),
      E("a", "a2"),
      E("area", "ar", ["href": ""]),
      E("svg", "svg", html: false, [
        E("clipPath", "clip", ["viewBox": "0 0 1 1", "Class": "K"], html: false),
        E("a", "svga", ["href": "y"], html: false),
      ]),
    ]),
  ])
  root.isDocumentElement = true
  return root
}
