import ArgumentParser
import Foundation
import WebActionHost
import WebActionKit

/// `webaction port FOLDER`: an iOS extension's Xcode folder, unchanged, as a bundle webaction runs.
struct PortCommand: WebActionCommandRunning {
  static let configuration = CommandConfiguration(
    commandName: "port",
    abstract: "Make a runnable .appex from an iOS extension's Xcode folder, its Swift built unchanged.",
    discussion: """
      FOLDER is the extension target's folder in your Xcode project: its
      Info.plist, its preprocessing .js and its .swift files. port writes
      NAME.appex with:
        Info.plist     as Xcode builds it: $(PRODUCT_MODULE_NAME),
                       $(PRODUCT_BUNDLE_IDENTIFIER), $(EXECUTABLE_NAME) and the
                       like expanded, the keys Xcode generates added
        the .js        copied
        Package.swift  a package that builds the .swift files as they are,
        Sources/       against Apple's names (import UIKit, MobileCoreServices,
                       UniformTypeIdentifiers; NSExtensionContext, NSItemProvider,
                       UTType...), with an entry point that makes the principal
                       class, as iOS does
        NAME           the program, built with `swift build`
      and then checks the bundle as `webaction validate` does.

      Settings come from the folder's name (PRODUCT_NAME, PRODUCT_MODULE_NAME,
      EXECUTABLE_NAME) and Xcode's defaults; give your target's with --setting,
      above all PRODUCT_BUNDLE_IDENTIFIER. Files that use a user interface
      (UIViewController, SwiftUI) are left out and named; webaction runs
      extensions headless. Run port again after editing the Xcode folder: it
      rewrites a bundle it made.

      Examples:
        webaction port MyApp/ActionExtension
        webaction port MyApp/ActionExtension -o Action.appex \\
          --setting PRODUCT_BUNDLE_IDENTIFIER=com.me.MyApp.ActionExtension
        webaction run page.html --ext ./ActionExtension.appex -o out.html
      """)

  @Argument(help: ArgumentHelp("The extension's folder in the Xcode project.", valueName: "folder"))
  var folder: String

  @Option(name: [.customShort("o"), .long], help: ArgumentHelp("The bundle to write (default: FOLDER's name + .appex, here).", valueName: "bundle"))
  var output: String?

  @Option(name: .customLong("setting"), help: ArgumentHelp("An Xcode build setting for the Info.plist's $(NAME)s (repeatable).", valueName: "NAME=VALUE"))
  var settings: [String] = []

  @Option(help: "How to build the program: release or debug.")
  var configuration: BuildConfiguration = .release

  @Flag(help: "Write the bundle and its package, but do not build the program.")
  var noBuild = false

  @Option(help: ArgumentHelp("Build against this webaction checkout instead of the package's URL (default: the checkout this binary was built from, or $WEBACTION_SDK_PATH).", valueName: "path"))
  var sdk: String?

  enum BuildConfiguration: String, ExpressibleByArgument, CaseIterable { case release, debug }

  func validate() throws {
    for setting in settings {
      guard let equals = setting.firstIndex(of: "="), equals != setting.startIndex else {
        throw ValidationError("--setting \(setting): expected NAME=VALUE, for example PRODUCT_BUNDLE_IDENTIFIER=com.me.MyApp.Action")
      }
    }
  }

  func execute() throws(WebActionError) {
    let source = URL(fileURLWithPath: folder).standardizedFileURL
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: source.path, isDirectory: &isFolder), isFolder.boolValue else {
      throw WebActionError(.input, "\(folder) is not a folder", hint: "Give the extension target's folder in your Xcode project.")
    }
    let overrides = Dictionary(
      settings.map { setting in
        let equals = setting.firstIndex(of: "=")!
        return (String(setting[..<equals]), String(setting[setting.index(after: equals)...]))
      }, uniquingKeysWith: { $1 })
    let port = try ExtensionPort(folder: source, overrides: overrides)
    for warning in port.warnings { StandardError.write("webaction port: warning: \(warning)\n") }

    let bundle = URL(fileURLWithPath: output ?? "\(port.product).appex").standardizedFileURL
    try prepare(bundle)
    try write(port, from: source, to: bundle)
    StandardError.write("webaction port: wrote \(bundle.path) (principal class \(port.principalClass), \(port.built.count) Swift file\(port.built.count == 1 ? "" : "s"))\n")
    if !noBuild { try build(port, in: bundle) }

    let problems = ExtensionBundle.problems(at: bundle)
    let errors = problems.filter { $0.severity == .error }
    for problem in problems { StandardError.write("\(problem)\n") }
    guard errors.isEmpty else {
      throw WebActionError(.bundle, "\(bundle.path) has \(errors.count) error\(errors.count == 1 ? "" : "s") (above)")
    }
    let name = bundle.lastPathComponent
    printing(
      noBuild
        ? "Ported \(name), not built: port again without --no-build to build \(name)/\(port.executable)\n"
        : "Ported \(name): webaction run PAGE --ext \(bundle.path) -o out.html\n")
  }

  /// Refuses a destination that is not a bundle `port` made; clears the sources of one it made (keeping `.build`).
  private func prepare(_ bundle: URL) throws(WebActionError) {
    let fm = FileManager.default
    guard fm.fileExists(atPath: bundle.path) else { return }
    let manifest = (try? String(contentsOf: bundle.appendingPathComponent("Package.swift"), encoding: .utf8)) ?? ""
    guard manifest.split(separator: "\n").dropFirst().first?.hasPrefix(ExtensionPort.marker) == true else {
      throw WebActionError(
        .usage, "\(bundle.path) exists and was not made by webaction port",
        hint: "Choose another bundle with -o, or remove it.")
    }
    do {
      try fm.removeItem(at: bundle.appendingPathComponent("Sources"))
    } catch {
      throw WebActionError(.output, "cannot clear \(bundle.path)/Sources: \(WebActionError.systemReason(error))")
    }
  }

  private func write(_ port: ExtensionPort, from source: URL, to bundle: URL) throws(WebActionError) {
    let fm = FileManager.default
    do {
      try fm.createDirectory(at: bundle, withIntermediateDirectories: true)
      try AtomicFile.write(try port.infoPlist.encoded(as: .xml), to: bundle.appendingPathComponent("Info.plist"))
      for (path, text) in port.packageFiles {
        let url = bundle.appendingPathComponent(path)
        try fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try AtomicFile.write(Data(text.utf8), to: url)
      }
      for path in [port.scriptPath] + port.entitlements {
        let target = bundle.appendingPathComponent(path)
        try fm.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try AtomicFile.write(try Data(contentsOf: source.appendingPathComponent(path)), to: target)
      }
    } catch let error as WebActionError {
      throw error
    } catch {
      throw WebActionError(.output, "cannot write \(bundle.path): \(WebActionError.systemReason(error))")
    }
  }

  /// `swift build` of the bundle's package, its output on standard error, then the program copied into the bundle.
  private func build(_ port: ExtensionPort, in bundle: URL) throws(WebActionError) {
    let environment = SDKPackage.buildEnvironment(sdkPath: sdk)
    let against = environment[SDKPackage.pathVariable].map { "webaction at \($0)" }
      ?? "\(WebActionRelease.packageURL) \(WebActionRelease.version)"
    StandardError.write("webaction port: building \(port.module) (swift build -c \(configuration.rawValue), against \(against))...\n")
    let arguments = ["build", "-c", configuration.rawValue, "--package-path", bundle.path]
    let (status, _) = try swift(arguments, environment: environment, capture: false)
    guard status == 0 else {
      throw WebActionError(
        .bundle, "swift build of \(bundle.path) failed (exit \(status)); its errors are above",
        hint: "Errors in the extension's own files are for its Xcode folder; fix them there and port again. A name webaction does not provide is worth an issue.")
    }
    let (shown, binPath) = try swift(arguments + ["--show-bin-path"], environment: environment, capture: true)
    let built = URL(fileURLWithPath: binPath.trimmingCharacters(in: .whitespacesAndNewlines)).appendingPathComponent(port.module)
    guard shown == 0, FileManager.default.isExecutableFile(atPath: built.path) else {
      throw WebActionError(.bundle, "swift build of \(bundle.path) made no program at \(built.path)")
    }
    do {
      try AtomicFile.write(try Data(contentsOf: built), to: bundle.appendingPathComponent(port.executable))
      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bundle.appendingPathComponent(port.executable).path)
    } catch let error as WebActionError {
      throw error
    } catch {
      throw WebActionError(.output, "cannot copy the program into \(bundle.path): \(WebActionError.systemReason(error))")
    }
  }

  /// Runs `swift ARGS`: its standard output captured, or sent to standard error with its diagnostics.
  private func swift(_ arguments: [String], environment: [String: String], capture: Bool) throws(WebActionError)
    -> (Int32, String)
  {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["swift"] + arguments
    process.environment = environment
    let pipe = Pipe()
    process.standardOutput = capture ? pipe : FileHandle.standardError
    process.standardError = FileHandle.standardError
    do {
      try ChildProcesses.run(process)
    } catch {
      throw WebActionError(.dependency, "cannot start swift: \(WebActionError.systemReason(error))", hint: "Install a Swift toolchain (swift.org) and put swift on PATH.")
    }
    let text = capture ? String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) : ""
    process.waitUntilExit()
    if process.terminationStatus == 127 {
      throw WebActionError(.dependency, "swift is not on PATH", hint: "Install a Swift toolchain (swift.org) and put swift on PATH.")
    }
    return (process.terminationStatus, text)
  }
}
