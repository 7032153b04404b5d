import Foundation

/// What the translate extension's `run()` collected from a page, and what `finalize()` gets back.
///
/// Input (the preprocessing results of translate.appex/Action.js):
/// `{url, pageLanguage, segments: [{id, html, lang}], attributes: [{id, text, lang}]}`, where `lang` is the
/// nearest `lang` attribute around the segment. run() cannot see `--arg`, so the source language is decided here:
/// `--arg from=`, else the page's language (`<html lang>`, else `<meta http-equiv=content-language>`).
/// Segments and attributes whose `lang` is another language than the source are left alone.
/// Output (the finalize argument): `{translations: {id: html}, attributes: {id: text}, lang: to, damaged: N}`;
/// a damaged segment is left out of `translations` so that finalize keeps the original.
public struct PageTranslation {
  /// One block of the page: its inner HTML and the id finalize uses to find it again.
  public struct Segment: Sendable, Hashable {
    public var id: String
    public var html: String
    public init(id: String, html: String) { self.id = id; self.html = html }
  }

  /// One translatable attribute value (title, alt, placeholder ...), as plain text.
  public struct Attribute: Sendable, Hashable {
    public var id: String
    public var text: String
    public init(id: String, text: String) { self.id = id; self.text = text }
  }

  public var from: String
  public var to: String
  public var segments: [Segment]
  public var attributes: [Attribute]
  /// How many segments and attributes were left alone because they are in another language.
  public var skippedOtherLanguage = 0

  public init(from: String, to: String, segments: [Segment], attributes: [Attribute]) {
    self.from = from
    self.to = to
    self.segments = segments
    self.attributes = attributes
  }

  /// Reads the preprocessing results; `arguments` are the `--arg` pairs (`from`, `to`).
  ///
  /// Errors name the key that is missing or malformed, and say which argument to pass.
  public init(preprocessingResults results: [String: Any], arguments: [String: String]) throws {
    func text(_ value: Any?) -> String? {
      switch value {
      case let string as String: return string
      case let number as NSNumber: return number.stringValue
      default: return nil
      }
    }
    func nonEmpty(_ value: String?) -> String? { value.flatMap { $0.isEmpty ? nil : $0 } }
    guard let from = nonEmpty(arguments["from"]) ?? nonEmpty(text(results["from"])) ?? nonEmpty(text(results["pageLanguage"])) else {
      throw TranslateError(
        "translate: the page does not say which language it is in (no <html lang>, no <meta http-equiv=\"content-language\">). "
          + "Pass the source language: --arg from=en")
    }
    guard let to = nonEmpty(arguments["to"]) ?? nonEmpty(text(results["to"])) else {
      throw TranslateError("translate: no target language. Pass --arg to=es (an ISO 639-1 code such as es, ca, fr, pt).")
    }
    var skipped = 0
    func list(_ key: String, field: String) throws -> [(String, String)] {
      guard let raw = results[key] else { return [] }
      guard let entries = raw as? [Any] else {
        throw TranslateError("translate: preprocessing results → \(key) is not a list")
      }
      return try entries.enumerated().compactMap { index, entry in
        guard let dictionary = entry as? [String: Any], let id = text(dictionary["id"]),
          let value = text(dictionary[field])
        else {
          throw TranslateError(
            "translate: preprocessing results → \(key)[\(index)] needs a string `id` and a string `\(field)`")
        }
        if let lang = nonEmpty(text(dictionary["lang"])), !Self.sameLanguage(lang, from) {
          skipped += 1
          return nil
        }
        return (id, value)
      }
    }
    self.init(
      from: from, to: to,
      segments: try list("segments", field: "html").map { Segment(id: $0.0, html: $0.1) },
      attributes: try list("attributes", field: "text").map { Attribute(id: $0.0, text: $0.1) })
    skippedOtherLanguage = skipped
  }

  /// True when two language tags name the same language: `en-GB` and `en`, `eng` and `en`, `EN` and `en`.
  static func sameLanguage(_ a: String, _ b: String) -> Bool {
    LanguagePair.apertiumCode(a) == LanguagePair.apertiumCode(b)
  }

  /// The finalize argument produced by `translate(with:)`.
  public struct Result: Sendable, Hashable {
    public var translations: [String: String]
    public var attributes: [String: String]
    public var lang: String
    public var damaged: Int

    /// `{translations, attributes, lang, damaged}` as Foundation objects for a property-list attachment.
    public var foundationObject: [String: Any] {
      ["translations": translations, "attributes": attributes, "lang": lang, "damaged": damaged]
    }
  }

  /// Resolves the pair among the engine's pairs and translates segments and attributes in one batch.
  public func translate(with translator: any Translator) throws -> Result {
    let pair = try LanguagePair.resolve(from: from, to: to, among: try translator.pairs(), engine: translator.name)
    let attributeHTML = attributes.map { HTMLFragment.escapeText($0.text) }
    let results = try translator.translateSegments(segments.map(\.html) + attributeHTML, pair: pair)
    var output = Result(translations: [:], attributes: [:], lang: to, damaged: 0)
    for (segment, result) in zip(segments, results) {
      switch result {
      case .translated(let html): output.translations[segment.id] = html
      case .damaged: output.damaged += 1
      }
    }
    for (attribute, result) in zip(attributes, results.dropFirst(segments.count)) {
      guard case .translated(let html) = result else { output.damaged += 1; continue }
      output.attributes[attribute.id] = HTMLFragment.decodeEntities(html)
    }
    return output
  }
}
