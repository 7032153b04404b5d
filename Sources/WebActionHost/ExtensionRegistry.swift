import Foundation
import WebActionKit

/// The extensions a binary has compiled in, and how `--ext` finds an extension: a built-in name, or the path of an
/// `.appex` folder. The executable injects its built-ins; the host knows none of its own.
public struct ExtensionRegistry: Sendable {
  /// One compiled-in extension.
  public struct Entry: Sendable {
    public let name: String
    public let bundleURL: URL
    /// CFBundleIdentifier of the built-in bundle (nil if its Info.plist does not load; `--ext NAME` then reports why).
    public let bundleIdentifier: String?
    let makePrincipalObject: @Sendable (String) -> (any ExtensionRequestHandling)?

    public init<E: BuiltInExtension & SendableMetatype>(_ type: E.Type) {
      name = E.name
      bundleURL = E.bundleURL
      bundleIdentifier = try? ExtensionBundle(url: E.bundleURL).manifest.bundleIdentifier
      makePrincipalObject = { E.makePrincipalObject(className: $0) }
    }
  }

  public let builtIns: [Entry]

  public init(builtIns: [Entry]) { self.builtIns = builtIns }

  /// Resolves `--ext`: a built-in name, or the path of an `.appex` folder.
  public func resolve(_ name: String) throws(WebActionError) -> ExtensionSource {
    if let builtIn = builtIns.first(where: { $0.name == name }) {
      return try ExtensionSource(bundleURL: builtIn.bundleURL, principalClasses: builtIn.makePrincipalObject)
    }
    let url = URL(fileURLWithPath: name)
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue else {
      throw WebActionError(
        .bundle, "no extension named '\(name)': it is neither a built-in extension nor an .appex folder",
        hint: "Built-in extensions: \(builtIns.map(\.name).joined(separator: ", ")). Or give the path of a bundle folder holding Info.plist and the preprocessing .js file.")
    }
    // A bundle from disk gets a compiled-in principal class only when it is a copy of that built-in bundle (same
    // CFBundleIdentifier): Apple's template names every principal class ActionRequestHandler, so matching by class
    // name alone would run another extension's Swift code.
    let source = try ExtensionSource(bundleURL: url) { _ in nil }
    guard let builtIn = builtIns.first(where: { $0.bundleIdentifier != nil && $0.bundleIdentifier == source.bundle.manifest.bundleIdentifier })
    else { return source }
    return try ExtensionSource(bundleURL: url, principalClasses: builtIn.makePrincipalObject)
  }
}
