import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A LibreTranslate-compatible server: `GET /languages` and `POST /translate` with JSON
/// `{q: [...], source, target, format: "html", api_key}`, batching segments as the `q` array.
public struct LibreTranslateTranslator: Translator {
  public let name = "libretranslate"
  /// The server's base URL, such as `https://libretranslate.example`.
  public let endpoint: URL
  /// The API key, sent when given.
  public let apiKey: String?
  /// The approximate size of one request, in bytes of HTML.
  public let requestLimit: Int
  let http: HTTPClient

  public init(endpoint: URL, apiKey: String? = nil, timeout: TimeInterval = 60, requestLimit: Int = 8192) {
    self.endpoint = endpoint
    self.apiKey = apiKey
    self.requestLimit = requestLimit
    self.http = HTTPClient(timeout: timeout)
  }

  public func pairs() throws -> [LanguagePair] {
    let url = endpoint.appendingPathComponent("languages")
    let body = try HTTPClient.json(http.perform(URLRequest(url: url), engine: name), engine: name, endpoint: "/languages")
    guard let languages = body as? [[String: Any]] else {
      throw TranslateError("translate: the libretranslate server's /languages answer is not a list of languages")
    }
    var pairs: Set<LanguagePair> = []
    for language in languages {
      guard let code = language["code"] as? String else { continue }
      for target in language["targets"] as? [String] ?? [] where target != code {
        pairs.insert(LanguagePair(from: code, to: target))
      }
    }
    return pairs.sorted()
  }

  public func translateSegments(_ segments: [String], pair: LanguagePair) throws -> [SegmentTranslation] {
    var results: [SegmentTranslation] = []
    for range in batches(of: segments, limit: requestLimit) {
      let group = Array(segments[range])
      let translated = try request(group, pair: pair)
      results += zip(group, translated).map { APyTranslator.check(source: $0, translation: $1) }
    }
    return results
  }

  /// One `POST /translate` with `q` as an array; accepts `translatedText` as an array or (for one segment) a string.
  func request(_ group: [String], pair: LanguagePair) throws -> [String] {
    var payload: [String: Any] = [
      "q": group, "source": pair.sourceISO6391, "target": pair.targetISO6391, "format": "html",
    ]
    if let apiKey { payload["api_key"] = apiKey }
    var request = URLRequest(url: endpoint.appendingPathComponent("translate"))
    request.httpMethod = "POST"
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    request.httpBody = try JSONSerialization.data(withJSONObject: payload)
    let body = try HTTPClient.json(http.perform(request, engine: name), engine: name, endpoint: "POST /translate")
    let value = (body as? [String: Any])?["translatedText"]
    if let list = value as? [String], list.count == group.count { return list }
    if let text = value as? String, group.count == 1 { return [text] }
    throw TranslateError(
      "translate: the libretranslate server's POST /translate answer has no translatedText for the "
        + "\(group.count) segments sent (got \(String(describing: value).prefix(120))).")
  }
}
