import ArgumentParser
import Foundation
import WebActionHost
import WebActionKit

/// `webaction extension-host BUNDLE`: serves a built-in principal class over the extension protocol on standard
/// input and output (not for direct use): what `--isolate` starts, so a built-in runs as a bundle's executable does.
struct ExtensionHostCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "extension-host",
    abstract: "Serve a built-in extension's principal class in its own process (started by --isolate).",
    shouldDisplay: false)

  /// The command an ActionHost starts for `--isolate` (the bundle's path is appended).
  static var command: [String] { [BatchCommand.executablePath, "extension-host"] }

  @Argument(help: "The extension bundle whose principal class to serve.")
  var bundle: String

  func run() throws {
    let source: ExtensionSource
    do {
      source = try builtInExtensions.resolve(bundle)
    } catch {
      fail(with: error)
    }
    guard let className = source.bundle.manifest.principalClass, source.makePrincipalObject(className) != nil else {
      fail(with: WebActionError(.bundle, "\(source.bundle.name) has no principal class built into webaction"))
    }
    Foundation.exit(ExtensionService.serve { source.makePrincipalObject(className)! })
  }
}
