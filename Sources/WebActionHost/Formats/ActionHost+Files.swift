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
    try finish(file: begin(file: path, settings: settings, finalizeArguments: finalizeArguments, name: name))
  }

  /// A file between ``begin(file:settings:finalizeArguments:name:)`` and ``finish(file:)``: read, its first page begun.
  public final class PendingFile {
    fileprivate let saved: SavedFile
    fileprivate let settings: PageSettings
    fileprivate let finalizeArguments: PropertyList?
    fileprivate let first: PendingAction?

    fileprivate init(saved: SavedFile, settings: PageSettings, finalizeArguments: PropertyList?, first: PendingAction?) {
      self.saved = saved
      self.settings = settings
      self.finalizeArguments = finalizeArguments
      self.first = first
    }

    /// False while the native extension still works on the file's first page (``PendingAction/isAnswered``).
    public var isAnswered: Bool { first?.isAnswered ?? true }
  }

  /// Reads the file at `path` and begins its first page (``begin(_:)``); ``finish(file:)`` processes the rest. Files
  /// are finished in the order begun.
  public func begin(
    file path: String, settings: PageSettings, finalizeArguments: PropertyList?, name: String? = nil
  ) throws(WebActionError) -> PendingFile {
    let saved = try PageFormats.read(file: path, name: name, maximumSize: settings.maximumPageSize)
    let first = try saved.pages.first.map { page throws(WebActionError) in
      try begin(ActionRequest(page: .saved(page), settings: settings, finalizeArguments: finalizeArguments))
    }
    return PendingFile(saved: saved, settings: settings, finalizeArguments: finalizeArguments, first: first)
  }

  /// Finishes the file's first page and processes the others, each begun before the one before it is finished
  /// while that one's extension is still at work; returns the file to write.
  public func finish(file: PendingFile) throws(WebActionError) -> FileOutcome {
    var outcomes: [ActionOutcome] = []
    var current = file.first
    for page in file.saved.pages.dropFirst() {
      guard let pending = current else { break }
      let request = ActionRequest(page: .saved(page), settings: file.settings, finalizeArguments: file.finalizeArguments)
      let next: PendingAction
      if pending.isAnswered {
        outcomes.append(try finish(pending))
        next = try begin(request)
      } else {
        // Every begun page is finished, the one left when the other fails included.
        do { next = try begin(request) } catch { _ = try? finish(pending); throw error }
        do { outcomes.append(try finish(pending)) } catch { _ = try? finish(next); throw error }
      }
      current = next
    }
    if let current { outcomes.append(try finish(current)) }
    return FileOutcome(
      written: try file.saved.write(outcomes.map { Data($0.htmlUTF8) }), outcomes: outcomes, bytesRead: file.saved.bytesRead)
  }
}
