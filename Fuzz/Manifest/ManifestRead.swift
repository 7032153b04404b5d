import Foundation
import FuzzSupport
import WebActionKit

/// The fuzz property for the Info.plist reader: any bytes, read as an extension's Info.plist (XML, binary or JSON),
/// end in a manifest or in a `ManifestError` naming the file (and a key path below the root, when there is one).
/// A manifest agrees with the property list it came from, and reading that property list written back as XML and as
/// binary gives the same outcome. The same bytes as the Info.plist of a bundle folder on disk open as a bundle whose
/// script is inside it, or fail with a `ManifestError`, as a read with the build settings the folder's name implies
/// (`$(PRODUCT_MODULE_NAME)`...) does.
///
/// Built two ways from this one file (see FuzzSupport): a libFuzzer target with `-D FUZZING` (Scripts/fuzz), else
/// `fuzz-manifest FILE...`, which replays inputs.
enum ManifestRead: FuzzTarget {
  static let usage = "fuzz-manifest FILE...  (replays each file as an extension's Info.plist)"

  static let file = "fuzz.appex/Info.plist"

  /// The outcome of one read, comparable across formats.
  enum Outcome: Equatable {
    case manifest(Fields)
    case error(keyPath: [String], problem: String)
  }

  /// A manifest's fields (ExtensionManifest is not Equatable).
  struct Fields: Equatable {
    let bundleIdentifier, displayName, extensionPoint, preprocessingFile: String
    let principalClass: String?
    let activationRule: ActivationRule
    let appGroups: [String]

    init(_ m: ExtensionManifest) {
      (bundleIdentifier, displayName, extensionPoint, preprocessingFile) =
        (m.bundleIdentifier, m.displayName, m.extensionPoint, m.preprocessingFile)
      (principalClass, activationRule, appGroups) = (m.principalClass, m.activationRule, m.appGroups)
    }
  }

  static func check(_ bytes: UnsafeBufferPointer<UInt8>, name: String, verbose: Bool) -> Bool {
    let data = Data(buffer: bytes)
    let problem: String?
    switch read(data) {
    case .failure(let problem):
      return violation(name, data, problem.text)
    case .success(let outcome):
      // A bundle expands the build settings its folder name implies; the bare read names them as errors.
      let settings = ExtensionManifest.buildSettings(forBundleNamed: bundle.lastPathComponent)
      guard case .success(let bundleOutcome) = read(data, buildSettings: settings) else {
        return violation(name, data, "the read with the bundle's build settings failed where the bare read did not")
      }
      problem = checkAgreement(data, outcome) ?? checkBundle(data, bundleOutcome)
      if verbose, problem == nil { print("\(name): \(outcome)") }
    }
    return problem.map { violation(name, data, $0) } ?? true
  }

  /// Reads `data`; a failure for anything but a manifest or a well-formed `ManifestError`.
  static func read(_ data: Data, buildSettings: [String: String] = [:]) -> Result<Outcome, Problem> {
    do {
      let manifest = try ExtensionManifest(infoPlist: data, file: file, buildSettings: buildSettings)
      _ = manifest.activationRule.accepts(webPages: 1, webURLs: 0)
      _ = manifest.activationRule.accepts(webPages: 0, webURLs: 2)
      return .success(.manifest(Fields(manifest)))
    } catch let error as ManifestError {
      guard error.file == file, !error.problem.isEmpty, error.description.hasPrefix(file) else {
        return .failure(Problem("a malformed ManifestError: \(error)"))
      }
      return .success(.error(keyPath: error.keyPath, problem: error.problem))
    } catch {
      return .failure(Problem("an error other than ManifestError: \(type(of: error)): \(error)"))
    }
  }

  struct Problem: Error { let text: String; init(_ text: String) { self.text = text } }

  /// A manifest's fields against its property list; both outcomes again from the list written as XML and binary.
  static func checkAgreement(_ data: Data, _ outcome: Outcome) -> String? {
    guard let plist = try? PropertyList.decode(data) else {
      if case .manifest = outcome { return "a manifest, yet PropertyList.decode fails on the same bytes" }
      return nil
    }
    if case .manifest(let m) = outcome {
      let attributes = plist["NSExtension"]?["NSExtensionAttributes"]
      let script = attributes?["NSExtensionJavaScriptPreprocessingFile"]?.string ?? ""
      guard m.bundleIdentifier == plist["CFBundleIdentifier"]?.string, !m.bundleIdentifier.isEmpty,
        m.extensionPoint == plist["NSExtension"]?["NSExtensionPointIdentifier"]?.string,
        m.preprocessingFile == script || m.preprocessingFile + ".js" == script,
        (try? ActivationRule(plistValue: attributes?["NSExtensionActivationRule"] ?? .null)) == m.activationRule
      else { return "the manifest \(m) does not agree with its property list \(plist.printable)" }
    }
    for format in [PropertyList.Format.xml, .binary] {
      if let problem = plist.roundTripProblem(format) { return problem }
      guard let rewritten = try? plist.encoded(as: format) else { continue }  // a null (from JSON): no XML or binary
      guard case .success(let again) = read(rewritten) else { return "the \(format.rawValue) rewrite does not read" }
      // A problem quoting the decoder's message may differ in its wording; the key path and the kind must not.
      if again != outcome, !(isUnreadable(again) && isUnreadable(outcome)) {
        return "written back as \(format.rawValue), the Info.plist reads as \(again), not \(outcome)"
      }
    }
    return nil
  }

  static func isUnreadable(_ outcome: Outcome) -> Bool {
    if case .error(let keyPath, let problem) = outcome { return keyPath.isEmpty && problem.hasPrefix("is not a readable") }
    return false
  }

  /// A bundle folder, made once per process; each input rewrites its Info.plist.
  static let bundle: URL = {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("webaction-fuzz-manifest-\(getpid())").appendingPathComponent("fuzz.appex")
    try? FileManager.default.createDirectory(at: folder.appendingPathComponent("Resources"), withIntermediateDirectories: true)
    for script in ["Action.js", "Resources/Other.js"] {
      _ = FileManager.default.createFile(atPath: folder.appendingPathComponent(script).path, contents: Data("0".utf8))
    }
    return folder
  }()

  static func checkBundle(_ data: Data, _ outcome: Outcome) -> String? {
    let info = bundle.appendingPathComponent("Info.plist")
    guard FileManager.default.createFile(atPath: info.path, contents: data) else { return nil }
    do {
      let opened = try ExtensionBundle(url: bundle)
      guard case .manifest = outcome else { return "the bundle opened though its Info.plist read as \(outcome)" }
      guard let script = opened.scriptURL?.standardizedFileURL.path,
        script.hasPrefix(bundle.standardizedFileURL.path + "/")
      else { return "the bundle's script \(opened.scriptURL?.path ?? "nil") is outside the bundle" }
    } catch let error as ManifestError {
      if case .error(let keyPath, _) = outcome, error.keyPath != keyPath {
        return "the bundle fails at \(error.keyPath), its Info.plist at \(keyPath)"
      }
    } catch {
      return "opening the bundle threw \(type(of: error)): \(error)"
    }
    return nil
  }

  private static func violation(_ name: String, _ data: Data, _ problem: String) -> Bool {
    Fuzzing.report("""
      \(name): manifest violation: \(problem)
      --- input (\(data.count) bytes, as UTF-8)
      \(String(decoding: data, as: UTF8.self))
      ---

      """)
    return false
  }
}

#if FUZZING
  /// The program's entry point (see `Fuzzing.runLibFuzzer`).
  @_cdecl("fuzz_manifest_main")
  public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    Fuzzing.runLibFuzzer(argc, argv, ManifestRead.self)
  }
#else
  @main
  struct ReplayCommand {
    static func main() { Fuzzing.replay(ManifestRead.self) }
  }
#endif
