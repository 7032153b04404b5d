import CSSSelectors
import FuzzSupport

/// The fuzz property for the selector engine: any text either fails to parse with an offset inside it, or parses to a
/// list whose serialization parses again, serializes to the same text (serialize(parse(serialize(x))) ==
/// serialize(x)), and matches the same elements of a small fixed tree as the original; `firstMatch` agrees with
/// `allMatches`, and `matches` with both.
///
/// Built two ways from this one file (see FuzzSupport): a libFuzzer target with `-D FUZZING` (Scripts/fuzz), else
/// `fuzz-selectors FILE...`, which replays inputs.
enum SelectorRoundTrip: FuzzTarget {
  static let usage = "fuzz-selectors FILE...  (replays each file through the selector round-trip check)"

  /// The tree every input is matched against; made once (matching never changes it).
  nonisolated(unsafe) static let root = FuzzElement.makeTree()
  nonisolated(unsafe) static let elements = root.subtree()

  /// Checks one input; prints the verdict when `verbose` or on a violation. False on a violation.
  static func check(_ bytes: UnsafeBufferPointer<UInt8>, name: String, verbose: Bool) -> Bool {
    let text = String(decoding: bytes, as: UTF8.self)
    let list: SelectorList
    do {
      list = try SelectorList(parsing: text)
    } catch {
      guard (0...text.utf16.count).contains(error.offset) else {
        return violation(name, text, "the error '\(error.message)' points at \(error.offset), outside the text")
      }
      if verbose { print("\(name): invalid, \(error.message)") }
      return true
    }
    let first = list.serialized
    let reparsed: SelectorList
    do {
      reparsed = try SelectorList(parsing: first)
    } catch {
      return violation(name, text, "the serialization \(first) does not parse: \(error.message) at \(error.offset)")
    }
    let second = reparsed.serialized
    guard first == second else {
      return violation(name, text, "the serialization is not stable:\n  S1 = \(first)\n  S2 = \(second)")
    }
    let matched = list.allMatches(in: root, includeRoot: true).map(\.name)
    let rematched = reparsed.allMatches(in: root, includeRoot: true).map(\.name)
    guard matched == rematched else {
      return violation(name, text, "\(first) matches \(rematched), the input matched \(matched)")
    }
    guard list.firstMatch(in: root, includeRoot: true)?.name == matched.first else {
      return violation(name, text, "firstMatch is not the first of allMatches \(matched)")
    }
    for element in elements {
      let expected = matched.contains(element.name)
      guard list.matches(element) == expected else {
        return violation(name, text, "matches(\(element.name)) is \(!expected), allMatches says \(expected)")
      }
      // With the element as :scope, as Element.matches() and closest() call it: both lists agree.
      guard list.matches(element, scope: element) == reparsed.matches(element, scope: element) else {
        return violation(name, text, "matches(\(element.name), scope: itself) differs after the round trip \(first)")
      }
    }
    if verbose { print("\(name): \(first) matches \(matched)") }
    return true
  }

  private static func violation(_ name: String, _ text: String, _ problem: String) -> Bool {
    Fuzzing.report("""
      \(name): selector violation: \(problem)
      --- input (as UTF-8, Swift-escaped)
      \(text.debugDescription)
      ---

      """)
    return false
  }
}

/// A small element tree for the matcher: every pseudo-class the engine knows has an element it matches.
final class FuzzElement: SelectorElement {
  let name: String
  let localName: String
  let isHTML: Bool
  let attributes: [(namespace: String?, name: String, value: String)]
  let text: String
  var isDocumentElement = false
  var isTarget = false
  var validity: Bool?
  weak var parent: FuzzElement?
  private(set) var children: [FuzzElement] = []
  private var index = 0

  /// `name` identifies the element in reports; attributes are `name=value`, `ns name=value` for namespaced ones.
  init(_ name: String, _ localName: String, _ attributes: [String] = [], html: Bool = true, text: String = "",
       _ children: [FuzzElement] = []) {
    self.name = name
    self.localName = localName
    self.isHTML = html
    self.attributes = attributes.map { entry in
      let (key, value) = entry.split(separator: "=", maxSplits: 1).map(String.init).pair
      let parts = key.split(separator: " ").map(String.init)
      return parts.count == 2 ? (parts[0], parts[1], value) : (nil, key, value)
    }
    self.text = text
    for (i, child) in children.enumerated() {
      child.parent = self
      child.index = i
    }
    self.children = children
  }

  static func makeTree() -> FuzzElement {
    typealias E = FuzzElement
    let xlink = "http://www.w3.org/1999/xlink"
    let root = E("html", "html", ["lang=en-US"], [
      E("head", "head"),
      E("body", "body", ["class=main page"], [
        E("div", "div", ["id=d1", "class=a b", "title=Hello World", "data-x=foo-bar", "dir=ltr"], [
          E("p1", "p", ["class=a"], text: "one"),
          E("p2", "p", ["class=A", "id=P2"]),
          E("span", "span", ["lang=fr-CA", "data-x=foo"], text: " "),
        ]),
        E("ul", "ul", [], (1...4).map { E("li\($0)", "li", $0 % 2 == 0 ? ["class=even"] : []) }),
        E("form", "form", [], [
          E("checkbox", "input", ["type=checkbox", "checked="]),
          E("text", "input", ["type=text", "disabled=", "required="]),
          E("fieldset", "fieldset", ["disabled="], [E("legend", "legend", [], [E("legend-input", "input")])]),
          E("option", "option", ["selected="]),
        ]),
        E("link", "a", ["href=#x", "id=x"]),
        E("custom", "my-element", ["part=label"]),
        E("svg", "svg", ["viewBox=0 0 1 1"], html: false, [
          E("rect", "Rect", ["\(xlink) href=#x", "CLASS=R"], html: false),
        ]),
      ]),
    ])
    root.isDocumentElement = true
    root.find("link")?.isTarget = true
    root.find("text")?.validity = false
    root.find("checkbox")?.validity = true
    return root
  }

  func subtree() -> [FuzzElement] { [self] + children.flatMap { $0.subtree() } }
  func find(_ name: String) -> FuzzElement? { subtree().first { $0.name == name } }

  var selectorParent: FuzzElement? { parent }
  var selectorPreviousSibling: FuzzElement? { index > 0 ? parent?.children[index - 1] : nil }
  var selectorNextSibling: FuzzElement? {
    guard let parent, index + 1 < parent.children.count else { return nil }
    return parent.children[index + 1]
  }
  var selectorFirstChild: FuzzElement? { children.first }
  var selectorLastChild: FuzzElement? { children.last }
  var selectorLocalName: String { localName }
  var selectorIsHTML: Bool { isHTML }
  func selectorAttribute(_ name: String) -> String? {
    attributes.first { $0.namespace == nil && $0.name == name }?.value
  }
  var selectorIsEmpty: Bool { children.isEmpty && text.isEmpty }
  func selectorIsSame(_ other: FuzzElement) -> Bool { self === other }
  var selectorNamespaceURI: String? { isHTML ? "http://www.w3.org/1999/xhtml" : "http://www.w3.org/2000/svg" }
  func selectorAttributes(localName: String) -> [(namespaceURI: String?, value: String)] {
    attributes.filter { $0.name == localName }.map { ($0.namespace, $0.value) }
  }
  var selectorIsDocumentElement: Bool { isDocumentElement }
  var selectorLanguage: String? { selectorAttribute("lang") ?? parent?.selectorLanguage }
  var selectorIsTarget: Bool { isTarget }
  var selectorValidity: Bool? { validity }
}

extension Array where Element == String {
  /// The first two elements, the second "" when missing.
  fileprivate var pair: (String, String) { (self[0], count > 1 ? self[1] : "") }
}

#if FUZZING
  /// The program's entry point (see `Fuzzing.runLibFuzzer`).
  @_cdecl("fuzz_selectors_main")
  public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    Fuzzing.runLibFuzzer(argc, argv, SelectorRoundTrip.self)
  }
#else
  @main
  struct ReplayCommand {
    static func main() { Fuzzing.replay(SelectorRoundTrip.self) }
  }
#endif
