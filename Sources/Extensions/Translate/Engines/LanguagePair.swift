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
  public static func resolve(
    from: String, to: String, among available: [LanguagePair], engine: String
  ) throws -> LanguagePair {
    let wanted = LanguagePair(from: from, to: to)
    if available.contains(wanted) { return wanted }
    let variants = available.filter { $0.source == wanted.source && baseCode($0.target) == wanted.target }
    if variants.count == 1 { return variants[0] }
    let list = available.isEmpty ? "none" : available.map(\.modeName).joined(separator: ", ")
    var message = "translate: no \(engine) language pair \(wanted.modeName) (from \"\(from)\" to \"\(to)\"). "
      + "Installed pairs: \(list)."
    if engine == "apertium" {
      message += " Install the pair with `apt-get install \(wanted.debianPackage)` "
        + "(`apt-cache search apertium-` lists the packaged pairs), or choose another `--arg to=`."
      throw MissingDependencyError(message, package: wanted.debianPackage)
    } else {
      message += " Choose one of those with `--arg from=` and `--arg to=`, or another engine."
    }
    throw TranslateError(message)
  }
}
