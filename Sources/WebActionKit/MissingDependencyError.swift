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
  /// True when another page may not need it (translate's language pair for this page's own language): a batch then
  /// goes on with the other pages instead of stopping, as it does for a dependency every page needs.
  public var forThisPageOnly: Bool

  /// An error saying `message`, naming the Debian `package` to install when there is one; `forThisPageOnly` when
  /// another page may not need it.
  public init(_ message: String, package: String? = nil, forThisPageOnly: Bool = false) {
    self.message = message
    self.package = package
    self.forThisPageOnly = forThisPageOnly
  }

  /// The ``message``.
  public var description: String { message }
}
