import Foundation

/// A cache of segment translations keyed by (engine, pair, segment HTML), shared by every process of a batch.
///
/// It lives in one SQLite file in a directory the caller gives (the extension passes its App Group container).
/// The file is in WAL mode with a busy timeout, and writes are `BEGIN IMMEDIATE` transactions, so several
/// processes can read and write at once. Lookups and stores are batched per page.
public final class TranslationMemory {
  /// The SQLite file.
  public let fileURL: URL
  private let database: SQLiteDatabase

  /// The file name used inside the given directory.
  public static let fileName = "translation-memory.sqlite"

  /// Opens or creates the memory in `directory` (created if missing).
  public init(directory: URL) throws {
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      throw TranslateError(
        "translate: cannot create the translation memory directory \(directory.path): "
          + "\(error.localizedDescription). Pass `--arg cache=off` to translate without it.")
    }
    fileURL = directory.appendingPathComponent(TranslationMemory.fileName)
    database = try SQLiteDatabase(path: fileURL.path)
    try database.execute("PRAGMA journal_mode=WAL")
    try database.execute("PRAGMA synchronous=NORMAL")
    try database.execute(
      """
      CREATE TABLE IF NOT EXISTS translations (
        engine TEXT NOT NULL, pair TEXT NOT NULL, source TEXT NOT NULL, target TEXT NOT NULL,
        PRIMARY KEY (engine, pair, source)) WITHOUT ROWID
      """)
  }

  /// The stored translations of those `segments` that are in the memory, keyed by segment.
  public func lookup(_ segments: [String], engine: String, pair: LanguagePair) throws -> [String: String] {
    let unique = Array(Set(segments))
    var found: [String: String] = [:]
    var start = 0
    while start < unique.count {
      let chunk = Array(unique[start..<min(unique.count, start + 500)])
      start += chunk.count
      let marks = Array(repeating: "?", count: chunk.count).joined(separator: ",")
      try database.query(
        "SELECT source, target FROM translations WHERE engine = ? AND pair = ? AND source IN (\(marks))",
        [engine, pair.modeName] + chunk
      ) { row in
        if let source = row[0], let target = row[1] { found[source] = target }
      }
    }
    return found
  }

  /// Stores `translations` (segment → translation) in one transaction.
  public func store(_ translations: [String: String], engine: String, pair: LanguagePair) throws {
    guard !translations.isEmpty else { return }
    try database.execute("BEGIN IMMEDIATE")
    do {
      for (source, target) in translations {
        try database.query(
          "INSERT OR REPLACE INTO translations (engine, pair, source, target) VALUES (?, ?, ?, ?)",
          [engine, pair.modeName, source, target])
      }
      try database.execute("COMMIT")
    } catch {
      try? database.execute("ROLLBACK")
      throw error
    }
  }

  /// The number of stored translations.
  public func count() throws -> Int {
    var count = 0
    try database.query("SELECT COUNT(*) FROM translations", []) { count = Int($0[0] ?? "0") ?? 0 }
    return count
  }
}

/// A translator that answers from a `TranslationMemory` first and asks `engine` only for the rest.
public struct CachedTranslator: Translator {
  public let engine: any Translator
  /// nil when the cache is off (`--arg cache=off`).
  public let memory: TranslationMemory?

  public init(engine: any Translator, memory: TranslationMemory?) {
    self.engine = engine
    self.memory = memory
  }

  public var name: String { engine.name }

  public func pairs() throws -> [LanguagePair] { try engine.pairs() }

  /// Looks every segment up in one batch, translates the misses in one call, stores the good ones.
  public func translateSegments(_ segments: [String], pair: LanguagePair) throws -> [SegmentTranslation] {
    guard let memory else { return try engine.translateSegments(segments, pair: pair) }
    let known = try memory.lookup(segments, engine: engine.name, pair: pair)
    var missing: [String] = []
    var seen: Set<String> = []
    for segment in segments where known[segment] == nil && seen.insert(segment).inserted { missing.append(segment) }
    let fresh = try engine.translateSegments(missing, pair: pair)
    var results = Dictionary(uniqueKeysWithValues: zip(missing, fresh))
    var toStore: [String: String] = [:]
    for (segment, result) in results {
      if case .translated(let html) = result { toStore[segment] = html }
    }
    try memory.store(toStore, engine: engine.name, pair: pair)
    for (segment, html) in known { results[segment] = .translated(html) }
    return segments.map { results[$0]! }
  }
}
