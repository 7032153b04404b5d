import Foundation

/// A saved page as a value: its main resource's bytes and what the file it came in recorded about them.
///
/// A ``PageFormat`` reads a file into saved pages and writes it back with their new main resources; ``ActionHost``
/// processes one (``PageSource/saved(_:)``) as it processes an HTML file.
public struct SavedPage: Sendable, Equatable {
  /// The main resource, undecoded.
  public var data: Data
  /// How messages and reports name the page: the file, and for a file holding several pages, which one.
  public var name: String
  /// The URL the page was saved from, as recorded (`WebResourceURL`, `Content-Location`, `WARC-Target-URI`).
  /// `--url` overrides it; without either, the page's own "saved from" mark, then its file URL, are used.
  public var url: String?
  /// The encoding label recorded for the main resource: used when the page has no BOM and declares no charset,
  /// as a browser uses the HTTP header's (`--encoding` overrides it).
  public var textEncoding: String?
  /// The main resource's MIME type, as recorded.
  public var mimeType: String?
  /// The resources saved with the page (style sheets, scripts, frames), served to it by URL.
  public var subresources: [SavedResource]
  /// The file the page was read from (nil for standard input): frames of a plain HTML page are read beside it.
  public var fileURL: URL?

  public init(
    data: Data, name: String, url: String? = nil, textEncoding: String? = nil, mimeType: String? = nil,
    subresources: [SavedResource] = [], fileURL: URL? = nil
  ) {
    self.data = data
    self.name = name
    self.url = url
    self.textEncoding = textEncoding
    self.mimeType = mimeType
    self.subresources = subresources
    self.fileURL = fileURL
  }
}

/// One resource saved with a page.
public struct SavedResource: Sendable, Equatable {
  public var url: String
  public var mimeType: String?
  public var textEncoding: String?
  public var data: Data

  public init(url: String, mimeType: String? = nil, textEncoding: String? = nil, data: Data) {
    self.url = url
    self.mimeType = mimeType
    self.textEncoding = textEncoding
    self.data = data
  }
}

/// A kind of file that holds saved pages: plain HTML, a Safari web archive, MHTML, WARC.
///
/// Each format reads a file into its pages and writes the file back in the same format, with each page's main
/// resource replaced by its output and everything else kept.
public protocol PageFormat: Sendable {
  /// The name used in messages and reports: `html`, `webarchive`, `mhtml`, `warc`.
  var name: String { get }
  /// The endings of the names of files in this format, lowercase, with their dot: `.html`, `.webarchive`, `.warc.gz`.
  var fileExtensions: [String] { get }
  /// The pages in `data` (one for most formats; a WARC file holds any number) and how to write the file back.
  /// `name` is the file's name for messages; `fileURL` is where it was read from (nil for standard input).
  func read(_ data: Data, name: String, fileURL: URL?) throws(WebActionError) -> SavedFile
  /// This format with what it decompresses limited to `maximumSize` bytes (`--max-page-size`); formats that
  /// decompress nothing return themselves.
  func limited(to maximumSize: Int?) -> any PageFormat
}

extension PageFormat {
  public func limited(to maximumSize: Int?) -> any PageFormat { self }

  /// True when a file of this name is in this format, by its ending (in any case).
  public func handles(fileName: String) -> Bool {
    let lowered = fileName.lowercased()
    return fileExtensions.contains { lowered.hasSuffix($0) }
  }
}

/// A file read by a ``PageFormat``: its pages, and a way to write it back with new main resources.
public struct SavedFile: Sendable {
  /// The pages to process, in file order.
  public var pages: [SavedPage]
  /// The whole file again, with page `i`'s main resource replaced by `outputs[i]` (nil keeps it as read), and
  /// everything else (other records, subresources, metadata) carried over. A format records the new main resource's
  /// encoding as UTF-8, the encoding webaction writes.
  public var write: @Sendable (_ outputs: [Data?]) throws(WebActionError) -> Data

  public init(pages: [SavedPage], write: @escaping @Sendable ([Data?]) throws(WebActionError) -> Data) {
    self.pages = pages
    self.write = write
  }
}

/// The formats webaction reads and writes, chosen by file name.
public enum PageFormats {
  /// Every format, the fallback (HTML) last.
  public static let all: [any PageFormat] = [WebArchiveFormat(), MHTMLFormat(), WARCFormat(), HTMLPageFormat()]

  /// The format of a file named `fileName`: the first that handles its name, else HTML.
  public static func format(for fileName: String) -> any PageFormat {
    all.first { $0.handles(fileName: fileName) } ?? HTMLPageFormat()
  }

  /// True when some format other than the HTML fallback, or HTML itself, claims `fileName`: what a folder given
  /// to `webaction batch` contributes.
  public static func isPage(_ fileName: String) -> Bool { all.contains { $0.handles(fileName: fileName) } }

  /// The file name endings of every format, for messages: ".webarchive, .mhtml, ..., .htm".
  public static var fileEndings: String { all.flatMap(\.fileExtensions).joined(separator: ", ") }
}

/// A plain HTML file: one page, written back as the serialized document.
public struct HTMLPageFormat: PageFormat {
  public init() {}
  public var name: String { "html" }

  public var fileExtensions: [String] { [".html", ".htm"] }

  public func read(_ data: Data, name: String, fileURL: URL?) throws(WebActionError) -> SavedFile {
    let page = SavedPage(data: data, name: name, fileURL: fileURL)
    return SavedFile(pages: [page]) { outputs in outputs.first.flatMap { $0 } ?? data }
  }
}
