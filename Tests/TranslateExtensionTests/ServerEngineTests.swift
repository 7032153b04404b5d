import Foundation
import XCTest

@testable import TranslateExtension

/// The `apy` engine against a real `apertium-apy` on loopback.
final class APyTranslatorTests: XCTestCase {
  var server: LoopbackServer?

  override func tearDown() { server?.stop() }

  func testAgainstARealAPyServer() throws {
    let port = try LoopbackServer.freePort()
    let server = try LoopbackServer(
      executable: "/usr/bin/apertium-apy", arguments: ["-p", "\(port)", "/usr/share/apertium/modes"], port: port)
    self.server = server
    try server.waitUntilReady(path: "/listPairs", within: 30)
    let engine = APyTranslator(endpoint: server.baseURL, requestLimit: 200)
    let engSpa = LanguagePair(from: "en", to: "es")

    XCTAssertTrue(try engine.pairs().contains(engSpa))
    XCTAssertTrue(try engine.pairs().contains(LanguagePair(modeName: "spa-eng_US")!))

    // APy's HTML route keeps tags where they were (NOTES.md): the italics stay on the second word.
    let segments = [
      "The <i>old</i> bridge crosses the river.", "Click <a href=\"/x?a=1&amp;b=2\">here</a> to start.",
      "  The house is red. ", "Hello world",
    ]
    let out = try engine.translateSegments(segments, pair: engSpa)
    XCTAssertEqual(out, [
      .translated("El <i>puente</i> viejo cruza el río."),
      .translated("Clic <a href=\"/x?a=1&amp;b=2\">aquí</a> para empezar."),
      .translated("  La casa es roja. "),
      .translated("Hola Mundo"),
    ])

    XCTAssertThrowsError(try engine.translate(["Hello"], pair: LanguagePair(from: "en", to: "fr"))) { error in
      let message = (error as? TranslateError)?.message ?? ""
      XCTAssertTrue(message.contains("HTTP 400"), message)
      XCTAssertTrue(message.contains("/translate"), message)
      XCTAssertTrue(message.contains("not installed"), message)
    }
  }

  func testParagraphSplittingAndDamageCheck() {
    XCTAssertEqual(APyTranslator.paragraphs("<p>a <b>b</b></p>\n<p></p>"), ["a <b>b</b>", ""])
    XCTAssertNil(APyTranslator.paragraphs("<p>a"))
    XCTAssertEqual(APyTranslator.check(source: "a <b>b</b>", translation: "x y").isDamaged, true)
    XCTAssertEqual(APyTranslator.check(source: " a ", translation: "x"), .translated(" x "))
  }
}

/// The `libretranslate` engine against a loopback server speaking LibreTranslate's documented API.
final class LibreTranslateTranslatorTests: XCTestCase {
  var server: LoopbackServer?

  override func tearDown() { server?.stop() }

  func startServer(apiKey: String?) throws -> LoopbackServer {
    let script = try XCTUnwrap(Bundle.module.url(forResource: "Fixtures/libretranslate_server", withExtension: "py"))
    let server = try LoopbackServer(executable: "/usr/bin/python3", arguments: [script.path] + (apiKey.map { [$0] } ?? []))
    self.server = server
    return server
  }

  func testBatchesSegmentsAsAQArrayWithTheDocumentedFields() throws {
    let server = try startServer(apiKey: "secret")
    let engine = LibreTranslateTranslator(endpoint: server.baseURL, apiKey: "secret")
    let pair = LanguagePair(from: "en", to: "es")
    XCTAssertEqual(try engine.pairs(), [
      LanguagePair(from: "en", to: "fr"), LanguagePair(from: "en", to: "es"), LanguagePair(from: "es", to: "en"),
    ])
    let out = try engine.translateSegments(
      ["Hello <b>world</b>", "Click <a href=\"x\">here</a>", "DROPTAG <i>house</i>"], pair: pair)
    XCTAssertEqual(out[0], .translated("hola <b>mundo</b>"))
    XCTAssertEqual(out[1], .translated("clic <a href=\"x\">aquí</a>"))
    XCTAssertEqual(out[2].isDamaged, true)
    XCTAssertEqual(out[2].html, "DROPTAG <i>house</i>")

    let last = try XCTUnwrap(JSONSerialization.jsonObject(with: server.get("/last").1) as? [String: Any])
    XCTAssertEqual(last["q"] as? [String], ["Hello <b>world</b>", "Click <a href=\"x\">here</a>", "DROPTAG <i>house</i>"])
    XCTAssertEqual(last["source"] as? String, "en")
    XCTAssertEqual(last["target"] as? String, "es")
    XCTAssertEqual(last["format"] as? String, "html")
    XCTAssertEqual(last["api_key"] as? String, "secret")
  }

  func testAcceptsAStringTranslatedTextAndReportsHTTPErrors() throws {
    let server = try startServer(apiKey: "secret")
    let good = LibreTranslateTranslator(endpoint: server.baseURL, apiKey: "secret")
    XCTAssertEqual(try good.request(["the house"], pair: LanguagePair(from: "en", to: "es")), ["el casa"])
    let bad = LibreTranslateTranslator(endpoint: server.baseURL, apiKey: "wrong")
    XCTAssertThrowsError(try bad.translate(["Hello"], pair: LanguagePair(from: "en", to: "es"))) { error in
      let message = (error as? TranslateError)?.message ?? ""
      XCTAssertTrue(message.contains("HTTP 403"), message)
      XCTAssertTrue(message.contains("POST"), message)
      XCTAssertTrue(message.contains("Invalid API key"), message)
    }
  }

  func testAnUnreachableServerNamesTheEndpoint() throws {
    let port = try LoopbackServer.freePort()
    let engine = LibreTranslateTranslator(endpoint: URL(string: "http://127.0.0.1:\(port)")!, timeout: 5)
    XCTAssertThrowsError(try engine.pairs()) { error in
      let message = (error as? TranslateError)?.message ?? ""
      XCTAssertTrue(message.contains("127.0.0.1:\(port)/languages"), message)
    }
  }
}
