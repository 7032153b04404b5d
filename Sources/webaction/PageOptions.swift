import ArgumentParser
import Foundation
import WebActionHost

/// The options that say how each page runs, shared by `run` and `batch`.
struct PageOptions: ParsableArguments {
  @Option(name: .customLong("arg"), help: ArgumentHelp(
    "A KEY=VALUE pair for the extension, passed in the input item's userInfo (repeatable).", valueName: "key=value"))
  var arguments: [String] = []

  @Option(help: ArgumentHelp(
    "The document URL (default: the URL the archive recorded, else the page's 'saved from' mark, else its file:// URL).",
    valueName: "url"))
  var url: String?

  @Option(help: ArgumentHelp(
    "The encoding to use when the page declares none and its archive recorded none (default: UTF-8 when the bytes are valid UTF-8, else windows-1252, as browsers do; -v says which).", valueName: "label"))
  var encoding: String?

  @Option(help: ArgumentHelp("Text that window.getSelection() reports (default: nothing selected).", valueName: "text"))
  var selection: String?

  @Option(help: ArgumentHelp(
    "The window's size in CSS pixels, and its device pixel ratio after @ (default: 390x844, an iPhone's). innerWidth, screen, devicePixelRatio, media queries, vw/vh, layout (getBoundingClientRect, elementFromPoint) and srcset choices follow it.",
    valueName: "WxH[@ratio]"))
  var viewport: Viewport = Viewport()

  @Option(name: .customLong("user-agent"), help: ArgumentHelp(
    "What navigator.userAgent reports (default: Safari on an iPhone, iOS 18).", valueName: "string"))
  var userAgent: String?

  @Option(name: .customLong("finalize-args"), help: ArgumentHelp(
    "A JSON or plist dictionary to call finalize() with directly, skipping the native extension.", valueName: "file"))
  var finalizeArgs: String?

  // Numbers parse `.unconditional`ly, so that `--timeout -1` reaches validate() and gets a message about its value.
  @Option(parsing: .unconditional, help: ArgumentHelp("Seconds to wait for completionFunction and for finalize's timers.", valueName: "seconds"))
  var timeout: Double = 10

  @Option(name: .customLong("extension-timeout"), parsing: .unconditional, help: ArgumentHelp(
    "Seconds to wait for the native extension to complete the request.", valueName: "seconds"))
  var extensionTimeout: Double = 300

  @Flag(name: .shortAndLong, help: "Do not show console output and warnings from the page and extension.")
  var quiet = false

  @Flag(name: .shortAndLong, help: "Trace each step of a page with its time: load, parse, window, evaluate, run, convert, extension, finalize, serialize. In batch: show the pages' console output and warnings, prefixed with the worker.")
  var verbose = false

  @Flag(name: .customLong("scripts"), help: "Run the page's own scripts while loading, as a browser would (external scripts only from --subresources).")
  var runPageScripts = false

  @Flag(name: .customLong("strict-errors"), help: ArgumentHelp(
    "Fail the page (exit 5) when a timer or promise callback throws, or a promise rejection goes unhandled. By default, as in Safari, such an error is reported to the console and the page goes on."))
  var strictErrors = false

  @Option(name: .customLong("subresources"), help: ArgumentHelp(
    "Serve the page's same-origin <link rel=stylesheet> files (and with --scripts its <script src> files) from this folder by URL path (repeatable; the first folder holding the file wins). Never the network.",
    valueName: "dir"))
  var subresources: [String] = []

  @Option(name: .customLong("page-timers"), parsing: .unconditional, help: ArgumentHelp(
    "With --scripts: seconds the page's timers may run after load before they are cancelled and the extension runs.",
    valueName: "seconds"))
  var pageTimers: Double = 1

  @Option(name: .customLong("watchdog"), parsing: .unconditional, help: ArgumentHelp(
    "Seconds one script call may run before it is stopped as runaway.", valueName: "seconds"))
  var watchdog: Double = 5

  @Option(name: .customLong("memory-limit"), parsing: .unconditional, help: ArgumentHelp(
    "Megabytes of memory the process may grow to while a script runs before that script is stopped (0 for no limit).",
    valueName: "MB"))
  var memoryLimit: Int = 4096

  @Option(name: .customLong("max-page-size"), parsing: .unconditional, help: ArgumentHelp(
    "Megabytes: a larger page is refused (exit 3) before it is read (0 for no limit).", valueName: "MB"))
  var maxPageSize: Int = ActionRequest.defaultMaximumPageSize / 1_048_576

  @Option(name: .customLong("max-depth"), parsing: .unconditional, help: ArgumentHelp(
    "Elements the markup may nest: a page nesting deeper is refused (exit 3) with the line (0 for no limit; browsers build any depth, past 512 open elements as siblings).",
    valueName: "levels"))
  var maxDepth: Int = 0

  @Option(name: .customLong("extension-memory-limit"), parsing: .unconditional, help: ArgumentHelp(
    "Megabytes of data (heap) an extension process may use, like iOS's limit for Action extensions (0 for no limit).",
    valueName: "MB"))
  var extensionMemoryLimit: Int = 120

  @Flag(name: .customLong("isolate"), help: ArgumentHelp(
    "Run a built-in extension's native code in a process of its own, as a bundle with its own executable always runs."))
  var isolate = false

  @Flag(name: .customLong("force"), help: ArgumentHelp(
    "Run the extension even if its activation rule does not accept a web page (Safari would not offer it)."))
  var force = false

  func validate() throws {
    for folder in subresources {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
        throw ValidationError("--subresources \(folder): no such folder")
      }
    }
    try Self.checkSeconds(timeout, "--timeout")
    try Self.checkSeconds(extensionTimeout, "--extension-timeout")
    try Self.checkSeconds(pageTimers, "--page-timers", zeroAllowed: true)
    try Self.checkSeconds(watchdog, "--watchdog")
    guard memoryLimit >= 0 else { throw ValidationError("--memory-limit \(memoryLimit): give megabytes, 0 or more (0: no limit)") }
    guard extensionMemoryLimit >= 0 else {
      throw ValidationError("--extension-memory-limit \(extensionMemoryLimit): give megabytes, 0 or more (0: no limit)")
    }
    guard maxPageSize >= 0 else { throw ValidationError("--max-page-size \(maxPageSize): give megabytes, 0 or more (0: no limit)") }
    guard maxDepth >= 0 else { throw ValidationError("--max-depth \(maxDepth): give a number of elements, 0 or more (0: no limit)") }
    for pair in arguments where !pair.contains("=") || pair.hasPrefix("=") {
      throw ValidationError(pair.hasPrefix("=") ? "--arg \(pair): the key is empty (write KEY=VALUE)" : "--arg \(pair) is not KEY=VALUE")
    }
  }

  private static func checkSeconds(_ value: Double, _ flag: String, zeroAllowed: Bool = false) throws {
    guard zeroAllowed ? value >= 0 : value > 0 else {
      let expected = zeroAllowed ? "zero or more" : "more than zero"
      throw ValidationError("\(flag) \(String(format: "%g", value)): give a number of seconds, \(expected)")
    }
  }

  /// The host's form of these options.
  var settings: PageSettings {
    var settings = PageSettings()
    settings.url = url
    settings.encoding = encoding
    settings.maximumPageSize = maxPageSize == 0 ? nil : maxPageSize * 1_048_576
    settings.maximumNestingDepth = maxDepth == 0 ? nil : maxDepth
    settings.selection = selection
    settings.userAgent = userAgent
    settings.viewport = viewport
    for pair in arguments {
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      settings.arguments[String(parts[0])] = String(parts[1])
    }
    settings.finalizeArgumentsFile = finalizeArgs
    settings.timeout = timeout
    settings.extensionTimeout = extensionTimeout
    settings.scriptTimeLimit = watchdog
    settings.memoryLimit = memoryLimit == 0 ? nil : memoryLimit * 1_048_576
    settings.extensionMemoryLimit = extensionMemoryLimit == 0 ? nil : extensionMemoryLimit * 1_048_576
    settings.isolate = isolate
    settings.runPageScripts = runPageScripts
    settings.strictCallbackErrors = strictErrors
    settings.verboseNotes = verbose
    settings.pageTimersTime = pageTimers
    settings.subresources = SubresourceFolders(subresources)
    return settings
  }
}

extension PageOptions {
  /// Refuses `--arg` keys (and listed values) the extension does not declare, as a usage error naming the nearest.
  func checkArguments(for source: ExtensionSource) throws(WebActionError) {
    guard let problem = source.bundle.manifest.problem(withArguments: settings.arguments) else { return }
    throw WebActionError(.usage, problem, hint: "`webaction list \(source.bundle.name)` shows its arguments.")
  }

  /// The host for `--ext NAME`, as `run` and `inspect` make it: the extension resolved and its activation checked
  /// (unless --force), console output and warnings on standard error (unless --quiet), `--isolate` available.
  func makeHost(extension name: String) throws(WebActionError) -> ActionHost {
    let source = try builtInExtensions.resolve(name)
    if !force { try source.requireActivation() }
    try checkArguments(for: source)
    let quiet = quiet
    let host = ActionHost(extension: source) { diagnostic in
      if !quiet { StandardError.write("\(diagnostic)\n") }
    }
    host.isolationCommand = ExtensionHostCommand.command
    if verbose {
      host.trace = { step, seconds in StandardError.write("[webaction] \(step) \(String(format: "%.1f", seconds * 1000)) ms\n") }
    }
    return host
  }

  /// The one page of `path` (any format `run` reads), or standard input for `-`; a file holding several pages is a
  /// usage error naming `command`.
  func singlePage(_ path: String, command: String) throws(WebActionError) -> PageSource {
    let saved = try PageFormats.read(file: path, maximumSize: settings.maximumPageSize)
    guard saved.pages.count == 1 else {
      throw WebActionError(.usage, "\(path) holds \(saved.pages.count) pages; `webaction \(command)` takes one")
    }
    return .saved(saved.pages[0])
  }
}

extension Viewport: ExpressibleByArgument {
  public init?(argument: String) { self.init(argument) }
  public var defaultValueDescription: String { description }
}
