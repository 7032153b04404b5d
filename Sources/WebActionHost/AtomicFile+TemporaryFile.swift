import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension AtomicFile {
  /// The file that receives the new content before it is renamed over the destination: anonymous while it is written
  /// where the system allows, and locked by this process from creation to exit (see `AtomicFile`).
  final class TemporaryFile {
    let descriptor: Int32
    private let directoryDescriptor: Int32
    private let destination: String
    private let destinationName: String
    /// The temporary file's name in the folder; nil while it is anonymous.
    private var name: String?

    #if os(Linux)
      /// `O_TMPFILE` (glibc defines it as a macro Swift cannot import): `__O_TMPFILE | O_DIRECTORY`.
      private static let anonymousFlag: Int32 = 0o20000000 | O_DIRECTORY
      /// Linking an anonymous file by name needs `/proc/self/fd` (`linkat` with `AT_EMPTY_PATH` needs privileges).
      private static let canLinkAnonymousFiles = access("/proc/self/fd", F_OK) == 0
    #endif

    init(in directoryDescriptor: Int32, forWriting destination: String, directory: String, name destinationName: String)
      throws(WebActionError)
    {
      self.directoryDescriptor = directoryDescriptor
      self.destination = destination
      self.destinationName = destinationName
      let hint = "Check that \(directory) is a folder you can write to."
      #if os(Linux)
        if Self.canLinkAnonymousFiles {
          let anonymous = openat(directoryDescriptor, ".", Self.anonymousFlag | O_WRONLY | O_CLOEXEC, 0o666)
          if anonymous >= 0 {
            flock(anonymous, LOCK_EX)
            descriptor = anonymous
            return
          }
          // Not supported by this file system or kernel: fall back to a named file.
          guard [EOPNOTSUPP, EISDIR, EINVAL].contains(errno) else {
            throw AtomicFile.failure(writing: destination, errno, hint: hint)
          }
        }
      #endif
      for _ in 0..<16 {
        let candidate = Self.temporaryName(for: destinationName)
        let named = openat(directoryDescriptor, candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        if named < 0 {
          if errno == EEXIST { continue }
          throw AtomicFile.failure(writing: destination, errno, hint: hint)
        }
        flock(named, LOCK_EX)
        // Between open and flock, another run's clean-up may have taken the lock and deleted the name: start over.
        var opened = stat(), current = stat()
        if fstat(named, &opened) == 0, fstatat(directoryDescriptor, candidate, &current, AT_SYMLINK_NOFOLLOW) == 0,
          opened.st_dev == current.st_dev, opened.st_ino == current.st_ino
        {
          descriptor = named
          name = candidate
          return
        }
        closeDescriptor(named)
      }
      throw WebActionError(.output, "cannot create a temporary file in \(directory) for \(destination)", hint: hint)
    }

    /// Gives the file its temporary name in the folder (if it has none yet) and returns that name.
    func link() throws(WebActionError) -> String {
      if let name { return name }
      #if os(Linux)
        for _ in 0..<16 {
          let candidate = Self.temporaryName(for: destinationName)
          if linkat(AT_FDCWD, "/proc/self/fd/\(descriptor)", directoryDescriptor, candidate, AT_SYMLINK_FOLLOW) == 0 {
            name = candidate
            return candidate
          }
          if errno != EEXIST { throw AtomicFile.failure(writing: destination, errno) }
        }
      #endif
      throw WebActionError(.output, "cannot name the new file for \(destination)")
    }

    /// Deletes the temporary name, if the file has one (after a failed write or rename).
    func discard() {
      if let name { unlinkat(directoryDescriptor, name, 0) }
      name = nil
    }

    func close() {
      closeDescriptor(descriptor)
    }

    /// `.webaction-RANDOM-NAME.tmp`, with NAME shortened so that the whole stays within the 255-byte limit.
    static func temporaryName(for destinationName: String) -> String {
      let random = String(UInt64.random(in: 0...UInt64.max), radix: 16)
      var scalars = String.UnicodeScalarView()
      scalars.append(contentsOf: destinationName.unicodeScalars.prefix(40))
      return AtomicFile.temporaryPrefix + random + "-" + String(scalars) + AtomicFile.temporarySuffix
    }
  }
}

/// `close(2)`, callable from types that have a `close()` method of their own.
private func closeDescriptor(_ descriptor: Int32) {
  close(descriptor)
}
