import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// An Apertium APy server (`apertium-apy`): `GET /listPairs` and `GET /translate?langpair=eng|spa&format=html&q=`.
///
/// Segments of a page travel together, each wrapped in `<p>` (a block, hence a sentence of its own), in requests of a
/// few KB. APy's HTML route (`apertium-deshtml` → stages → `apertium-rehtml-noent`) keeps inline tags where they were
/// rather than moving them with their words, so "The <i>old</i> bridge" comes back as "El <i>puente</i> viejo".
public struct APyTranslator: Translator {
  public let name = "apy"
  /// The server's base URL, such as `http://127.0.0.1:2737`.
  public let endpoint: URL
  /// The approximate size of one request, in bytes of HTML.
  public let requestLimit: Int
  let http: HTTPClient

  public init(endpoint: URL, timeout: TimeInterval = 30, requestLimit: Int = 4096) {
    self.endpoint = endpoint
    self.requestLimit = requestLimit
    self.http = HTTPClient(timeout: timeout)
  }

  public func pairs() throws -> [LanguagePair] {
    let url = endpoint.appendingPathComponent("listPairs")
    let body = try HTTPClient.json(http.perform(URLRequest(url: url), engine: name), engine: name, endpoint: url.path)
    guard let list = (body as? [String: Any])?["responseData"] as? [[String: Any]] else {
      throw TranslateError("translate: the apy server's /listPairs answer has no responseData list")
    }
    return list.compactMap { entry in
      guard let source = entry["sourceLanguage"] as? String, let target = entry["targetLanguage"] as? String else {
        return nil
      }
      return LanguagePair(modeName: "\(source)-\(target)")
    }.sorted()
  }

  public func translateSegments(_ segments: [String], pair: LanguagePair) throws -> [SegmentTranslation] {
    var results: [SegmentTranslation] = []
    for range in batches(of: segments, limit: requestLimit) {
      let group = Array(segments[range])
      let joined = group.map { "<p>\($0.trimmingCharacters(in: .whitespacesAndNewlines))</p>" }.joined(separator: "\n")
      let answer = try translate(html: joined, pair: pair)
      if let pieces = Self.paragraphs(answer), pieces.count == group.count {
        results += zip(group, pieces).map { Self.check(source: $0, translation: $1) }
      } else {
        results += try group.map { Self.check(source: $0, translation: try translate(html: $0, pair: pair)) }
      }
    }
    return results
  }

  /// One `/translate` call with `format=html`.
  func translate(html: String, pair: LanguagePair) throws -> String {
    let query = "langpair=\(queryEscape(pair.apyName))&format=html&markUnknown=no&q=\(queryEscape(html))"
    guard let url = URL(string: endpoint.appendingPathComponent("translate").absoluteString + "?" + query) else {
      throw TranslateError("translate: cannot build an apy URL from \(endpoint)")
    }
    let response = try http.perform(URLRequest(url: url), engine: name)
    let body = try HTTPClient.json(response, engine: name, endpoint: "/translate")
    guard let data = (body as? [String: Any])?["responseData"] as? [String: Any],
      let text = data["translatedText"] as? String
    else {
      throw TranslateError("translate: the apy server's /translate answer has no responseData.translatedText")
    }
    return text
  }

  /// The contents of the top-level `<p>` elements of `html`, in order; nil when they are not well formed.
  static func paragraphs(_ html: String) -> [String]? {
    var pieces: [String] = []
    var rest = html[...]
    while let open = rest.range(of: "<p>") {
      guard let close = rest.range(of: "</p>", range: open.upperBound..<rest.endIndex) else { return nil }
      pieces.append(String(rest[open.upperBound..<close.lowerBound]))
      rest = rest[close.upperBound...]
    }
    return pieces
  }

  /// Keeps the source's surrounding whitespace, and reports the segment as damaged when tags were lost or added.
  static func check(source: String, translation: String) -> SegmentTranslation {
    let leading = String(source.prefix { $0.isWhitespace })
    let trailing = String(source.reversed().prefix { $0.isWhitespace }.reversed())
    let core = translation.trimmingCharacters(in: .whitespacesAndNewlines)
    if let damage = HTMLFragment.markupDamage(source: source, translation: core) {
      return .damaged(original: source, reason: damage)
    }
    return .translated(leading + core + (leading.count == source.count ? "" : trailing))
  }
}
