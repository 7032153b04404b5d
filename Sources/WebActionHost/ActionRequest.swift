import DOM
import Foundation
import WebActionKit

/// Where a page comes from.
public enum PageSource: Sendable {
  /// A page file on disk, read when the request runs; its folder is where a plain page's frames are read from.
  case file(URL)
  /// A page already in memory (standard input, for example); `name` is how messages name it.
  case bytes(Data, name: String)
  /// A page read from a saved file by a ``PageFormat`` (its recorded URL and encoding are the defaults).
  case saved(SavedPage)

  /// `-` reads standard input (at most `maximumSize` bytes, when given); anything else is a file path.
  public init(argument: String, maximumSize: Int? = nil) throws(WebActionError) {
    if argument == "-" {
      self = .bytes(try InputFile.read("-", what: "the page", maximumSize: maximumSize), name: "<stdin>")
    } else {
      self = .file(URL(fileURLWithPath: argument))
    }
  }

  /// The error for a page past the size limit (`size` nil: a stream, stopped at the limit).
  static func tooLarge(_ name: String, size: Int?, limit: Int) -> WebActionError {
    let megabytes = { (bytes: Int) in String(format: "%.1f MB", Double(bytes) / 1_048_576) }
    let what = size.map { "is \(megabytes($0)), past" } ?? "goes past"
    return WebActionError(
      .input, "the page \(name) \(what) the page size limit of \(megabytes(limit))",
      hint: "Raise the limit with --max-page-size MB (0: no limit).")
  }

  /// The error for a page whose markup nests past `--max-depth`.
  static func tooDeep(_ name: String, _ exceeded: NestingLimitExceeded) -> WebActionError {
    let place = exceeded.line > 0 ? "\(name):\(exceeded.line)" : name
    return WebActionError(
      .input, "\(place): the markup nests more than \(exceeded.limit) elements deep (the --max-depth limit)",
      hint: "Raise the limit with --max-depth LEVELS (0: no limit); browsers build any depth, past 512 as siblings.")
  }

  /// What the file recorded about the page: its URL and encoding (nil for a plain file or standard input).
  var recorded: (url: String?, textEncoding: String?) {
    if case .saved(let page) = self { return (page.url, page.textEncoding) }
    return (nil, nil)
  }

  /// The resources saved with the page (an archive's), served to it by URL; nil when there are none.
  var savedResources: (any SubresourceLoader)? {
    guard case .saved(let page) = self, !page.subresources.isEmpty else { return nil }
    return SavedResourceLoader(page.subresources)
  }

  /// The name used in messages.
  public var displayName: String {
    switch self {
    case .file(let url): return url.path
    case .bytes(_, let name): return name
    case .saved(let page): return page.name
    }
  }

  func read(maximumSize: Int? = nil) throws(WebActionError) -> (bytes: [UInt8], fileURL: URL?) {
    switch self {
    case .bytes(let data, let name):
      if let maximumSize, data.count > maximumSize { throw Self.tooLarge(name, size: data.count, limit: maximumSize) }
      return ([UInt8](data), nil)
    case .saved(let page):
      if let maximumSize, page.data.count > maximumSize {
        throw Self.tooLarge(page.name, size: page.data.count, limit: maximumSize)
      }
      return ([UInt8](page.data), page.fileURL)
    case .file(let url):
      return ([UInt8](try InputFile.read(url.path, what: "the page", maximumSize: maximumSize)), url)
    }
  }
}

/// One run of an Action extension on one page: the page and the ``PageSettings`` it runs with (read and set
/// through the request: `request.timeout = 2`).
@dynamicMemberLookup
public struct ActionRequest: Sendable {
  /// The page to run on.
  public var page: PageSource
  /// The options the run uses; also read and set as the request's own properties (`request.timeout`).
  public var settings: PageSettings
  /// `--finalize-args`: call finalize() with this dictionary and skip the native extension.
  public var finalizeArguments: PropertyList?

  /// 256 MB: a 100 MB page runs in about 1.6 GB.
  public static let defaultMaximumPageSize = 256 * 1_048_576

  /// A request for `page` with `settings`; with `finalizeArguments`, finalize() gets them and the native extension
  /// is skipped.
  public init(page: PageSource, settings: PageSettings = PageSettings(), finalizeArguments: PropertyList? = nil) {
    self.page = page
    self.settings = settings
    self.finalizeArguments = finalizeArguments
  }

  /// The setting at `setting` in ``settings``, read and written through the request.
  public subscript<Value>(dynamicMember setting: WritableKeyPath<PageSettings, Value>) -> Value {
    get { settings[keyPath: setting] }
    set { settings[keyPath: setting] = newValue }
  }
}

/// What a run produced.
public struct ActionOutcome: Sendable {
  /// The rewritten page: doctype + the HTML5 serialization of the document.
  public var html: String {
    get { String(decoding: htmlUTF8, as: UTF8.self) }
    set { htmlUTF8 = Array(newValue.utf8) }
  }
  /// ``html`` as the UTF-8 bytes that are written (the page declares UTF-8).
  public var htmlUTF8: [UInt8]
  /// The dictionary `run()` passed to `completionFunction`, as converted to a property list.
  public var results: PropertyList
  /// The argument `finalize()` was called with, if it was called.
  public var finalizeArguments: PropertyList?
  /// The URLs the native extension asked to open (`ExtensionContext.open(_:)`); reported, never opened.
  public var openedURLs: [String] = []
  /// The navigations the page's scripts asked for (`location.href = "myapp://…"`, `location.reload()`), in order:
  /// Safari would follow them, or open the URL in the app that handles its scheme; webaction stays on the page.
  public var navigations: [PageNavigation] = []
}

/// A navigation a script asked for: where to, and through which member (`location.href`, `location.reload()`).
public struct PageNavigation: Sendable, Codable, Equatable {
  /// The absolute URL asked for (the page's own, for `location.reload()`).
  public var url: String
  /// The member that asked, for example `location.href` or `location.reload()`.
  public var member: String

  /// A navigation to `url` through `member`.
  public init(url: String, member: String) {
    self.url = url
    self.member = member
  }
}

/// Something worth telling the user that is not a failure: console output, warnings.
public struct Diagnostic: Sendable, CustomStringConvertible {
  /// How serious it is: console messages keep their method's level (`console.warn` is `warning`); webaction's own
  /// notes are `info`, `warning`, or `debug` with `--verbose`.
  public enum Level: String, Sendable {
    /// A `console.log` message: shown without a level.
    case log
    /// A `console.info` message, or one of webaction's own notes.
    case info
    /// A `console.warn` message, or something webaction warns of.
    case warning
    /// A `console.error` message.
    case error
    /// A `console.debug` message, or with `--verbose` how a step went (how the page was decoded).
    case debug
  }
  /// How serious it is, also shown in ``description`` unless it is `log`.
  public var level: Level
  /// Where it came from: `console`, `webaction`, `extension`.
  public var source: String
  /// For console output: the step whose script wrote it (`load`, `run()`, `finalize()`); nil for the page's own
  /// scripts and for other sources.
  public var phase: String?
  /// The text, without the source, phase or level.
  public var message: String

  /// A diagnostic of `level` from `source` (`console`, `webaction`, `extension`), with no phase.
  public init(_ level: Level, source: String, _ message: String) {
    self.level = level
    self.source = source
    self.message = message
  }

  /// `[SOURCE PHASE LEVEL] MESSAGE`, without the phase when there is none and without the level for `log`.
  public var description: String {
    "[\(source)\(phase.map { " \($0)" } ?? "")\(level == .log ? "" : " \(level.rawValue)")] \(message)"
  }
}
