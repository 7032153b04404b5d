import ArgumentParser
import Foundation
import WebActionHost
import WebActionKit

/// `webaction defaults`: reads and writes an App Group's shared defaults, as `defaults` does on macOS.
struct Defaults: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Read and write an App Group's shared defaults (what extensions see as UserDefaults(suiteName:)).",
    discussion: """
      Extensions keep settings in their App Group's suite. The translate extension reads
      engine, endpoint and api_key from group.com.webaction.translate, so

        webaction defaults write group.com.webaction.translate engine apy
        webaction defaults write group.com.webaction.translate endpoint http://127.0.0.1:2737

      makes every later `--ext translate` run use that APy server unless --arg says
      otherwise. Suites live under $XDG_DATA_HOME/webaction/AppGroups/ (or
      $WEBACTION_DATA_HOME).
      """)

  enum Action: String, ExpressibleByArgument, CaseIterable { case read, write, delete }

  @Argument(help: "read, write or delete.")
  var action: Action

  @Argument(help: ArgumentHelp("The App Group identifier (the suite name).", valueName: "suite"))
  var suite: String

  @Argument(help: "The key (read: all keys when omitted).")
  var key: String?

  @Argument(help: "The string value to write.")
  var value: String?

  func validate() throws {
    if action == .write, key == nil || value == nil { throw ValidationError("write needs a KEY and a VALUE") }
    if action == .delete, key == nil { throw ValidationError("delete needs a KEY") }
    if action != .write, value != nil { throw ValidationError("only write takes a VALUE") }
  }

  func run() throws {
    guard let defaults = SharedDefaults(suiteName: suite) else {
      throw ValidationError("'\(suite)' is not a valid suite name")
    }
    switch (action, key, value) {
    case (.write, let key?, let value?):
      store(value, forKey: key, in: defaults)
    case (.delete, let key?, _):
      store(nil, forKey: key, in: defaults)
    case (.read, let key?, _):
      guard let stored = defaults.object(forKey: key) else {
        StandardError.write("webaction: \(suite) has no value for \(key)\n")
        throw ExitCode(1)
      }
      printing("\(stored)\n")
    case (.read, nil, _):
      let lines = defaults.dictionaryRepresentation().sorted(by: { $0.key < $1.key }).map { "\($0.key) = \($0.value)\n" }
      printing(lines.joined())
    default:
      throw ValidationError("write needs a KEY and a VALUE, delete a KEY")  // validate() already said so
    }
  }

  /// Writes through the throwing API, so that a suite that cannot be written is exit 9, not a warning and exit 0.
  private func store(_ value: String?, forKey key: String, in defaults: SharedDefaults) {
    do {
      try defaults.setValue(value, forKey: key)
    } catch {
      fail(with: WebActionError(.output, "cannot write \(key) in \(suite) (\(defaults.fileURL.path)): \(WebActionError.systemReason(error))"))
    }
  }
}
