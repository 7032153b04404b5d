#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Key-value storage shared through an App Group, mirroring `UserDefaults(suiteName:)`.
///
/// Stored as a property list at `<container>/Library/Preferences/<suite>.plist`. Every read re-reads the file,
/// every write is a read-modify-write under an exclusive `flock` on `<suite>.plist.lock`, written to a temporary file
/// and renamed into place, so several threads and processes (a batch's workers) can use one suite at once.
public final class SharedDefaults: @unchecked Sendable {
  /// The suite, which is also the App Group identifier.
  public let suiteName: String
  /// The plist file.
  public let fileURL: URL
  private let lockURL: URL

  /// Defaults for the App Group `suiteName` under the default data home; nil when the name cannot be a suite
  /// (empty, `NSGlobalDomain`, or containing `/`) or names a group the running extension does not declare.
  public convenience init?(suiteName: String) {
    self.init(suiteName: suiteName, group: AppGroup(identifier: suiteName))
  }

  /// Defaults stored in `group`'s container under the suite name.
  public init?(suiteName: String, group: AppGroup) {
    guard AppGroup.isOpenable(suiteName), suiteName != "NSGlobalDomain" else { return nil }
    self.suiteName = suiteName
    let folder = group.folderURL.appendingPathComponent("Library/Preferences", isDirectory: true)
    fileURL = folder.appendingPathComponent("\(suiteName).plist")
    lockURL = folder.appendingPathComponent("\(suiteName).plist.lock")
  }

  /// The stored value as a Foundation object, or nil.
  public func object(forKey key: String) -> Any? { read()[key]?.foundationObject }

  /// The value if it is a string; numbers are given as their decimal text (as `UserDefaults` does).
  public func string(forKey key: String) -> String? {
    switch read()[key] {
    case .string(let s)?: s
    case .integer(let i)?: String(i)
    case .real(let d)?: String(d)
    default: nil
    }
  }

  /// The value as a boolean: booleans, non-zero numbers, and the strings "YES"/"true"/"1"; false otherwise.
  public func bool(forKey key: String) -> Bool {
    switch read()[key] {
    case .boolean(let b)?: b
    case .integer(let i)?: i != 0
    case .real(let d)?: d != 0
    case .string(let s)?: ["yes", "true", "1"].contains(s.lowercased())
    default: false
    }
  }

  /// The value as an integer: integers, reals (truncated), booleans and numeric strings; 0 otherwise.
  public func integer(forKey key: String) -> Int {
    switch read()[key] {
    case .integer(let i)?: i
    case .real(let d)?: d.isFinite && abs(d) < 9e18 ? Int(d) : 0
    case .boolean(let b)?: b ? 1 : 0
    case .string(let s)?: Int(s) ?? 0
    default: 0
    }
  }

  /// The value if it is a dictionary, as `[String: Any]`.
  public func dictionary(forKey key: String) -> [String: Any]? {
    guard case .dictionary(let d)? = read()[key] else { return nil }
    return d.mapValues(\.foundationObject)
  }

  /// The value if it is an array, as `[Any]`.
  public func array(forKey key: String) -> [Any]? {
    guard case .array(let a)? = read()[key] else { return nil }
    return a.map(\.foundationObject)
  }

  /// Stores `value` (a property-list object; nil removes the key).
  ///
  /// A value that is not a property list (or holds NSNull) is not stored; the reason goes to standard error,
  /// where `UserDefaults` would raise. Use `setValue(_:forKey:)` to get the error instead.
  public func set(_ value: Any?, forKey key: String) {
    do {
      try setValue(value, forKey: key)
    } catch {
      // The throwing write: `write(_:)` traps when standard error cannot be written (`2>/dev/full`).
      try? FileHandle.standardError.write(contentsOf: Data("webaction: SharedDefaults(\(suiteName)): \(error)\n".utf8))
    }
  }

  /// Stores `value`, throwing when it is not a property list or the file cannot be written.
  public func setValue(_ value: Any?, forKey key: String) throws {
    let plist: PropertyList?
    if let value {
      let converted = try PropertyList(foundationObject: value, rootPath: key)
      if let path = converted.firstNullPath(at: key) {
        throw PropertyListError(message: "null cannot be stored in defaults; remove the key instead", path: path)
      }
      plist = converted
    } else {
      plist = nil
    }
    try update { $0[key] = plist }
  }

  /// Removes `key`.
  public func removeObject(forKey key: String) { set(nil, forKey: key) }

  /// Every stored entry, as `[String: Any]`.
  public func dictionaryRepresentation() -> [String: Any] { read().mapValues(\.foundationObject) }

  /// Runs `change` on the stored entries and writes them back, all under the exclusive lock.
  public func update(_ change: (inout [String: PropertyList]) throws -> Void) throws {
    try FileManager.default.createDirectory(at: fileURL.deletingLastPathComponent(), withIntermediateDirectories: true)
    try withLock(exclusive: true) {
      var entries = readUnlocked()
      try change(&entries)
      let data = try PropertyList.dictionary(entries).encoded(as: .binary)
      let temp = fileURL.deletingLastPathComponent()
        .appendingPathComponent(".\(suiteName).plist.\(ProcessInfo.processInfo.processIdentifier).\(UUID().uuidString)")
      try data.write(to: temp)
      guard rename(temp.path, fileURL.path) == 0 else {
        let reason = SharedDefaults.describeErrno()
        try? FileManager.default.removeItem(at: temp)
        throw CocoaError(.fileWriteUnknown, userInfo: [
          NSLocalizedDescriptionKey: "cannot replace \(fileURL.path): \(reason)"])
      }
    }
  }

  private func read() -> [String: PropertyList] {
    guard FileManager.default.fileExists(atPath: lockURL.deletingLastPathComponent().path) else { return [:] }
    return (try? withLock(exclusive: false) { readUnlocked() }) ?? readUnlocked()
  }

  private func readUnlocked() -> [String: PropertyList] {
    guard let data = try? Data(contentsOf: fileURL), let plist = try? PropertyList.decode(data),
      case .dictionary(let entries) = plist
    else { return [:] }
    return entries
  }

  private static func describeErrno() -> String {
    POSIXErrorCode(rawValue: errno).map { "\(POSIXError($0).localizedDescription) (\($0))" } ?? "errno \(errno)"
  }

  private func withLock<T>(exclusive: Bool, _ body: () throws -> T) throws -> T {
    let fd = open(lockURL.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
    guard fd >= 0 else {
      throw CocoaError(.fileWriteNoPermission, userInfo: [
        NSLocalizedDescriptionKey: "cannot open lock file \(lockURL.path): \(SharedDefaults.describeErrno())"])
    }
    defer { close(fd) }
    while flock(fd, exclusive ? LOCK_EX : LOCK_SH) != 0 {
      guard errno == EINTR else {
        throw CocoaError(.fileLocking, userInfo: [
          NSLocalizedDescriptionKey: "cannot lock \(lockURL.path): \(SharedDefaults.describeErrno())"])
      }
    }
    return try body()
  }
}
