import Foundation

/// A machine-translation engine that translates HTML segments for one language pair at a time.
///
/// Segments are HTML fragments: the inner HTML of block elements, with inline markup (a, b, i, em, strong, span,
/// br, img ...). The caller hands all segments of a page at once; each engine groups them into requests of a few KB
/// itself, so a page never costs one request per text node.
public protocol Translator {
  /// The engine's name as chosen with `--arg engine=` ("apertium", "apy", "libretranslate").
  var name: String { get }

  /// The language pairs this engine can translate right now.
  func pairs() throws -> [LanguagePair]

  /// Translates `segments` in order; a segment whose markup comes back damaged is returned unchanged.
  func translate(_ segments: [String], pair: LanguagePair) throws -> [String]

  /// Translates `segments` in order, saying which ones came back with their markup damaged.
  func translateSegments(_ segments: [String], pair: LanguagePair) throws -> [SegmentTranslation]

  /// True when pages on several threads may call the engine at once (``ApertiumTranslator``: their requests take
  /// turns in one pipeline, so its stages never wait between pages). False by default: ``EngineCache`` then lends
  /// the engine to one page at a time.
  var servesConcurrentRequests: Bool { get }
}

extension Translator {
  public var servesConcurrentRequests: Bool { false }

  /// Translates `segments`, keeping the original of every segment whose markup came back damaged.
  public func translate(_ segments: [String], pair: LanguagePair) throws -> [String] {
    try translateSegments(segments, pair: pair).map(\.html)
  }
}

/// The outcome of translating one segment.
public enum SegmentTranslation: Sendable, Hashable {
  /// The translated HTML, with the same tags as the original.
  case translated(String)
  /// The engine lost or invented markup; `original` is the untouched source HTML to keep in the page.
  case damaged(original: String, reason: String)

  /// The HTML to put in the page: the translation, or the original when the markup was damaged.
  public var html: String {
    switch self {
    case .translated(let html): return html
    case .damaged(let original, _): return original
    }
  }

  /// True when the engine damaged this segment's markup.
  public var isDamaged: Bool {
    if case .damaged = self { return true }
    return false
  }
}

/// An error from a translation engine, with a message a person can act on.
public struct TranslateError: Error, CustomStringConvertible, Equatable {
  /// What went wrong, what it concerns and what to do about it.
  public var message: String

  public init(_ message: String) { self.message = message }

  public var description: String { message }
}

extension Translator {
  /// Splits `segments` into consecutive groups of at most `limit` UTF-8 bytes (a single larger segment stays alone).
  func batches(of segments: [String], limit: Int) -> [Range<Int>] {
    var groups: [Range<Int>] = []
    var start = 0
    var size = 0
    for (index, segment) in segments.enumerated() {
      let length = segment.utf8.count
      if index > start && size + length > limit {
        groups.append(start..<index)
        start = index
        size = 0
      }
      size += length
    }
    if start < segments.count { groups.append(start..<segments.count) }
    return groups
  }
}
