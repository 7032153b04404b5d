import Foundation
import WebActionKit
import XCTest

@testable import TranslateExtension

/// The principal class driven through an ExtensionContext with crafted preprocessing results, as the host drives it.
final class TranslateExtensionTests: XCTestCase {
  var dataHome: URL!

  override func setUpWithError() throws {
    dataHome = FileManager.default.temporaryDirectory.appendingPathComponent("translate-ext-\(UUID().uuidString)")
  }

  override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dataHome) }

  func run(_ results: PropertyList, arguments: [String: String] = [:]) -> ExtensionContext.Outcome? {
    let group = AppGroup(identifier: TranslateExtension.appGroup, dataHome: dataHome)
    let handler = TranslateRequestHandler(engines: EngineCache(), group: group)
    let context = ExtensionContext(inputItems: [ExtensionItem(preprocessingResults: results, arguments: arguments)])
    handler.beginRequest(with: context)
    // The request completes from the extension's own queue, after beginRequest has returned.
    return context.waitBlocking(timeout: 30)
  }

  func finalizeArgument(_ outcome: ExtensionContext.Outcome?) throws -> PropertyList {
    guard case .completed(let items)? = outcome else { throw TranslateTestError("not completed: \(String(describing: outcome))") }
    return try XCTUnwrap(ExtensionContext.finalizeArguments(from: items))
  }

  func testPrepareStartsTheOnlyPairIntoTheTargetBeforeTheRequest() throws {
    let group = AppGroup(identifier: TranslateExtension.appGroup, dataHome: dataHome)
    let cache = EngineCache()
    let handler = TranslateRequestHandler(engines: cache, group: group)
    handler.prepare(arguments: ["to": "es"])
    XCTAssertEqual(handler.warming.wait(timeout: .now() + 20), .success)
    let eng_spa = LanguagePair(from: "en", to: "es")
    XCTAssertTrue(try cache.withEngine(for: EngineChoice(arguments: [:])) { ($0 as! ApertiumTranslator).hasPipeline(for: eng_spa) })

    // An HTTP engine, a missing target, and an ambiguous target (spa-eng and spa-eng_US both go into eng) start nothing.
    let idle = EngineCache()
    let quiet = TranslateRequestHandler(engines: idle, group: group)
    quiet.prepare(arguments: ["to": "es", "engine": "apy", "endpoint": "http://127.0.0.1:9"])
    quiet.prepare(arguments: [:])
    quiet.prepare(arguments: ["to": "en"])
    XCTAssertEqual(quiet.warming.wait(timeout: .now() + 20), .success)
    XCTAssertFalse(try idle.withEngine(for: EngineChoice(arguments: [:])) { ($0 as! ApertiumTranslator).hasPipeline(for: eng_spa) })
  }

  func testTranslatesSegmentsAndAttributesIntoTheFinalizeArgument() throws {
    let results: PropertyList = [
      "from": "en", "to": "es",
      "segments": [["id": "1", "html": "The <i>old</i> bridge crosses the river."], ["id": "2", "html": "<b>broken"]],
      "attributes": [["id": "t1", "text": "The red house"]],
    ]
    let argument = try finalizeArgument(run(results))
    XCTAssertEqual(argument["lang"]?.string, "es")
    XCTAssertEqual(argument["damaged"]?.int, 0)
    XCTAssertEqual(argument["translations"]?["1"]?.string, "El puente <i>viejo</i> cruza el río.")
    XCTAssertEqual(argument["translations"]?["2"]?.string, "<b>Roto</b>")
    XCTAssertEqual(argument["attributes"]?["t1"]?.string, "La casa roja")
  }

  func testTheMemoryIsInTheAppGroupContainerUnlessCacheIsOff() throws {
    let results: PropertyList = ["from": "en", "to": "es", "segments": [["id": "1", "html": "The house."]]]
    _ = try finalizeArgument(run(results, arguments: ["cache": "off"]))
    let file = AppGroup(identifier: TranslateExtension.appGroup, dataHome: dataHome).containerURL
      .appendingPathComponent(TranslationMemory.fileName)
    XCTAssertFalse(FileManager.default.fileExists(atPath: file.path))
    _ = try finalizeArgument(run(results))
    XCTAssertEqual(try TranslationMemory(directory: file.deletingLastPathComponent()).count(), 1)
  }

  func testUnknownPairCancelsWithTheInstallHint() {
    let results: PropertyList = ["from": "en", "segments": [["id": "1", "html": "Hello"]]]
    guard case .cancelled(let error)? = run(results, arguments: ["to": "ca"]) else { return XCTFail("not cancelled") }
    XCTAssertTrue("\(error)".contains("apt-get install apertium-eng-cat"), "\(error)")
  }

  // The whole bundle (ExtensionBundle) needs Action.js, which comes with the JS half; the manifest is checked here.
  func testManifestNamesThePrincipalClassAndTheAppGroup() throws {
    let manifest = try ExtensionManifest(
      contentsOf: TranslateExtension.bundleURL.appendingPathComponent("Info.plist"))
    XCTAssertEqual(manifest.bundleIdentifier, "com.webaction.translate")
    XCTAssertEqual(manifest.principalClass, "TranslateRequestHandler")
    XCTAssertEqual(manifest.preprocessingFile, "Action")
    XCTAssertEqual(manifest.appGroups, [TranslateExtension.appGroup])
    XCTAssertNotNil(TranslateExtension.makePrincipalObject(className: "TranslateRequestHandler"))
    XCTAssertNil(TranslateExtension.makePrincipalObject(className: "Other"))
  }
}
