import CSSSelectors

/// A minimal element tree for selector tests: built in code, no DOM needed.
final class TestElement: SelectorElement, CustomStringConvertible {
  let localName: String
  let isHTML: Bool
  let attributes: [String: String]
  let text: String
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
    for child in children { append(child) }
  }

  /// An element with children and no other attribute than its id.
  convenience init(_ name: String, _ id: String, html: Bool = true, _ children: [TestElement]) {
    self.init(name, id, [:], html: html, children)
  }

  func append(_ child: TestElement) {
    child.parent = self
    children.append(child)
  }

  var id: String { attributes["id"] ?? "?" }
  var description: String { "<\(localName)#\(id)>" }

  private var indexInParent: Int? { parent?.children.firstIndex { $0 === self } }

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
  return E("html", "html", [
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
}
