import ArgumentParser
import CMalloc
import Foundation
import WebActionHost
import WebActionKit

@main
struct WebAction: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "webaction",
    abstract: "Run Safari Action extensions on saved web pages, headless.",
    discussion: """
      webaction loads a saved HTML page into a real DOM, runs an Action
      extension's preprocessing JavaScript in JavaScriptCore, hands the result to
      the extension's Swift code through an API that mirrors NSExtensionContext,
      calls finalize() with the extension's answer, and writes the page.

      Examples:
        webaction run Pages/article.html --ext translate --arg to=es -o es.html
        webaction run Pages/article.html --ext background -o out.html
        webaction run page.html --ext ./My.appex --finalize-args args.json
        webaction run a.html b.html c.html --ext page-info --output-dir out/
        webaction batch site/ --ext translate --arg to=es --out site-es/
        webaction new my-action --template info && webaction test my-action.appex
        webaction port MyApp/ActionExtension    (an iOS extension, unchanged)
        webaction inspect Pages/article.html --ext page-info
        webaction eval Pages/article.html 'document.title'
        webaction list
        webaction validate ./My.appex
      """,
    version: WebActionRelease.version,
    subcommands: [
      Run.self, BatchCommand.self, TestCommand.self, NewCommand.self, PortCommand.self, Inspect.self, Eval.self, Validate.self, Extensions.self, Defaults.self, BatchWorkerCommand.self,
      ExtensionHostCommand.self,
    ],
    defaultSubcommand: nil)

  /// Parses and runs as ArgumentParser's `main()` does, except that every usage error (an unknown option, a missing
  /// argument, a bad value, a failed `validate()`) exits with 2, the code the README documents, instead of 64.
  static func main() {
    // No fastbins in glibc's malloc. A page frees tens of thousands of small nodes at once (its libxml2 tree, its
    // tokens); in fastbins they wait for malloc_consolidate, which the next large allocation or free runs over all
    // of them: 6% of a no-op batch's time, with 13% in malloc and free around it. Without them (Scripts/bench batch
    // numbers in the README; a quick A/B of 200 corpus pages in one `run`, interleaved, 5 runs: no-op 5.55 → 4.87 s,
    // page-info 15.9 → 12.5 s, peak RSS +0% and +3.6%). Set before anything is allocated in earnest; tcache stays.
    _ = webaction_disable_fastbins()
    if Array(CommandLine.arguments.dropFirst()) == ["--version"] {
      printing(ComponentVersions.lines(commit: SDKPackage.checkoutCommit).joined(separator: "\n") + "\n")
      return
    }
    // SIGINT, SIGTERM and SIGHUP stop every child process (extension processes, Apertium, batch workers) before
    // webaction ends; `batch` stops its workers its own way.
    ChildProcesses.handleTerminationSignals()
    do {
      var command = try parseAsRoot()
      try command.run()
    } catch {
      guard exitCode(for: error) == .validationFailure else { exit(withError: error) }
      StandardError.write(fullMessage(for: error) + "\n")
      Foundation.exit(WebActionError.Kind.usage.exitCode)
    }
  }
}

/// A command whose failures are WebActionErrors: `run()` reports one as `fail(with:)` does.
protocol WebActionCommandRunning: ParsableCommand {
  func execute() throws(WebActionError)
}

extension WebActionCommandRunning {
  func run() throws {
    do {
      try execute()
    } catch {
      fail(with: error)
    }
  }
}

/// A command that decides its exit code (several pages: batch's rule, ``BatchProgress/exitCode(signal:)``); a failure
/// it throws is reported as `fail(with:)` does.
protocol WebActionCommandWithExitCode: ParsableCommand {
  func execute() throws(WebActionError) -> Int32
}

extension WebActionCommandWithExitCode {
  func run() throws {
    // The exit code is decided in execute() and the process ends here, once execute()'s objects are released:
    // LeakSanitizer cannot follow Swift's tagged references and would report the live ones (a batch, a host) as
    // leaks at exit().
    let code: Int32
    do {
      code = try execute()
    } catch {
      fail(with: error)
    }
    if code != 0 { Foundation.exit(code) }
  }
}

/// Prints a WebActionError as one paragraph and exits with its class's code; never a backtrace.
func fail(with error: WebActionError) -> Never {
  ChildProcesses.waitIfEnding()
  StandardError.write("webaction: \(error.description)\n")
  Foundation.exit(error.kind.exitCode)
}

/// Writes a command's text output to standard output; a failed write (a full disk, a closed pipe) exits with the
/// output class's code and the OS's reason, where `print` would drop it silently.
func printing(_ text: String) {
  do {
    try StandardOutput.write(text, what: "the output")
  } catch {
    fail(with: error)
  }
}
