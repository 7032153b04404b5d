import Foundation
import XCTest

@testable import TranslateExtension

/// The fallback ladder for segments whose markup the engine damages, each step with the real Apertium.
/// The damaged segments are real ones, from the Rust book and Node.js's API documentation.
final class FallbackLadderTests: XCTestCase {
  let engSpa = LanguagePair(from: "en", to: "es")

  func page(_ segments: [PageTranslation.Segment]) -> PageTranslation {
    PageTranslation(from: "en", to: "es", segments: segments, attributes: [])
  }

  func testALetterlessElementTravelsAsASuperblankAndKeepsItsTags() throws {
    // Apertium drops the word-bound blank of `#`: the heading anchor of every Node.js API heading was damaged.
    let heading = #"Hello world<span data-wa="0"><a data-wa="1">#</a></span><a data-wa="2"></a>"#
    XCTAssertEqual(ApertiumStream(segments: [heading]).request, "Hello world[<span 0>][<a 1>][<_0>].[]")
    let out = try ApertiumTranslator().translateSegments([heading, #"See <sup data-wa="0"><a data-wa="1">[12]</a></sup> and <b>§</b>."#], pair: engSpa)
    XCTAssertEqual(out, [
      .translated(#"Hola Mundo<span data-wa="0"><a data-wa="1">#</a></span><a data-wa="2"></a>"#),
      .translated(#"Ve <sup data-wa="0"><a data-wa="1">[12]</a></sup> y <b>§</b>."#),
    ])
  }

  func testStepOneFlattensEmphasisOnAWordThatTranslatesToNothing() throws {
    // Emphatic "do" has no Spanish word, so its <em> comes back nowhere.
    let html = #"When you <em data-wa="0">do</em> want to update a crate, see <a data-wa="1">the guide</a>."#
    XCTAssertTrue(try ApertiumTranslator().translateSegments([html], pair: engSpa)[0].isDamaged)
    let result = try page([.init(id: "7", html: html, flattenable: ["0"])]).translate(with: ApertiumTranslator())
    XCTAssertEqual(result.translations["7"], #"Cuándo  quieres actualizar un crate, ver <a data-wa="1">la guía</a>."#)
    XCTAssertEqual(result.relaxed, ["7"])
    XCTAssertEqual(result.coverage, coverage(sent: 1, flattened: 1))
    XCTAssertEqual(result.damaged, 0)
  }

  func testStepTwoTranslatesEachRunWhenWordsReorderAcrossLinks() throws {
    // Apertium reorders "<Object> | <string[]>" across the links: they would cross. Links are not flattened.
    let html = #"Type: <a data-wa="0">&lt;Object&gt;</a> | <a data-wa="1">&lt;string[]&gt;</a> The header value."#
    XCTAssertTrue(try ApertiumTranslator().translateSegments([html], pair: engSpa)[0].isDamaged)
    let result = try page([.init(id: "1", html: html)]).translate(with: ApertiumTranslator())
    XCTAssertEqual(
      result.translations["1"], #"Tipo: <a data-wa="0">&lt;Objeto&gt;</a> | <a data-wa="1">&lt;Serie[]&gt;</a> El valor de encabezamiento."#)
    XCTAssertEqual(result.relaxed, [], "every element keeps its own translated text")
    XCTAssertEqual(result.coverage, coverage(sent: 1, split: 1))
  }

  func testStepThreeTranslatesThePlainTextWhenNoRunCanBeTranslatedAlone() throws {
    // An engine that damages whatever has markup and whatever is under three words: only the whole sentence, as
    // plain text, gets through. Its translation goes where the first text was; the image stays, the link goes.
    let engine = Damaging(ApertiumTranslator()) { $0.contains("<") || $0.split(separator: " ").count < 3 }
    let html = #"<img data-wa="0"> Click <a data-wa="1">here</a> to start"#
    let result = try page([.init(id: "1", html: html)]).translate(with: engine)
    XCTAssertEqual(result.translations["1"], #"<img data-wa="0"> Clic aquí para empezar "#)
    XCTAssertEqual(result.relaxed, ["1"])
    XCTAssertEqual(result.coverage, coverage(sent: 1, plainText: 1))
  }

  func testEachStepIsTriedOnlyOnWhatTheOneBeforeLeft() throws {
    let engine = Recording(ApertiumTranslator())
    let segments: [PageTranslation.Segment] = [
      .init(id: "fine", html: #"The <i data-wa="0">old</i> bridge."#, flattenable: ["0"]),
      .init(id: "flat", html: #"Rust <em data-wa="0">does</em> include it."#, flattenable: ["0"]),
      .init(id: "split", html: #"Returns: <a data-wa="0">&lt;vm.Module&gt;</a> | <a data-wa="1">&lt;Promise&gt;</a>"#),
    ]
    let result = try page(segments).translate(with: engine)
    XCTAssertEqual(result.coverage, coverage(sent: 3, translated: 1, flattened: 1, split: 1))
    XCTAssertEqual(engine.calls.count, 3, "one call for the page, one per step that had work")
    XCTAssertEqual(engine.calls[1], ["Rust does include it."])
    XCTAssertEqual(engine.calls[2], ["Returns:", "&lt;vm.Module&gt;", "&lt;Promise&gt;"])
    XCTAssertEqual(
      result.foundationObject["coverage"] as? [String: Int],
      ["sent": 3, "translated": 1, "flattened": 1, "split": 1, "plainText": 0, "untranslated": 0])
  }

  func testWhatNoStepTranslatesIsLeftOutAndCounted() throws {
    let engine = Damaging(ApertiumTranslator()) { _ in true }
    let result = try page([.init(id: "1", html: #"A <b data-wa="0">bold</b> move."#, flattenable: ["0"])]).translate(with: engine)
    XCTAssertEqual(result.translations, [:])
    XCTAssertEqual(result.coverage, coverage(sent: 1, untranslated: 1))
    XCTAssertEqual(result.damaged, 1)
  }

  func testVariants() {
    XCTAssertEqual(
      SegmentFallback.flattened(#"a <b data-wa="0">b <i data-wa="1">c</i></b> <a data-wa="2">d</a>"#, removing: ["0", "1"]),
      #"a b c <a data-wa="2">d</a>"#)
    XCTAssertNil(SegmentFallback.flattened(#"a <a data-wa="0">b</a>"#, removing: ["1"]))
    let split = SegmentFallback.Split(#" One <b data-wa="0"> two </b><br data-wa="1">3 &amp; four "#)
    XCTAssertEqual(split.runs, ["One", "two", "3 &amp; four"])
    XCTAssertEqual(split.rebuild(["Uno", "dos", "3 &amp; cuatro"]), #" Uno <b data-wa="0"> dos </b><br data-wa="1">3 &amp; cuatro "#)
    XCTAssertEqual(SegmentFallback.Split.matchingCase("Hace", of: "does"), "hace")
    XCTAssertEqual(SegmentFallback.Split.matchingCase("URL vacía", of: "empty URL"), "URL vacía")
    XCTAssertEqual(SegmentFallback.Split.matchingCase("Hace", of: "Does"), "Hace")
    let plain = SegmentFallback.PlainText(#"Press <kbd data-wa="0"></kbd> <b data-wa="1">now</b>, then <a data-wa="2">go &lt;here&gt;</a>"#)
    XCTAssertEqual(plain.text, "Press now, then go &lt;here&gt;")
    XCTAssertEqual(plain.rebuild("Pulsa ahora"), #"Pulsa ahora <kbd data-wa="0"></kbd> "#)
    // What has no words stays where it was and is not sent too.
    let numbered = SegmentFallback.PlainText(#"Page <b data-wa="0">42</b> | of <i data-wa="1">the</i> book"#)
    XCTAssertEqual(numbered.text, "Page | of the book")
    XCTAssertEqual(numbered.rebuild("Página | del libro"), #"Página | del libro <b data-wa="0">42</b> "#)
  }

  private func coverage(
    sent: Int, translated: Int = 0, flattened: Int = 0, split: Int = 0, plainText: Int = 0, untranslated: Int = 0
  ) -> PageTranslation.Coverage {
    var coverage = PageTranslation.Coverage()
    (coverage.sent, coverage.translated, coverage.flattened) = (sent, translated, flattened)
    (coverage.split, coverage.plainText, coverage.untranslated) = (split, plainText, untranslated)
    return coverage
  }
}

/// A real engine whose answers are reported damaged when `damages` says so for the segment sent.
private struct Damaging: Translator {
  let engine: any Translator
  let damages: (String) -> Bool
  init(_ engine: any Translator, damages: @escaping (String) -> Bool) { (self.engine, self.damages) = (engine, damages) }
  var name: String { engine.name }
  func pairs() throws -> [LanguagePair] { try engine.pairs() }
  func translateSegments(_ segments: [String], pair: LanguagePair) throws -> [SegmentTranslation] {
    try zip(segments, engine.translateSegments(segments, pair: pair)).map { segment, answer in
      damages(segment) ? .damaged(original: segment, reason: "damaged on purpose") : answer
    }
  }
}

/// A real engine that records what each call sent.
private final class Recording: Translator {
  let engine: any Translator
  var calls: [[String]] = []
  init(_ engine: any Translator) { self.engine = engine }
  var name: String { engine.name }
  func pairs() throws -> [LanguagePair] { try engine.pairs() }
  func translateSegments(_ segments: [String], pair: LanguagePair) throws -> [SegmentTranslation] {
    calls.append(segments)
    return try engine.translateSegments(segments, pair: pair)
  }
}
