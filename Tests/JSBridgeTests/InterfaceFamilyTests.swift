import JSBridge
import XCTest

/// A counter with a family of named slots and a static factory.
final class FCounter {
  var slots: [String: String] = [:]
}

enum FBindings {
  static let counter = Interface<FCounter>("FCounter") { b in
    b.accessors(["onone", "ontwo"], get: { counter, name, _ in counter.slots[name] ?? "" }, set: { counter, name, value, _ in
      counter.slots[name] = try value.toString()
    })
    b.staticMethod("make", length: 1) { args in try args.context.wrap(FCounter()) }
  }
}

final class InterfaceFamilyTests: XCTestCase {
  func testAccessorFamilyAndStaticMethod() throws {
    let context = ScriptContext(name: "family")
    defer { context.close() }
    context.interfaceResolver = { $0 is FCounter ? FBindings.counter.erased : nil }
    _ = try context.install(FBindings.counter.erased)
    let counter = FCounter()
    try context.global.setProperty("c", context.wrap(counter, as: FBindings.counter))
    XCTAssertEqual(try context.evaluate("c.onone = 1; c.ontwo = 'b'; c.onone + c.ontwo + c.onthree", sourceURL: "f.js").toString(), "1bundefined")
    XCTAssertEqual(counter.slots, ["onone": "1", "ontwo": "b"])
    XCTAssertTrue(try context.evaluate("""
      const d = Object.getOwnPropertyDescriptor(FCounter.prototype, 'ontwo');
      d.enumerable && typeof d.get === 'function' && !('onone' in FCounter) && FCounter.make.length === 1
        && FCounter.make() instanceof FCounter && !('make' in FCounter.prototype)
      """, sourceURL: "f.js").toBool())
    XCTAssertThrowsError(try context.evaluate("Object.getOwnPropertyDescriptor(FCounter.prototype, 'onone').get.call({})", sourceURL: "f.js"))
  }

  func testInterfacesInstalledOnFirstUse() throws {
    let context = ScriptContext(name: "lazy")
    defer { context.close() }
    context.interfaceResolver = { $0 is FCounter ? FBindings.counter.erased : nil }
    try context.installOnFirstUse([FBindings.counter.erased])
    XCTAssertTrue(try context.evaluate("typeof Object.getOwnPropertyDescriptor(globalThis, 'FCounter').get", sourceURL: "l.js").toString() == "function")
    XCTAssertTrue(try context.evaluate("""
      const made = FCounter.make();
      const d = Object.getOwnPropertyDescriptor(globalThis, 'FCounter');
      d.value === FCounter && !d.enumerable && made instanceof FCounter && Object.getPrototypeOf(made) === FCounter.prototype
      """, sourceURL: "l.js").toBool())
    let other = ScriptContext(name: "lazy-assign")
    defer { other.close() }
    try other.installOnFirstUse([FBindings.counter.erased])
    XCTAssertEqual(try other.evaluate("FCounter = 5; FCounter", sourceURL: "l.js").toDouble(), 5)
  }
}
