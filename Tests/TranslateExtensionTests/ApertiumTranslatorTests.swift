import Foundation
import WebActionKit
import XCTest

@testable import TranslateExtension

#if canImport(Glibc)
  import Glibc
#endif

/// Runs the real Debian Apertium packages (apertium, apertium-eng-spa).
final class ApertiumTranslatorTests: XCTestCase {
  let engSpa = LanguagePair(from: "en", to: "es")

  func testInlineMarkupMovesWithItsWord() throws {
    let engine = ApertiumTranslator()
    let out = try engine.translate(["The <i>old</i> bridge crosses the river."], pair: engSpa)
    XCTAssertEqual(out, ["El puente <i>viejo</i> cruza el río."])
  }

  func testLinkAndBoldWrapTheRightSpanishWords() throws {
    let engine = ApertiumTranslator()
    let out = try engine.translateSegments(
      [#"Click <a href="/go?a=1&amp;b=2" class="x">here</a> to <b>start</b>"#], pair: engSpa)
    XCTAssertEqual(out, [.translated(#"Clic <a href="/go?a=1&amp;b=2" class="x">aquí</a> para <b>empezar</b>"#)])
  }

  func testNestedElementsAndMultiWordSpansComeBackWhole() throws {
    let engine = ApertiumTranslator()
    let out = try engine.translate(["The <b>big <i>red</i> house</b> is here."], pair: engSpa)
    XCTAssertEqual(out.count, 1)
    XCTAssertEqual(HTMLFragment.markupSignature(out[0]), ["<b>": 1, "</b>": 1, "<i>": 1, "</i>": 1])
    XCTAssertTrue(out[0].contains("<i>roja</i>"), out[0])
    XCTAssertTrue(out[0].hasPrefix("La <b>"), out[0])
  }

  func testVoidElementsCommentsAndEmptyElementsStayVerbatim() throws {
    let engine = ApertiumTranslator()
    let segment = #"Hello<br>world <img src="a.png" alt="x"> and <span class="icon"></span><!-- note --> friends"#
    let out = try engine.translateSegments([segment], pair: engSpa)
    guard case .translated(let html) = out[0] else { return XCTFail("damaged: \(out)") }
    for piece in ["<br>", #"<img src="a.png" alt="x">"#, #"<span class="icon"></span>"#, "<!-- note -->"] {
      XCTAssertTrue(html.contains(piece), "\(piece) missing from \(html)")
    }
    XCTAssertTrue(html.contains("Hola"), html)
  }

  func testReservedCharactersAndEntitiesSurvive() throws {
    let engine = ApertiumTranslator()
    let segment = #"Use q\z [x] ^y$ @qq {z} 5/6 *zz #qq &lt;zz&gt; &amp; &nbsp;done."#
    let out = try engine.translateSegments([segment], pair: engSpa)
    guard case .translated(let html) = out[0] else { return XCTFail("damaged: \(out)") }
    for piece in [#"q\z"#, "[x]", "^y$", "@qq", "{z}", "5/6", "*zz", "#qq", "&lt;zz&gt;", "&amp;", "&nbsp;"] {
      XCTAssertTrue(html.contains(piece), "\(piece) missing from \(html)")
    }
  }

  func testURLsEmailsEmojiAndOtherScriptsPassThrough() throws {
    let engine = ApertiumTranslator()
    let segment = "Don't \"quote\" it's 3.5% e-mail: a@b.com http://x.y/z?q=1 😀 café naïve Ελληνικά 中文 e\u{301} [x]\n\tend"
    let out = try engine.translateSegments([segment, "The house."], pair: engSpa)
    guard case .translated(let html) = out[0] else { return XCTFail("damaged: \(out)") }
    for piece in ["a@b.com", "http://x.y/z?q=1", "😀", "Ελληνικά", "中文", "e\u{301}", "[x]"] {
      XCTAssertTrue(html.contains(piece), "\(piece) missing from \(html)")
    }
    XCTAssertEqual(out[1], .translated("La casa."))
  }

  func testWhitespaceAroundASegmentIsKept() throws {
    let engine = ApertiumTranslator()
    XCTAssertEqual(try engine.translate(["\n  The house\n"], pair: engSpa), ["\n  La casa\n"])
  }

  func testManySegmentsInFewRequests() throws {
    let engine = ApertiumTranslator(requestLimit: 2048)
    let sentences = (0..<300).map { n in "The <b>house</b> number \(n) is red." }
    let out = try engine.translateSegments(sentences, pair: engSpa)
    XCTAssertEqual(out.count, 300)
    for (n, result) in out.enumerated() {
      XCTAssertEqual(result, .translated("El número de <b>casa</b> \(n) es rojo."))
    }
    // ~36 bytes a segment in 2 KB groups: far fewer requests than segments.
    XCTAssertLessThan(engine.batches(of: sentences, limit: 2048).count, 10)
  }

  func testEmptyInputAndUntranslatableSegments() throws {
    let engine = ApertiumTranslator()
    XCTAssertEqual(try engine.translate([], pair: engSpa), [])
    XCTAssertEqual(try engine.translate(["", "  ", "42", "<br>"], pair: engSpa), ["", "  ", "42", "<br>"])
  }

  func testRestartsAfterThePipelineIsKilled() throws {
    let engine = ApertiumTranslator()
    XCTAssertEqual(try engine.translate(["The house."], pair: engSpa), ["La casa."])
    let pid = try XCTUnwrap(engine.pipelineProcessIdentifier(for: engSpa))
    XCTAssertEqual(kill(-pid, SIGKILL), 0)
    XCTAssertEqual(try engine.translate(["The river."], pair: engSpa), ["El río."])
    XCTAssertNotEqual(engine.pipelineProcessIdentifier(for: engSpa), pid)
  }

  /// Pages on several threads translate through one pipeline at once: their requests take turns, and each gets its
  /// own answers, in its own order.
  func testPagesOnSeveralThreadsShareOnePipelineAndGetTheirOwnAnswers() throws {
    let engine = ApertiumTranslator(requestLimit: 512)
    XCTAssertEqual(try engine.translate(["The house."], pair: engSpa), ["La casa."])
    let pid = try XCTUnwrap(engine.pipelineProcessIdentifier(for: engSpa))
    let outcomes = Outcomes(count: 4), engSpa = engSpa
    DispatchQueue.concurrentPerform(iterations: 4) { page in
      let sentences = (0..<80).map { n in "The <b>house</b> number \(page * 1000 + n) is red." }
      outcomes.set(page, Result { try engine.translateSegments(sentences, pair: engSpa) })
    }
    for page in 0..<4 {
      let out = try outcomes.get(page).get()
      XCTAssertEqual(out, (0..<80).map { n in .translated("El número de <b>casa</b> \(page * 1000 + n) es rojo.") })
    }
    XCTAssertEqual(engine.pipelineProcessIdentifier(for: engSpa), pid, "one pipeline served them all")
  }

  /// A pipeline killed while two pages wait on it is restarted, and both pages get every answer.
  func testAPipelineKilledUnderTwoPagesRestartsForBoth() throws {
    let engine = ApertiumTranslator(requestLimit: 512)
    XCTAssertEqual(try engine.translate(["The house."], pair: engSpa), ["La casa."])
    let pid = try XCTUnwrap(engine.pipelineProcessIdentifier(for: engSpa))
    let outcomes = Outcomes(count: 2), engSpa = engSpa
    let pages = DispatchGroup()
    for page in 0..<2 {
      DispatchQueue.global().async(group: pages) {
        let sentences = (0..<2000).map { n in "The <b>house</b> number \(page * 10000 + n) is red." }
        outcomes.set(page, Result { try engine.translateSegments(sentences, pair: engSpa) })
      }
    }
    // About 28,000 words (3 s at Apertium's 10,000 words/s): both pages are still waiting when the pipeline dies. With
    // 400 sentences each, an idle machine had finished them before the kill, so the restart went untested.
    Thread.sleep(forTimeInterval: 0.3)
    XCTAssertEqual(pages.wait(timeout: .now()), .timedOut, "the pages finished before the kill: make them longer")
    XCTAssertEqual(kill(-pid, SIGKILL), 0)
    pages.wait()
    for page in 0..<2 {
      let out = try outcomes.get(page).get()
      XCTAssertEqual(out, (0..<2000).map { n in .translated("El número de <b>casa</b> \(page * 10000 + n) es rojo.") })
    }
    XCTAssertNotEqual(engine.pipelineProcessIdentifier(for: engSpa), pid)
  }

  func testAHungPipelineTimesOutRestartsAndFailsClearly() throws {
    let engine = ApertiumTranslator(
      command: "cat > /dev/null", modesDirectory: LanguagePair.modesDirectory, timeout: 0.3)
    XCTAssertThrowsError(try engine.translate(["The house."], pair: engSpa)) { error in
      let message = (error as? TranslateError)?.message ?? ""
      XCTAssertTrue(message.contains("eng-spa gave no answer within"), message)
      XCTAssertTrue(message.contains("twice"), message)
    }
  }

  func testAMalformedStreamErrorIsReported() throws {
    let engine = ApertiumTranslator(
      command: "echo 'Error: Malformed input stream.' >&2; exit 1", modesDirectory: LanguagePair.modesDirectory,
      timeout: 5)
    XCTAssertThrowsError(try engine.translate(["The house."], pair: engSpa)) { error in
      let message = (error as? TranslateError)?.message ?? ""
      XCTAssertTrue(message.contains("stopped, twice"), message)
      XCTAssertTrue(message.contains("Malformed input stream"), message)
    }
  }

  func testUnknownPairNamesInstalledPairsAndThePackage() throws {
    let engine = ApertiumTranslator()
    XCTAssertThrowsError(try engine.translate(["Hello"], pair: LanguagePair(from: "en", to: "ca"))) { error in
      let missing = error as? MissingDependencyError
      XCTAssertEqual(missing?.package, "apertium-eng-cat", "a missing pair is a MissingDependencyError: \(error)")
      let message = missing?.message ?? ""
      XCTAssertTrue(message.contains("no apertium language pair eng-cat"), message)
      XCTAssertTrue(message.contains("eng-spa"), message)
      XCTAssertTrue(message.contains("apt-get install apertium-eng-cat"), message)
    }
  }
}

/// Results that threads fill in, one slot each.
private final class Outcomes: @unchecked Sendable {
  private let lock = NSLock()
  private var slots: [Result<[SegmentTranslation], any Error>?]
  init(count: Int) { slots = Array(repeating: nil, count: count) }
  func set(_ index: Int, _ result: Result<[SegmentTranslation], any Error>) { lock.withLock { slots[index] = result } }
  func get(_ index: Int) throws -> Result<[SegmentTranslation], any Error> { try XCTUnwrap(lock.withLock { slots[index] }) }
}
