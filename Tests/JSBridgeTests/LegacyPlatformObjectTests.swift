import JSBridge
import XCTest

/// A collection of named items: indexed and (unenumerable) named properties, as HTMLCollection has.
final class TCollection {
  var items: [(name: String, value: String)]
  init(_ items: [(String, String)]) { self.items = items.map { (name: $0.0, value: $0.1) } }
}

/// A string map with a named setter and deleter and `[LegacyOverrideBuiltIns]`, as DOMStringMap has.
final class TStringMap {
  var entries: [(key: String, value: String)] = []
}

enum TLegacyBindings {
  static let collection = Interface<TCollection>("TCollection") {
    $0.legacyPlatformObject()
    $0.indexed(length: { $0.items.count }, item: { list, i in list.items[i].value })
    $0.method("item", length: 1) { list, args in
      let i = try args.int(0)
      return i >= 0 && i < list.items.count ? list.items[i].value : nil
    }
    $0.namedProperties(
      get: { list, name in list.items.first { $0.name == name }?.value },
      keys: { $0.items.map(\.name) }, overridesBuiltIns: false, enumerable: false)
  }
  static let stringMap = Interface<TStringMap>("TStringMap") {
    $0.legacyPlatformObject()
    $0.namedProperties(
      get: { map, name in map.entries.first { $0.key == name }?.value },
      set: { map, name, value in
        let text = try value.toString()
        if let i = map.entries.firstIndex(where: { $0.key == name }) { map.entries[i].value = text } else { map.entries.append((name, text)) }
        return true
      },
      delete: { map, name in
        map.entries.removeAll { $0.key == name }
        return true
      },
      keys: { $0.entries.map(\.key) })
  }
}

final class LegacyPlatformObjectTests: XCTestCase {
  var context: ScriptContext!
  var list: TCollection!
  var map: TStringMap!

  override func setUp() {
    context = ScriptContext(name: "legacy")
    list = TCollection([("a", "A"), ("b", "B"), ("item", "I")])
    map = TStringMap()
    XCTAssertNoThrow(try context.global.setProperty("c", context.wrap(list, as: TLegacyBindings.collection)))
    XCTAssertNoThrow(try context.global.setProperty("m", context.wrap(map, as: TLegacyBindings.stringMap)))
  }

  override func tearDown() {
    context.close()
    context = nil
  }

  private func js(_ source: String) throws -> String { try context.evaluate(source, sourceURL: "legacy.js").toString() }

  func testStrictAssignmentAndDeletionThrowWhereSloppyOnesFailSilently() throws {
    let facts = """
      const strict = (f) => { try { f(); return 'ok'; } catch (e) { return e.constructor.name; } };
      [c[0] = 'x', c[0], c[3] = 'y', c[3], delete c[0], delete c[3], c.a = 'z', c.a, delete c.a, c.a,
       strict(() => { 'use strict'; c[0] = 'x'; }), strict(() => { 'use strict'; c[3] = 'x'; }),
       strict(() => { 'use strict'; c.a = 'x'; }), strict(() => { 'use strict'; delete c[0]; }),
       strict(() => { 'use strict'; delete c[3]; }), strict(() => { 'use strict'; delete c.a; }), c[0], c.a].join()
      """
    XCTAssertEqual(
      try js(facts),
      "x,A,y,,false,true,z,A,false,A,TypeError,TypeError,TypeError,TypeError,ok,TypeError,A,A")
  }

  func testExpandosAndNamedPropertiesShadowEachOther() throws {
    let facts = """
      const out = [];
      c.later = 'expando';
      out.push(c.later);
      Object.defineProperty(c, 'fixed', { value: 'kept', configurable: false });
      c.shadow = 'mine';
      out.push(delete c.later);
      out.push(Reflect.defineProperty(c, 'a', { value: 1 }), Reflect.defineProperty(c, 0, { value: 1 }),
               Reflect.defineProperty(c, 'fresh', { value: 1, configurable: true }), c.fresh);
      out.join()
      """
    XCTAssertEqual(try js(facts), "expando,true,false,false,true,1")
    // Names added after expandos of those names: the expandos win until deleted (a non-configurable one for good).
    list.items += [("fixed", "F"), ("shadow", "S")]
    XCTAssertEqual(try js("[c.shadow, c.fixed, delete c.fixed, c.fixed].join()"), "mine,kept,false,kept")
    XCTAssertEqual(try js("delete c.shadow; c.shadow = 'again'; c.shadow"), "S")
    XCTAssertEqual(try js("'use strict'; try { delete c.fixed; 'deleted' } catch (e) { e.constructor.name }"), "TypeError")
  }

  func testOwnKeysAreIndicesThenVisibleNamesThenExpandos() throws {
    let facts = """
      c.expando = 1;
      const d = Object.getOwnPropertyDescriptor(c, 'a'), i = Object.getOwnPropertyDescriptor(c, '1');
      [Object.getOwnPropertyNames(c).join(' '), Object.keys(c).join(' '), Reflect.ownKeys(c).length,
       d.value, d.writable, d.enumerable, d.configurable, i.value, i.writable, i.enumerable, i.configurable,
       c.hasOwnProperty('a'), c.hasOwnProperty('item'), 'a' in c, '3' in c, typeof c.item,
       Object.getOwnPropertyDescriptor(c, 3)].join('|')
      """
    // "item" is a supported name, but the prototype has it (no [LegacyOverrideBuiltIns]), so it is not visible.
    XCTAssertEqual(
      try js(facts),
      "0 1 2 a b expando|0 1 2 expando|6|A|false|false|true|B|false|true|true|true|false|true|false|function|")
  }

  func testOneProxyPerObjectWithItsPrototypeBrandAndTag() throws {
    try context.global.setProperty("same", context.wrap(list, as: TLegacyBindings.collection))
    let facts = """
      const child = Object.create(c);
      const strict = (f) => { try { return f(); } catch (e) { return e.constructor.name; } };
      [same === c, c instanceof TCollection, child instanceof TCollection, Object.getPrototypeOf(c) === TCollection.prototype,
       Object.prototype.toString.call(c), c.item(1), child[1], strict(() => TCollection.prototype.item.call({}, 0)),
       strict(() => Object.preventExtensions(c)), Reflect.preventExtensions(c), Object.isExtensible(c),
       [...c].join(''), typeof c.entries, typeof c.forEach].join()
      """
    XCTAssertEqual(
      try js(facts),
      "true,true,true,true,[object TCollection],B,B,TypeError,TypeError,false,true,ABI,undefined,undefined")
    XCTAssertTrue(context.unwrap(try context.global.property("c"), as: TCollection.self) === list)
  }

  func testNamedSetterAndDeleterHandleEveryName() throws {
    let facts = """
      'use strict';
      m.theme = 'dark';
      Object.defineProperty(m, 'size', { value: 3 });
      m.toString = 'shadowed';
      const accessor = Reflect.defineProperty(m, 'x', { get() { return 1; } });
      const before = Object.keys(m).join(' ');
      delete m.size;
      [before, Object.keys(m).join(' '), m.toString, accessor, Object.getOwnPropertyDescriptor(m, 'theme').writable].join('|')
      """
    XCTAssertEqual(try js(facts), "theme size toString|theme toString|shadowed|false|true")
    XCTAssertEqual(map.entries.map { "\($0.key)=\($0.value)" }, ["theme=dark", "toString=shadowed"])
  }

  func testProxyAndExpandosSurviveCollectionAndStayBranded() throws {
    _ = try js("c.expando = 'kept'; m.key = 'v'; c = m = undefined")
    context.collectGarbage()
    // Reuse the memory of anything the collection freed, with other proxies.
    _ = try js("globalThis.junk = []; for (let i = 0; i < 20000; i++) junk.push(new Proxy({ i }, {}))")
    context.collectGarbage()
    try context.global.setProperty("again", context.wrap(list, as: TLegacyBindings.collection))
    try context.global.setProperty("map2", context.wrap(map, as: TLegacyBindings.stringMap))
    XCTAssertEqual(try js("[again.expando, again.item(0), again.length, map2.key].join()"), "kept,A,3,v")
  }
}
