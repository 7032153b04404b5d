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

  /// A page of `data` named `name`; what the file did not record stays nil, and there are no subresources by default.
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
  /// The URL the page refers to it by (an archive's `WebResourceURL`, `Content-Location` or target URI).
  public var url: String
  /// Its MIME type as recorded; nil when the file recorded none.
  public var mimeType: String?
  /// Its encoding label as recorded (a charset); nil when the file recorded none.
  public var textEncoding: String?
  /// The body, undecoded.
  public var data: Data

  /// A resource served at `url` with `data` and what was recorded about it.
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
  /// Returns the format unchanged: what most formats do, decompressing nothing.
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
  /// The size of the file as read (compressed, for a compressed one), when it was read from a file.
  public var bytesRead = 0

  /// A file holding `pages`, written back by `write` (``bytesRead`` starts at 0).
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
    if let inner = gzippedName(fileName) { return GzipPageFormat(inner: format(for: inner)) }
    return all.first { $0.handles(fileName: fileName) } ?? HTMLPageFormat()
  }

  /// The format of a file named `fileName` holding `data`: by its name's ending first; a name no format claims
  /// (`/dev/fd/63`, standard input, `page`) by its bytes: gzip, WARC, a web archive, MHTML, else HTML.
  public static func format(for fileName: String, data: Data) -> any PageFormat {
    if gzippedName(fileName) != nil || all.contains(where: { $0.handles(fileName: fileName) }) { return format(for: fileName) }
    let head = data.prefix(4096)
    if head.starts(with: [0x1F, 0x8B]) { return GzipPageFormat(inner: nil) }
    if head.starts(with: Array("WARC/".utf8)) { return WARCFormat() }
    if head.starts(with: Array("bplist00".utf8)), head.range(of: Data("WebMainResource".utf8)) != nil { return WebArchiveFormat() }
    let text = String(decoding: head, as: UTF8.self).lowercased()
    if text.contains("mime-version:"), text.contains("multipart/related") { return MHTMLFormat() }
    return HTMLPageFormat()
  }

  /// Reads the file a person named (a path, `-`, a FIFO, `/dev/fd/N`; see ``InputFile``) in its format, with
  /// decompressed and decoded sizes limited to `maximumSize`.
  /// `name` is how messages name it (the path, or `<stdin>` for `-`).
  public static func read(file path: String, name: String? = nil, maximumSize: Int?) throws(WebActionError) -> SavedFile {
    let data = try InputFile.read(
      path, what: "the page", maximumSize: maximumSize,
      folderHint: "To process every page in it, use `webaction batch \(path) --ext NAME --out DIR`.")
    let shown = name ?? (path == "-" ? "<stdin>" : path)
    let fileURL = path == "-" ? nil : URL(fileURLWithPath: path)
    var file = try format(for: path == "-" ? "" : path, data: data).limited(to: maximumSize).read(data, name: shown, fileURL: fileURL)
    file.bytesRead = data.count
    return file
  }

  /// The name without its `.gz`/`.gzip` ending, when it has one and is not a `.warc.gz` (which WARC reads itself).
  static func gzippedName(_ fileName: String) -> String? {
    let lowered = fileName.lowercased()
    guard !lowered.hasSuffix(".warc.gz") else { return nil }
    for ending in [".gz", ".gzip"] where lowered.hasSuffix(ending) { return String(fileName.dropLast(ending.count)) }
    return nil
  }

  /// `data` decompressed when it is gzip, else as it is: a compressed page's output written to a name without `.gz`.
  public static func decompressedIfGzip(_ data: Data) -> Data {
    guard data.starts(with: [0x1F, 0x8B]), let plain = try? Gzip.decode([UInt8](data), coding: "gzip") else { return data }
    return Data(plain)
  }

  /// True when some format other than the HTML fallback, or HTML itself, claims `fileName`: what a folder given
  /// to `webaction batch` contributes.
  public static func isPage(_ fileName: String) -> Bool { all.contains { $0.handles(fileName: fileName) } }

  /// The file name endings of every format, for messages: ".webarchive, .mhtml, ..., .htm".
  public static var fileEndings: String { all.flatMap(\.fileExtensions).joined(separator: ", ") }
}

/// A gzip-compressed file of another format (`page.html.gz`): decompressed (at most `maximumSize` bytes), read as
/// the inner format (by the name without `.gz`, else by the decompressed bytes), and written back compressed.
public struct GzipPageFormat: PageFormat {
  /// The format inside, when the name says; nil: found from the decompressed bytes.
  public var inner: (any PageFormat)?
  /// The most bytes the file may decompress to (`--max-page-size`); nil: no limit.
  public var maximumSize: Int?

  /// A gzip file of `inner` (nil: found from the decompressed bytes), decompressed to at most `maximumSize` bytes.
  public init(inner: (any PageFormat)?, maximumSize: Int? = nil) {
    self.inner = inner
    self.maximumSize = maximumSize
  }

  /// `gzip`.
  public var name: String { "gzip" }
  /// None: ``PageFormats`` picks this format by a `.gz` or `.gzip` ending and names the inner format.
  public var fileExtensions: [String] { [] }
  /// This format, and its inner one, limited to `maximumSize` bytes.
  public func limited(to maximumSize: Int?) -> any PageFormat {
    GzipPageFormat(inner: inner?.limited(to: maximumSize), maximumSize: maximumSize)
  }

  /// The inner format's pages, written back compressed; throws an input error when the data is not gzip or
  /// decompresses past ``maximumSize``.
  public func read(_ data: Data, name: String, fileURL: URL?) throws(WebActionError) -> SavedFile {
    let plain: Data
    do {
      plain = Data(try Gzip.decode([UInt8](data), coding: "gzip", limit: maximumSize))
    } catch {
      throw WebActionError(.input, "\(name): not a readable gzip file (\(error.what))")
    }
    let inside = (inner ?? PageFormats.format(for: PageFormats.gzippedName(name) ?? "", data: plain)).limited(to: maximumSize)
    let file = try inside.read(plain, name: name, fileURL: fileURL)
    let write = file.write
    return SavedFile(pages: file.pages) { outputs throws(WebActionError) in Data(Gzip.compress([UInt8](try write(outputs)))) }
  }
}

/// A plain HTML file: one page, written back as the serialized document.
public struct HTMLPageFormat: PageFormat {
  /// The plain HTML format.
  public init() {}
  /// `html`.
  public var name: String { "html" }

  /// `.html` and `.htm`.
  public var fileExtensions: [String] { [".html", ".htm"] }

  /// The whole file as one page; written back as the page's output, or as read when it has none.
  public func read(_ data: Data, name: String, fileURL: URL?) throws(WebActionError) -> SavedFile {
    let page = SavedPage(data: data, name: name, fileURL: fileURL)
    return SavedFile(pages: [page]) { outputs in outputs.first.flatMap { $0 } ?? data }
  }
}
