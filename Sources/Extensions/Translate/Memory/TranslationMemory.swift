import Foundation
import GRDB

/// A cache of segment translations keyed by (engine, pair, segment HTML), shared by every process of a batch.
///
/// It lives in one SQLite file in a directory the caller gives (the extension passes its App Group container),
/// opened through GRDB: WAL mode, a 10 s busy timeout, and writes in `BEGIN IMMEDIATE` transactions, so several
/// processes read and write it at once. The schema comes from versioned migrations. Lookups and stores are batched
/// per page.
public final class TranslationMemory {
  /// The SQLite file.
  public let fileURL: URL
  private let database: DatabaseQueue

  /// The file name used inside the given directory.
  public static let fileName = "translation-memory.sqlite"

  /// Opens or creates the memory in `directory` (created if missing), bringing its schema up to date.
  public init(directory: URL) throws {
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      throw TranslateError(
        "translate: cannot create the translation memory directory \(directory.path): "
          + "\(error.localizedDescription). Pass `--arg cache=off` to translate without it.")
    }
    let fileURL = directory.appendingPathComponent(TranslationMemory.fileName)
    self.fileURL = fileURL
    var configuration = Configuration()
    configuration.journalMode = .wal  // with synchronous=NORMAL, which GRDB sets with it
    configuration.busyMode = .timeout(10)
    database = try Self.whileOpening(fileURL) {
      let database: DatabaseQueue
      do {
        database = try DatabaseQueue(path: fileURL.path, configuration: configuration)
      } catch {
        throw TranslateError(
          "translate: cannot open the translation memory \(fileURL.path): \(Self.describe(error)). Check that the "
            + "directory is writable, or pass `--arg cache=off`.")
      }
      do {
        try Self.migrator.migrate(database)
      } catch {
        throw TranslateError(
          "translate: cannot bring the translation memory \(fileURL.path) up to date: \(Self.describe(error)). "
            + "Delete the file to start afresh, or pass `--arg cache=off`.")
      }
      return database
    }
  }

  /// Runs `body` holding an exclusive advisory lock on `<memory>.lock`, so that one process or thread at a time
  /// opens the memory and migrates it. Without it, openers racing on a new file fail with "database is locked" at
  /// once, whatever the busy timeout: GRDB's WAL setup writes in a deferred transaction, whose upgrade to a write
  /// SQLite refuses without waiting when another connection has written since it began reading.
  private static func whileOpening<T>(_ fileURL: URL, _ body: () throws -> T) throws -> T {
    let lockPath = fileURL.path + ".lock"
    let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw TranslateError(
        "translate: cannot create \(lockPath): \(String(cString: strerror(errno))). Check that the directory is "
          + "writable, or pass `--arg cache=off`.")
    }
    defer { close(descriptor) }
    while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
    return try body()
  }

  /// The schema, one migration per version. v1 is the table the hand-written SQLite layer created before GRDB, so
  /// a memory made by an older webaction is adopted as it is.
  private static let migrator: DatabaseMigrator = {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1 translations") { db in
      try db.create(table: "translations", options: [.ifNotExists, .withoutRowID]) { table in
        table.column("engine", .text).notNull()
        table.column("pair", .text).notNull()
        table.column("source", .text).notNull()
        table.column("target", .text).notNull()
        table.primaryKey(["engine", "pair", "source"])
      }
    }
    return migrator
  }()

  /// The stored translations of those `segments` that are in the memory, keyed by segment.
  public func lookup(_ segments: [String], engine: String, pair: LanguagePair) throws -> [String: String] {
    let unique = Array(Set(segments))
    return try run("looking up \(unique.count) segments") {
      try database.read { db in
        var found: [String: String] = [:]
        // SQLite allows at most 32,766 parameters per statement: look up in chunks.
        for start in stride(from: 0, to: unique.count, by: 500) {
          let chunk = unique[start..<min(unique.count, start + 500)]
          let rows = try Row.fetchCursor(
            db,
            sql: "SELECT source, target FROM translations WHERE engine = ? AND pair = ? AND source IN "
              + "(\(Array(repeating: "?", count: chunk.count).joined(separator: ",")))",
            arguments: StatementArguments([engine, pair.modeName] + Array(chunk)))
          while let row = try rows.next() { found[row[0]] = row[1] }
        }
        return found
      }
    }
  }

  /// Stores `translations` (segment → translation) in one transaction.
  public func store(_ translations: [String: String], engine: String, pair: LanguagePair) throws {
    guard !translations.isEmpty else { return }
    try run("storing \(translations.count) translations") {
      try database.write { db in
        let insert = try db.cachedStatement(
          sql: "INSERT OR REPLACE INTO translations (engine, pair, source, target) VALUES (?, ?, ?, ?)")
        for (source, target) in translations {
          try insert.execute(arguments: [engine, pair.modeName, source, target])
        }
      }
    }
  }

  /// The number of stored translations.
  public func count() throws -> Int {
    try run("counting its translations") {
      try database.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM translations") ?? 0 }
    }
  }

  /// Runs `body`, turning a database error into a message that names the file and the way out.
  private func run<T>(_ doing: String, _ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch {
      throw TranslateError(
        "translate: the translation memory \(fileURL.path) failed \(doing): \(Self.describe(error)). "
          + "Delete the file to start afresh, or pass `--arg cache=off`.")
    }
  }

  private static func describe(_ error: any Error) -> String {
    (error as? DatabaseError).map { $0.message ?? "\($0.resultCode)" } ?? "\(error)"
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
