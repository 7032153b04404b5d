import JSBridge
import XCTest

/// `evaluate(_:sourceURL:startingLine:keepCompiled:)`: a script the group parses once and runs on every page, as it
/// does the bindings' preludes and an extension's Action.js.
final class CompiledScriptTests: XCTestCase {
  func testAKeptScriptRunsOnEveryPageInThatPagesGlobal() throws {
    let group = ScriptGroup()
    let source = "var runs = (typeof runs === 'undefined' ? 0 : runs) + 1; [runs, this === globalThis, marker].join()"
    for page in 0..<3 {
      let context = ScriptContext(name: "page \(page)", in: group)
      try context.global.setProperty("marker", "page \(page)")
      XCTAssertEqual(
        try context.evaluate(source, sourceURL: "webaction:test-kept", keepCompiled: true).toString(),
        "1,true,page \(page)", "page \(page) ran the script once, in its own global")
      XCTAssertEqual(
        try context.evaluate(source, sourceURL: "webaction:test-kept", keepCompiled: true).toString(),
        "2,true,page \(page)")
      context.close()
    }
  }

  func testAnotherSourceUnderTheSameURLIsRunNotTheKeptOne() throws {
    let context = ScriptContext(name: "page", in: ScriptGroup())
    defer { context.close() }
    XCTAssertEqual(try context.evaluate("'first'", sourceURL: "webaction:test-url", keepCompiled: true).toString(),
                   "first")
    XCTAssertEqual(try context.evaluate("'second'", sourceURL: "webaction:test-url", keepCompiled: true).toString(),
                   "second")
    XCTAssertEqual(try context.evaluate("'first'", sourceURL: "webaction:test-url", keepCompiled: true).toString(),
                   "first")
    // From another line (which the compiled form cannot keep): its errors name that line.
    XCTAssertThrowsError(
      try context.evaluate("'first'\nnull.x", sourceURL: "webaction:test-url", startingLine: 10, keepCompiled: true)
    ) { XCTAssertEqual(($0 as? ScriptError)?.line, 11) }
  }

  /// Errors are the same with or without `keepCompiled`: kind, message, file, line and column.
  func testErrorsAreReportedAsWithoutKeeping() throws {
    let context = ScriptContext(name: "page", in: ScriptGroup())
    defer { context.close() }
    let scripts = [
      ("var a = 1;\nfunction broken( {\n}", 3),  // a syntax error, found at the end of the script
      ("var a = 1;\n  null.property;", 2),  // a TypeError thrown while running
      ("var a = 1;\nJSON.parse('{');", 2),  // a SyntaxError thrown while running
    ]
    for (index, (source, line)) in scripts.enumerated() {
      var errors: [ScriptError] = []
      for keep in [false, true] {
        XCTAssertThrowsError(
          try context.evaluate(source, sourceURL: "errors-\(index).js", keepCompiled: keep)
        ) { errors.append($0 as! ScriptError) }
      }
      guard errors.count == 2 else { return XCTFail("script \(index) did not throw twice") }
      XCTAssertEqual(errors[1].kind, errors[0].kind, "script \(index)")
      XCTAssertEqual(errors[1].message, errors[0].message, "script \(index)")
      XCTAssertEqual(errors[1].file, errors[0].file, "script \(index)")
      XCTAssertEqual(errors[1].line, errors[0].line, "script \(index)")
      XCTAssertEqual(errors[1].column, errors[0].column, "script \(index)")
      XCTAssertEqual(errors[0].line, line, "script \(index): \(errors[0])")
    }
    XCTAssertEqual(
      try context.evaluate("a + 1", sourceURL: "after.js", keepCompiled: true).toDouble(), 2,
      "the scripts that threw while running had run their first statement")
  }

  /// Many distinct kept scripts (more than the group keeps) all still run, and the group ends cleanly.
  func testManyKeptScripts() throws {
    let group = ScriptGroup()
    let context = ScriptContext(name: "page", in: group)
    for index in 0..<200 {
      XCTAssertEqual(
        try context.evaluate("\(index) * 2", sourceURL: "webaction:test-\(index)", keepCompiled: true).toDouble(),
        Double(index * 2))
    }
    context.close()
  }
}
