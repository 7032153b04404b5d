import JSBridge
import XCTest

// A miniature node tree exposed through declarative tables, as DOMBindings does it.
class TNode {
  var name: String
  var children: [TNode] = []
  init(name: String) { self.name = name }
}
final class TElement: TNode {
  var attributes: [String: String] = [:]
}
final class TText: TNode {}
final class TList {
  var items: [TNode]
  init(_ items: [TNode]) { self.items = items }
}
/// A list that is either a snapshot (fixed items, as querySelectorAll's) or live over a node's children.
final class TSnapshot {
  let fixed: [TNode]?
  let owner: TNode
  init(_ owner: TNode, fixed: Bool) {
    self.owner = owner
    self.fixed = fixed ? owner.children : nil
  }
  var items: [TNode] { fixed ?? owner.children }
}
/// A script-made object scripts drop (as ranges are): its wrapper is collectable.
final class TMark {
  nonisolated(unsafe) static var alive = 0
  let label: String
  init(label: String) { self.label = label; Self.alive += 1 }
  deinit { Self.alive -= 1 }
}
final class TStyle {
  var properties: [(String, String)] = []
  func value(_ name: String) -> String? { properties.first { $0.0 == name }?.1 }
}

enum TBindings {
  static let node = Interface<TNode>("TNode") {
    $0.constant("ELEMENT_NODE", 1)
    $0.getter("nodeName") { $0.name }
    $0.getter("childNodes") { TList($0.children) }
    $0.getter("firstChild") { $0.children.first }
    $0.method("appendChild", length: 1) { node, args in
      let child = try args.object(0, as: TNode.self)
      node.children.append(child)
      return child
    }
  }
  static let element = Interface<TElement>("TElement", inherits: node) {
    $0.accessor("id", get: { $0.attributes["id"] ?? "" }, set: { el, value in el.attributes["id"] = try value.toString() })
    $0.method("getAttribute", length: 1) { el, args in el.attributes[try args.string(0)] }
    $0.method("setAttribute", length: 2) { el, args in el.attributes[try args.string(0)] = try args.string(1) }
    $0.method("fail", length: 0) { (_: TElement, args: Arguments) throws -> Int in
      throw ScriptError.rangeError("index \(args.count) is out of range")
    }
  }
  static let text = Interface<TText>("TText", inherits: node) {
    $0.getter("data") { $0.name }
  }
  static let list = Interface<TList>("TList") {
    $0.indexed(length: { $0.items.count }, item: { list, i in list.items[i] })
    $0.valueIterable()
    $0.method("item", length: 1) { list, args in
      let i = try args.int(0)
      return i >= 0 && i < list.items.count ? list.items[i] : nil
    }
  }
  static let snapshot = Interface<TSnapshot>("TSnapshot") {
    $0.indexed(
      length: { $0.items.count }, lookup: { list, i in i < list.items.count ? list.items[i] : nil },
      fixedItems: { $0.fixed })
    $0.method("item", length: 1) { list, args in
      let i = try args.int(0)
      return i >= 0 && i < list.items.count ? list.items[i] : nil
    }
  }
  static let style = Interface<TStyle>("TStyle") {
    $0.namedProperties(
      get: { style, name in style.value(name) },
      set: { style, name, value in
        guard name.first?.isLowercase == true, name != "cssText" else { return false }
        let text = try value.toString()
        style.properties.removeAll { $0.0 == name }
        style.properties.append((name, text))
        return true
      },
      keys: { $0.properties.map(\.0) })
    $0.getter("cssText") { $0.properties.map { "\($0.0): \($0.1)" }.joined(separator: "; ") }
  }
  static let mark = Interface<TMark>("TMark") {
    $0.wrappersAreCollectable()
    $0.constructor(length: 1) { args in TMark(label: try args.string(0)) }
    $0.getter("label") { $0.label }
  }
  static let constructible = Interface<TText>("TTextMaker", inherits: node) {
    $0.constructor(length: 1) { args in TText(name: try args.string(0)) }
  }
}

extension TNode: ScriptConvertible {
  public func scriptValue(in context: ScriptContext) throws(ScriptError) -> ScriptValue { try context.wrap(self) }
}
extension TList: ScriptConvertible {
  public func scriptValue(in context: ScriptContext) throws(ScriptError) -> ScriptValue {
    try context.wrap(self, as: TBindings.list)
  }
}

final class InterfaceTests: XCTestCase {
  var context: ScriptContext!
  var root: TElement!

  override func setUp() {
    context = ScriptContext(name: "bindings")
    root = TElement(name: "DIV")
    context.interfaceResolver = { object in
      switch object {
      case is TElement: return TBindings.element.erased
      case is TText: return TBindings.text.erased
      case is TNode: return TBindings.node.erased
      default: return nil
      }
    }
    root.children = [TText(name: "hello"), TElement(name: "SPAN")]
    XCTAssertNoThrow(try context.install(TBindings.element.erased))
    XCTAssertNoThrow(try context.install(TBindings.text.erased))
    XCTAssertNoThrow(try context.global.setProperty("root", context.wrap(root)))
  }

  override func tearDown() {
    context.close()
    context = nil
    root = nil
  }

  private func js(_ source: String) throws -> ScriptValue { try context.evaluate(source, sourceURL: "bind.js") }

  func testGettersMethodsAndMostDerivedInterface() throws {
    XCTAssertEqual(try js("root.nodeName").toString(), "DIV")
    XCTAssertEqual(try js("root.firstChild.data").toString(), "hello")
    XCTAssertEqual(try js("root.firstChild instanceof TText").toBool(), true)
    XCTAssertEqual(try js("root.firstChild instanceof TElement").toBool(), false)
    XCTAssertEqual(try js("root.setAttribute('x', 5); root.getAttribute('x')").toString(), "5")
    XCTAssertTrue(try js("root.getAttribute('missing')").isNull)
    XCTAssertTrue(try js("root.setAttribute('y', 1)").isUndefined)
    XCTAssertEqual(try js("root.id = 'main'; root.id").toString(), "main")
    XCTAssertEqual(root.attributes["id"], "main")
  }

  func testPrototypeChainInstanceofAndConstants() throws {
    let facts = """
      [root instanceof TElement, root instanceof TNode, root instanceof Object,
       Object.getPrototypeOf(TElement.prototype) === TNode.prototype,
       Object.getPrototypeOf(TElement) === TNode, TElement.prototype.constructor === TElement,
       TNode.ELEMENT_NODE === 1, root.ELEMENT_NODE === 1, TElement.name, TNode.prototype.appendChild.length,
       Object.prototype.toString.call(root), 'nodeName' in TNode.prototype, root.hasOwnProperty('nodeName'),
       Object.keys(globalThis).includes('TNode')].join()
      """
    XCTAssertEqual(try js(facts).toString(),
      "true,true,true,true,true,true,true,true,TElement,1,[object TElement],true,false,false")
  }

  func testIllegalInvocationAndIllegalConstructor() throws {
    let checks: [(String, String)] = [
      ("TNode.prototype.appendChild.call({}, root)", "TypeError: Illegal invocation"),
      ("Object.getOwnPropertyDescriptor(TNode.prototype, 'nodeName').get.call(5)", "TypeError: Illegal invocation"),
      ("TElement.prototype.getAttribute.call(root.firstChild, 'x')", "TypeError: Illegal invocation"),
      ("new TNode()", "TypeError: Illegal constructor"),
      ("TNode()", "TypeError: Illegal constructor"),
      ("root.appendChild({})", "TypeError: TNode.appendChild: argument 1 is not of type 'TNode'."),
      ("root.appendChild()", "TypeError: TNode.appendChild: 1 argument required, but only 0 present."),
    ]
    for (source, expected) in checks {
      let caught = try js("try { \(source); 'no error' } catch (e) { e instanceof TypeError ? String(e) : 'wrong type' }")
      XCTAssertEqual(try caught.toString(), expected, source)
    }
  }

  func testConstructorClosure() throws {
    try context.install(TBindings.constructible.erased)
    XCTAssertEqual(try js("const t = new TTextMaker('made'); [t.nodeName, t instanceof TTextMaker, t instanceof TNode].join()")
      .toString(), "made,true,true")
    XCTAssertEqual(try js("try { TTextMaker('x') } catch (e) { e.message }").toString(),
                   "Failed to construct 'TTextMaker': Please use the 'new' operator.")
  }

  func testIdentityAcrossGarbageCollection() throws {
    _ = try js("globalThis.first = root.firstChild; root.firstChild.expando = 'kept'")
    for _ in 0..<3 {
      _ = try js("for (let i = 0; i < 50000; i++) ({ i });")
      context.collectGarbage()
    }
    XCTAssertTrue(try js("root.firstChild === first && root.firstChild.expando === 'kept'").toBool())
    XCTAssertTrue(try context.wrap(root.children[0]) === (try js("first")))
    XCTAssertTrue(context.unwrap(try js("first"), as: TNode.self) === root.children[0])
    XCTAssertNil(context.unwrap(try js("first"), as: TElement.self))
  }

  func testWrappedObjectsStayAliveWhileWrapped() throws {
    weak var weakNode: TNode?
    do {
      let node = TElement(name: "TEMP")
      weakNode = node
      try context.global.setProperty("temp", context.wrap(node))
    }
    XCTAssertNotNil(weakNode, "the context retains wrapped objects")
    XCTAssertEqual(try js("temp.nodeName").toString(), "TEMP")
    context.close()
    XCTAssertNil(weakNode, "close releases wrapped objects")
  }

  func testCollectableWrappersAreCollectedAndKeepIdentityWhileReachable() throws {
    try context.install(TBindings.mark.erased)
    let held = TMark(label: "held")
    try context.global.setProperty("held", context.wrap(held, as: TBindings.mark))
    _ = try js("held.expando = 'kept'")
    // 10,000 dropped at once: the context collects along the way (every 512 or more) and once more here.
    _ = try js("for (let i = 0; i < 10000; i++) new TMark('m' + i)")
    XCTAssertLessThan(TMark.alive, 1 + 1100, "dead collectable wrappers are collected as scripts make more")
    context.collectGarbage()
    XCTAssertEqual(TMark.alive, 1, "every unreachable wrapper released its Swift object")
    // The reachable one is still the same object, expando included, and wrapping again finds it.
    XCTAssertTrue(try js("held.expando === 'kept' && held.label === 'held'").toBool())
    XCTAssertTrue(try context.wrap(held, as: TBindings.mark) === (try js("held")))
    context.close()
    XCTAssertEqual(TMark.alive, 1, "only the Swift reference is left")
  }

  func testRealmsOfOneGroupShareEachObjectsOneWrapper() throws {
    // A second realm (a frame) in the same group: nodes whose realm it is get their wrapper there, whoever asks.
    let frame = ScriptContext(name: "frame", sharingGroupWith: context)
    frame.interfaceResolver = context.interfaceResolver
    try frame.install(TBindings.element.erased)
    var framed: TElement? = TElement(name: "FRAMED")
    weak let weakFramed = framed
    let framedID = ObjectIdentifier(framed!)
    context.realmResolver = { [weak frame] in ObjectIdentifier($0) == framedID ? frame : nil }
    try context.global.setProperty("framed", context.wrap(framed!))
    try frame.global.setProperty("mine", frame.wrap(framed!))
    framed = nil
    try context.global.setProperty("frameGlobal", frame.global)
    XCTAssertTrue(try js("framed === frameGlobal.mine").toBool(), "one JS object per Swift object across realms")
    // Its prototype is the frame's, and methods of either realm accept the other's wrappers (one brand check).
    XCTAssertTrue(try js("framed instanceof frameGlobal.TElement && !(framed instanceof TElement)").toBool())
    XCTAssertEqual(try js("root.appendChild(framed) === framed && framed.appendChild(root.firstChild).nodeName").toString(), "hello")
    XCTAssertEqual(root.children.last?.name, "FRAMED")
    // A realm's wrappers outlive its close while the group is open; the last close releases everything.
    frame.close()
    XCTAssertEqual(try js("framed.nodeName === undefined || typeof framed === 'object'").toBool(), true)
    context.close()
    root = nil
    XCTAssertNil(weakFramed, "closing the group's last context releases every wrapped object")
  }

  func testIndexedPropertiesLengthAndIteration() throws {
    let facts = """
      const list = root.childNodes;
      [list.length, list[0].nodeName, list[1].nodeName, list[2] === undefined, list.item(5) === null,
       [...list].map(n => n.nodeName).join('+'), Object.keys(list).join('+'), 1 in list, 2 in list,
       Array.from(list.entries()).length, typeof list[Symbol.iterator]].join()
      """
    XCTAssertEqual(try js(facts).toString(), "2,hello,SPAN,true,true,hello+SPAN,0+1,true,false,2,function")
    var seen: [String] = []
    for child in try js("root.childNodes").arrayElements() { seen.append(try child.property("nodeName").toString()) }
    XCTAssertEqual(seen, ["hello", "SPAN"])
  }

  func testFixedItemsMakeAnOrdinaryObjectThatKeepsTheInterfacesBehaviour() throws {
    try context.install(TBindings.snapshot.erased)
    let snapshot = TSnapshot(root, fixed: true), live = TSnapshot(root, fixed: false)
    try context.global.setProperty("fixed", context.wrap(snapshot, as: TBindings.snapshot))
    try context.global.setProperty("live", context.wrap(live, as: TBindings.snapshot))
    context.collectGarbage()
    XCTAssertTrue(try context.wrap(snapshot, as: TBindings.snapshot) === (try js("fixed")), "one wrapper per object")
    XCTAssertTrue(context.unwrap(try js("fixed"), as: TSnapshot.self) === snapshot)
    root.children.append(TText(name: "later"))
    let facts = """
      const lengthGetter = Object.getOwnPropertyDescriptor(TSnapshot.prototype, 'length').get;
      const d = Object.getOwnPropertyDescriptor(fixed, 0);
      [fixed.length, live.length, fixed[1].nodeName, fixed[2] === undefined, fixed.item(1).nodeName,
       [...fixed].map(n => n.nodeName).join('+'), Object.keys(fixed).join('+'), fixed instanceof TSnapshot,
       Object.prototype.toString.call(fixed), d.value === fixed[0], d.writable, d.enumerable, d.configurable,
       lengthGetter.name, lengthGetter.call(live), delete fixed[0], (() => { fixed[0] = 1; return fixed[0] === d.value })()
      ].join()
      """
    XCTAssertEqual(try js(facts).toString(),
                   "2,3,SPAN,true,SPAN,hello+SPAN,0+1,true,[object TSnapshot],true,false,true,false,get length,3,false,true")
    // The receiver checks still hold; a length defined on the instance or its new prototype wins, as for any object.
    XCTAssertEqual(try js("try { Object.getOwnPropertyDescriptor(TSnapshot.prototype, 'length').get.call({}) } catch (e) { e.message }")
      .toString(), "Illegal invocation")
    XCTAssertEqual(try js("try { TSnapshot.prototype.item.call({}, 0) } catch (e) { e.message }").toString(),
                   "Illegal invocation")
    XCTAssertEqual(try js("""
      Object.defineProperty(fixed, 'length', { get() { return 1; } });
      const moved = fixed.length;
      Object.setPrototypeOf(live, { get length() { return 7; } });
      [moved, live.length, fixed[1].nodeName].join()
      """).toString(), "1,7,SPAN")
  }

  func testNamedProperties() throws {
    let style = TStyle()
    try context.global.setProperty("style", context.wrap(style, as: TBindings.style))
    _ = try js("style.backgroundColor = 'red'; style.color = 'blue'; style.color = 'green'; style.Custom = 1")
    XCTAssertEqual(style.properties.map { "\($0.0)=\($0.1)" }, ["backgroundColor=red", "color=green"])
    XCTAssertEqual(try js("[style.backgroundColor, style.cssText, style.Custom, Object.keys(style).join()].join('|')")
      .toString(), "red|backgroundColor: red; color: green|1|backgroundColor,color,Custom")
  }
}

final class TCounter: ScriptExposed {
  var count = 0
  static let scriptInterface = Interface<TCounter>("TCounter") {
    $0.method("increment") { counter, _ in
      counter.count += 1
      return counter
    }
    $0.getter("count") { $0.count }
  }.erased
}

final class ScriptExposedTests: XCTestCase {
  func testExposedTypesWrapThemselvesAndUnknownTypesFailClearly() throws {
    let context = ScriptContext(name: "exposed")
    defer { context.close() }
    let counter = TCounter()
    try context.global.setProperty("counter", counter)
    XCTAssertEqual(try context.evaluate("counter.increment().increment() === counter && counter.count", sourceURL: "c.js")
      .toDouble(), 2)
    XCTAssertEqual(counter.count, 2)
    XCTAssertThrowsError(try context.wrap(TStyle())) { error in
      XCTAssertTrue("\(error)".contains("no script interface for Swift type TStyle"), "\(error)")
    }
  }
}

/// An object that keeps its wrapper's record itself (as DOM nodes do).
final class TCached: ScriptExposed, ScriptWrapperCaching {
  var scriptWrapperCache: UnsafeMutableRawPointer?
  let label: String
  init(_ label: String) { self.label = label }
  static let scriptInterface = Interface<TCached>("TCached") { $0.getter("label") { $0.label } }.erased
}

final class WrapperCacheTests: XCTestCase {
  private func label(_ value: ScriptValue, in context: ScriptContext) throws -> String {
    try context.global.setProperty("probe", value)
    return try context.evaluate("probe.label", sourceURL: "cache.js").toString()
  }

  func testTheCacheFindsTheOneWrapperAndIsEmptiedWhenItsGroupCloses() throws {
    let object = TCached("cached")
    let first = ScriptContext(name: "first")
    let wrapper = try first.wrap(caching: object)
    XCTAssertNotNil(object.scriptWrapperCache)
    XCTAssertTrue(try first.wrap(caching: object) === wrapper)
    XCTAssertTrue(try first.wrap(object) === wrapper, "the group's table and the cache agree")
    first.close()
    XCTAssertNil(object.scriptWrapperCache, "a closed group leaves no pointer to its freed record")
    // A later group makes its own wrapper (reading the old record would be a use after free).
    let second = ScriptContext(name: "second")
    defer { second.close() }
    XCTAssertEqual(try label(second.wrap(caching: object), in: second), "cached")
  }

  func testTwoGroupsAtOnceEachAnswerTheirOwnWrapper() throws {
    let object = TCached("shared")
    let a = ScriptContext(name: "a"), b = ScriptContext(name: "b")
    let inA = try a.wrap(caching: object), inB = try b.wrap(caching: object)
    XCTAssertFalse(inA === inB)
    XCTAssertTrue(try a.wrap(caching: object) === inA, "the cache holds a's record, the first made")
    XCTAssertTrue(try b.wrap(caching: object) === inB, "b finds its own in its table")
    XCTAssertTrue(try b.wrap(object) === inB)
    a.close()
    XCTAssertNil(object.scriptWrapperCache, "closing a empties the cache")
    XCTAssertTrue(try b.wrap(caching: object) === inB, "with the cache empty, b still finds its wrapper in its table")
    XCTAssertEqual(try label(b.wrap(caching: object), in: b), "shared")
    // A group made now takes the free cache; b keeps answering from its table.
    let c = ScriptContext(name: "c")
    let inC = try c.wrap(caching: object)
    XCTAssertNotNil(object.scriptWrapperCache)
    XCTAssertTrue(try c.wrap(object) === inC)
    XCTAssertTrue(try b.wrap(caching: object) === inB)
    c.close()
    b.close()
    XCTAssertNil(object.scriptWrapperCache)
  }

  func testAnObjectWrappedByTheUncachedPathIsFoundByTheCachedOneAndBack() throws {
    let first = TCached("first"), second = TCached("second")
    let context = ScriptContext(name: "paths")
    defer { context.close() }
    let plain = try context.wrap(first)
    XCTAssertNotNil(first.scriptWrapperCache, "wrap(_:) keeps a caching object's record in its cache too")
    XCTAssertTrue(try context.wrap(caching: first) === plain)
    let cached = try context.wrap(caching: second)
    XCTAssertTrue(try context.wrap(second) === cached)
    XCTAssertTrue(try context.wrap(second, interface: TCached.scriptInterface) === cached)
  }
}
