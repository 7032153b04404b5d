import CSQLite
import Foundation

/// A minimal SQLite connection: the only file in the extension that calls `sqlite3_*`.
final class SQLiteDatabase {
  private var handle: OpaquePointer?
  /// The database file.
  let path: String

  /// Opens (creating if needed) the database at `path` with a busy timeout, so that concurrent writers wait.
  init(path: String, busyTimeout: Int32 = 10_000) throws {
    self.path = path
    let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
    let status = sqlite3_open_v2(path, &handle, flags, nil)
    guard status == SQLITE_OK else {
      let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
      sqlite3_close(handle)
      handle = nil
      throw TranslateError(
        "translate: cannot open the translation memory \(path): \(message). Check that the directory is writable, "
          + "or pass `--arg cache=off`.")
    }
    sqlite3_busy_timeout(handle, busyTimeout)
  }

  deinit { sqlite3_close(handle) }

  /// Runs one or more statements without results.
  func execute(_ sql: String) throws {
    var error: UnsafeMutablePointer<CChar>?
    guard sqlite3_exec(handle, sql, nil, nil, &error) == SQLITE_OK else {
      let message = error.map { String(cString: $0) } ?? "unknown error"
      sqlite3_free(error)
      throw failure(message, sql: sql)
    }
  }

  /// Runs `sql` with text `parameters` bound in order, calling `row` with each result row's text columns.
  func query(_ sql: String, _ parameters: [String], row: (([String?]) -> Void)? = nil) throws {
    var statement: OpaquePointer?
    guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK else {
      throw failure(String(cString: sqlite3_errmsg(handle)), sql: sql)
    }
    defer { sqlite3_finalize(statement) }
    for (index, value) in parameters.enumerated() {
      sqlite3_bind_text(statement, Int32(index + 1), value, -1, webaction_sqlite_transient())
    }
    while true {
      let status = sqlite3_step(statement)
      if status == SQLITE_DONE { return }
      guard status == SQLITE_ROW else { throw failure(String(cString: sqlite3_errmsg(handle)), sql: sql) }
      guard let row else { continue }
      let columns = (0..<sqlite3_column_count(statement)).map { column in
        sqlite3_column_text(statement, column).map { String(cString: $0) }
      }
      row(columns)
    }
  }

  private func failure(_ message: String, sql: String) -> TranslateError {
    TranslateError(
      "translate: the translation memory \(path) failed (\(message)) running `\(sql.prefix(80))`. "
        + "Delete the file to start afresh, or pass `--arg cache=off`.")
  }
}
