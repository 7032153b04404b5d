import Foundation

/// What the translate extension's `run()` collected from a page, and what `finalize()` gets back.
///
/// Input (the preprocessing results): `{from, to, segments: [{id, html}], attributes: [{id, text}]}`.
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

  public init(from: String, to: String, segments: [Segment], attributes: [Attribute]) {
    self.from = from
    self.to = to
    self.segments = segments
    self.attributes = attributes
  }

  /// Reads the preprocessing results dictionary; `to` falls back to `defaultTarget` (the `--arg to=` value).
  ///
  /// Errors name the key that is missing or malformed.
  public init(preprocessingResults results: [String: Any], defaultTarget: String? = nil) throws {
    func text(_ value: Any?) -> String? {
      switch value {
      case let string as String: return string
      case let number as NSNumber: return number.stringValue
      default: return nil
      }
    }
    guard let from = text(results["from"]), !from.isEmpty else {
      throw TranslateError(
        "translate: the page's source language is unknown (preprocessing results → from is missing). "
          + "Pass `--arg from=en` (or give the page <html lang>).")
    }
    guard let to = text(results["to"]).flatMap({ $0.isEmpty ? nil : $0 }) ?? defaultTarget else {
      throw TranslateError("translate: no target language. Pass `--arg to=es`.")
    }
    func list(_ key: String, field: String) throws -> [(String, String)] {
      guard let raw = results[key] else { return [] }
      guard let entries = raw as? [Any] else {
        throw TranslateError("translate: preprocessing results → \(key) is not a list")
      }
      return try entries.enumerated().map { index, entry in
        guard let dictionary = entry as? [String: Any], let id = text(dictionary["id"]),
          let value = text(dictionary[field])
        else {
          throw TranslateError(
            "translate: preprocessing results → \(key)[\(index)] needs a string `id` and a string `\(field)`")
        }
        return (id, value)
      }
    }
    self.init(
      from: from, to: to,
      segments: try list("segments", field: "html").map { Segment(id: $0.0, html: $0.1) },
      attributes: try list("attributes", field: "text").map { Attribute(id: $0.0, text: $0.1) })
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
