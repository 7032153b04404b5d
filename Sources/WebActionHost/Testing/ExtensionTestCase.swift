import Foundation
import WebActionKit

/// One fixture case of an extension bundle: a folder `<bundle>/Tests/<case>/` holding
///
/// - `page.html`: the page (required);
/// - `args.json` or `args.plist` (optional): the `--arg` pairs, a dictionary of strings;
/// - `finalize-args.json` or `.plist` (optional): finalize()'s argument, skipping the native side (`--finalize-args`);
/// - `expected-results.json` or `.plist` (optional): what run() must pass to completionFunction, compared by key path;
/// - `expected.html` (optional): the page written back, compared line by line without insignificant whitespace.
///
/// `webaction test --update` writes the two expected files from what the run gave.
public struct ExtensionTestCase: Sendable {
  /// The case's folder name, as reports show it.
  public let name: String
  /// The case's folder, `<bundle>/Tests/<case>/`.
  public let folder: URL

  /// The case's `page.html`.
  public var page: URL { folder.appendingPathComponent("page.html") }
  var expectedPage: URL { folder.appendingPathComponent("expected.html") }

  /// The cases of a bundle, by name; none when it has no `Tests` folder.
  public static func cases(in bundle: ExtensionBundle) -> [ExtensionTestCase] {
    let tests = bundle.url.appendingPathComponent("Tests")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: tests.path)) ?? []
    return names.sorted().compactMap { name in
      let folder = tests.appendingPathComponent(name)
      guard FileManager.default.fileExists(atPath: folder.appendingPathComponent("page.html").path) else { return nil }
      return ExtensionTestCase(name: name, folder: folder)
    }
  }

  /// The first of `names` that exists in the case's folder.
  private func file(_ names: String...) -> URL? {
    names.map { folder.appendingPathComponent($0) }.first { FileManager.default.fileExists(atPath: $0.path) }
  }

  /// How a case went.
  public struct Outcome: Sendable {
    /// Whether the case passed, failed, or had its expected files written.
    public enum Status: Sendable, Equatable {
      /// The run matched every expected file there is.
      case passed
      /// The run failed or differed from an expected file (see ``failures``).
      case failed
      /// `--update` wrote its expected files.
      case recorded
    }
    /// How it went.
    public var status: Status
    /// What went wrong, for a person: differences by key path, a unified diff of the page, or the run's error.
    public var failures: [String] = []
    /// Wall-clock seconds the case took.
    public var seconds: TimeInterval = 0
    /// The page before and after, and the results, for a report.
    public var before: String = ""
    /// The page written back; nil when the run failed before giving one.
    public var after: String?
    /// What run() passed to completionFunction; nil when the run failed before giving it.
    public var results: PropertyList?
  }

  /// Runs the case through the real pipeline with `host` and `settings` (the case's own arguments are added) and
  /// compares, or with `update` records what it gave.
  public func run(with host: ActionHost, settings: PageSettings, update: Bool) -> Outcome {
    let started = Date()
    var outcome = compare(with: host, settings: settings, update: update)
    outcome.seconds = Date().timeIntervalSince(started)
    return outcome
  }

  private func compare(with host: ActionHost, settings: PageSettings, update: Bool) -> Outcome {
    var outcome = Outcome(status: .passed)
    // For display only: UTF-8, else windows-1252 (the commonest legacy encoding; others show some wrong letters).
    outcome.before = (try? Data(contentsOf: page)).map {
      String(data: $0, encoding: .utf8) ?? String(data: $0, encoding: .windowsCP1252) ?? String(decoding: $0, as: UTF8.self)
    } ?? ""
    do {
      var settings = settings
      if let args = file("args.json", "args.plist") {
        guard case .dictionary(let pairs) = try PropertyListFile.read(args.path), pairs.values.allSatisfy({ $0.string != nil }) else {
          throw WebActionError(.usage, "\(args.path) must hold a dictionary of strings (the --arg pairs)")
        }
        for (key, value) in pairs { settings.arguments[key] = value.string! }
      }
      let finalize = try file("finalize-args.json", "finalize-args.plist").map { url throws(WebActionError) in
        try PropertyListFile.read(url.path)
      }
      let file = try host.process(file: page.path, settings: settings, finalizeArguments: finalize)
      let result = file.outcomes[0]
      let html = String(decoding: file.written, as: UTF8.self)
      outcome.after = html
      outcome.results = result.results
      if update {
        try AtomicFile.write(try result.results.encoded(as: .json), to: folder.appendingPathComponent("expected-results.json"))
        try AtomicFile.write(file.written, to: expectedPage)
        outcome.status = .recorded
        return outcome
      }
      if let expected = self.file("expected-results.json", "expected-results.plist") {
        let differences = Snapshots.differences(expected: try PropertyListFile.read(expected.path), actual: result.results)
        if !differences.isEmpty {
          outcome.failures.append("results differ from \(expected.lastPathComponent):\n" + differences.map { "  \($0)" }.joined(separator: "\n"))
        }
      }
      if let expected = try? String(contentsOf: expectedPage, encoding: .utf8),
        let diff = Snapshots.unifiedDiff(
          expected: Snapshots.normalizedLines(expected), actual: Snapshots.normalizedLines(html),
          expectedName: "expected.html", actualName: "the page written back")
      {
        outcome.failures.append("the page differs from expected.html (insignificant whitespace ignored):\n" + diff)
      }
    } catch {
      outcome.failures.append("the run failed: \(error)")
    }
    if !outcome.failures.isEmpty { outcome.status = .failed }
    return outcome
  }
}
