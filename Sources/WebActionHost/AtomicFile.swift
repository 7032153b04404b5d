import Foundation

/// Writes files so that readers see either the old content or the new, never a half-written file.
public enum AtomicFile {
  /// Writes `data` to a temporary file beside `url`, then renames it over `url`.
  ///
  /// A destination that exists and is not a regular file (`/dev/stdout`, `/dev/null`, a FIFO) is written directly:
  /// renaming over it would replace the device instead of writing to it.
  public static func write(_ data: Data, to url: URL) throws(WebActionError) {
    if let type = try? FileManager.default.attributesOfItem(atPath: url.path)[.type] as? FileAttributeType,
      type != .typeRegular, type != .typeSymbolicLink
    {
      guard let handle = FileHandle(forWritingAtPath: url.path) else {
        throw WebActionError(.output, "cannot open \(url.path) for writing")
      }
      handle.write(data)
      try? handle.close()
      return
    }
    let directory = url.deletingLastPathComponent()
    let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).\(UUID().uuidString.prefix(8)).tmp")
    do {
      try data.write(to: temporary)
    } catch {
      throw WebActionError(.output, "cannot write \(url.path): \(Self.reason(error))",
                           hint: "Check that \(directory.path) exists and is writable.")
    }
    if rename(temporary.path, url.path) != 0 {
      let reason = String(cString: strerror(errno))
      try? FileManager.default.removeItem(at: temporary)
      throw WebActionError(.output, "cannot move the new \(url.lastPathComponent) into place at \(url.path): \(reason)")
    }
  }

  private static func reason(_ error: any Error) -> String {
    let nsError = error as NSError
    if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
      return String(cString: strerror(Int32(underlying.code)))
    }
    return nsError.localizedDescription
  }
}
