import Foundation
import WebActionKit

/// The extensions a binary has compiled in, and how `--ext` finds an extension: the path of an `.appex` folder, or a
/// name looked up on the search path (`$WEBACTION_EXTENSIONS`, then `~/.local/share/webaction/Extensions`), then
/// among the built-ins. The executable injects its built-ins; the host knows none of its own.
public struct ExtensionRegistry: Sendable {
  /// One compiled-in extension.
  public struct Entry: Sendable {
    /// The name used on the command line (`--ext NAME`).
    public let name: String
    /// The `.appex` folder with its Info.plist and preprocessing script.
    public let bundleURL: URL
    /// CFBundleIdentifier of the built-in bundle (nil if its Info.plist does not load; `--ext NAME` then reports why).
    public let bundleIdentifier: String?
    let makePrincipalObject: @Sendable (String) -> (any ExtensionRequestHandling)?

    /// The entry of the built-in extension `type`; loads its Info.plist for ``bundleIdentifier``.
    public init<E: BuiltInExtension & SendableMetatype>(_ type: E.Type) {
      name = E.name
      bundleURL = E.bundleURL
      bundleIdentifier = try? ExtensionBundle(url: E.bundleURL).manifest.bundleIdentifier
      makePrincipalObject = { E.makePrincipalObject(className: $0) }
    }
  }

  /// The extensions compiled into the binary; `--ext NAME` tries them after the search path.
  public let builtIns: [Entry]
  /// The folders `--ext NAME` looks in for `NAME.appex` before the built-ins, in order.
  public let searchPath: [URL]

  /// A registry of `builtIns` that looks for installed bundles in `searchPath` (by default
  /// ``searchPath(environment:)``).
  public init(builtIns: [Entry], searchPath: [URL] = ExtensionRegistry.searchPath()) {
    self.builtIns = builtIns
    self.searchPath = searchPath
  }

  /// `$WEBACTION_EXTENSIONS` (folders separated by `:`), then `$XDG_DATA_HOME/webaction/Extensions` (by default
  /// `~/.local/share/webaction/Extensions`).
  public static func searchPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> [URL] {
    let listed = (environment["WEBACTION_EXTENSIONS"] ?? "").split(separator: ":").map { URL(fileURLWithPath: String($0)) }
    let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
      ?? ((environment["HOME"] ?? NSHomeDirectory()) as NSString).appendingPathComponent(".local/share")
    return listed + [URL(fileURLWithPath: dataHome).appendingPathComponent("webaction/Extensions")]
  }

  /// The bundles on the search path, by name (the first of each name wins), in search order.
  public func installed() -> [(name: String, url: URL)] {
    var found: [(name: String, url: URL)] = []
    for folder in searchPath {
      let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
      for file in names.sorted() where file.hasSuffix(".appex") {
        let name = String(file.dropLast(".appex".count))
        if !found.contains(where: { $0.name == name }) { found.append((name, folder.appendingPathComponent(file))) }
      }
    }
    return found
  }

  /// What `--ext` completes to from `prefix` (shell completion): the names it finds (on the search path, built in),
  /// and for a path (one with a `/`, or starting with `.`) the `.appex` folders there and the folders that may hold
  /// some (with a trailing `/`, to go on completing).
  public func completions(for prefix: String) -> [String] {
    var found: [String] = []
    if !prefix.contains("/"), !prefix.hasPrefix(".") {
      found = installed().map(\.name) + builtIns.map(\.name)
    }
    let slash = prefix.lastIndex(of: "/")
    let folder = slash.map { String(prefix[...$0]) } ?? ""
    let listed = (try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []
    for name in listed.sorted() where !name.hasPrefix(".") || prefix.hasPrefix(".") || folder.hasSuffix("./") {
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: folder + name, isDirectory: &isFolder), isFolder.boolValue else { continue }
      found.append(folder + name + (name.hasSuffix(".appex") ? "" : "/"))
    }
    var seen = Set<String>()
    return found.filter { $0.hasPrefix(prefix) && seen.insert($0).inserted }
  }

  /// Resolves `--ext`: a path (with a `/`, or ending in `.appex`), else a name on the search path, else a built-in
  /// name, else a folder of that name in the current directory.
  public func resolve(_ name: String) throws(WebActionError) -> ExtensionSource {
    let isPath = name.contains("/") || name.hasSuffix(".appex")
    if !isPath, let installed = installed().first(where: { $0.name == name }) {
      return try source(at: installed.url)
    }
    if !isPath, let builtIn = builtIns.first(where: { $0.name == name }) {
      return try ExtensionSource(bundleURL: builtIn.bundleURL, principalClasses: builtIn.makePrincipalObject)
    }
    let url = URL(fileURLWithPath: name)
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue else {
      let looked = searchPath.map { $0.appendingPathComponent("\(name).appex").path }.joined(separator: ", ")
      throw WebActionError(
        .bundle,
        isPath ? "no extension bundle at \(name)" : "no extension named '\(name)': not on the search path (\(looked)) nor built in",
        hint: "Built-in extensions: \(builtIns.map(\.name).joined(separator: ", ")). Install a bundle as NAME.appex in a folder of $WEBACTION_EXTENSIONS or in ~/.local/share/webaction/Extensions, or give the path of a bundle folder holding Info.plist and the preprocessing .js file.")
    }
    return try source(at: url)
  }

  /// The extension of the bundle folder at `url`.
  private func source(at url: URL) throws(WebActionError) -> ExtensionSource {
    // A bundle from disk gets a compiled-in principal class only when it is a copy of that built-in bundle (same
    // CFBundleIdentifier): Apple's template names every principal class ActionRequestHandler, so matching by class
    // name alone would run another extension's Swift code.
    let source = try ExtensionSource(bundleURL: url) { _ in nil }
    guard let builtIn = builtIns.first(where: { $0.bundleIdentifier != nil && $0.bundleIdentifier == source.bundle.manifest.bundleIdentifier })
    else { return source }
    return try ExtensionSource(bundleURL: url, principalClasses: builtIn.makePrincipalObject)
  }
}
