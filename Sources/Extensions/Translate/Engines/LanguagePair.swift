import WebActionKit
import Foundation

/// A translation direction, named with Apertium's ISO 639-3 codes (`eng` → `spa`).
///
/// A variant such as `spa-eng_US` keeps its suffix in `target` ("eng_US").
public struct LanguagePair: Sendable, Hashable, CustomStringConvertible, Comparable {
  /// The source language, ISO 639-3 as Apertium spells it ("eng").
  public var source: String
  /// The target language, ISO 639-3 as Apertium spells it, with any variant suffix ("spa", "eng_US").
  public var target: String

  /// Makes a pair from two codes, each ISO 639-1 ("en") or ISO 639-3 ("eng"); case is ignored.
  public init(from source: String, to target: String) {
    self.source = LanguagePair.apertiumCode(source)
    self.target = LanguagePair.apertiumCode(target)
  }

  /// Parses an Apertium mode name such as "eng-spa" or "spa-eng_US"; nil when it has no `-`.
  public init?(modeName: String) {
    guard let dash = modeName.firstIndex(of: "-") else { return nil }
    let source = String(modeName[..<dash])
    let target = String(modeName[modeName.index(after: dash)...])
    guard !source.isEmpty, !target.isEmpty else { return nil }
    self.source = source
    self.target = target
  }

  /// Apertium's name for the pair and its mode file: "eng-spa".
  public var modeName: String { "\(source)-\(target)" }

  /// APy's `langpair` parameter: "eng|spa".
  public var apyName: String { "\(source)|\(target)" }

  /// The ISO 639-1 code of the source language ("en"), or the 639-3 code when it has none.
  public var sourceISO6391: String { LanguagePair.iso6391Code(source) }

  /// The ISO 639-1 code of the target language ("es"), or the 639-3 code when it has none.
  public var targetISO6391: String { LanguagePair.iso6391Code(target) }

  /// The Debian package that usually provides this pair.
  public var debianPackage: String {
    "apertium-\(source)-\(LanguagePair.baseCode(target))"
  }

  public var description: String { modeName }

  public static func < (lhs: LanguagePair, rhs: LanguagePair) -> Bool { lhs.modeName < rhs.modeName }

  /// ISO 639-1 → ISO 639-3 codes of the languages Apertium has pairs for.
  public static let iso6393ByISO6391: [String: String] = [
    "af": "afr", "an": "arg", "ar": "ara", "ast": "ast", "be": "bel", "bg": "bul", "br": "bre", "ca": "cat",
    "cs": "ces", "cy": "cym", "da": "dan", "de": "deu", "el": "ell", "en": "eng", "eo": "epo", "es": "spa",
    "et": "est", "eu": "eus", "fa": "fas", "fi": "fin", "fo": "fao", "fr": "fra", "ga": "gle", "gd": "gla",
    "gl": "glg", "he": "heb", "hi": "hin", "hr": "hrv", "hu": "hun", "id": "ind", "is": "isl", "it": "ita",
    "kk": "kaz", "ky": "kir", "lt": "lit", "lv": "lav", "mk": "mkd", "ms": "msa", "mt": "mlt", "nb": "nob",
    "nl": "nld", "nn": "nno", "no": "nor", "oc": "oci", "pl": "pol", "pt": "por", "ro": "ron", "ru": "rus",
    "sc": "srd", "se": "sme", "sk": "slk", "sl": "slv", "sq": "sqi", "sr": "srp", "sv": "swe", "tt": "tat",
    "tr": "tur", "uk": "ukr", "ur": "urd", "uz": "uzb",
  ]

  /// ISO 639-3 → ISO 639-1, the inverse of `iso6393ByISO6391`.
  public static let iso6391ByISO6393: [String: String] = Dictionary(
    iso6393ByISO6391.map { ($0.value, $0.key) }, uniquingKeysWith: { first, _ in first })

  /// Maps "en", "EN", "en-GB" or "eng" to Apertium's "eng"; unknown codes pass through lowercased.
  public static func apertiumCode(_ code: String) -> String {
    let lower = code.lowercased().replacingOccurrences(of: "_", with: "-")
    let base = lower.split(separator: "-").first.map(String.init) ?? lower
    return iso6393ByISO6391[base] ?? (base.count == 3 ? base : lower)
  }

  /// Maps "eng" (or "eng_US") to "en"; codes without a 639-1 form pass through.
  public static func iso6391Code(_ code: String) -> String {
    let base = baseCode(code)
    return iso6391ByISO6393[base] ?? base
  }

  /// Whether `code` (as ``apertiumCode(_:)`` makes it, without a variant) can name a language: any three letters
  /// (ISO 639-3 has too many to list), or a two-letter ISO 639-1 code.
  static func isKnownCode(_ code: String) -> Bool {
    (code.count == 3 && code.allSatisfy { $0.isASCII && $0.isLetter }) || iso6391Codes.contains(code)
  }

  /// Every ISO 639-1 code (most have no Apertium pair: `ja` is a language, `xx` is not).
  static let iso6391Codes: Set<String> = Set("""
    aa ab ae af ak am an ar as av ay az ba be bg bh bi bm bn bo br bs ca ce ch co cr cs cu cv cy da de dv dz ee el en
    eo es et eu fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho hr ht hu hy hz ia id ie ig ii ik io is it iu ja jv
    ka kg ki kj kk kl km kn ko kr ks ku kv kw ky la lb lg li ln lo lt lu lv mg mh mi mk ml mn mr ms mt my na nb nd ne
    ng nl nn no nr nv ny oc oj om or os pa pi pl ps pt qu rm rn ro ru rw sa sc sd se sg si sk sl sm sn so sq sr ss st
    su sv sw ta te tg th ti tk tl tn to tr ts tt tw ty ug uk ur uz ve vi vo wa wo xh yi yo za zh zu
    """.split(whereSeparator: \.isWhitespace).map(String.init))

  static func baseCode(_ code: String) -> String {
    code.split(separator: "_").first.map(String.init) ?? code
  }
}

extension LanguagePair {
  /// The environment variable that overrides the directory of installed Apertium modes (used by tests).
  public static let modesDirectoryVariable = "WEBACTION_APERTIUM_MODES"

  /// Where Debian installs Apertium's mode files, unless `WEBACTION_APERTIUM_MODES` says otherwise.
  public static var modesDirectory: URL {
    if let override = ProcessInfo.processInfo.environment[modesDirectoryVariable], !override.isEmpty {
      return URL(fileURLWithPath: override, isDirectory: true)
    }
    return URL(fileURLWithPath: "/usr/share/apertium/modes", isDirectory: true)
  }

  /// The pairs with a `<pair>.mode` file in `directory`, sorted; empty when the directory does not exist.
  public static func installed(in directory: URL = modesDirectory) -> [LanguagePair] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { $0.hasSuffix(".mode") }
      .compactMap { LanguagePair(modeName: String($0.dropLast(".mode".count))) }
      .sorted()
  }

  /// Finds `from` → `to` among `available`, or throws an error that lists what is there and what to install.
  ///
  /// A bare target ("spa") also matches a variant ("spa_ES") when it is the only one.
  /// - Parameter forThisPageOnly: the source language is the page's own (declared or detected), so a missing pair
  ///   need not stop a batch of pages in other languages (``MissingDependencyError/forThisPageOnly``).
  public static func resolve(
    from: String, to: String, among available: [LanguagePair], engine: String, forThisPageOnly: Bool = false
  ) throws -> LanguagePair {
    let wanted = LanguagePair(from: from, to: to)
    for (argument, code) in [("from", wanted.source), ("to", baseCode(wanted.target))] where !isKnownCode(code) {
      throw TranslateError(
        "translate: \(argument)=\(argument == "from" ? from : to) is not a language code webaction knows; give ISO 639-1 (es) or ISO 639-3 (spa)")
    }
    if wanted.source == baseCode(wanted.target) {
      throw TranslateError("translate: from and to are the same language (\(wanted.source)): there is nothing to translate")
    }
    if available.contains(wanted) { return wanted }
    let variants = available.filter { $0.source == wanted.source && baseCode($0.target) == wanted.target }
    if variants.count == 1 { return variants[0] }
    let list = available.isEmpty ? "none" : available.map(\.modeName).joined(separator: ", ")
    var message = "translate: no \(engine) language pair \(wanted.modeName) (from \"\(from)\" to \"\(to)\"). "
      + "Installed pairs: \(list)."
    if engine == "apertium" {
      let packaged = DebianApertiumPairs.packages()
      if let package = DebianApertiumPairs.package(for: wanted, among: packaged) {
        message += " Install it with `apt-get install \(package)`, or choose another `--arg to=`."
        throw MissingDependencyError(message, package: package, forThisPageOnly: forThisPageOnly)
      }
      let others = DebianApertiumPairs.partners(of: wanted.source, among: packaged)
      message += " Debian packages no \(wanted.source)–\(LanguagePair.baseCode(wanted.target)) pair for Apertium"
        + (others.isEmpty
          ? "."
          : "; with \(wanted.source) it has: \(others.map { "\($0.language) (\($0.package))" }.joined(separator: ", ")).")
        + " Choose one of those with `--arg to=`, or use an engine that has the pair (`--arg engine=libretranslate`)."
    } else {
      message += " Choose one of those with `--arg from=` and `--arg to=`, or another engine."
    }
    throw TranslateError(message)
  }
}

/// The Apertium language pairs Debian packages, for advice that names only packages that exist.
enum DebianApertiumPairs {
  /// What Debian 12 packages (`apt-cache search --names-only '^apertium-'`, 2026-12-01), used when apt-cache answers
  /// nothing (no package lists).
  static let debian12 = [
    "apertium-af-nl", "apertium-afr-nld", "apertium-arg-cat", "apertium-bel-rus", "apertium-br-fr", "apertium-ca-it",
    "apertium-cat-ita", "apertium-cat-srd", "apertium-dan-nor", "apertium-en-gl", "apertium-en-ca", "apertium-eng-cat",
    "apertium-en-es", "apertium-eng-spa", "apertium-eo-ca", "apertium-eo-en", "apertium-eo-es", "apertium-eo-fr",
    "apertium-es-gl", "apertium-es-pt", "apertium-es-ro", "apertium-eu-en", "apertium-eu-es", "apertium-fr-es",
    "apertium-fra-cat", "apertium-fra-frp", "apertium-hbs-eng", "apertium-hbs-mkd", "apertium-hbs-slv", "apertium-id-ms",
    "apertium-ind-zlm", "apertium-isl-eng", "apertium-is-sv", "apertium-isl-swe", "apertium-mk-bg", "apertium-mkd-bul",
    "apertium-mk-en", "apertium-mkd-eng", "apertium-nno-nob", "apertium-oc-ca", "apertium-oc-es", "apertium-oci-fra",
    "apertium-pol-szl", "apertium-por-cat", "apertium-pt-ca", "apertium-pt-gl", "apertium-rus-ukr", "apertium-spa-arg",
    "apertium-es-ast", "apertium-spa-ast", "apertium-es-ca", "apertium-spa-cat", "apertium-es-it", "apertium-spa-ita",
    "apertium-srd-ita", "apertium-swe-dan", "apertium-swe-nor", "apertium-urd-hin",
  ]

  /// The pair packages apt knows, else Debian 12's list. Asked once per process: `apt-cache search` takes about a
  /// second, which a batch paid again on every page that lacked its pair.
  static func packages() -> [String] { known }

  private static let known: [String] = {
    guard let (_, text) = ChildProcesses.output(of: ["apt-cache", "search", "--names-only", "^apertium-[a-z]+-[a-z]+$"])
    else { return debian12 }
    let found = text.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }
      .filter { languages(of: $0) != nil }
    return found.isEmpty ? debian12 : found
  }()

  /// The two languages of a pair package, as Apertium's ISO 639-3 codes; nil for other apertium-* packages.
  static func languages(of package: String) -> (String, String)? {
    let parts = package.split(separator: "-").map(String.init)
    guard parts.count == 3, parts[0] == "apertium", parts[1].count <= 3, parts[2].count <= 3,
      parts[1].count >= 2, parts[2].count >= 2, !["dev", "get", "lex"].contains(parts[1])
    else { return nil }
    return (LanguagePair.apertiumCode(parts[1]), LanguagePair.apertiumCode(parts[2]))
  }

  /// The package that holds `pair` (a pair package translates both ways), preferring the newer three-letter name.
  static func package(for pair: LanguagePair, among packages: [String]) -> String? {
    let wanted = Set([pair.source, LanguagePair.baseCode(pair.target)])
    return packages.filter { package in languages(of: package).map { Set([$0.0, $0.1]) == wanted } ?? false }
      .max { $0.count < $1.count }
  }

  /// The languages Debian pairs with `language`, each with its package.
  static func partners(of language: String, among packages: [String]) -> [(language: String, package: String)] {
    var found: [String: String] = [:]
    for package in packages {
      guard let (a, b) = languages(of: package), a == language || b == language else { continue }
      let other = a == language ? b : a
      if let known = found[other], known.count >= package.count { continue }
      found[other] = package
    }
    return found.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
  }
}
