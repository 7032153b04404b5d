/// Which webaction this is, and where a package that builds on it finds it.
public enum WebActionRelease {
  /// The version of webaction (the command and its Swift products), as its release is tagged.
  public static let version = "0.9.0"
  /// The package's URL, for `.package(url:from:)` in a package that depends on WebActionKit or AppleExtensionAPI.
  public static let packageURL = "https://github.com/webaction/webaction"
}
