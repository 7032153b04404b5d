import Foundation

/// Writes files so that readers see either the old content or the new, never a half-written file.
public enum AtomicFile {
  /// Writes `data` to a temporary file beside `url`, then renames it over `url`.
  public static func write(_ data: Data, to url: URL) throws(WebActionError) {
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
