import Synchronization

/// A shared container that an extension (and its batch siblings, and other extensions of the same group) can use,
/// like an App Group container on Apple platforms.
///
/// The container is `$WEBACTION_DATA_HOME`, else `$XDG_DATA_HOME`, else `~/.local/share`, followed by
/// `webaction/AppGroups/<identifier>/`; it is created on first access of `containerURL`.
public struct AppGroup: Sendable, Hashable {
  /// The group identifier, for example `group.com.example.actions`.
  public let identifier: String
  /// The data home the container lives under (see the type's documentation).
  public let dataHome: URL

  /// The group `identifier` under the default data home.
  public init(identifier: String) {
    self.init(identifier: identifier, dataHome: AppGroup.defaultDataHome())
  }

  /// The group `identifier` under an explicit data home (tests, hosts with their own layout).
  public init(identifier: String, dataHome: URL) {
    self.identifier = identifier
    self.dataHome = dataHome
  }

  /// The groups the running extension declares (its bundle's `com.apple.security.application-groups`), set by the
  /// host while it runs that extension; nil outside one (the CLI playing the containing app), where any group opens.
  /// As on iOS, an extension gets no container for a group it does not declare.
  public static var declaredGroups: Set<String>? {
    get { declared.withLock { $0 } }
    set { declared.withLock { $0 = newValue } }
  }

  private static let declared = Mutex<Set<String>?>(nil)

  /// Whether the running extension may open `identifier`.
  public static func isOpenable(_ identifier: String) -> Bool {
    isValidIdentifier(identifier) && (declaredGroups?.contains(identifier) ?? true)
  }

  /// Whether `identifier` can name a folder: not empty, no `/`, not `.` or `..`, no NUL.
  public static func isValidIdentifier(_ identifier: String) -> Bool {
    !identifier.isEmpty && identifier != "." && identifier != ".." && !identifier.contains("/")
      && !identifier.contains("\0")
  }

  /// The container folder, created (with intermediate folders) if it does not exist yet.
  ///
  /// If it cannot be created, the URL is still returned and the first file operation inside it reports the error.
  public var containerURL: URL {
    let url = folderURL
    try? Self.createContainer(url)
    return url
  }

  /// Creates the container folder, readable by its user only (mode 0700).
  static func createContainer(_ url: URL) throws {
    try FileManager.default.createDirectory(
      at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
  }

  /// The container folder, not created.
  var folderURL: URL {
    dataHome.appendingPathComponent("webaction/AppGroups", isDirectory: true)
      .appendingPathComponent(identifier, isDirectory: true)
  }

  /// Like `FileManager.containerURL(forSecurityApplicationGroupIdentifier:)`: the created container, or nil when
  /// the identifier is not valid, the running extension does not declare the group, or the folder cannot be created.
  public static func containerURL(forSecurityApplicationGroupIdentifier identifier: String) -> URL? {
    guard isOpenable(identifier) else { return nil }
    let group = AppGroup(identifier: identifier)
    do {
      try createContainer(group.folderURL)
    } catch {
      return nil
    }
    return group.folderURL
  }

  /// `$WEBACTION_DATA_HOME`, else `$XDG_DATA_HOME`, else `~/.local/share` (empty variables count as unset).
  public static func defaultDataHome() -> URL {
    let env = ProcessInfo.processInfo.environment
    if let home = env["WEBACTION_DATA_HOME"], !home.isEmpty { return URL(fileURLWithPath: home, isDirectory: true) }
    if let home = env["XDG_DATA_HOME"], !home.isEmpty { return URL(fileURLWithPath: home, isDirectory: true) }
    return FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".local/share", isDirectory: true)
  }
}
