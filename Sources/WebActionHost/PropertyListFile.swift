import Foundation
import WebActionKit

/// Reads and writes property-list files (`--finalize-args`, `--results`) with messages that name the file.
public enum PropertyListFile {
  /// Reads a JSON, XML or binary property list.
  public static func read(_ path: String) throws(WebActionError) -> PropertyList {
    let data: Data
    do {
      data = try InputFile.read(path, what: "the file", maximumSize: 64 * 1_048_576)
    } catch {
      throw WebActionError(.usage, error.message, hint: error.hint ?? "Give a JSON or property-list file (a pipe or <(...) works too).")
    }
    return try decode(data, name: path)
  }

  /// Decodes the bytes of a JSON, XML or binary property list read from `name`.
  public static func decode(_ data: Data, name: String) throws(WebActionError) -> PropertyList {
    do {
      return try PropertyList.decode(data)
    } catch {
      throw WebActionError(.usage, "\(name) is neither JSON nor a property list: \(error)")
    }
  }

  /// Writes `value` atomically in `format`.
  public static func write(_ value: PropertyList, format: PropertyList.Format, to path: String) throws(WebActionError) {
    let data: Data
    do {
      data = try value.encoded(as: format)
    } catch {
      throw WebActionError(.output, "cannot write the results as \(format.rawValue): \(error)")
    }
    if path == "-" {
      try StandardOutput.write(data, what: "the results")
    } else {
      try AtomicFile.write(data, to: URL(fileURLWithPath: path))
    }
  }
}
