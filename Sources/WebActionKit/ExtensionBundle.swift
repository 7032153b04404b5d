/// An extension bundle on disk: a `.appex` folder holding `Info.plist` and the preprocessing script.
public struct ExtensionBundle: Sendable {
  /// The bundle folder.
  public let url: URL
  /// The parsed Info.plist.
  public let manifest: ExtensionManifest
  /// The preprocessing script, `<preprocessingFile>.js` at the bundle root or in `Resources/`
  /// (or `Contents/Resources/`). Always set once `init(url:)` succeeds, which throws when the script is missing;
  /// optional so that hosts can model bundles built by other means.
  public let scriptURL: URL?
  /// The program `CFBundleExecutable` names, when it is an executable file inside the bundle (at the root,
  /// `MacOS/` or `Contents/MacOS/`): the extension then runs as its own process. Nil when the bundle names none or
  /// does not ship it (an iOS bundle names its iOS binary; ported here, its principal class must be built in).
  public let executableURL: URL?
  /// The folder name without `.appex`, for example `page-info`.
  public var name: String { url.deletingPathExtension().lastPathComponent }

  /// Opens the bundle at `url`; its Info.plist may be at the root or in `Contents/`.
  /// - Throws: `ManifestError` for a missing or bad Info.plist or a missing script, naming the files looked for.
  public init(url: URL) throws {
    let fm = FileManager.default
    let bundleName = url.lastPathComponent
    var isFolder: ObjCBool = false
    guard fm.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue else {
      throw ManifestError(file: url.path, keyPath: [], problem: "is not an extension bundle folder (expected a .appex folder)")
    }
    let candidates = ["Info.plist", "Contents/Info.plist"]
    guard let info = candidates.first(where: { fm.fileExists(atPath: url.appendingPathComponent($0).path) }) else {
      throw ManifestError(
        file: url.path, keyPath: [],
        problem: "has no Info.plist (looked for \(candidates.map { "\(bundleName)/\($0)" }.joined(separator: " and ")))")
    }
    self.url = url
    try Self.checkInside(url, relativePath: info, file: "\(bundleName)/\(info)", keyPath: [], named: info)
    manifest = try ExtensionManifest(contentsOf: url.appendingPathComponent(info), displayPath: "\(bundleName)/\(info)")
    let keyPath = ["NSExtension", "NSExtensionAttributes", "NSExtensionJavaScriptPreprocessingFile"]
    let script = manifest.preprocessingFile + ".js"
    // The script is a file of the bundle: a name that climbs out (`../x`) or starts at the root is refused outright.
    if script.hasPrefix("/") || script.split(separator: "/").contains("..") {
      throw ManifestError(
        file: "\(bundleName)/\(info)", keyPath: keyPath,
        problem: "is '\(manifest.preprocessingFile)', a path outside the bundle; name a .js file inside \(bundleName)")
    }
    let places = [script, "Resources/\(script)", "Contents/Resources/\(script)"]
    guard let found = places.first(where: { fm.fileExists(atPath: url.appendingPathComponent($0).path) }) else {
      throw ManifestError(
        file: "\(bundleName)/\(info)", keyPath: keyPath,
        problem: "names \(script), which was not found (looked for \(places.map { "\(bundleName)/\($0)" }.joined(separator: ", ")))")
    }
    try Self.checkInside(url, relativePath: found, file: "\(bundleName)/\(info)", keyPath: keyPath, named: manifest.preprocessingFile)
    scriptURL = url.appendingPathComponent(found)
    executableURL = try manifest.executable.flatMap { name throws in
      guard !name.hasPrefix("/"), !name.split(separator: "/").contains("..") else {
        throw ManifestError(
          file: "\(bundleName)/\(info)", keyPath: ["CFBundleExecutable"],
          problem: "is '\(name)', a path outside the bundle; name a program inside \(bundleName)")
      }
      let relative = [name, "MacOS/\(name)", "Contents/MacOS/\(name)"].first {
        var folder: ObjCBool = false
        let path = url.appendingPathComponent($0).path
        return fm.fileExists(atPath: path, isDirectory: &folder) && !folder.boolValue && fm.isExecutableFile(atPath: path)
      }
      guard let relative else { return nil }
      try Self.checkInside(url, relativePath: relative, file: "\(bundleName)/\(info)", keyPath: ["CFBundleExecutable"], named: name)
      return url.appendingPathComponent(relative)
    }
  }

  /// Throws unless `relativePath` in the bundle, once symbolic links are resolved, is still inside the bundle.
  private static func checkInside(_ bundle: URL, relativePath: String, file: String, keyPath: [String], named: String) throws {
    let root = realPath(bundle.path) ?? bundle.standardizedFileURL.path
    guard let resolved = realPath(bundle.appendingPathComponent(relativePath).path) else { return }
    guard !resolved.hasPrefix(root.hasSuffix("/") ? root : root + "/") else { return }
    let link = "\(bundle.lastPathComponent)/\(relativePath)"
    throw ManifestError(
      file: file, keyPath: keyPath,
      problem: keyPath.isEmpty
        ? "is reached through a symbolic link leading outside the bundle (\(link) → \(resolved))"
        : "is '\(named)', but \(link) is a symbolic link leading outside the bundle (to \(resolved))")
  }

  private static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}

/// An extension compiled into webaction: its bundle of resources plus its principal class.
///
/// Each built-in extension module exports one enum conforming to this; the host (in process, or the out-of-process
/// runner) looks the principal class up through `makePrincipalObject(className:)`.
public protocol BuiltInExtension {
  /// The name used on the command line, for example `page-info`.
  static var name: String { get }
  /// The `.appex` folder with its Info.plist and preprocessing script.
  static var bundleURL: URL { get }
  /// A new instance of the principal class `className` (as in Info.plist, prefix stripped), or nil if unknown.
  static func makePrincipalObject(className: String) -> (any ExtensionRequestHandling)?
}
