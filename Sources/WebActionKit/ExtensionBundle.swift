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
    manifest = try ExtensionManifest(contentsOf: url.appendingPathComponent(info), displayPath: "\(bundleName)/\(info)")
    let script = manifest.preprocessingFile + ".js"
    let places = [script, "Resources/\(script)", "Contents/Resources/\(script)"]
    guard let found = places.first(where: { fm.fileExists(atPath: url.appendingPathComponent($0).path) }) else {
      throw ManifestError(
        file: "\(bundleName)/\(info)", keyPath: ["NSExtension", "NSExtensionAttributes", "NSExtensionJavaScriptPreprocessingFile"],
        problem: "names \(script), which was not found (looked for \(places.map { "\(bundleName)/\($0)" }.joined(separator: ", ")))")
    }
    scriptURL = url.appendingPathComponent(found)
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
