/// An error an extension cancels with when something it needs is not installed (a language pair, a model, a tool).
///
/// webaction reports it as a missing dependency (exit code 8) instead of a generic extension failure (7), so scripts
/// driving webaction can tell "install something" apart from "the extension failed". No Apple equivalent: on iOS the
/// error would simply be passed to `cancelRequest(withError:)`, as it is here.
public struct MissingDependencyError: Error, CustomStringConvertible, Sendable {
  /// What is missing and how to install it.
  public var message: String
  /// The package to install, when there is one (a Debian package name).
  public var package: String?

  public init(_ message: String, package: String? = nil) {
    self.message = message
    self.package = package
  }

  public var description: String { message }
}
