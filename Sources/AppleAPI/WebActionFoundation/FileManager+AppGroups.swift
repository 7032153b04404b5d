import WebActionKit

extension FileManager {
  /// The shared container of an App Group the extension declares (Apple's method): a folder under
  /// `$XDG_DATA_HOME/webaction/AppGroups/` (see `AppGroup`), created on first use; nil for a group the bundle's
  /// entitlements do not declare, as on iOS.
  public func containerURL(forSecurityApplicationGroupIdentifier groupIdentifier: String) -> URL? {
    AppGroup.containerURL(forSecurityApplicationGroupIdentifier: groupIdentifier)
  }
}
