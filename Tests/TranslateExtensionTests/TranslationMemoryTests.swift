import Foundation
import XCTest

@testable import TranslateExtension

/// A fake engine that upper-cases segments and records each call.
final class RecordingTranslator: Translator {
  let name = "recording"
  var calls: [[String]] = []
  func pairs() throws -> [LanguagePair] { [LanguagePair(from: "en", to: "es")] }
  func translateSegments(_ segments: [String], pair: LanguagePair) throws -> [SegmentTranslation] {
    calls.append(segments)
    return segments.map { $0 == "<b>broken</b>" ? .damaged(original: $0, reason: "test") : .translated($0.uppercased()) }
  }
}

final class TranslationMemoryTests: XCTestCase {
  var directory: URL!
  let pair = LanguagePair(from: "en", to: "es")

  override func setUpWithError() throws {
    directory = FileManager.default.temporaryDirectory.appendingPathComponent("tm-\(UUID().uuidString)")
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: directory)
  }

  func testStoresAndLooksUpByEngineAndPair() throws {
    let memory = try TranslationMemory(directory: directory)
    try memory.store(["Home": "Inicio", "a'b\"c": "x"], engine: "apertium", pair: pair)
    XCTAssertEqual(try memory.lookup(["Home", "a'b\"c", "Other"], engine: "apertium", pair: pair),
      ["Home": "Inicio", "a'b\"c": "x"])
    XCTAssertEqual(try memory.lookup(["Home"], engine: "apy", pair: pair), [:])
    XCTAssertEqual(try memory.lookup(["Home"], engine: "apertium", pair: LanguagePair(from: "es", to: "en")), [:])
    let reopened = try TranslationMemory(directory: directory)
    XCTAssertEqual(try reopened.lookup(["Home"], engine: "apertium", pair: pair), ["Home": "Inicio"])
  }

  func testCachedTranslatorAsksTheEngineOnlyForMissesOnceAndSkipsDamaged() throws {
    let engine = RecordingTranslator()
    let cached = CachedTranslator(engine: engine, memory: try TranslationMemory(directory: directory))
    XCTAssertEqual(try cached.translate(["menu", "body one", "menu", "<b>broken</b>"], pair: pair),
      ["MENU", "BODY ONE", "MENU", "<b>broken</b>"])
    XCTAssertEqual(try cached.translate(["menu", "body two", "<b>broken</b>"], pair: pair),
      ["MENU", "BODY TWO", "<b>broken</b>"])
    XCTAssertEqual(engine.calls, [["menu", "body one", "<b>broken</b>"], ["body two", "<b>broken</b>"]])
  }

  func testCacheOffAlwaysAsksTheEngine() throws {
    let engine = RecordingTranslator()
    let uncached = CachedTranslator(engine: engine, memory: nil)
    _ = try uncached.translate(["menu"], pair: pair)
    _ = try uncached.translate(["menu"], pair: pair)
    XCTAssertEqual(engine.calls, [["menu"], ["menu"]])
  }

  func testConcurrentWritersInThreadsAndAnotherProcess() throws {
    _ = try TranslationMemory(directory: directory)
    let file = directory.appendingPathComponent(TranslationMemory.fileName).path
    // Another process writes 300 rows, one transaction each, while two threads write 2 × 300 rows.
    let sql = (0..<300).map { "INSERT INTO translations VALUES ('apertium','eng-spa','proc \($0)','p');" }
      .joined(separator: "\n")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
    process.arguments = ["-cmd", ".timeout 10000", file]
    let input = Pipe()
    process.standardInput = input
    try process.run()
    let errors = ErrorBox()
    let (directory, pair) = (self.directory!, self.pair)
    DispatchQueue.concurrentPerform(iterations: 3) { worker in
      if worker == 2 {
        input.fileHandleForWriting.write(Data(sql.utf8))
        try? input.fileHandleForWriting.close()
        return
      }
      do {
        let memory = try TranslationMemory(directory: directory)
        for n in 0..<300 {
          try memory.store(["thread \(worker) \(n)": "t\(worker)"], engine: "apertium", pair: pair)
          _ = try memory.lookup(["thread \(1 - worker) \(n)", "proc \(n)"], engine: "apertium", pair: pair)
        }
      } catch {
        errors.append(error)
      }
    }
    process.waitUntilExit()
    XCTAssertEqual(process.terminationStatus, 0)
    XCTAssertTrue(errors.errors.isEmpty, "\(errors.errors)")
    XCTAssertEqual(try TranslationMemory(directory: directory).count(), 900)
  }

  /// Workers opening a new memory at the same moment race to migrate it: every one opens it and can write.
  func testOpenersRacingToCreateTheMemoryAllSucceed() throws {
    let errors = ErrorBox()
    let (directory, pair) = (self.directory!, self.pair)
    DispatchQueue.concurrentPerform(iterations: 4) { worker in
      do {
        try TranslationMemory(directory: directory).store(["w\(worker)": "x"], engine: "apertium", pair: pair)
      } catch {
        errors.append(error)
      }
    }
    XCTAssertTrue(errors.errors.isEmpty, "\(errors.errors)")
    XCTAssertEqual(try TranslationMemory(directory: directory).count(), 4)
  }

  /// A memory written by webaction before GRDB (the same table, no migration record) is adopted with its rows, and
  /// the schema is recorded as migrated.
  func testAMemoryFromBeforeMigrationsIsAdopted() throws {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let file = directory.appendingPathComponent(TranslationMemory.fileName).path
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
    process.arguments = [
      file,
      """
      PRAGMA journal_mode=WAL;
      CREATE TABLE translations (engine TEXT NOT NULL, pair TEXT NOT NULL, source TEXT NOT NULL, target TEXT NOT NULL,
        PRIMARY KEY (engine, pair, source)) WITHOUT ROWID;
      INSERT INTO translations VALUES ('apertium', 'eng-spa', 'Home', 'Inicio');
      """,
    ]
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    XCTAssertEqual(process.terminationStatus, 0)
    let memory = try TranslationMemory(directory: directory)
    XCTAssertEqual(try memory.lookup(["Home"], engine: "apertium", pair: pair), ["Home": "Inicio"])
    try memory.store(["Page": "Página"], engine: "apertium", pair: pair)
    XCTAssertEqual(try TranslationMemory(directory: directory).count(), 2)
  }

  /// A file that is not a database is refused with its path and the way out, not a crash.
  func testAFileThatIsNotADatabaseNamesThePathAndTheWayOut() throws {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let file = directory.appendingPathComponent(TranslationMemory.fileName)
    try Data(repeating: 0x41, count: 4096).write(to: file)
    XCTAssertThrowsError(try TranslationMemory(directory: directory)) { error in
      let message = (error as? TranslateError)?.message ?? "\(error)"
      XCTAssertTrue(message.contains(file.path), message)
      XCTAssertTrue(message.contains("cache=off"), message)
    }
  }

  func testUnwritableDirectoryNamesThePathAndTheWayOut() {
    XCTAssertThrowsError(try TranslationMemory(directory: URL(fileURLWithPath: "/proc/no/such"))) { error in
      let message = (error as? TranslateError)?.message ?? ""
      XCTAssertTrue(message.contains("/proc/no/such"), message)
      XCTAssertTrue(message.contains("cache=off"), message)
    }
  }
}

final class ErrorBox: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: [any Error] = []
  func append(_ error: any Error) { lock.lock(); stored.append(error); lock.unlock() }
  var errors: [any Error] { lock.lock(); defer { lock.unlock() }; return stored }
}
