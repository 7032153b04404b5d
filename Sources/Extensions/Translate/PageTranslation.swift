import Foundation

/// What the translate extension's `run()` collected from a page, and what `finalize()` gets back.
///
/// Input (the preprocessing results of translate.appex/Action.js):
/// `{url, pageLanguage, segments: [{id, html, lang, flat}], attributes: [{id, text, lang}]}`, where `lang` is the
/// nearest `lang` attribute around the segment and `flat` lists the inline elements (by `data-wa` number) that carry
/// no attributes and may be flattened if the engine damages the segment's markup. run() cannot see `--arg`, so the
/// source language is decided here: `--arg from=`, else the page's language (`<html lang>`, else
/// `<meta http-equiv=content-language>`).
/// Segments and attributes whose `lang` is another language than the source are left alone.
/// Output (the finalize argument):
/// `{translations: {id: html}, attributes: {id: text}, lang: to, damaged: N, relaxed: [id], coverage: {...}}`.
/// A segment whose markup came back damaged goes down the fallback ladder (`recover`); one that no step could
/// translate is left out of `translations`, so that finalize keeps the original. `relaxed` lists the segments whose
/// translation leaves some inline elements out (flattened, or dropped as plain text).
public struct PageTranslation {
  /// One block of the page: its inner HTML and the id finalize uses to find it again.
  public struct Segment: Sendable, Hashable {
    public var id: String
    public var html: String
    /// The `data-wa` numbers of the inline elements that the first fallback step may flatten.
    public var flattenable: Set<String>
    public init(id: String, html: String, flattenable: Set<String> = []) {
      self.id = id
      self.html = html
      self.flattenable = flattenable
    }
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
  /// What the source language was found from, when it was not simply declared or given (detection).
  public var languageNote: String?
  /// True when `from=xx!` forced the source language: a missing pair then holds for every page, not this one only.
  public var sourceForced = false

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
    // The source language: `from=xx!` forces it; else what the page declares, unless its text clearly reads as another
    // language; else (nothing declared, or `from=auto`) what its text reads as; else `from=xx`.
    let given = nonEmpty(arguments["from"])
    let declared = nonEmpty(text(results["from"])) ?? nonEmpty(text(results["pageLanguage"]))
    var note: String?
    var overridden = false
    let from: String
    if let forced = given, forced.hasSuffix("!"), forced.count > 1 {
      from = String(forced.dropLast())
    } else {
      let segmentHTML = ((results["segments"] as? [Any]) ?? []).compactMap { ($0 as? [String: Any]).flatMap { text($0["html"]) } }
      let pageText = DetectedLanguage.text(ofHTML: segmentHTML)
      let detected = DetectedLanguage.detect(pageText)
      if let declared, given?.lowercased() != "auto" {
        // Only a clear reading of enough text (a few sentences) overrides what the page declares.
        let enough = pageText.filter(\.isLetter).count >= 120
        if let detected, enough, detected.reliable, detected.percent >= 80, !Self.sameLanguage(detected.code, declared) {
          from = detected.code
          overridden = true
          note = "the page says it is in \(declared), but its text reads as \(detected): translating from \(detected.code)"
        } else {
          from = declared
        }
      } else if let detected, detected.reliable || given == nil || given?.lowercased() == "auto" {
        from = detected.code
        note = "the page declares no language; its text reads as \(detected)"
      } else if let given, given.lowercased() != "auto" {
        from = given
      } else {
        throw TranslateError(
          "translate: the page does not say which language it is in, and its text is too short or mixed to tell. "
            + "Pass the source language: --arg from=en (from=en! also overrides what a page declares)")
      }
    }
    guard let to = nonEmpty(arguments["to"]) ?? nonEmpty(text(results["to"])) else {
      throw TranslateError("translate: no target language. Pass --arg to=es (an ISO 639-1 code such as es, ca, fr, pt).")
    }
    var skipped = 0
    func list(_ key: String, field: String) throws -> [(String, String, [String: Any])] {
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
        // A segment marked with the language the page wrongly declares is in the language its text reads as.
        if let lang = nonEmpty(text(dictionary["lang"])), !Self.sameLanguage(lang, from),
          !(overridden && declared.map { Self.sameLanguage(lang, $0) } == true)
        {
          skipped += 1
          return nil
        }
        return (id, value, dictionary)
      }
    }
    self.init(
      from: from, to: to,
      segments: try list("segments", field: "html").map { id, html, entry in
        Segment(id: id, html: html, flattenable: Set(((entry["flat"] as? [Any]) ?? []).compactMap(text)))
      },
      attributes: try list("attributes", field: "text").map { Attribute(id: $0.0, text: $0.1) })
    skippedOtherLanguage = skipped
    languageNote = note
    sourceForced = given.map { $0.hasSuffix("!") && $0.count > 1 } ?? false
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
    /// Segments and attributes left in the source language.
    public var damaged: Int
    /// Segments whose translation leaves out some of their inline elements (flattened, or plain text).
    public var relaxed: [String] = []
    public var coverage = Coverage()
    /// What the page should be told about its language (detected, or already the target), for finalize() to log.
    public var note: String?

    /// The finalize argument as Foundation objects for a property-list attachment.
    public var foundationObject: [String: Any] {
      var object: [String: Any] = [
        "translations": translations, "attributes": attributes, "lang": lang, "damaged": damaged,
        "relaxed": relaxed, "coverage": coverage.foundationObject,
      ]
      if let note { object["note"] = note }
      return object
    }
  }

  /// Resolves the pair among the engine's pairs, translates segments and attributes in one batch, and sends the
  /// segments whose markup came back damaged down the fallback ladder.
  public func translate(with translator: any Translator) throws -> Result {
    // A page found to be in the target language already is left as it is, and told so.
    if languageNote != nil, Self.sameLanguage(from, to) {
      var unchanged = Result(translations: [:], attributes: [:], lang: to, damaged: 0)
      unchanged.note = "\(languageNote!); the page is already in \(to): left as it is"
      return unchanged
    }
    let pair = try LanguagePair.resolve(
      from: from, to: to, among: try translator.pairs(), engine: translator.name, forThisPageOnly: !sourceForced)
    let attributeHTML = attributes.map { HTMLFragment.escapeText($0.text) }
    let results = try translator.translateSegments(segments.map(\.html) + attributeHTML, pair: pair)
    var output = Result(translations: [:], attributes: [:], lang: to, damaged: 0)
    output.note = languageNote
    var damaged: [Int] = []
    for (index, result) in zip(segments.indices, results) {
      switch result {
      case .translated(let html): output.translations[segments[index].id] = html
      case .damaged: damaged.append(index)
      }
    }
    for (attribute, result) in zip(attributes, results.dropFirst(segments.count)) {
      guard case .translated(let html) = result else { output.damaged += 1; continue }
      output.attributes[attribute.id] = HTMLFragment.decodeEntities(html)
    }
    output.coverage.sent = segments.count
    output.coverage.translated = segments.count - damaged.count
    let left = try recover(damaged, into: &output, with: translator, pair: pair)
    output.coverage.untranslated = left.count
    output.damaged += left.count
    return output
  }
}
