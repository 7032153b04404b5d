import Foundation

/// A failure a person can act on: one paragraph of text and the exit code of its class.
///
/// The CLI prints `message` (and `hint`, when there is one) and exits with `kind.exitCode`; it never shows a backtrace.
public struct WebActionError: Error, CustomStringConvertible, Sendable {
  /// The class of failure. Each has its own exit code, so scripts driving webaction can tell them apart.
  public enum Kind: String, Sendable, CaseIterable {
    /// The command line is wrong (a bad `--arg`, an unknown format, two pages writing the same file).
    case usage
    /// The page could not be read or decoded.
    case input
    /// The extension bundle is missing or malformed (Info.plist, script file, principal class).
    case bundle
    /// The extension's JavaScript failed: a syntax error, an exception, or the watchdog stopped it.
    case script
    /// The preprocessing protocol was broken: `completionFunction` never called, a result that is not a property list.
    case protocolViolation = "protocol"
    /// The native extension cancelled the request or failed.
    case extensionFailed = "extension"
    /// A system dependency is missing (a language pair, an engine).
    case dependency
    /// The output could not be written (the message carries the system's reason).
    case output

    /// The process exit code for this class of failure (1 is left for unexpected errors). The CLI also exits with
    /// `usage`'s code for argument-parsing errors, which swift-argument-parser would end with 64.
    public var exitCode: Int32 {
      switch self {
      case .usage: return 2
      case .input: return 3
      case .bundle: return 4
      case .script: return 5
      case .protocolViolation: return 6
      case .extensionFailed: return 7
      case .dependency: return 8
      case .output: return 9
      }
    }
  }

  /// The class of failure, which sets the exit code.
  public var kind: Kind
  /// What went wrong, for a person: one paragraph, without the hint.
  public var message: String
  /// What to do about it, when there is something to do.
  public var hint: String?
  /// Whether every page would fail the same way (the preprocessing file does not compile): a batch stops at it.
  /// Bundle and dependency errors are so by their kind.
  public var isSameForEveryPage = false

  /// A missing dependency that another page may not need (translate's pair for this page's language).
  public var forThisPageOnly = false

  /// Whether a batch should stop at this error rather than meet it again on every page.
  public var stopsABatch: Bool { isSameForEveryPage || kind == .bundle || (kind == .dependency && !forThisPageOnly) }

  /// An error of `kind` saying `message`, with `hint` when there is something to do.
  public init(_ kind: Kind, _ message: String, hint: String? = nil) {
    self.kind = kind
    self.message = message
    self.hint = hint
  }

  /// The message, then the hint on a line of its own when there is one.
  public var description: String {
    hint.map { "\(message)\n\($0)" } ?? message
  }

  /// The system's wording of a Foundation error that wraps an `errno` ("No space left on device"), else its description.
  public static func systemReason(_ error: any Error) -> String { FileDescriptorWriter.reason(error) }
}
