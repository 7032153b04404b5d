import ArgumentParser
import Foundation
import WebActionHost
import WebActionKit

struct Validate: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Check extension bundles and report every problem with its key path.",
    discussion: """
      Reads each bundle's Info.plist (XML or binary) and checks every key on
      its own, so one mistake does not hide the next: CFBundleIdentifier, the
      NSExtension dictionary, the extension point, the preprocessing script
      (inside the bundle), and the activation rule (a dictionary of Apple's
      documented keys, or a predicate string in NSPredicate's subset).
      Errors stop a bundle from running; warnings (TRUEPREDICATE, an unknown
      activation key, an extension point webaction does not run) do not.

      Exit status: 0 when no bundle has an error, 4 otherwise.

      Example:
        webaction validate MyAction.appex
      """)

  @Argument(help: ArgumentHelp("Bundle folders (.appex).", valueName: "bundle"))
  var bundles: [String]

  func run() throws {
    var failed = false
    var out = ""
    for path in bundles {
      let problems = ExtensionBundle.problems(at: URL(fileURLWithPath: path))
      for problem in problems { out += "\(problem)\n" }
      let errors = problems.filter { $0.severity == .error }.count
      let warnings = problems.count - errors
      failed = failed || errors > 0
      out += problems.isEmpty
        ? "\(path): valid\n"
        : "\(path): \(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")\n"
    }
    printing(out)
    if failed { throw ExitCode(WebActionError.Kind.bundle.exitCode) }
  }
}
