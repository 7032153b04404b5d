import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes files so that readers see either the old content or the new, never a half-written file, and so that a
/// process killed at any moment (SIGKILL included) leaves no temporary file behind for good.
///
/// How:
/// 1. The new content goes into an anonymous file in the destination's folder (Linux `O_TMPFILE`): it has no name
///    while it is written, so a kill during the write leaves nothing at all.
/// 2. The finished, synced file is linked under a temporary name `.webaction-RANDOM-NAME.tmp` and renamed over the
///    destination. Only a kill between those two calls (microseconds) can leave the temporary name behind.
/// 3. The writer holds an exclusive `flock` on the file from before it has a name until it exits. Before writing
///    into a folder, a run deletes the `.webaction-*.tmp` files there whose lock it can take: their writer is gone
///    (the kernel drops the lock of a killed process), while a concurrent writer still holds its own.
/// Where `O_TMPFILE` is not supported (some file systems, macOS), step 1 uses a named temporary file created with
/// `O_EXCL` and locked at once; step 3 cleans it up after a kill in the same way.
public enum AtomicFile {
  static let temporaryPrefix = ".webaction-"
  static let temporarySuffix = ".tmp"

  /// Writes `data` to `url` atomically.
  ///
  /// A destination that exists and is not a regular file (`/dev/stdout`, `/dev/null`, a FIFO), directly or through
  /// symbolic links, is written directly: renaming over it would replace the device instead of writing to it.
  /// A symbolic link to a regular file is followed, so the file it points to receives the new content, as with the
  /// shell's `>`.
  public static func write(_ data: Data, to url: URL) throws(WebActionError) {
    var path = url.path
    var existing = stat()
    let exists = stat(path, &existing) == 0
    if exists, existing.st_mode & S_IFMT != S_IFREG {
      try writeDirectly(data, to: path)
      return
    }
    if exists, let resolved = realpath(path, nil) {
      path = String(cString: resolved)
      free(resolved)
    }
    let folder = (path as NSString).deletingLastPathComponent
    let directory = folder.isEmpty ? "." : folder
    let name = (path as NSString).lastPathComponent

    let directoryDescriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard directoryDescriptor >= 0 else {
      throw failure(writing: path, errno, hint: "Check that \(directory) exists and is a folder you can write to.")
    }
    defer { close(directoryDescriptor) }
    removeStrayTemporaries(in: directoryDescriptor, path: directory)

    let file = try TemporaryFile(in: directoryDescriptor, forWriting: path, directory: directory, name: name)
    defer { file.close() }
    if exists { _ = fchmod(file.descriptor, existing.st_mode & 0o7777) }
    if let error = FileDescriptorWriter.writeAll(data, to: file.descriptor) ?? (fsync(file.descriptor) == 0 ? nil : errno) {
      file.discard()
      throw failure(writing: path, error, hint: "Nothing was changed at \(path).")
    }
    let temporaryName = try file.link()
    if renameat(directoryDescriptor, temporaryName, directoryDescriptor, name) != 0 {
      let error = errno
      file.discard()
      throw WebActionError(.output, "cannot move the new \(name) into place at \(path): \(FileDescriptorWriter.reason(error))")
    }
  }

  /// Creates `folder` and the folders above it that are missing.
  public static func createFolder(_ folder: URL) throws(WebActionError) {
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      throw WebActionError(.output, "cannot create the folder \(folder.path): \(FileDescriptorWriter.reason(error))")
    }
  }

  /// Writes into an existing device or FIFO.
  private static func writeDirectly(_ data: Data, to path: String) throws(WebActionError) {
    let descriptor = open(path, O_WRONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw failure(writing: path, errno) }
    defer { close(descriptor) }
    if let error = FileDescriptorWriter.writeAll(data, to: descriptor) { throw failure(writing: path, error) }
  }

  static func failure(writing path: String, _ code: Int32, hint: String? = nil) -> WebActionError {
    WebActionError(.output, "cannot write \(path): \(FileDescriptorWriter.reason(code))", hint: hint)
  }

  static func isTemporaryName(_ name: String) -> Bool {
    name.hasPrefix(temporaryPrefix) && name.hasSuffix(temporarySuffix)
  }

  /// Deletes temporary files left in a folder by writers that were killed between link and rename (step 3).
  /// Each folder is scanned once per process, so a batch writing many pages into one folder stays linear.
  static func removeStrayTemporaries(in directoryDescriptor: Int32, path: String) {
    guard ScannedFolders.shared.insert(path) else { return }
    let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
    for name in names where isTemporaryName(name) {
      let descriptor = openat(directoryDescriptor, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
      guard descriptor >= 0 else { continue }
      defer { close(descriptor) }
      // A live writer holds the lock; only an abandoned file can be locked here.
      guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { continue }
      var opened = stat(), named = stat()
      guard fstat(descriptor, &opened) == 0, opened.st_mode & S_IFMT == S_IFREG,
        fstatat(directoryDescriptor, name, &named, AT_SYMLINK_NOFOLLOW) == 0,
        opened.st_dev == named.st_dev, opened.st_ino == named.st_ino
      else { continue }
      unlinkat(directoryDescriptor, name, 0)
    }
  }
}

/// The folders already cleaned of stray temporary files by this process.
private final class ScannedFolders: @unchecked Sendable {
  static let shared = ScannedFolders()
  private let lock = NSLock()
  private var paths: Set<String> = []

  /// Returns true the first time `path` is seen.
  func insert(_ path: String) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    return paths.insert(path).inserted
  }
}
