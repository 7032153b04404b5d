/// A world: a set of realms that share JS objects. Realms of different worlds in one group share the Swift objects
/// they wrap (a page's nodes) but not their JS objects: each world makes its own wrapper of each object, with its
/// own prototypes, so one world's expandos, globals and patched prototypes are invisible to the other.
///
/// This is WebKit's `DOMWrapperWorld`: Safari runs an extension's preprocessing script in an isolated world of the
/// page, and the page's own scripts (and the scripts the extension inserts) in the normal one.
public struct ScriptWorld: Hashable, Sendable, CustomStringConvertible {
  let id: Int
  public let name: String

  /// The page's own world, where its scripts run.
  public static let main = ScriptWorld(id: 0, name: "main")

  /// A world of its own (`id`, unique per name within a host, tells worlds apart).
  public static func isolated(_ name: String, id: Int = 1) -> ScriptWorld {
    precondition(id != 0, "world 0 is the main world")
    return ScriptWorld(id: id, name: name)
  }

  public var description: String { name }
}

/// The key of a wrapper in its group's table: the wrapped object and the world of the wrapper.
struct WrapperKey: Hashable {
  let object: ObjectIdentifier
  let world: Int
}
