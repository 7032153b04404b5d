/// What a bundle's `Info.plist` says about an extension.
public struct ExtensionManifest: Sendable {
  /// `CFBundleIdentifier`.
  public var bundleIdentifier: String
  /// `CFBundleDisplayName`, else `CFBundleName`, else the bundle identifier.
  public var displayName: String
  /// `CFBundleVersion`, when given.
  public var bundleVersion: String?
  /// `CFBundleExecutable`, when given: the bundle's program, for an extension that runs in its own process.
  public var executable: String?
  /// `NSExtension → NSExtensionPointIdentifier`; Action extensions say `com.apple.ui-services`.
  public var extensionPoint: String
  /// `NSExtension → NSExtensionPrincipalClass`, without a `$(PRODUCT_MODULE_NAME).` prefix.
  public var principalClass: String?
  /// `NSExtension → NSExtensionAttributes → NSExtensionJavaScriptPreprocessingFile`, a name without `.js`.
  public var preprocessingFile: String
  /// `NSExtension → NSExtensionAttributes → NSExtensionActivationRule`.
  public var activationRule: ActivationRule
  /// `com.apple.security.application-groups`, from the Info.plist and any `*.entitlements` plist beside it.
  public var appGroups: [String]
  /// `WebActionArguments`: the `--arg` keys the extension reads, when it declares them (nil: it does not say).
  public var arguments: [ExtensionArgument]?

  /// The extension point of Action extensions with a user interface (what `webaction new` writes).
  public static let actionExtensionPoint = "com.apple.ui-services"
  /// The extension point of Action extensions without one (Xcode's “No User Interface” Action template).
  public static let headlessActionExtensionPoint = "com.apple.services"

  /// Whether this is an Action extension, with or without a user interface.
  public var isActionExtension: Bool {
    extensionPoint == ExtensionManifest.actionExtensionPoint || extensionPoint == ExtensionManifest.headlessActionExtensionPoint
  }

  /// Parses an Info.plist (XML or binary); `file` is the name used in errors, like `page-info.appex/Info.plist`.
  ///
  /// Values Xcode fills in at build time (`$(PRODUCT_MODULE_NAME)`, `${PRODUCT_NAME}`) are expanded from
  /// `buildSettings` (``buildSettings(forBundleNamed:)`` gives those a bundle's folder name implies). A key webaction
  /// needs whose value names another setting is an error naming the key and the setting; elsewhere such a value is
  /// kept as it is.
  /// - Throws: `ManifestError` naming `file` and the key path of the missing or malformed key.
  public init(infoPlist data: Data, file: String, buildSettings: [String: String] = [:]) throws {
    let root: PropertyList
    do {
      root = try PropertyList.decode(data)
    } catch {
      throw ManifestError(file: file, keyPath: [], problem: "is not a readable property list (\(error))")
    }
    guard case .dictionary = root else {
      throw ManifestError(file: file, keyPath: [], problem: "is a \(root.kindName), expected a dictionary")
    }
    func value(_ path: [String]) throws -> PropertyList {
      var node = root
      for (depth, key) in path.enumerated() {
        guard let next = node[key] else { throw ManifestError(file: file, keyPath: Array(path[...depth]), problem: "is missing") }
        node = next
      }
      return node
    }
    func string(_ path: [String]) throws -> String {
      let v = try value(path)
      guard let s = v.string, !s.isEmpty else {
        throw ManifestError(file: file, keyPath: path, problem: v.string == nil ? "is a \(v.kindName), expected a string" : "is empty")
      }
      switch Self.expand(s, buildSettings) {
      case .success(let expanded): return expanded
      case .failure(let unknown):
        let known = buildSettings.keys.sorted().joined(separator: ", ")
        throw ManifestError(
          file: file, keyPath: path,
          problem: "is “\(s)”: $(\(unknown.name)) is an Xcode build setting, which webaction cannot know outside Xcode; write the value your build gives it\(known.isEmpty ? "" : " (webaction expands \(known))"), or make the bundle with `webaction port` from the Xcode folder (--setting \(unknown.name)=…)")
      }
    }
    /// An optional string: expanded when every setting it names is known, else as written.
    func optionalString(_ key: String) -> String? {
      guard let s = root[key]?.string else { return nil }
      if case .success(let expanded) = Self.expand(s, buildSettings) { return expanded }
      return s
    }
    func dictionary(_ path: [String]) throws {
      let v = try value(path)
      guard case .dictionary = v else {
        throw ManifestError(file: file, keyPath: path, problem: "is a \(v.kindName), expected a dictionary")
      }
    }

    bundleIdentifier = try string(["CFBundleIdentifier"])
    displayName = optionalString("CFBundleDisplayName") ?? optionalString("CFBundleName") ?? bundleIdentifier
    bundleVersion = optionalString("CFBundleVersion")
    executable = optionalString("CFBundleExecutable")
    try dictionary(["NSExtension"])
    extensionPoint = try string(["NSExtension", "NSExtensionPointIdentifier"])
    if root["NSExtension"]?["NSExtensionPrincipalClass"] != nil {
      // Xcode's template names the class in its module; a Swift class is looked up by its own name.
      let path = ["NSExtension", "NSExtensionPrincipalClass"]
      let raw = root["NSExtension"]?["NSExtensionPrincipalClass"]?.string
      let modulePrefix = "$(PRODUCT_MODULE_NAME)."
      if let raw, raw.hasPrefix(modulePrefix), raw.count > modulePrefix.count {
        switch Self.expand(String(raw.dropFirst(modulePrefix.count)), buildSettings) {
        case .success(let name): principalClass = name
        case .failure: principalClass = try string(path)  // Throws, naming the setting.
        }
      } else {
        principalClass = try string(path)
      }
    } else {
      principalClass = nil
    }
    try dictionary(["NSExtension", "NSExtensionAttributes"])
    var script = try string(["NSExtension", "NSExtensionAttributes", "NSExtensionJavaScriptPreprocessingFile"])
    if script.hasSuffix(".js") { script.removeLast(3) }
    preprocessingFile = script
    let rulePath = ["NSExtension", "NSExtensionAttributes", "NSExtensionActivationRule"]
    let ruleValue = try value(rulePath)
    let parsed: ActivationRule?
    do {
      parsed = try ActivationRule(plistValue: ruleValue)
    } catch {
      throw ManifestError(file: file, keyPath: rulePath, problem: "is not a predicate webaction can read, \(error)")
    }
    guard let rule = parsed else {
      throw ManifestError(
        file: file, keyPath: rulePath, problem: "is a \(ruleValue.kindName), expected a predicate string or a dictionary")
    }
    activationRule = rule
    appGroups = try ExtensionManifest.appGroups(in: root, file: file)
    arguments = try ExtensionArgument.declared(in: root, file: file)
  }

  /// Reads the Info.plist at `url`, and the app groups of `*.entitlements` plists in the same folder. Build settings
  /// come from the bundle's folder name (``buildSettings(forBundleNamed:)``).
  public init(contentsOf url: URL, displayPath: String? = nil) throws {
    let file = displayPath ?? url.path
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw ManifestError(file: file, keyPath: [], problem: "cannot be read (\(error.localizedDescription))")
    }
    let folder = url.deletingLastPathComponent()
    try self.init(infoPlist: data, file: file, buildSettings: Self.buildSettings(forBundleNamed: folder.lastPathComponent))
    let siblings = (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? []
    for entitlements in siblings.filter({ $0.pathExtension == "entitlements" }).sorted(by: { $0.path < $1.path }) {
      let name = ((displayPath.map { ($0 as NSString).deletingLastPathComponent } ?? folder.path) as NSString)
        .appendingPathComponent(entitlements.lastPathComponent)
      guard let bytes = try? Data(contentsOf: entitlements), let plist = try? PropertyList.decode(bytes) else {
        throw ManifestError(file: name, keyPath: [], problem: "is not a readable property list")
      }
      for group in try ExtensionManifest.appGroups(in: plist, file: name) where !appGroups.contains(group) {
        appGroups.append(group)
      }
    }
  }

  /// The build settings a bundle's name implies, as Xcode sets them for a target of that name: `PRODUCT_NAME`,
  /// `TARGET_NAME` and `EXECUTABLE_NAME` are the name without `.appex`, `PRODUCT_MODULE_NAME` is it with every
  /// character that cannot be in a Swift identifier replaced by `_` (a leading digit too).
  public static func buildSettings(forBundleNamed name: String) -> [String: String] {
    let product = name.hasSuffix(".appex") ? String(name.dropLast(".appex".count)) : name
    guard !product.isEmpty else { return [:] }
    var module = String(product.map { $0.isLetter || $0.isNumber || $0 == "_" ? ($0.isASCII ? $0 : "_") : "_" })
    if module.first?.isNumber == true { module = "_" + module }
    return ["PRODUCT_NAME": product, "TARGET_NAME": product, "EXECUTABLE_NAME": product, "PRODUCT_MODULE_NAME": module]
  }

  /// `text` with each `$(NAME)` and `${NAME}` replaced by its build setting; the first unknown one fails.
  static func expand(_ text: String, _ settings: [String: String]) -> Result<String, UnknownBuildSetting> {
    let (expanded, unknown) = expandingBuildSettings(in: text, from: settings)
    if let first = unknown.first { return .failure(UnknownBuildSetting(name: first)) }
    return .success(expanded)
  }

  /// `text` with each `$(NAME)` and `${NAME}` whose setting is in `settings` replaced by its value, as Xcode does
  /// when it builds a bundle, and the names of the settings that are not there (those references stay as written).
  /// `$(NAME:modifier)`, Xcode's operators (`:rfc1034identifier`, `:c99extidentifier`), reads the setting itself.
  public static func expandingBuildSettings(in text: String, from settings: [String: String]) -> (text: String, unknown: [String]) {
    guard text.contains("$(") || text.contains("${") else { return (text, []) }
    var result = ""
    var unknown: [String] = []
    var rest = Substring(text)
    while let start = rest.firstIndex(of: "$") {
      result += rest[..<start]
      let after = rest.index(after: start)
      guard after < rest.endIndex, rest[after] == "(" || rest[after] == "{",
        let end = rest[after...].firstIndex(of: rest[after] == "(" ? ")" : "}")
      else {
        result += "$"
        rest = rest[after...]
        continue
      }
      let name = String(rest[rest.index(after: after)..<end])
      let base = String(name.prefix { $0 != ":" })
      if let value = settings[base] {
        result += value
      } else {
        if !unknown.contains(base) { unknown.append(base) }
        result += rest[start...end]
      }
      rest = rest[rest.index(after: end)...]
    }
    return (result + rest, unknown)
  }

  /// A `$(NAME)` that names a build setting webaction does not know.
  struct UnknownBuildSetting: Error { var name: String }

  private static func appGroups(in root: PropertyList, file: String) throws -> [String] {
    let key = "com.apple.security.application-groups"
    guard let value = root[key] else { return [] }
    guard let groups = value.array?.compactMap(\.string), groups.count == value.array?.count else {
      throw ManifestError(file: file, keyPath: [key], problem: "is a \(value.kindName), expected an array of strings")
    }
    return groups
  }
}

/// A problem in an extension's Info.plist, naming the file and the key path.
public struct ManifestError: Error, CustomStringConvertible {
  /// The file, as shown to the user.
  public var file: String
  /// The keys from the root to the offending one; empty for the whole file.
  public var keyPath: [String]
  /// What is wrong ("is missing", "is a string, expected a dictionary").
  public var problem: String

  /// `FILE: KEY → KEY PROBLEM`, or `FILE PROBLEM` when the key path is empty.
  public var description: String {
    keyPath.isEmpty ? "\(file) \(problem)" : "\(file): \(keyPath.joined(separator: " → ")) \(problem)"
  }
}
