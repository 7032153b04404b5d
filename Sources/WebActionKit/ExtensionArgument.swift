/// One `--arg KEY=VALUE` an extension reads, as its Info.plist declares it under `WebActionArguments` (a webaction
/// key; Safari has no arguments):
///
/// ```xml
/// <key>WebActionArguments</key>
/// <array>
///   <dict>
///     <key>Name</key><string>engine</string>
///     <key>Description</key><string>The translation engine.</string>
///     <key>Values</key><array><string>apertium</string><string>apy</string></array>
///     <key>Default</key><string>apertium</string>
///   </dict>
/// </array>
/// ```
///
/// A bundle that declares its arguments gets a usage error for any other key (with the nearest declared name), and
/// for a value outside `Values` when it lists them; `webaction list NAME` shows them.
public struct ExtensionArgument: Sendable, Equatable {
  /// The key, as written in `--arg KEY=VALUE` (`Name`; one read from an Info.plist is never empty nor holds `=`).
  public var name: String
  /// What the argument does, shown by `webaction list NAME` (`Description`); empty when not given.
  public var description: String
  /// The values it accepts; empty: any.
  public var values: [String]
  /// The value the extension uses when the key is not given (`Default`), for `webaction list NAME` to show;
  /// webaction does not pass it in: nil when the Info.plist does not say.
  public var defaultValue: String?

  /// An argument declared with `name`, `description`, the accepted `values` (empty: any) and `defaultValue`.
  public init(name: String, description: String, values: [String] = [], defaultValue: String? = nil) {
    self.name = name
    self.description = description
    self.values = values
    self.defaultValue = defaultValue
  }

  /// The Info.plist key.
  public static let infoPlistKey = "WebActionArguments"

  /// The declared arguments of `root` (an Info.plist), nil when it declares none.
  static func declared(in root: PropertyList, file: String) throws(ManifestError) -> [ExtensionArgument]? {
    guard let value = root[infoPlistKey] else { return nil }
    guard let list = value.array else {
      throw ManifestError(file: file, keyPath: [infoPlistKey], problem: "is a \(value.kindName), expected an array of dictionaries")
    }
    return try list.enumerated().map { index, entry throws(ManifestError) in
      let path = [infoPlistKey, "\(index)"]
      guard let name = entry["Name"]?.string, !name.isEmpty, !name.contains("=") else {
        throw ManifestError(file: file, keyPath: path + ["Name"], problem: "is missing (a non-empty string without =)")
      }
      let values = entry["Values"]?.array ?? []
      guard values.allSatisfy({ $0.string != nil }) else {
        throw ManifestError(file: file, keyPath: path + ["Values"], problem: "must be an array of strings")
      }
      return ExtensionArgument(
        name: name, description: entry["Description"]?.string ?? "", values: values.compactMap(\.string),
        defaultValue: entry["Default"]?.string)
    }
  }
}

extension ExtensionManifest {
  /// Why `arguments` (`--arg` pairs) do not suit the extension, or nil when they do: an empty key always; a key it
  /// does not declare, or a value outside a declared list, when it declares its arguments.
  public func problem(withArguments arguments: [String: String]) -> String? {
    if arguments.keys.contains("") { return "--arg =…: the key is empty (write KEY=VALUE)" }
    guard let declared = self.arguments else { return nil }
    for (key, value) in arguments.sorted(by: { $0.key < $1.key }) {
      guard let argument = declared.first(where: { $0.name == key }) else {
        let names = declared.map(\.name)
        let nearest = names.min { Self.editDistance(key, $0) < Self.editDistance(key, $1) }
        let guess = nearest.flatMap { Self.editDistance(key, $0) <= max(2, key.count / 3) ? " (did you mean \($0)?)" : nil } ?? ""
        let known = names.isEmpty ? "takes no --arg" : "takes \(names.joined(separator: ", "))"
        return "--arg \(key)=…: \(displayName) has no argument \(key)\(guess); it \(known)"
      }
      if !argument.values.isEmpty, !argument.values.contains(where: { $0.lowercased() == value.lowercased() }) {
        return "--arg \(key)=\(value): expected \(argument.values.joined(separator: ", "))"
      }
    }
    return nil
  }

  /// Levenshtein distance, for "did you mean".
  static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
    var previous = Array(0...b.count)
    for i in 1...a.count {
      var current = [i] + Array(repeating: 0, count: b.count)
      for j in 1...b.count {
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      previous = current
    }
    return previous[b.count]
  }
}
