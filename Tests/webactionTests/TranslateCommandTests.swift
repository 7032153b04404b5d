import Foundation
import XCTest

/// `webaction run … --ext translate` with the real Apertium packages.
final class TranslateCommandTests: XCTestCase {
  private func translate(_ arguments: [String], stdin: Data? = nil) throws -> WebActionCommand.Result {
    try WebActionCommand.run(["run"] + arguments + ["--ext", "translate", "--arg", "cache=off"], stdin: stdin)
  }

  private func count(_ pattern: String, in html: String) -> Int {
    (try? NSRegularExpression(pattern: pattern).numberOfMatches(in: html, range: NSRange(html.startIndex..., in: html))) ?? -1
  }

  private func blocks(_ tag: String, in html: String) -> [String] {
    let regex = try! NSRegularExpression(pattern: "<\(tag)[^>]*>[\\s\\S]*?</\(tag)>")
    return regex.matches(in: html, range: NSRange(html.startIndex..., in: html)).map { String(html[Range($0.range, in: html)!]) }
  }

  func testTheSamplePageComesOutInSpanishWithItsMarkupIntact() throws {
    let original = try WebActionCommand.run(
      ["run", "Pages/article.html", "--ext", "background", "--finalize-args", WebActionCommand.fixture("empty.json"), "-q"])
    let result = try translate(["Pages/article.html", "--arg", "to=es"])
    XCTAssertEqual(result.status, 0, result.stderr)
    let html = result.stdout, before = original.stdout

    // Structure: the same elements and links; scripts and styles byte-identical.
    XCTAssertEqual(count("<[a-zA-Z]", in: html), count("<[a-zA-Z]", in: before), "element count")
    XCTAssertEqual(count("<a ", in: html), count("<a ", in: before), "link count")
    XCTAssertEqual(blocks("script", in: html), blocks("script", in: before))
    XCTAssertEqual(blocks("style", in: html), blocks("style", in: before))

    // Language, title, visible text.
    XCTAssertTrue(html.contains(#"<html lang="es">"#))
    XCTAssertTrue(html.contains("<title>El Puente Viejo de Riverton</title>"), html)
    XCTAssertTrue(html.contains("<h2>El paseo de río</h2>"), html)
    // Inline markup moves with its words ("old" follows "bridge" in Spanish), and link targets are untouched.
    XCTAssertTrue(html.contains("<p>El puente <i>viejo</i> cruza el río"), html)
    XCTAssertTrue(html.contains(#"Clic <a href="/map.html">aquí</a> para <b>ver el mapa</b>"#), html)
    // Attributes people read.
    XCTAssertTrue(html.contains(#"alt="El puente de hueso en ocaso""#) || html.contains(#"alt="El puente de piedra"#), html)
    XCTAssertTrue(html.contains(#"title="El puente en verano""#), html)
    XCTAssertTrue(html.contains(#"placeholder="Búsqueda la guía""#), html)
    XCTAssertTrue(html.contains(#"<input type="button" value="Búsqueda">"#), html)
    XCTAssertTrue(html.contains(#"<nav aria-label="Carta principal">"#), html)
    XCTAssertTrue(html.contains(#"<meta property="og:description" content="Paseo a través del puente más viejo en el valle.">"#), html)
    // Skipped regions stay verbatim.
    XCTAssertTrue(html.contains(#"<p translate="no">Riverton Bridge Society</p>"#))
    XCTAssertTrue(html.contains("<pre><code>GPS: 51.5072 N, 0.1276 W</code></pre>"))
    XCTAssertFalse(html.contains("The old bridge crosses"), "no English paragraph is left")
  }

  func testOtherLanguagesNotranslateAndEditableRegionsAreLeftAlone() throws {
    let page = """
      <html lang="en"><head><title>Notes</title></head><body>
      <p>The river is cold.</p>
      <p lang="fr">La rivière est froide.</p>
      <p class="notranslate">The river is cold.</p>
      <div contenteditable="true"><p>The river is cold.</p></div>
      <p>Use <code>ls -la</code> to list the files.</p>
      </body></html>
      """
    let result = try translate(["-", "--arg", "to=es"], stdin: Data(page.utf8))
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertTrue(result.stdout.contains("<p>El río pasa frío.</p>"), result.stdout)
    XCTAssertTrue(result.stdout.contains(#"<p lang="fr">La rivière est froide.</p>"#))
    XCTAssertTrue(result.stdout.contains(#"<p class="notranslate">The river is cold.</p>"#))
    XCTAssertTrue(result.stdout.contains(#"<div contenteditable="true"><p>The river is cold.</p></div>"#))
    XCTAssertTrue(result.stdout.contains("<code>ls -la</code>"), "inline code travels as an opaque placeholder: \(result.stdout)")
  }

  func testDamagedMarkupKeepsTheOriginalSegment() throws {
    // The native side is replaced by a finalize argument whose first paragraph lost its link placeholder and whose
    // second paragraph is fine: the first keeps its original text, the second is written.
    let page = #"<html lang="en"><title>T</title><body><p>Click <a href="/x">here</a> now</p><p>Good <b>day</b></p></body></html>"#
    let arguments = WebActionCommand.fixtures.appendingPathComponent("damaged-translation.json").path
    let result = try WebActionCommand.run(
      ["run", "-", "--ext", "translate", "--finalize-args", arguments], stdin: Data(page.utf8))
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertTrue(result.stdout.contains(#"<p>Click <a href="/x">here</a> now</p>"#), result.stdout)
    XCTAssertTrue(result.stdout.contains("<p>Buen <b>día</b></p>"), result.stdout)
    XCTAssertTrue(result.stderr.contains("1 segment(s) or attribute(s) left untranslated"), result.stderr)
  }

  func testAHundredSegmentsDamagedOnPurposeAllComeOutTranslated() throws {
    // Apertium has no Spanish word for emphatic "do" nor for auxiliary "does", so the element around it comes back
    // nowhere: every paragraph's markup is damaged. The <em>s are flattened (step 1); the links, which carry
    // attributes, are kept and each run of text is translated alone (step 2).
    let nouns = ["heap", "stack", "vector", "string", "buffer", "socket", "thread", "module", "server", "client"]
    let verbs = ["copy", "move", "read", "write", "check"]
    var paragraphs: [String] = []
    for i in 0..<50 {
      paragraphs.append(
        ##"<p>If we <em>do</em> want to \##(verbs[i / 10]) the \##(nouns[i % 10]) data, we can use a <a href="#m\##(i)">method</a>.</p>"##)
    }
    for i in 0..<50 {
      paragraphs.append(##"<p>The compiler <a href="#d\##(i)">does</a> \##(verbs[i / 10]) the \##(nouns[i % 10]) for you.</p>"##)
    }
    let page = #"<!DOCTYPE html><html lang="en"><head><title>Damaged</title></head><body>"#
      + paragraphs.joined(separator: "\n") + "</body></html>"
    let reply = FileManager.default.temporaryDirectory.appendingPathComponent("reply-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: reply) }
    let result = try translate(["-", "--arg", "to=es", "--save-finalize-args", reply.path], stdin: Data(page.utf8))
    XCTAssertEqual(result.status, 0, result.stderr)
    let argument = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: reply)) as? [String: Any])
    XCTAssertEqual(
      argument["coverage"] as? [String: Int],
      ["sent": 101, "translated": 1, "flattened": 50, "split": 50, "plainText": 0, "untranslated": 0])
    XCTAssertEqual((argument["relaxed"] as? [String])?.count, 50, "the flattened segments may leave their <em> out")
    XCTAssertTrue(
      result.stderr.contains(
        "translate: 101 segments: 1 translated, 50 with plain inline elements flattened, "
          + "50 split at their inline elements, 0 left untranslated"), result.stderr)
    XCTAssertFalse(result.stderr.contains("left untranslated:"), result.stderr)
    let html = result.stdout
    XCTAssertEqual(count("<p>", in: html), 100)
    XCTAssertEqual(count("If we|The compiler|we can use|for you", in: html), 0, "no English sentence is left: \(html)")
    XCTAssertEqual(count("<a href=\"#[md][0-9]+\">", in: html), 100, "every link is kept")
    XCTAssertEqual(count("<em>", in: html), 0, "the flattened emphasis")
    XCTAssertTrue(html.contains(##"<p>Si  queremos copiar el heap dato,  podemos utilizar un <a href="#m0">método</a>.</p>"##), html)
    XCTAssertTrue(html.contains(##"<p>El compilador <a href="#d0">hace</a> copia el heap para ti.</p>"##), html)
  }

  func testTheEngineComesFromTheAppGroupDefaultsAndArgumentsOverrideThem() throws {
    let suite = "group.com.webaction.translate"
    try WebActionCommand.run(["defaults", "write", suite, "engine", "libretranslate"])
    try WebActionCommand.run(["defaults", "write", suite, "endpoint", "http://127.0.0.1:9"])
    defer {
      _ = try? WebActionCommand.run(["defaults", "delete", suite, "engine"])
      _ = try? WebActionCommand.run(["defaults", "delete", suite, "endpoint"])
    }
    let page = Data(#"<html lang="en"><body><p>The river is cold.</p></body></html>"#.utf8)
    let stored = try translate(["-", "--arg", "to=es"], stdin: page)
    XCTAssertEqual(stored.status, 7, stored.stderr)
    XCTAssertTrue(stored.stderr.contains("127.0.0.1:9"), "the stored endpoint was used: \(stored.stderr)")
    let overridden = try translate(["-", "--arg", "to=es", "--arg", "engine=apertium"], stdin: page)
    XCTAssertEqual(overridden.status, 0, overridden.stderr)
    XCTAssertTrue(overridden.stdout.contains("<p>El río pasa frío.</p>"), overridden.stdout)
  }

  /// Pages that declare no language, or the wrong one, are translated from the language their text reads as (CLD2),
  /// and say so; `from=xx!` forces a language; a page already in the target language is left as it is.
  func testTheSourceLanguageIsDetected() throws {
    let english = "<!DOCTYPE html><title>Bridges</title><p>The old bridge crosses the river near the market, and the town library opens every morning.</p>"
    let spanishSaysEnglish = "<!DOCTYPE html><html lang=\"en\"><title>Puentes</title><p>El puente viejo cruza el río cerca del mercado, y la biblioteca abre todas las mañanas.</p><p>Los visitantes caminan por el río para ver los barcos y las casas antiguas del pueblo.</p></html>"
    let undeclared = try translate(["-", "--arg", "to=es"], stdin: Data(english.utf8))
    XCTAssertEqual(undeclared.status, 0, undeclared.stderr)
    XCTAssertTrue(undeclared.stderr.contains("translate: the page declares no language; its text reads as en ("), undeclared.stderr)
    XCTAssertTrue(undeclared.stdout.contains("<html lang=\"es\">") && undeclared.stdout.contains("puente"), undeclared.stdout)
    let wrong = try translate(["-", "--arg", "to=en"], stdin: Data(spanishSaysEnglish.utf8))
    XCTAssertEqual(wrong.status, 0, wrong.stderr)
    XCTAssertTrue(wrong.stderr.contains("the page says it is in en, but its text reads as es ("), wrong.stderr)
    XCTAssertTrue(wrong.stdout.contains("bridge"), wrong.stdout)
    XCTAssertTrue(wrong.stderr.contains(" translated, 0 left untranslated"), wrong.stderr)
    let already = try translate(["-", "--arg", "to=es"], stdin: Data(spanishSaysEnglish.utf8))
    XCTAssertEqual(already.status, 0, already.stderr)
    XCTAssertTrue(already.stderr.contains("the page is already in es: left as it is"), already.stderr)
    XCTAssertTrue(already.stdout.contains("El puente viejo cruza"), already.stdout)
    // from=en! believes the page (and its English declaration) whatever the text reads as.
    let forced = try translate(["-", "--arg", "to=es", "--arg", "from=en!"], stdin: Data(english.utf8))
    XCTAssertEqual(forced.status, 0, forced.stderr)
    XCTAssertFalse(forced.stderr.contains("reads as"), forced.stderr)
  }

  /// A navigation bar (links with only separators between them) is translated link by link: the items keep their
  /// order and the separators their places (as one sentence, Apertium reordered it: "Viaje | de casa | nos Contacto").
  func testLinkListsKeepTheirOrder() throws {
    let result = try translate(["Pages/article.html", "--arg", "to=es"])
    XCTAssertEqual(result.status, 0, result.stderr)
    let nav = try XCTUnwrap(result.stdout.range(of: #"<nav[^>]*>[\s\S]*?</nav>"#, options: .regularExpression).map { String(result.stdout[$0]) })
    let links = try NSRegularExpression(pattern: #"<a href="([^"]*)"[^>]*>([^<]*)</a>"#)
      .matches(in: nav, range: NSRange(nav.startIndex..., in: nav))
      .map { (String(nav[Range($0.range(at: 1), in: nav)!]), String(nav[Range($0.range(at: 2), in: nav)!])) }
    XCTAssertEqual(links.map(\.0), ["/", "/travel/", "/contact.html"], nav)
    XCTAssertEqual(links[1].1, "Viaje", nav)
    XCTAssertFalse(links.contains { ["Home", "Travel", "Contact us"].contains($0.1) }, "every item translated: \(nav)")
    XCTAssertEqual(count(#"</a> \|"#, in: nav), 2, nav)
  }

  /// A missing pair for one page's own language fails that page only: a batch of English and French pages to Spanish
  /// translates the English ones and names the French page's package (exit 10, not a stop at the first); a pair
  /// forced for every page (`from=fr!`) stops the batch at the first page, with exit 8.
  func testAPairMissingForOnePagesLanguageFailsThatPageOnly() throws {
    let work = FileManager.default.temporaryDirectory.appendingPathComponent("webaction-mixed-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: work) }
    let folder = work.appendingPathComponent("mixed")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let english = "<!doctype html><html lang=en><title>A walk</title><p>The old bridge crosses the river near the market."
    for name in ["a", "b", "c"] { try Data(english.utf8).write(to: folder.appendingPathComponent("\(name).html")) }
    try Data("<!doctype html><html lang=fr><title>Une promenade</title><p>Le vieux pont traverse la rivière.".utf8)
      .write(to: folder.appendingPathComponent("fr.html"))
    let mixed = try WebActionCommand.run(
      ["batch", folder.path, "--ext", "translate", "--arg", "to=es", "--out", work.appendingPathComponent("es").path, "-j", "1"],
      timeLimit: 120)
    XCTAssertEqual(mixed.status, 10, mixed.stderr)
    XCTAssertTrue(mixed.stderr.contains("fr.html: translate: no apertium language pair fra-spa"), mixed.stderr)
    XCTAssertFalse(mixed.stderr.contains("stopped: every page would fail"), mixed.stderr)
    XCTAssertTrue(mixed.stderr.contains(": 3 ok, 1 failed"), mixed.stderr)
    let forced = try WebActionCommand.run(
      ["batch", folder.path, "--ext", "translate", "--arg", "to=es", "--arg", "from=fr!", "--out",
       work.appendingPathComponent("es-forced").path, "-j", "1"], timeLimit: 120)
    XCTAssertEqual(forced.status, 8, forced.stderr)
    XCTAssertTrue(forced.stderr.contains("stopped: every page would fail this way"), forced.stderr)
  }

  func testMissingSourceLanguageAndUnknownPairAreClear() throws {
    // No language declared and none to read in the text: the error says what to pass.
    let noLang = try translate(["-", "--arg", "to=es"], stdin: Data("<p>1234 5678</p>".utf8))
    XCTAssertEqual(noLang.status, 7, noLang.stderr)
    XCTAssertTrue(noLang.stderr.contains("--arg from=en"), noLang.stderr)

    // A pair Debian packages but this machine lacks: a missing dependency, with the package that exists.
    let missing = try translate(["Pages/article.html", "--arg", "to=ca", "-o", "/tmp/never-written.html"])
    XCTAssertEqual(missing.status, 8, "a missing language pair is a missing dependency: \(missing.stderr)")
    XCTAssertTrue(missing.stderr.contains("Installed pairs: eng-spa"), missing.stderr)
    XCTAssertTrue(missing.stderr.contains("apt-get install apertium-eng-cat"), missing.stderr)
    // A pair Debian does not package: no package is invented; the pairs it has for English are named.
    let absent = try translate(["Pages/article.html", "--arg", "to=fr", "-o", "/tmp/never-written.html"])
    XCTAssertEqual(absent.status, 7, absent.stderr)
    XCTAssertFalse(absent.stderr.contains("apertium-eng-fra"), absent.stderr)
    XCTAssertTrue(absent.stderr.contains("Debian packages no eng–fra pair for Apertium; with eng it has: "), absent.stderr)
    XCTAssertTrue(absent.stderr.contains("spa (apertium-eng-spa)"), absent.stderr)
    let same = try translate(["Pages/article.html", "--arg", "to=en", "-o", "/tmp/never-written.html"])
    XCTAssertTrue(same.stderr.contains("from and to are the same language (eng)"), same.stderr)
    let code = try translate(["Pages/article.html", "--arg", "to=xx", "-o", "/tmp/never-written.html"])
    XCTAssertTrue(code.stderr.contains("to=xx is not a language code webaction knows"), code.stderr)
    let japanese = try translate(["Pages/article.html", "--arg", "to=ja", "-o", "/tmp/never-written.html"])
    XCTAssertTrue(japanese.stderr.contains("Debian packages no eng–ja pair"), japanese.stderr)
  }
}
