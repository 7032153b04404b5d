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

  @Flag(help: "Print the problems as JSON (one object per bundle: bundle, valid, problems with severity, file, keyPath, problem), for scripts.")
  var json = false

  func run() throws {
    var failed = false
    var out = ""
    var objects: [[String: Any]] = []
    for path in bundles {
      var problems = ExtensionBundle.problems(at: URL(fileURLWithPath: path))
      if !problems.contains(where: { $0.severity == .error }) { problems += Self.nativeSideProblems(path) }
      objects.append([
        "bundle": path, "valid": !problems.contains { $0.severity == .error },
        "problems": problems.map { ["severity": $0.severity.rawValue, "file": $0.file, "keyPath": $0.keyPath, "problem": $0.problem] },
      ])
      for problem in problems { out += "\(problem)\n" }
      let errors = problems.filter { $0.severity == .error }.count
      let warnings = problems.count - errors
      failed = failed || errors > 0
      out += problems.isEmpty
        ? "\(path): valid\n"
        : "\(path): \(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")\n"
    }
    if json {
      let data = (try? JSONSerialization.data(withJSONObject: objects, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])) ?? Data()
      out = String(decoding: data, as: UTF8.self) + "\n"
    }
    printing(out)
    if failed { throw ExitCode(WebActionError.Kind.bundle.exitCode) }
  }

  /// What `run` would find of the bundle's native side: a program it names but does not ship (or cannot run), or a
  /// principal class that is neither built in nor shipped as a program.
  static func nativeSideProblems(_ path: String) -> [ManifestProblem] {
    guard let source = try? builtInExtensions.resolve(path) else { return [] }
    let bundle = source.bundle, manifest = bundle.manifest
    let file = "\(bundle.url.lastPathComponent)/Info.plist"
    guard bundle.executableURL == nil else { return [] }
    if let className = manifest.principalClass, source.makePrincipalObject(className) != nil { return [] }
    if let program = manifest.executable {
      let shipped = FileManager.default.fileExists(atPath: bundle.url.appendingPathComponent(program).path)
      return [ManifestProblem(
        severity: .warning, file: file, keyPath: ["CFBundleExecutable"],
        problem: shipped
          ? "is \(program), which is not executable: `webaction run` refuses the bundle (exit 4); chmod +x it"
          : "is \(program), which the bundle does not ship: `webaction run` refuses it (exit 4) until the program is built and copied in"
            + (manifest.principalClass == nil ? "" : " (`webaction port` builds an iOS extension's Swift)"))]
    }
    if let className = manifest.principalClass {
      return [ManifestProblem(
        severity: .warning, file: file, keyPath: ["NSExtension", "NSExtensionPrincipalClass"],
        problem: "is \(className), which is not built into webaction, and the bundle ships no program (CFBundleExecutable): `webaction run` refuses it (exit 4); make the bundle from the Xcode folder with `webaction port`, or run its JavaScript alone with --finalize-args")]
    }
    return []
  }
}
