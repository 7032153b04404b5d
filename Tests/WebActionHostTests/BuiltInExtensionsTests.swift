// The Swift halves of the built-in extensions (owned by the wt-kit branch), driven through an ExtensionContext
// with crafted preprocessing results; their Action.js halves are tested end to end by the host tests.

import BackgroundExtension
import PageInfoExtension
import WebActionKit
import XCTest

final class BuiltInExtensionsTests: XCTestCase {
  /// Runs the principal class of `E` on `results` with `arguments` and returns the finalize argument.
  private func run<E: BuiltInExtension>(
    _: E.Type, results: PropertyList?, arguments: [String: String] = [:]
  ) throws -> ExtensionContext.Outcome {
    let bundle = try ExtensionBundle(url: E.bundleURL)
    let className = try XCTUnwrap(bundle.manifest.principalClass)
    let handler = try XCTUnwrap(E.makePrincipalObject(className: className), "no principal class \(className)")
    let item = results.map { ExtensionItem(preprocessingResults: $0, arguments: arguments) } ?? {
      let item = ExtensionItem()
      item.webActionArguments = arguments
      return item
    }()
    let context = ExtensionContext(inputItems: [item])
    handler.beginRequest(with: context)
    let outcome = try XCTUnwrap(context.waitRunningMainRunLoop(timeout: 10), "\(E.name) never completed")
    XCTAssertEqual(context.diagnostics, [])
    return outcome
  }

  private func finalizeArgument<E: BuiltInExtension>(
    _ type: E.Type, results: PropertyList?, arguments: [String: String] = [:]
  ) throws -> PropertyList? {
    let outcome = try run(type, results: results, arguments: arguments)
    guard case .completed(let items) = outcome else {
      XCTFail("expected completion, got \(outcome)")
      return nil
    }
    return try ExtensionContext.finalizeArguments(from: items)
  }

  func testBundlesAreRealActionExtensions() throws {
    for (type, identifier, display) in [
      (BackgroundExtension.self as any BuiltInExtension.Type, "com.webaction.background", "Background"),
      (PageInfoExtension.self, "com.webaction.page-info", "Page Info"),
    ] {
      let bundle = try ExtensionBundle(url: type.bundleURL)
      XCTAssertEqual(bundle.name, type.name)
      XCTAssertEqual(bundle.manifest.bundleIdentifier, identifier)
      XCTAssertEqual(bundle.manifest.displayName, display)
      XCTAssertTrue(bundle.manifest.isActionExtension)
      XCTAssertEqual(bundle.manifest.principalClass, "ActionRequestHandler")
      XCTAssertEqual(bundle.manifest.preprocessingFile, "Action")
      XCTAssertTrue(bundle.manifest.activationRule.accepts(webPages: 1, webURLs: 0))
      XCTAssertFalse(bundle.manifest.activationRule.accepts(webPages: 2, webURLs: 0))
      let script = try String(contentsOf: XCTUnwrap(bundle.scriptURL), encoding: .utf8)
      XCTAssertTrue(script.contains("var ExtensionPreprocessingJS = new Action"))
      XCTAssertNil(type.makePrincipalObject(className: "NoSuchClass"))
    }
  }

  func testBackgroundFollowsApplesTemplate() throws {
    XCTAssertEqual(
      try finalizeArgument(BackgroundExtension.self, results: ["currentBackgroundColor": ""]),
      ["newBackgroundColor": "red"])
    XCTAssertEqual(
      try finalizeArgument(BackgroundExtension.self, results: ["currentBackgroundColor": "yellow"]),
      ["newBackgroundColor": "green"])
    XCTAssertEqual(try finalizeArgument(BackgroundExtension.self, results: [:]), ["newBackgroundColor": "red"])
    XCTAssertNil(try finalizeArgument(BackgroundExtension.self, results: nil), "no results: nothing to pass back")
  }

  func testBackgroundColourArgumentWins() throws {
    XCTAssertEqual(
      try finalizeArgument(BackgroundExtension.self, results: ["currentBackgroundColor": "yellow"], arguments: ["color": "#123456"]),
      ["newBackgroundColor": "#123456"])
    XCTAssertEqual(
      try finalizeArgument(BackgroundExtension.self, results: nil, arguments: ["color": "blue"]),
      ["newBackgroundColor": "blue"])
    XCTAssertEqual(
      try finalizeArgument(BackgroundExtension.self, results: ["currentBackgroundColor": ""], arguments: ["color": ""]),
      ["newBackgroundColor": "red"], "an empty colour does not count")
  }

  private func pageResults(words: PropertyList) -> PropertyList {
    [
      "url": "file:///tmp/page.html", "title": "T", "description": "", "language": "en",
      "headings": [["level": 1, "text": "T"]], "wordCount": words,
    ]
  }

  func testPageInfoComputesReadingTime() throws {
    let cases: [(PropertyList, Int, Int)] = [(0, 0, 0), (1, 1, 1), (230, 230, 1), (231, 231, 2), (.real(460), 460, 2)]
    for (words, count, minutes) in cases {
      XCTAssertEqual(
        try finalizeArgument(PageInfoExtension.self, results: pageResults(words: words)),
        ["annotate": false, "readingTimeMinutes": .integer(minutes), "wordCount": .integer(count)], "\(words)")
    }
    XCTAssertEqual(PageInfoExtension.readingTimeMinutes(words: 1000), 5)
  }

  func testPageInfoAnnotatesOnlyWhenAsked() throws {
    for (value, expected) in [("true", true), ("TRUE", true), ("1", true), ("false", false), ("", false)] {
      let argument = try finalizeArgument(
        PageInfoExtension.self, results: pageResults(words: 500), arguments: ["annotate": value])
      XCTAssertEqual(argument?["annotate"], .boolean(expected), value)
      XCTAssertEqual(argument?["readingTimeMinutes"], 3)
    }
  }

  func testPageInfoCancelsWithAReasonWhenResultsAreMissingOrWrong() throws {
    guard case .cancelled(let missing) = try run(PageInfoExtension.self, results: nil) else {
      return XCTFail("expected cancellation")
    }
    XCTAssertTrue("\(missing)".contains("no JavaScript preprocessing results"), "\(missing)")
    guard case .cancelled(let wrong) = try run(PageInfoExtension.self, results: pageResults(words: "many")) else {
      return XCTFail("expected cancellation")
    }
    XCTAssertEqual("\(wrong)", "page-info: results.wordCount should be a whole number of words, found a string; "
      + "check page-info.appex/Action.js")
  }
}
