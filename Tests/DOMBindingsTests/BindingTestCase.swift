import DOM
import DOMBindings
import Foundation
import JSBridge
import URLStandard
import XCTest

/// A parsed page with a Window installed on a fresh context, a manual clock, and captured console output.
class BindingTestCase: XCTestCase {
  var document: Document!
  var context: ScriptContext!
  var clock: ManualClock!
  var loop: EventLoop!
  var window: Window!
  var messages: [ConsoleMessage] = []
  var uncaught: [ScriptError] = []

  /// The page every test starts from (override for another).
  var html: String {
    """
    <!DOCTYPE html><html><head><title>Test page</title></head>
    <body><div id="main" class="a b"><p>One</p><p>Two <b>bold</b></p></div><!--note--></body></html>
    """
  }

  var options: WindowOptions {
    var options = WindowOptions()
    options.selection = "selected words"
    return options
  }

  override func setUpWithError() throws {
    load(html)
  }

  /// Replaces the page with `source`, parsed at https://example.com/dir/page.html?q=1#top.
  func load(_ source: String, options custom: WindowOptions? = nil) {
    tearDownPage()
    document = Document.parse(html: source, url: URLRecord("https://example.com/dir/page.html?q=1#top")!)
    context = ScriptContext(name: name)
    clock = ManualClock(now: 100)
    loop = EventLoop(clock: clock)
    loop.onUncaughtException = { [unowned self] in self.uncaught.append($0) }
    var options = custom ?? self.options
    options.onConsole = { [unowned self] in self.messages.append($0) }
    window = try! Window(document: document, context: context, eventLoop: loop, options: options)
  }

  private func tearDownPage() {
    loop?.cancelAll()
    context?.close()
    window = nil
    context = nil
    loop = nil
    clock = nil
    document = nil
    messages = []
    uncaught = []
  }

  override func tearDown() { tearDownPage() }

  @discardableResult
  func js(_ source: String, file: StaticString = #filePath, line: UInt = #line) throws -> ScriptValue {
    try context.evaluate(source, sourceURL: "test.js")
  }

  /// Evaluates `source` and converts the completion value with ToString.
  func string(_ source: String) throws -> String { try js(source).toString() }

  /// Evaluates `source`, expecting a JS boolean `true`.
  func assertTrue(_ source: String, file: StaticString = #filePath, line: UInt = #line) {
    do {
      let value = try js(source)
      XCTAssertTrue(value.isBoolean && value.toBool(), "\(source) was \((try? value.toString()) ?? "?")", file: file, line: line)
    } catch {
      XCTFail("\(source) threw \(error)", file: file, line: line)
    }
  }

  /// Evaluates `source`, expecting it to throw; returns the thrown error.
  func thrown(_ source: String, file: StaticString = #filePath, line: UInt = #line) -> ScriptError? {
    do {
      try js(source)
      XCTFail("\(source) did not throw", file: file, line: line)
      return nil
    } catch let error as ScriptError {
      return error
    } catch {
      XCTFail("\(source) threw a non-script error \(error)", file: file, line: line)
      return nil
    }
  }
}
