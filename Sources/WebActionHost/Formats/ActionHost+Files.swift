import Foundation
import WebActionKit

extension ActionHost {
  /// What processing a saved file gave: the file to write (in its own format) and each page's outcome.
  public struct FileOutcome: Sendable {
    /// The file to write: the input in its own format, with each page's main resource replaced by its output.
    public var written: Data
    /// Each page's outcome, in file order.
    public var outcomes: [ActionOutcome]
    /// The size of the file as read, in bytes (compressed, for a compressed one).
    public var bytesRead: Int
  }

  /// Processes every page of the file at `path` (`-` for standard input; HTML, or an archive a ``PageFormat`` reads,
  /// found by name or by its bytes, gzip-compressed or not) and returns the file
  /// to write back in the same format. Writes nothing. A file past `settings.maximumPageSize` is refused before it
  /// is read, and a compressed one (`.warc.gz`) whose content decompresses past it, as it is read.
  public func process(
    file path: String, settings: PageSettings, finalizeArguments: PropertyList?, name: String? = nil
  ) throws(WebActionError) -> FileOutcome {
    let saved = try PageFormats.read(file: path, name: name, maximumSize: settings.maximumPageSize)
    var outcomes: [ActionOutcome] = []
    for page in saved.pages {
      outcomes.append(try process(ActionRequest(page: .saved(page), settings: settings, finalizeArguments: finalizeArguments)))
    }
    return FileOutcome(written: try saved.write(outcomes.map { Data($0.htmlUTF8) }), outcomes: outcomes, bytesRead: saved.bytesRead)
  }
}
