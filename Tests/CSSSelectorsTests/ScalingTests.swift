import ScalingTestSupport
import XCTest
@testable import CSSSelectors

/// Hostile selectors and trees: matching stays linear, and neither parsing nor matching can overflow the stack.
final class ScalingTests: XCTestCase {
  /// A `ul` of `n` items; every third has class `x`, every fifth is a `p` instead of an `li`.
  static func list(_ n: Int) -> TestElement {
    let list = TestElement("ul", "ul")
    for i in 0..<n {
      list.append(TestElement(i % 5 == 4 ? "p" : "li", "i\(i)", i % 3 == 0 ? ["class": "x"] : [:]))
    }
    let root = TestElement("html", "html", [TestElement("body", "body", [list])])
    root.isDocumentElement = true
    return root
  }

  func count(_ selector: String, in root: TestElement) throws -> Int {
    try SelectorList(parsing: selector).allMatches(in: root, includeRoot: true).count
  }

  // MARK: :nth-* (each match counted its siblings from the first: quadratic in the number of siblings)

  func testNthChildOverManySiblings() throws {
    try assertScalesLinearly("li:nth-child(2n+1)", n: 12_000, prepare: Self.list) { root in
      _ = try count("li:nth-child(2n+1)", in: root)
    }
  }

  func testNthChildOfSelectorOverManySiblings() throws {
    try assertScalesLinearly(":nth-child(2n+1 of .x)", n: 8_000, prepare: Self.list) { root in
      _ = try count(":nth-child(2n+1 of .x)", in: root)
    }
  }

  func testNthLastChildAndOfTypeOverManySiblings() throws {
    try assertScalesLinearly(":nth-last-child(odd), :nth-of-type(3n), :nth-last-of-type(2)", n: 6_000,
                             prepare: Self.list) { root in
      _ = try count(":nth-last-child(odd), :nth-of-type(3n), :nth-last-of-type(2)", in: root)
    }
  }

  /// The cached indexes give the answers of counting siblings one by one, past the direct count's limit.
  func testCachedIndexesAgreeWithCounting() throws {
    let n = 200
    let root = Self.list(n)
    let items = root.children[0].children[0].children
    func expected(_ keep: (Int, TestElement) -> Bool) -> [String] {
      items.enumerated().filter { keep($0.offset, $0.element) }.map(\.element.id)
    }
    func ids(_ selector: String) throws -> [String] {
      try SelectorList(parsing: selector).allMatches(in: root, includeRoot: true).map(\.id)
    }
    let xs = items.filter { $0.attributes["class"] == "x" }
    let lis = items.filter { $0.localName == "li" }
    let ps = items.filter { $0.localName == "p" }
    XCTAssertEqual(try ids("ul > :nth-child(2n+1)"), expected { i, _ in i % 2 == 0 })
    XCTAssertEqual(try ids("ul > :nth-child(150)"), ["i149"])
    XCTAssertEqual(try ids("ul > :nth-child(-n+40)"), expected { i, _ in i < 40 })
    XCTAssertEqual(try ids("ul > :nth-last-child(3n)"), expected { i, _ in (n - i) % 3 == 0 })
    XCTAssertEqual(try ids(":nth-child(2n+1 of .x)"), xs.enumerated().filter { $0.offset % 2 == 0 }.map(\.element.id))
    XCTAssertEqual(try ids(":nth-last-child(5 of .x)"), [xs[xs.count - 5].id])
    XCTAssertEqual(try ids(":nth-child(39 of .x, p)"), [items.filter { $0.attributes["class"] == "x" || $0.localName == "p" }[38].id])
    XCTAssertEqual(try ids("li:nth-of-type(100)"), [lis[99].id])
    XCTAssertEqual(try ids("p:nth-last-of-type(35)"), [ps[ps.count - 35].id])
    XCTAssertEqual(try ids("li:nth-of-type(2n):nth-last-of-type(2n)").count,
                   lis.indices.filter { ($0 + 1) % 2 == 0 && (lis.count - $0) % 2 == 0 }.count)
    // Two `of S` filters in one selector list are cached apart.
    XCTAssertEqual(try ids(":nth-child(60 of .x), :nth-child(60 of li)"),
                   items.filter { $0 === xs[59] || $0 === lis[59] }.map(\.id))
  }

  /// One element at a time (`element.matches()`: a query per element, whose first long count walks on instead of
  /// indexing the whole group) gives the answers of one query over them all.
  func testMatchingOneElementAtATimeAgreesWithOneQuery() throws {
    let root = Self.list(200)
    let items = root.children[0].children[0].children
    for selector in ["ul > :nth-child(2n+1)", ":nth-last-child(3n)", "li:nth-of-type(7n+1)", ":nth-child(odd of .x)",
                     ":nth-child(150)", ":nth-last-of-type(35)", ":nth-child(2n of li):nth-last-child(odd)"] {
      let list = try SelectorList(parsing: selector)
      let all = list.allMatches(in: root, includeRoot: true).map(\.id)
      XCTAssertEqual(items.filter { list.matches($0) }.map(\.id), all, selector)
    }
  }

  // MARK: Depth

  func testNestingPastTheLimitIsASyntaxErrorNamingIt() throws {
    for name in ["not", "is", "where", "nth-child(1 of "] {
      let open = name.hasSuffix(" ") ? ":\(name)" : ":\(name)("
      let deepest = String(repeating: open, count: 128) + "a" + String(repeating: ")", count: 128)
      XCTAssertNoThrow(try SelectorList(parsing: deepest), name)
      for depth in name == "is" ? [129, 4_200, 100_000] : [129, 4_200] {
        let text = String(repeating: open, count: depth) + "a" + String(repeating: ")", count: depth)
        XCTAssertThrowsError(try SelectorList(parsing: text), "\(name) × \(depth)") { error in
          XCTAssertTrue((error as? SelectorParseError)?.message.contains("more than 128 levels deep") == true, "\(error)")
        }
      }
    }
  }

  func testDeepestNestingMatches() throws {
    let root = makeFixture()
    // 128 levels: 64 negations of p are p.
    let even = String(repeating: ":not(:is(", count: 64) + "p" + String(repeating: "))", count: 64)
    XCTAssertEqual(try SelectorList(parsing: even).allMatches(in: root, includeRoot: true).count, 3)
    let odd = String(repeating: ":not(:is(", count: 63) + ":is(:is(p))" + String(repeating: "))", count: 63)
    XCTAssertEqual(try SelectorList(parsing: odd).allMatches(in: root, includeRoot: true).count, 36 - 3)
  }

  /// 100,000 compounds in one complex selector, matched against a tree 100,000 deep.
  func testLongSelectorOnADeepTreeDoesNotRecurse() throws {
    let depth = 100_000
    let root = TestElement("html", "html")
    root.isDocumentElement = true
    // Torn down from the bottom at the end, so releasing the tree does not recurse 100,000 deep either.
    var nodes = [root]
    var parent = root
    for i in 0..<depth {
      let child = TestElement("div", "d\(i)")
      parent.append(child)
      nodes.append(child)
      parent = child
    }
    defer { for node in nodes.reversed() { node.removeAllChildren() } }
    let chain = try SelectorList(parsing: "html" + String(repeating: " > div", count: depth))
    XCTAssertTrue(chain.matches(parent))
    XCTAssertFalse(chain.matches(parent.parent!))
    let descendants = try SelectorList(parsing: "html " + Array(repeating: "div", count: depth).joined(separator: " "))
    XCTAssertTrue(descendants.matches(parent))
    let siblings = try SelectorList(parsing: String(repeating: "div ~ ", count: 1_000) + "div")
    XCTAssertFalse(siblings.matches(parent))
  }
}

/// The combinator-walk memo gives the answers of walking every ancestor and previous sibling, on deep random trees.
final class CombinatorWalkMemoTests: XCTestCase {
  override func tearDown() {
    combinatorWalkMemoThreshold = 32
    super.tearDown()
  }

  /// A tree `depth` deep with a few siblings at each level, classes a, b, c at random (fixed seed).
  static func randomDeepTree(depth: Int, seed: UInt64) -> TestElement {
    var state = seed
    func next() -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state >> 33
    }
    func element(_ index: Int) -> TestElement {
      let classes = ["a", "b", "c"].filter { _ in next() % 3 == 0 }
      let name = next() % 4 == 0 ? "p" : "div"
      return TestElement(name, "e\(index)", classes.isEmpty ? [:] : ["class": classes.joined(separator: " ")])
    }
    let root = TestElement("html", "root")
    root.isDocumentElement = true
    var parent = root
    var count = 0
    for _ in 0..<depth {
      for _ in 0..<Int(next() % 3) {
        count += 1
        parent.append(element(count))
      }
      count += 1
      let child = element(count)
      parent.append(child)
      parent = child
    }
    return root
  }

  func testTheMemoAgreesWithWalkingEveryAncestor() throws {
    let selectors = [
      ".a .b", ".a .b .c", ".a > .b .c", ".a .b > .c", ".c ~ .b .a", ".a + p .b", ":has(.a .b)", ".a:has(.b .c)",
      ":not(.a .b)", ".a :is(.b .c)", ":is(.a, .b) .c .a", "div .a div .b", ".a div:not(.b .c) p", "p .a ~ div .c",
      ":is(.a .b) :is(.b .c)", ".a :not(.c .b) .c", ".b :has(.c .a) .a",
      ".a ~ .b", ".a ~ .b ~ .c", ".a ~ p + .b", ":is(.a ~ .b) .c", ".a ~ :not(.b ~ .c)", ".a .b ~ .c", ".c ~ div > .a ~ p",
    ]
    for seed: UInt64 in [1, 2, 3] {
      let root = Self.randomDeepTree(depth: 150, seed: seed)
      defer { root.removeAllChildren() }
      for selector in selectors {
        let list = try SelectorList(parsing: selector)
        combinatorWalkMemoThreshold = Int.max - 1
        let expected = list.allMatches(in: root, includeRoot: true).map(\.id)
        for threshold in [0, 2, 32] {
          combinatorWalkMemoThreshold = threshold
          XCTAssertEqual(list.allMatches(in: root, includeRoot: true).map(\.id), expected, "\(selector), seed \(seed), threshold \(threshold)")
        }
      }
    }
  }
}

/// `:has()` answers from a per-query memo past a few hundred candidates; it must agree with looking at every
/// descendant or following sibling.
final class RelativeMatchMemoTests: XCTestCase {
  private func descendants(of element: TestElement) -> [TestElement] {
    var found: [TestElement] = []
    var stack = element.children
    while let next = stack.popLast() {
      found.append(next)
      stack += next.children
    }
    return found
  }

  func testHasWithOneCompoundAgreesWithLookingAtEveryDescendant() throws {
    for seed: UInt64 in [4, 5, 6] {
      // Deep enough that subtrees pass the plain walk's budget (256 descendants) and the memo answers.
      let root = CombinatorWalkMemoTests.randomDeepTree(depth: 600, seed: seed)
      defer { root.removeAllChildren() }
      let all = [root] + descendants(of: root)
      // Rare compounds (none, one deep element) pass the budget and reach the memo; common ones stop early.
      for compound in [".a", "p.b", "div:not(.c)", ".a.b", "p", ".none", "#e900", "#e300", "div.a.b.c"] {
        let inner = try SelectorList(parsing: compound)
        let expected = Set(all.filter { element in descendants(of: element).contains { inner.matches($0) } }.map(\.id))
        let has = try SelectorList(parsing: ":has(\(compound))").allMatches(in: root, includeRoot: true).map(\.id)
        XCTAssertEqual(Set(has), expected, ":has(\(compound)), seed \(seed)")
        XCTAssertEqual(has.count, expected.count)
        // Inside other selectors, with another compound on the same elements.
        let notHas = try SelectorList(parsing: ".b:not(:has(\(compound)))").allMatches(in: root, includeRoot: true).map(\.id)
        let b = try SelectorList(parsing: ".b")
        XCTAssertEqual(Set(notHas), Set(all.filter { b.matches($0) && !expected.contains($0.id) }.map(\.id)), "seed \(seed)")
      }
    }
  }

  /// The siblings after `element`, and their descendants.
  private func following(_ element: TestElement) -> [TestElement] {
    var found: [TestElement] = []
    var sibling = element.selectorNextSibling
    while let s = sibling {
      found += [s] + descendants(of: s)
      sibling = s.selectorNextSibling
    }
    return found
  }

  func testHasWithSeveralCompoundsAgreesWithMatchingEveryDescendantFromTheAnchor() throws {
    for seed: UInt64 in [7, 8] {
      let root = CombinatorWalkMemoTests.randomDeepTree(depth: 120, seed: seed)
      defer { root.removeAllChildren() }
      let all = [root] + descendants(of: root)
      let relatives = [
        ".a .b", "> .a .b", ".a > .b", "> div > p", "div .b > .c", ".a .b .c", "> .none .a", "p .a",
        "~ .a", "+ .b", "~ div .c", "+ p > .a", "~ .none",
        // Sideways inside: whether an element can play a compound's part then depends on its following siblings.
        ".a + .b", "> .a ~ .b", ".a ~ p .c", "~ p + p.b", "+ .a + .b", "+ .a ~ .b > .c", "> div + p", ".none ~ .a",
        "~ .a ~ .b ~ .c", "div > p + .a .b",
      ]
      for relative in relatives {
        // An element d makes E match when `:scope REL` matches d with E as the scope.
        let scoped = try SelectorList(parsing: ":scope " + relative)
        let sideways = relative.hasPrefix("~") || relative.hasPrefix("+")
        let expected = Set(all.filter { anchor in
          (sideways ? following(anchor) : descendants(of: anchor)).contains { scoped.matches($0, scope: anchor) }
        }.map(\.id))
        for budget in [0, 3, 256] {
          relativeMatchWalkBudget = budget
          defer { relativeMatchWalkBudget = 256 }
          let has = try SelectorList(parsing: ":has(\(relative))").allMatches(in: root, includeRoot: true).map(\.id)
          XCTAssertEqual(Set(has), expected, ":has(\(relative)), seed \(seed), budget \(budget)")
          XCTAssertEqual(has.count, expected.count)
        }
      }
    }
  }
}
