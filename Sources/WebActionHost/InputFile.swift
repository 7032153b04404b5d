import Foundation

/// What a person names on the command line as a file to read: a path, `-` (standard input), a FIFO or `/dev/fd/N`
/// (process substitution, `<(...)`), each read as a stream; a URL or a folder is refused with what to do instead.
public enum InputFile {
  /// The bytes of `path`, at most `maximumSize` of them (a stream is stopped at the limit).
  /// - Parameters:
  ///   - path: a file path, `-` for standard input, a FIFO or `/dev/fd/N`.
  ///   - what: how messages name it: "the page", "the --finalize-args file".
  ///   - maximumSize: the most bytes to read (nil: no limit); past it, the page size error, before reading when
  ///     the file's size shows it.
  ///   - folderHint: what to say when `path` is a folder.
  /// - Throws: `WebActionError` (input) naming the path and the system's reason.
  public static func read(_ path: String, what: String, maximumSize: Int? = nil, folderHint: String? = nil)
    throws(WebActionError) -> Data
  {
    if path == "-" { return try stream(FileHandle.standardInput, name: "standard input", what: what, maximumSize: maximumSize) }
    var info = stat()
    guard stat(path, &info) == 0 else {
      if let scheme = urlScheme(path) {
        let fetch = scheme.hasPrefix("http")
          ? "for example `curl -L -o page.html '\(path)'`, or in a browser with File → Save Page As (a web archive or “Web Page, Complete”)"
          : "to a file"
        throw WebActionError(
          .input, "\(path) is a URL, and webaction does not download pages",
          hint: "Save it first, \(fetch), then give the file; --url \(path) gives the saved page its address.")
      }
      let reason = String(cString: strerror(errno))
      throw WebActionError(.input, errno == ENOENT ? "\(what) \(path) was not found" : "cannot read \(what) \(path): \(reason)")
    }
    if info.st_mode & S_IFMT == S_IFDIR {
      throw WebActionError(.input, "\(path) is a folder, not a file", hint: folderHint)
    }
    if let maximumSize, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) > maximumSize {
      throw PageSource.tooLarge(path, size: Int(info.st_size), limit: maximumSize)
    }
    guard let handle = FileHandle(forReadingAtPath: path) else {
      throw WebActionError(.input, "cannot read \(what) \(path): \(String(cString: strerror(errno)))")
    }
    defer { try? handle.close() }
    return try stream(handle, name: path, what: what, maximumSize: maximumSize)
  }

  /// The scheme of `text` when it reads as an absolute URL with an authority (`https://…`, `file://…`).
  static func urlScheme(_ text: String) -> String? {
    guard let colon = text.firstIndex(of: ":"), text[colon...].hasPrefix("://") else { return nil }
    let scheme = text[..<colon]
    guard let first = scheme.first, first.isASCII, first.isLetter,
      scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
    else { return nil }
    return scheme.lowercased()
  }

  /// Reads to the end in chunks, so that a limit stops an endless stream before it is all in memory.
  private static func stream(_ handle: FileHandle, name: String, what: String, maximumSize: Int?) throws(WebActionError) -> Data {
    var data = Data()
    do {
      while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
        data.append(chunk)
        if let maximumSize, data.count > maximumSize { throw PageSource.tooLarge(name, size: nil, limit: maximumSize) }
      }
    } catch let error as WebActionError {
      throw error
    } catch {
      throw WebActionError(.input, "cannot read \(what) from \(name): \(FileDescriptorWriter.reason(error))")
    }
    return data
  }
}
