import Foundation
import JSBridge
import WebActionKit

/// Runs Action extensions on pages, as Safari does: run() → native extension → finalize() → serialize.
///
/// Use one host per thread; each `process` call loads its own page.
public final class ActionHost {
  /// The extension this host runs: its bundle and how to make its principal object.
  public let source: ExtensionSource
  /// Where pages' subresources come from instead of each request's `subresources` folders (an embedder's archive
  /// or test server); nil uses the folders.
  public var subresourceLoader: (any SubresourceLoader)?
  private let report: (Diagnostic) -> Void
  /// How `--isolate` starts a built-in principal class in a process of its own: this program and the arguments
  /// that make it serve one (the bundle's path is appended). Nil: `--isolate` is refused.
  public var isolationCommand: [String]?
  /// The principal object kept across pages when its class allows it (`ReusableExtensionRequestHandling`).
  private var reusablePrincipal: (className: String, object: any ExtensionRequestHandling)?
  /// The extension process kept across pages (its executable, or `--isolate`).
  private var processRunner: ProcessExtensionRunner?
  /// Whether the loopback of a bundle without a native side has been reported (once per host).
  private var loopbackNoted = false
  /// Receives each step of a page and its seconds: `load` (read, decode), `parse`, `window`, `page scripts`
  /// (`--scripts`), `evaluate`, `run`, `convert`, `extension`, `finalize`, `serialize` (`--verbose`).
  public var trace: ((String, TimeInterval) -> Void)?
  /// The step whose scripts run now, named in their console output (`[console run()] …`).
  private let phase = Preprocessor.Phase()
  /// JavaScriptCore VMs kept for the pages this host processes on one thread (each page still gets fresh global
  /// objects): a VM costs about 1 ms to make, and JavaScriptCore keeps about 0.8 KB of each one for good, which grew
  /// a batch worker's memory by 23% over 10,000 pages. One serves one page at a time, since a page's end forgets the
  /// group's wrappers and resets its limits: a host keeps as many as it had pages begun at once (``begin(_:)``; three
  /// in a translate batch, one otherwise). Replaced when pages come on another thread.
  private(set) var scriptGroups: [ScriptGroup] = []
  /// Pages begun and not yet finished, and the App Groups declared before the first of them.
  private var activePages = 0
  private var groupsOutside: Set<String>?

  /// `report` receives console output and warnings as they happen.
  public init(extension source: ExtensionSource, report: @escaping (Diagnostic) -> Void = { _ in }) {
    self.source = source
    self.report = report
  }

  /// Processes one page and returns the rewritten HTML and run()'s results. Writes nothing.
  public func process(_ request: ActionRequest) throws(WebActionError) -> ActionOutcome {
    try finish(begin(request))
  }

  /// A page between ``begin(_:)`` and ``finish(_:)``: loaded, run() called, its native extension at work.
  public final class PendingAction {
    fileprivate let request: ActionRequest
    fileprivate let page: Page
    fileprivate let preprocessor: Preprocessor
    fileprivate let object: ScriptValue
    fileprivate let results: PropertyList
    /// What decides finalize()'s argument: the extension's request, or the argument itself (given, or run()'s results
    /// for a bundle without a native side).
    fileprivate let reply: (any PendingExtensionReply)?
    fileprivate let given: PropertyList?
    fileprivate var timing: StepTiming

    fileprivate init(
      request: ActionRequest, page: Page, preprocessor: Preprocessor, object: ScriptValue, results: PropertyList,
      reply: (any PendingExtensionReply)?, given: PropertyList?, timing: StepTiming
    ) {
      self.request = request
      self.page = page
      self.preprocessor = preprocessor
      self.object = object
      self.results = results
      self.reply = reply
      self.given = given
      self.timing = timing
    }

    /// False while the native extension is still working on the page (it completes from a queue of its own): then
    /// the host can begin the next page before finishing this one, and the two overlap.
    public var isAnswered: Bool { reply?.isAnswered ?? true }
  }

  /// Steps 1 and 2 of a page: loads it and its preprocessing file, calls run(), and gives its results to the native
  /// extension, which may still be at work when this returns. ``finish(_:)`` waits for it, calls finalize() and
  /// serializes. A host can begin the next page before finishing this one (``BatchWorker`` does while translate's
  /// engine works); pages are finished in the order begun, on the thread that began them.
  public func begin(_ request: ActionRequest) throws(WebActionError) -> PendingAction {
    // While the extension runs, it opens only the App Groups its bundle declares: from the first begun page to the
    // last finished one.
    enterExtension()
    do {
      // The native side is resolved first, so a bundle that cannot run fails before any script does.
      let runner = try makeRunner(request)
      runner?.prepare(arguments: request.arguments)

      // Step 1. Load the page and the preprocessing file, and call run().
      let (page, preprocessor, object, results) = try preprocess(request)
      if runner == nil, request.finalizeArguments == nil, !loopbackNoted {
        // Said once per host (a run over many pages, a batch worker), not once per page.
        loopbackNoted = true
        report(Diagnostic(.warning, source: "webaction", source.loopbackNote))
      }

      // Step 2. The native extension (or --finalize-args) decides finalize()'s argument. An extension that returns
      // no finalize argument still gets finalize() called, with an empty dictionary: Apple's template relies on it
      // ("If nothing's been returned to us, we'll set the background to blue"). With no native side, a loopback one,
      // so that finalize() runs (with what run() collected) instead of nothing.
      let timing = StepTiming(trace)
      var reply: (any PendingExtensionReply)?
      if request.finalizeArguments == nil, let runner {
        reply = try runner.begin(Self.inputItem(results: results, page: page, request: request))
      }
      return PendingAction(
        request: request, page: page, preprocessor: preprocessor, object: object, results: results, reply: reply,
        given: request.finalizeArguments ?? (runner == nil ? results : nil), timing: timing)
    } catch {
      leaveExtension()
      throw error
    }
  }

  /// Step 3 of a page ``begin(_:)`` began: waits for its native extension, calls finalize() and serializes.
  public func finish(_ action: PendingAction) throws(WebActionError) -> ActionOutcome {
    defer { leaveExtension() }
    var opened: [String] = []
    let finalizeArguments: PropertyList?
    if let reply = action.reply {
      finalizeArguments = try reply.wait(opened: &opened) ?? .dictionary([:])
      action.timing.lap("extension")
    } else {
      finalizeArguments = action.given
    }
    if let finalizeArguments {
      try action.preprocessor.finalize(action.object, arguments: finalizeArguments, timeout: action.request.timeout)
    }
    var timing = StepTiming(trace)
    let html = action.page.serialize()
    timing.lap("serialize")
    // The page's scripts are done: its contexts close now, not whenever the caller lets go of `action`, so that its
    // script group can take the next page.
    action.page.closeScripts()
    return ActionOutcome(
      htmlUTF8: html, results: action.results, finalizeArguments: finalizeArguments, openedURLs: opened,
      navigations: action.page.navigations.list)
  }

  /// Sets ``AppGroup/declaredGroups`` to the bundle's for the first page begun; ``leaveExtension()`` restores what
  /// was there when the last one is finished.
  private func enterExtension() {
    if activePages == 0 {
      groupsOutside = AppGroup.declaredGroups
      AppGroup.declaredGroups = Set(source.bundle.manifest.appGroups)
    }
    activePages += 1
  }

  private func leaveExtension() {
    activePages -= 1
    if activePages == 0 { AppGroup.declaredGroups = groupsOutside }
  }

  /// Loads the page and runs the preprocessing step only: what the native extension would receive, the input item
  /// Safari builds from run()'s results (its property-list attachment, and the `--arg` pairs in `userInfo`).
  public func inputItem(for request: ActionRequest) throws(WebActionError) -> ExtensionItem {
    let (page, _, _, results) = try preprocess(request)
    return Self.inputItem(results: results, page: page, request: request)
  }

  /// The item Safari gives the extension: run()'s results and the page's URL in one attachment, and the `--arg`
  /// pairs.
  private static func inputItem(results: PropertyList, page: Page, request: ActionRequest) -> ExtensionItem {
    ExtensionItem(preprocessingResults: results, url: URL(string: page.document.url.href), arguments: request.arguments)
  }

  /// Loads the page and its preprocessing file and calls run(); the page, the file's object and run()'s results.
  private func preprocess(_ request: ActionRequest) throws(WebActionError)
    -> (page: Page, preprocessor: Preprocessor, object: ScriptValue, results: PropertyList)
  {
    let script = try source.script()
    scriptGroups.removeAll { !$0.isOnCurrentThread }
    let scriptGroup = scriptGroups.first(where: \.isIdle) ?? ScriptGroup()
    if !scriptGroups.contains(where: { $0 === scriptGroup }) { scriptGroups.append(scriptGroup) }
    let report = report, phase = phase
    let page = try Page(request: request, subresources: subresourceLoader, group: scriptGroup, trace: trace) { diagnostic in
      var diagnostic = diagnostic
      if diagnostic.source == "console" { diagnostic.phase = phase.name }
      report(diagnostic)
    }
    if let failure = page.loadFailure { throw failure }
    let preprocessor = Preprocessor(
      page: page, scriptURL: script.url, scriptSource: script.source, extensionName: source.bundle.manifest.displayName,
      report: report, phase: phase, trace: trace)
    let object = try preprocessor.load()
    return (page, preprocessor, object, try preprocessor.run(object, timeout: request.timeout))
  }

  /// The native side: nil when the run is JS-only (--finalize-args, or a bundle without a principal class or
  /// executable). The bundle's own executable runs as its own process; a principal class built into this program runs
  /// in this process, or in a process of its own with `--isolate`.
  private func makeRunner(_ request: ActionRequest) throws(WebActionError) -> (any ExtensionRunner)? {
    if request.finalizeArguments != nil { return nil }
    let bundle = source.bundle
    if let executable = bundle.executableURL {
      return processRunner(request, ProcessExtensionRunner.Command(executable: executable, directory: bundle.url))
    }
    if let name = bundle.manifest.executable, FileManager.default.fileExists(atPath: bundle.url.appendingPathComponent(name).path) {
      // It ships its program, which cannot be run (a zip or a copy lost its execute bit).
      throw WebActionError(
        .bundle, "\(bundle.name): its CFBundleExecutable \(name) is not executable",
        hint: "chmod +x \(bundle.url.appendingPathComponent(name).path) (a script also needs its #! line).")
    }
    guard let className = bundle.manifest.principalClass else { return nil }
    if request.settings.isolate {
      guard let isolationCommand, let program = isolationCommand.first else {
        throw WebActionError(.usage, "--isolate: this host cannot start a built-in extension in a process of its own")
      }
      guard source.makePrincipalObject(className) != nil else { throw notBuiltIn(className) }
      let command = ProcessExtensionRunner.Command(
        executable: URL(fileURLWithPath: program), arguments: Array(isolationCommand.dropFirst()) + [bundle.url.path],
        directory: bundle.url)
      return processRunner(request, command)
    }
    if let kept = reusablePrincipal, kept.className == className {
      return InProcessExtensionRunner(principal: kept.object, name: source.bundle.name, timeout: request.extensionTimeout, report: report)
    }
    guard let principal = source.makePrincipalObject(className) else { throw notBuiltIn(className) }
    if principal is any ReusableExtensionRequestHandling { reusablePrincipal = (className, principal) }
    return InProcessExtensionRunner(principal: principal, name: source.bundle.name, timeout: request.extensionTimeout, report: report)
  }

  /// The kept extension process's runner for `command` (a new one when the command changed), with the request's limits.
  private func processRunner(_ request: ActionRequest, _ command: ProcessExtensionRunner.Command) -> ProcessExtensionRunner {
    var command = command
    command.environment["WEBACTION_APP_GROUPS"] = source.bundle.manifest.appGroups.joined(separator: "\n")
    if let kept = processRunner, kept.command == command {
      kept.timeout = request.extensionTimeout
      kept.memoryLimit = request.settings.extensionMemoryLimit
      return kept
    }
    let runner = ProcessExtensionRunner(
      name: source.bundle.name, command: command, timeout: request.extensionTimeout,
      memoryLimit: request.settings.extensionMemoryLimit, report: report)
    processRunner = runner
    return runner
  }

  private func notBuiltIn(_ className: String) -> WebActionError {
    let executable = source.bundle.manifest.executable.map { " and ships no executable \($0) (CFBundleExecutable)" } ?? ""
    return WebActionError(
      .bundle, "\(source.bundle.name): the principal class \(className) is not built into webaction\(executable)",
      hint: "Run the bundle's JavaScript alone with --finalize-args FILE, or give the bundle an executable that speaks the extension protocol (WebActionKit's documentation: “The extension protocol”). Swift principal classes run in process only when compiled into webaction as a built-in extension (listed by `webaction list`).")
  }
}
