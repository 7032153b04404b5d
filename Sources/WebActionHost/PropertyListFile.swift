import Foundation
import WebActionKit

/// Reads and writes property-list files (`--finalize-args`, `--results`) with messages that name the file.
public enum PropertyListFile {
  /// Reads a JSON, XML or binary property list.
  public static func read(_ path: String) throws(WebActionError) -> PropertyList {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw WebActionError(.usage, "cannot read \(path)", hint: "Give a JSON or property-list file.")
    }
    do {
      return try PropertyList.decode(data)
    } catch {
      throw WebActionError(.usage, "\(path) is neither JSON nor a property list: \(error)")
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
