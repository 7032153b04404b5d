import Foundation

/// One thing wrong (an error: the bundle will not run) or questionable (a warning) in an extension bundle.
public struct ManifestProblem: Sendable, Equatable, CustomStringConvertible {
  /// How serious a problem is: `error` when the bundle will not run, `warning` when it will but is questionable.
  public enum Severity: String, Sendable {
    /// The bundle will not run as it is (`validate` exits 4).
    case error
    /// It runs, but something is likely not what was meant (a native side `run` cannot start, an unknown key).
    case warning
  }

  /// Whether the problem stops the bundle from running (`error`) or only looks wrong (`warning`).
  public var severity: Severity
  /// The file the problem is in, as shown to the user (for example `Name.appex/Info.plist`).
  public var file: String
  /// The keys from the root to the offending one; empty for the whole file.
  public var keyPath: [String]
  /// What is wrong ("is missing", "is a string, expected a dictionary").
  public var problem: String

  /// A problem of `severity` in `file` at `keyPath` (empty: the whole file).
  public init(severity: Severity, file: String, keyPath: [String], problem: String) {
    self.severity = severity
    self.file = file
    self.keyPath = keyPath
    self.problem = problem
  }

  /// `error: FILE: KEY → KEY PROBLEM` (or `warning: …`), without the key path when it is empty.
  public var description: String {
    let place = keyPath.isEmpty ? file : "\(file): \(keyPath.joined(separator: " → "))"
    return "\(severity): \(place) \(problem)"
  }
}

extension ExtensionBundle {
  /// Every problem of the bundle at `url` (`webaction validate`): each key of its Info.plist checked on its own, so
  /// one missing key does not hide the next; then the script, looked for as `init(url:)` looks for it.
  public static func problems(at url: URL) -> [ManifestProblem] {
    let fm = FileManager.default
    let name = url.lastPathComponent
    var isFolder: ObjCBool = false
    guard fm.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue else {
      return [ManifestProblem(severity: .error, file: url.path, keyPath: [], problem: "is not a bundle folder")]
    }
    guard let info = ["Info.plist", "Contents/Info.plist"].first(where: { fm.fileExists(atPath: url.appendingPathComponent($0).path) }),
          let data = fm.contents(atPath: url.appendingPathComponent(info).path)
    else {
      return [ManifestProblem(severity: .error, file: name, keyPath: [], problem: "has no readable Info.plist (nor Contents/Info.plist)")]
    }
    var problems = ExtensionManifest.problems(infoPlist: data, file: "\(name)/\(info)")
    // The script and the files' places: what opening the bundle checks once the Info.plist is whole.
    if !problems.contains(where: { $0.severity == .error }) {
      do {
        _ = try ExtensionBundle(url: url)
      } catch let error as ManifestError {
        problems.append(ManifestProblem(severity: .error, file: error.file, keyPath: error.keyPath, problem: error.problem))
      } catch {
        problems.append(ManifestProblem(severity: .error, file: name, keyPath: [], problem: "\(error)"))
      }
    }
    return problems
  }
}

extension ExtensionManifest {
  /// The Action extension points webaction runs: Action (`ui-services`), and the headless and Share ones whose
  /// preprocessing JavaScript Safari runs the same way.
  public static let knownExtensionPoints = ["com.apple.ui-services", "com.apple.services", "com.apple.share-services"]

  /// Every problem of an Info.plist, each key checked on its own.
  public static func problems(infoPlist data: Data, file: String) -> [ManifestProblem] {
    let root: PropertyList
    do {
      root = try PropertyList.decode(data)
    } catch {
      return [ManifestProblem(severity: .error, file: file, keyPath: [], problem: "is not a readable property list (\(error))")]
    }
    var problems: [ManifestProblem] = []
    func add(_ severity: ManifestProblem.Severity, _ path: [String], _ problem: String) {
      problems.append(ManifestProblem(severity: severity, file: file, keyPath: path, problem: problem))
    }
    /// The value at `path`, reporting it when it is missing (and required) or not of `kind`.
    func value(_ path: [String], _ kind: String, required: Bool = true) -> PropertyList? {
      var node = root
      for (depth, key) in path.enumerated() {
        guard case .dictionary = node else { return nil }  // The parent's own problem is reported already.
        guard let next = node[key] else {
          if required && depth == path.count - 1 { add(.error, path, "is missing") }
          return nil
        }
        node = next
      }
      guard node.kindName == kind else {
        add(.error, path, "is \(article(node.kindName)), expected \(article(kind))")
        return nil
      }
      if case .string(let s) = node, s.isEmpty {
        add(.error, path, "is empty")
        return nil
      }
      return node
    }
    guard case .dictionary = root else {
      return [ManifestProblem(severity: .error, file: file, keyPath: [], problem: "is \(article(root.kindName)), expected a dictionary")]
    }
    _ = value(["CFBundleIdentifier"], "string")
    for key in ["CFBundleDisplayName", "CFBundleName", "CFBundleVersion", "CFBundleShortVersionString", "CFBundleExecutable"] {
      _ = value([key], "string", required: false)
    }
    _ = value(["NSExtension"], "dictionary")
    if case .string(let point)? = value(["NSExtension", "NSExtensionPointIdentifier"], "string"),
       !knownExtensionPoints.contains(point)
    {
      add(.warning, ["NSExtension", "NSExtensionPointIdentifier"],
          "is \(point); webaction runs the preprocessing JavaScript of \(knownExtensionPoints.joined(separator: ", "))")
    }
    _ = value(["NSExtension", "NSExtensionPrincipalClass"], "string", required: false)
    _ = value(["NSExtension", "NSExtensionAttributes"], "dictionary")
    _ = value(["NSExtension", "NSExtensionAttributes", "NSExtensionJavaScriptPreprocessingFile"], "string")
    let rulePath = ["NSExtension", "NSExtensionAttributes", "NSExtensionActivationRule"]
    switch root["NSExtension"]?["NSExtensionAttributes"]?["NSExtensionActivationRule"] {
    case nil: _ = value(rulePath, "string")  // Reports it missing (when its parents are there).
    case .string(let text)?:
      do {
        if try ActivationPredicate(text).isTruePredicate {
          add(.warning, rulePath, "is TRUEPREDICATE: it activates for anything, and Apple rejects it on upload")
        }
      } catch {
        add(.error, rulePath, "is not a predicate webaction can read, \(error)")
      }
    case .dictionary(let entries)?: problems += ActivationDictionary.problems(entries, file: file, path: rulePath)
    case let other?: add(.error, rulePath, "is \(article(other.kindName)), expected a predicate string or a dictionary")
    }
    let groupsKey = "com.apple.security.application-groups"
    if let groups = root[groupsKey] {
      if case .array(let items) = groups, items.allSatisfy({ $0.string != nil }) {} else {
        add(.error, [groupsKey], "is \(article(groups.kindName)), expected an array of group identifiers")
      }
    }
    do {
      _ = try ExtensionArgument.declared(in: root, file: file)
    } catch {
      add(.error, error.keyPath, error.problem)
    }
    return problems
  }
}

/// "a string", "an integer".
private func article(_ kind: String) -> String { "aeiou".contains(kind.first ?? "x") ? "an \(kind)" : "a \(kind)" }

extension ActivationDictionary {
  static let countKeys = [
    "NSExtensionActivationSupportsWebPageWithMaxCount", "NSExtensionActivationSupportsWebURLWithMaxCount",
    "NSExtensionActivationSupportsImageWithMaxCount", "NSExtensionActivationSupportsMovieWithMaxCount",
    "NSExtensionActivationSupportsFileWithMaxCount", "NSExtensionActivationSupportsAttachmentsWithMaxCount",
    "NSExtensionActivationSupportsAttachmentsWithMinCount", "NSExtensionActivationDictionaryVersion",
  ]
  static let flagKeys = ["NSExtensionActivationSupportsText", "NSExtensionActivationUsesStrictMatching"]

  /// The problems of an activation dictionary: counts that are not whole numbers of 0 or more, flags that are not
  /// booleans, keys Apple does not document (a typo activates nothing).
  static func problems(_ entries: [String: PropertyList], file: String, path: [String]) -> [ManifestProblem] {
    var problems: [ManifestProblem] = []
    for (key, value) in entries.sorted(by: { $0.key < $1.key }) {
      let keyPath = path + [key]
      if countKeys.contains(key) {
        let count: Int?
        switch value {
        case .integer(let i): count = i
        case .string(let s): count = Int(s.trimmingCharacters(in: .whitespaces))
        default: count = nil
        }
        if (count ?? -1) < 0 {
          let what = value.string.map { "'\($0)'" } ?? (count.map(String.init) ?? article(value.kindName))
          problems.append(ManifestProblem(severity: .error, file: file, keyPath: keyPath, problem: "is \(what), expected a whole number, 0 or more"))
        }
      } else if flagKeys.contains(key) {
        if case .boolean = value {} else {
          problems.append(ManifestProblem(severity: .warning, file: file, keyPath: keyPath, problem: "is \(article(value.kindName)), expected a boolean"))
        }
      } else {
        problems.append(ManifestProblem(severity: .warning, file: file, keyPath: keyPath, problem: "is not a key Apple documents for activation rules; it is ignored"))
      }
    }
    if entries.isEmpty {
      problems.append(ManifestProblem(severity: .warning, file: file, keyPath: path, problem: "is empty: the extension activates for nothing"))
    }
    return problems
  }
}
