import Foundation
import WebActionHost
import WebActionKit

/// What `webaction port` makes of an Xcode extension folder (its Info.plist, preprocessing script and Swift files):
/// the bundle's Info.plist as Xcode would build it, and a Swift package that builds the sources unchanged, against
/// Apple's names (the AppleExtensionAPI product), as the bundle's executable.
struct ExtensionPort {
  /// A Swift file of the extension, and whether it can be built here.
  struct SourceFile {
    /// The path inside the extension folder.
    var path: String
    var text: String
    /// Where it uses a user interface (UIKit's views and controllers, SwiftUI, Interface Builder), as
    /// `line: what`; empty when it uses none.
    var interfaceUses: [String]
  }

  /// The folder's name without `.appex`: Xcode's target, product and module names come from it.
  let product: String
  /// The build settings the Info.plist's `$(…)` are expanded from.
  let settings: [String: String]
  /// The Info.plist as Xcode would build it.
  let infoPlist: PropertyList
  /// The manifest read from it.
  let manifest: ExtensionManifest
  /// The principal class, by its Swift name.
  let principalClass: String
  /// The preprocessing script, as a path inside the folder.
  let scriptPath: String
  /// The Swift files that are built, and those left out because they use a user interface.
  let built: [SourceFile]
  let leftOut: [SourceFile]
  /// Other files that are not built (Objective-C, storyboards), by path.
  let notBuilt: [String]
  /// `*.entitlements` files (their App Groups carry over), by path.
  let entitlements: [String]
  /// What the user should know: settings that were guessed or unknown, keys added, files left out.
  let warnings: [String]

  /// The Swift module: Xcode's `PRODUCT_MODULE_NAME`.
  var module: String { settings["PRODUCT_MODULE_NAME"] ?? product }
  /// The bundle's program: Xcode's `EXECUTABLE_NAME`.
  var executable: String { manifest.executable ?? product }

  /// The settings Xcode gives a new extension target, where the folder's name does not say.
  static let xcodeDefaults = [
    "DEVELOPMENT_LANGUAGE": "en", "PRODUCT_BUNDLE_PACKAGE_TYPE": "XPC!", "MARKETING_VERSION": "1.0",
    "CURRENT_PROJECT_VERSION": "1",
  ]

  /// The keys Xcode writes into every bundle's Info.plist when its target generates it (`GENERATE_INFOPLIST_FILE`).
  static let generatedKeys: [(key: String, value: String)] = [
    ("CFBundleDevelopmentRegion", "$(DEVELOPMENT_LANGUAGE)"), ("CFBundleExecutable", "$(EXECUTABLE_NAME)"),
    ("CFBundleIdentifier", "$(PRODUCT_BUNDLE_IDENTIFIER)"), ("CFBundleInfoDictionaryVersion", "6.0"),
    ("CFBundleName", "$(PRODUCT_NAME)"), ("CFBundlePackageType", "$(PRODUCT_BUNDLE_PACKAGE_TYPE)"),
    ("CFBundleShortVersionString", "$(MARKETING_VERSION)"), ("CFBundleVersion", "$(CURRENT_PROJECT_VERSION)"),
  ]

  /// Reads the folder. `overrides` are `--setting NAME=VALUE` pairs.
  /// - Throws: `WebActionError` (bundle) naming the file and what to change when the folder cannot be ported.
  init(folder: URL, overrides: [String: String]) throws(WebActionError) {
    let fm = FileManager.default
    let name = folder.lastPathComponent
    let infoURL = folder.appendingPathComponent("Info.plist")
    guard fm.fileExists(atPath: infoURL.path) else {
      throw WebActionError(
        .input, "\(folder.path) has no Info.plist",
        hint: "Give the folder of the extension target in your Xcode project: the one holding its Info.plist, its .js and its .swift files.")
    }
    product = name.hasSuffix(".appex") ? String(name.dropLast(6)) : name
    var warnings: [String] = []

    // Build settings: the folder's name, Xcode's defaults, the bundle identifier, then what the user said.
    var settings = ExtensionManifest.buildSettings(forBundleNamed: product).merging(Self.xcodeDefaults) { $1 }
    if overrides["PRODUCT_BUNDLE_IDENTIFIER"] == nil {
      let identifier = "com.example." + product.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") ? $0 : "-" }
      settings["PRODUCT_BUNDLE_IDENTIFIER"] = String(identifier)
      warnings.append("PRODUCT_BUNDLE_IDENTIFIER is \(identifier), a stand-in: give your target's with --setting PRODUCT_BUNDLE_IDENTIFIER=…")
    }
    settings.merge(overrides) { $1 }
    self.settings = settings

    // The Info.plist as Xcode builds it: the generated keys it lacks, every known setting expanded.
    let plistFile = "\(name)/Info.plist"
    let raw: PropertyList
    do {
      raw = try PropertyList.decode(try Data(contentsOf: infoURL))
    } catch {
      throw WebActionError(.bundle, "\(plistFile) is not a readable property list: \(error)")
    }
    guard var entries = raw.dictionary else { throw WebActionError(.bundle, "\(plistFile) is a \(raw.kindName), expected a dictionary") }
    let added = Self.generatedKeys.filter { entries[$0.key] == nil }
    for (key, value) in added { entries[key] = .string(value) }
    if !added.isEmpty {
      warnings.append("Info.plist: added \(added.map(\.key).joined(separator: ", ")), as Xcode does when it generates a target's Info.plist")
    }
    var unknown: [String: [String]] = [:]
    infoPlist = Self.expand(.dictionary(entries), settings, path: [], unknown: &unknown)
    for (setting, paths) in unknown.sorted(by: { $0.key < $1.key }) {
      warnings.append(
        "Info.plist: $(\(setting)) is not a setting webaction knows; \(paths.joined(separator: ", ")) keep it as written (give it with --setting \(setting)=…)")
    }
    do {
      manifest = try ExtensionManifest(infoPlist: try infoPlist.encoded(as: .xml), file: plistFile, buildSettings: settings)
    } catch {
      throw WebActionError(.bundle, "\(error)")
    }

    // The principal class: Xcode's template names it in its module, `$(PRODUCT_MODULE_NAME).ActionRequestHandler`.
    guard let principal = manifest.principalClass else {
      let storyboard = infoPlist["NSExtension"]?["NSExtensionMainStoryboard"]?.string
      throw WebActionError(
        .bundle,
        "\(plistFile): NSExtension → NSExtensionPrincipalClass is missing"
          + (storyboard.map { " (the extension shows the storyboard \($0), a user interface)" } ?? ""),
        hint: "webaction runs extensions without a user interface: move the request handling into a class that adopts NSExtensionRequestHandling (as Xcode's “No User Interface” Action template does) and name it in NSExtensionPrincipalClass.")
    }
    let modulePrefix = "\(settings["PRODUCT_MODULE_NAME"] ?? product)."
    principalClass = principal.hasPrefix(modulePrefix) ? String(principal.dropFirst(modulePrefix.count)) : principal

    // The sources: Swift files are built unless they use a user interface; the script and entitlements are copied.
    var built: [SourceFile] = [], leftOut: [SourceFile] = [], notBuilt: [String] = [], entitlements: [String] = []
    for path in Self.files(in: folder) {
      let ext = (path as NSString).pathExtension
      switch ext {
      case "swift":
        guard let text = try? String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8) else {
          throw WebActionError(.input, "\(name)/\(path) is not readable UTF-8 text")
        }
        let file = SourceFile(path: path, text: text, interfaceUses: Self.interfaceUses(in: text))
        if file.interfaceUses.isEmpty { built.append(file) } else { leftOut.append(file) }
      case "m", "mm", "h", "c", "cpp", "storyboard", "xib": notBuilt.append(path)
      case "entitlements": entitlements.append(path)
      default: break
      }
    }
    scriptPath = manifest.preprocessingFile + ".js"
    guard fm.fileExists(atPath: folder.appendingPathComponent(scriptPath).path) else {
      throw WebActionError(
        .bundle,
        "\(plistFile): NSExtension → NSExtensionAttributes → NSExtensionJavaScriptPreprocessingFile names \(scriptPath), which is not in \(folder.path)")
    }
    let declaration = try! NSRegularExpression(pattern: "\\bclass\\s+\(NSRegularExpression.escapedPattern(for: principalClass))\\b")
    func declares(_ file: SourceFile) -> Bool {
      declaration.firstMatch(in: file.text, range: NSRange(file.text.startIndex..., in: file.text)) != nil
    }
    if let file = leftOut.first(where: declares) {
      throw WebActionError(
        .bundle,
        "the principal class \(principalClass) (\(name)/\(file.path)) uses a user interface: \(file.interfaceUses.joined(separator: "; "))",
        hint: "webaction runs extensions without a user interface. Keep the request handling (beginRequest(with:), the loadItem calls and completeRequest) in a class that adopts NSExtensionRequestHandling, name it in NSExtensionPrincipalClass, and port again.")
    }
    guard built.contains(where: declares) else {
      throw WebActionError(
        .bundle,
        "the principal class \(principalClass) (\(plistFile): NSExtension → NSExtensionPrincipalClass) is declared in none of the Swift files of \(folder.path)"
          + (built.isEmpty ? " (it has none)" : " (\(built.map(\.path).joined(separator: ", ")))"),
        hint: notBuilt.contains { $0.hasSuffix(".m") || $0.hasSuffix(".mm") }
          ? "Objective-C sources are not built; only Swift ports." : nil)
    }
    for file in leftOut {
      warnings.append(
        "\(file.path) is left out: it uses a user interface (\(file.interfaceUses.joined(separator: "; "))), which webaction does not run; keep what the request needs in files without one")
    }
    if !notBuilt.isEmpty {
      warnings.append("not built (only Swift ports): \(notBuilt.joined(separator: ", "))")
    }
    self.built = built
    self.leftOut = leftOut
    self.notBuilt = notBuilt
    self.entitlements = entitlements
    self.warnings = warnings
  }

  /// The files of the folder, relative and sorted, without hidden ones and asset catalogs.
  private static func files(in folder: URL) -> [String] {
    guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return [] }
    var found: [String] = []
    while let path = walker.nextObject() as? String {
      let last = (path as NSString).lastPathComponent
      if last.hasPrefix(".") || last.hasSuffix(".xcassets") || last.hasSuffix(".appex") || last == "Package.swift" {
        walker.skipDescendants()
        continue
      }
      found.append(path)
    }
    return found.sorted()
  }

  /// Where `text` uses a user interface: UIKit's `UI…` types (this UIKit has none), SwiftUI, Interface Builder.
  static func interfaceUses(in text: String) -> [String] {
    let pattern = try! NSRegularExpression(pattern: "\\b(UI(?!Kit\\b)[A-Z][A-Za-z]*|SwiftUI|IB(?:Outlet|Action|Designable|Inspectable))\\b")
    var uses: [String] = []
    for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let code = String(line).components(separatedBy: "//").first ?? ""
      let range = NSRange(code.startIndex..., in: code)
      let names = pattern.matches(in: code, range: range).compactMap { Range($0.range, in: code).map { String(code[$0]) } }
      let distinct = names.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
      if !distinct.isEmpty { uses.append("line \(number + 1): \(distinct.joined(separator: ", "))") }
      if uses.count == 3 { break }
    }
    return uses
  }

  /// `value` with every string's known settings expanded; `unknown` collects the others with the key paths using them.
  private static func expand(
    _ value: PropertyList, _ settings: [String: String], path: [String], unknown: inout [String: [String]]
  ) -> PropertyList {
    switch value {
    case .string(let text):
      let (expanded, missing) = ExtensionManifest.expandingBuildSettings(in: text, from: settings)
      for name in missing { unknown[name, default: []].append(path.joined(separator: " → ")) }
      return .string(expanded)
    case .dictionary(let entries):
      return .dictionary(entries.reduce(into: [:]) { result, entry in
        result[entry.key] = expand(entry.value, settings, path: path + [entry.key], unknown: &unknown)
      })
    case .array(let elements):
      return .array(elements.enumerated().map { expand($1, settings, path: path + ["\($0)"], unknown: &unknown) })
    default:
      return value
    }
  }

  // MARK: The package

  /// The package's files, by path inside the bundle: the manifest, the sources as they are, and the entry point.
  var packageFiles: [(path: String, text: String)] {
    var files = [(path: "Package.swift", text: manifestText)]
    for file in built { files.append(("Sources/\(module)/\(file.path)", file.text)) }
    files.append(("Sources/\(module)/\(Self.entryPointFile)", entryPoint))
    return files
  }

  /// The generated file that starts the program; its name keeps it clear of the extension's own files.
  static let entryPointFile = "WebActionPortMain.swift"
  /// The first line of a manifest `webaction port` wrote, by which it knows a bundle it may write again.
  static let marker = "// Generated by `webaction port`"

  private var manifestText: String {
    """
    // swift-tools-version:6.1
    \(Self.marker) from the Xcode extension target \(product): its Swift sources, unchanged,
    // built against Apple's extension API (webaction's AppleExtensionAPI product) as the bundle's program, \(executable).
    import PackageDescription

    \(SDKPackage.manifestPreamble)
    let package = Package(
      name: "\(module)",
      dependencies: [webaction],
      targets: [
        .executableTarget(
          name: "\(module)",
          dependencies: [.product(name: "AppleExtensionAPI", package: webactionPackage)],
          swiftSettings: [
            // Extension code is usually written in Swift 5's language mode.
            .swiftLanguageMode(.v5),
            // On iOS, NSExtensionContext and friends are Foundation's: a file that imports only Foundation sees them.
            .unsafeFlags(["-Xfrontend", "-import-module", "-Xfrontend", "WebActionFoundation"]),
          ])
      ]
    )

    """
  }

  private var entryPoint: String {
    """
    // Generated by `webaction port`. On iOS the system starts an extension with NSExtensionMain, which makes the
    // principal class its Info.plist names; this is that start for webaction's extension protocol.
    import WebActionFoundation

    @main
    enum WebActionPortMain {
      static func main() {
        NSExtensionMain { \(principalClass)() }
      }
    }

    """
  }
}
