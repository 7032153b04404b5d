import Foundation
import URLStandard

/// Decides a page's document URL the way a browser that saved it would.
public enum DocumentURL {
  /// The URL of a page: `--url`, then the URL its archive recorded (`recorded`), then a
  /// `<!-- saved from url=(NNNN)... -->` comment, then the file's `file://` URL.
  ///
  /// `fileURL` is nil for a page read from standard input; it then gets `about:blank` unless a URL is given or saved.
  public static func resolve(
    explicit: String?, recorded: String? = nil, html: String, fileURL: URL?
  ) throws(WebActionError) -> URLRecord {
    if let recorded, explicit == nil, let url = URLRecord(recorded) { return url }
    if let explicit {
      guard let url = URLRecord(explicit) else {
        throw WebActionError(.usage, "--url \(explicit) is not an absolute URL", hint: "Give a URL with a scheme, e.g. --url https://example.org/page.html")
      }
      return url
    }
    if let saved = savedFromURL(in: html) { return saved }
    return fileURL.flatMap { URLRecord($0.standardizedFileURL.absoluteString) } ?? .aboutBlank
  }

  /// The URL recorded by Internet Explorer-style "saved from" marks: `<!-- saved from url=(0042)https://... -->`.
  ///
  /// The mark sits near the top of the file; the number is the URL's length in characters, and the URL is taken
  /// with that length when it fits, so a trailing ` -->` never leaks into it.
  public static func savedFromURL(in html: String) -> URLRecord? {
    let head = html.prefix(2048)
    guard let marker = head.range(of: "<!-- saved from url=(") else { return nil }
    let rest = head[marker.upperBound...]
    guard let close = rest.firstIndex(of: ")"), let length = Int(rest[..<close]) else { return nil }
    let afterCount = rest[rest.index(after: close)...]
    let end = afterCount.range(of: "-->")?.lowerBound ?? afterCount.endIndex
    var candidate = String(afterCount[..<end]).trimmingCharacters(in: .whitespacesAndNewlines)
    if length > 0, candidate.count > length { candidate = String(candidate.prefix(length)) }
    return URLRecord(candidate)
  }
}
