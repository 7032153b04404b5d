import Foundation
import XCTest

@testable import TranslateExtension

final class PageTranslationTests: XCTestCase {
  func testTranslatesSegmentsAndAttributesWithRealApertium() throws {
    let page = try PageTranslation(
      preprocessingResults: [
        "from": "en", "to": "es",
        "segments": [
          ["id": "s1", "html": "The <i>old</i> bridge crosses the river."],
          ["id": 2, "html": "Click <a href=\"/start\">here</a> to <b>start</b>"],
        ],
        "attributes": [["id": "a1", "text": "The red house & the river"]],
      ], arguments: [:])
    let result = try page.translate(with: ApertiumTranslator())
    XCTAssertEqual(result.translations, [
      "s1": "El puente <i>viejo</i> cruza el río.",
      "2": "Clic <a href=\"/start\">aquí</a> para <b>empezar</b>",
    ])
    XCTAssertEqual(result.attributes, ["a1": "La casa roja & el río"])
    XCTAssertEqual(result.lang, "es")
    XCTAssertEqual(result.damaged, 0)
    XCTAssertEqual(result.foundationObject["damaged"] as? Int, 0)
  }

  func testADamagedSegmentIsRecoveredByTheLadderAndCounted() throws {
    // The engine damages "<b>broken</b>" whole, but translates its one run of text alone (step 2).
    let page = PageTranslation(
      from: "en", to: "es",
      segments: [.init(id: "ok", html: "menu"), .init(id: "bad", html: "<b>broken</b>")],
      attributes: [.init(id: "t", text: "Home")])
    let result = try page.translate(with: RecordingTranslator())
    XCTAssertEqual(result.translations, ["ok": "MENU", "bad": "<b>BROKEN</b>"])
    XCTAssertEqual(result.attributes, ["t": "HOME"])
    XCTAssertEqual(result.damaged, 0)
    XCTAssertEqual(result.coverage.split, 1)
  }

  func testMissingLanguagesAndMalformedListsNameTheKey() {
    XCTAssertThrowsError(try PageTranslation(preprocessingResults: ["to": "es"], arguments: [:])) { error in
      XCTAssertTrue("\(error)".contains("--arg from=en"), "\(error)")
    }
    XCTAssertThrowsError(try PageTranslation(preprocessingResults: ["from": "en"], arguments: [:])) { error in
      XCTAssertTrue("\(error)".contains("--arg to=es"), "\(error)")
    }
    XCTAssertEqual(try PageTranslation(preprocessingResults: ["from": "en"], arguments: ["to": "es"]).to, "es")
    XCTAssertThrowsError(
      try PageTranslation(preprocessingResults: ["from": "en", "to": "es", "segments": [["id": "x"]]], arguments: [:])
    ) { error in
      XCTAssertTrue("\(error)".contains("segments[0] needs a string `id` and a string `html`"), "\(error)")
    }
  }

  func testSourceLanguageComesFromThePageThenAForcedArgumentAndOtherLanguagesAreSkipped() throws {
    let results: [String: Any] = [
      "pageLanguage": "en-GB",
      "segments": [
        ["id": "1", "html": "Hello", "lang": "en-GB"],
        ["id": "2", "html": "Bonjour", "lang": "fr"],
        ["id": "3", "html": "World", "lang": ""],
      ],
      "attributes": [["id": "a", "text": "Hallo", "lang": "de"], ["id": "b", "text": "Menu", "lang": "eng"]],
    ]
    let page = try PageTranslation(preprocessingResults: results, arguments: ["to": "es"])
    XCTAssertEqual(page.from, "en-GB")
    XCTAssertEqual(page.segments.map(\.id), ["1", "3"])
    XCTAssertEqual(page.attributes.map(\.id), ["b"])
    XCTAssertEqual(page.skippedOtherLanguage, 2)
    // --arg from=fr is only a fallback: the page's own declaration wins; from=fr! forces it, and then the French
    // segment is the one translated.
    let fallback = try PageTranslation(preprocessingResults: results, arguments: ["to": "es", "from": "fr"])
    XCTAssertEqual(fallback.from, "en-GB")
    let french = try PageTranslation(preprocessingResults: results, arguments: ["to": "es", "from": "fr!"])
    XCTAssertEqual(french.segments.map(\.id), ["2", "3"])
    XCTAssertThrowsError(try PageTranslation(preprocessingResults: ["segments": []], arguments: ["to": "es"])) { error in
      XCTAssertTrue("\(error)".contains("does not say which language"), "\(error)")
    }
  }

  func testUnknownTargetListsInstalledPairsAndThePackage() throws {
    let page = PageTranslation(from: "en", to: "ca", segments: [.init(id: "1", html: "Hello")], attributes: [])
    XCTAssertThrowsError(try page.translate(with: ApertiumTranslator())) { error in
      let message = "\(error)"
      XCTAssertTrue(message.contains("Installed pairs: eng-spa, spa-eng, spa-eng_US."), message)
      XCTAssertTrue(message.contains("apt-get install apertium-eng-cat"), message)
    }
  }
}

final class EngineChoiceTests: XCTestCase {
  func testArgumentsWinOverDefaults() throws {
    let defaults = ["engine": "apy", "endpoint": "http://127.0.0.1:2737", "cache": "off"]
    let stored = try EngineChoice(arguments: [:], defaults: { defaults[$0] })
    XCTAssertEqual(stored.engine, "apy")
    XCTAssertEqual(stored.endpoint, URL(string: "http://127.0.0.1:2737"))
    XCTAssertFalse(stored.cacheEnabled)
    let chosen = try EngineChoice(arguments: ["engine": "apertium", "cache": "on"], defaults: { defaults[$0] })
    XCTAssertEqual(chosen.engine, "apertium")
    XCTAssertTrue(chosen.cacheEnabled)
    XCTAssertTrue(try chosen.makeTranslator(memoryDirectory: nil) is ApertiumTranslator)
  }

  func testTheEngineCacheKeepsOneWarmPipelineAcrossPages() throws {
    let cache = EngineCache()
    let choice = try EngineChoice(arguments: [:])
    let pair = LanguagePair(from: "en", to: "es")
    let first = try cache.withEngine(for: choice) { engine -> Int32? in
      XCTAssertEqual(try engine.translate(["The house."], pair: pair), ["La casa."])
      return (engine as? ApertiumTranslator)?.pipelineProcessIdentifier(for: pair)
    }
    let second = try cache.withEngine(for: choice) { engine -> Int32? in
      XCTAssertEqual(try engine.translate(["The river."], pair: pair), ["El río."])
      return (engine as? ApertiumTranslator)?.pipelineProcessIdentifier(for: pair)
    }
    XCTAssertNotNil(first)
    XCTAssertEqual(first, second)
  }

  func testBadChoicesSayWhatToPass() {
    XCTAssertThrowsError(try EngineChoice(arguments: ["engine": "google"])) { error in
      XCTAssertTrue("\(error)".contains("apertium, apy, libretranslate"), "\(error)")
    }
    XCTAssertThrowsError(try EngineChoice(arguments: ["engine": "apy"])) { error in
      XCTAssertTrue("\(error)".contains("--arg endpoint=URL"), "\(error)")
    }
    XCTAssertThrowsError(try EngineChoice(arguments: ["engine": "apy", "endpoint": "localhost"])) { error in
      XCTAssertTrue("\(error)".contains("not an http(s) URL"), "\(error)")
    }
  }

  func testLanguageCodes() {
    XCTAssertEqual(LanguagePair(from: "EN", to: "es-MX").modeName, "eng-spa")
    XCTAssertEqual(LanguagePair(from: "pt", to: "gl").modeName, "por-glg")
    XCTAssertEqual(LanguagePair(modeName: "spa-eng_US")?.target, "eng_US")
    XCTAssertEqual(LanguagePair(modeName: "spa-eng_US")?.targetISO6391, "en")
    XCTAssertEqual(LanguagePair(from: "oc", to: "ca").debianPackage, "apertium-oci-cat")
    let installed = [LanguagePair(modeName: "spa-eng_US")!]
    XCTAssertEqual(try LanguagePair.resolve(from: "es", to: "en", among: installed, engine: "apy").target, "eng_US")
  }

  func testInstalledPairsComeFromModeFilesInTheOverriddenDirectory() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("modes-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    for name in ["fra-cat.mode", "eng-spa.mode", "README", "broken.mode"] {
      try Data().write(to: directory.appendingPathComponent(name))
    }
    XCTAssertEqual(LanguagePair.installed(in: directory).map(\.modeName), ["eng-spa", "fra-cat"])
    setenv(LanguagePair.modesDirectoryVariable, directory.path, 1)
    defer { unsetenv(LanguagePair.modesDirectoryVariable) }
    XCTAssertEqual(LanguagePair.installed().map(\.modeName), ["eng-spa", "fra-cat"])
    XCTAssertEqual(try ApertiumTranslator().pairs().map(\.modeName), ["eng-spa", "fra-cat"])
  }
}
