import DOM
import JSBridge

/// The window's named properties object: `window.someId` finds the element with that id (or the `embed`, `form`,
/// `img` or `object` with that name), several as an HTMLCollection.
///
/// https://html.spec.whatwg.org/#named-access-on-the-window-object. It sits in the global's prototype chain
/// (global → its own prototype → this → EventTarget.prototype), as the spec's WindowProperties object does, so a
/// global variable, a window member or an EventTarget method always wins, and only a name nothing else has reaches
/// the document.
final class WindowNamedProperties {
  weak var window: Window?
  init(window: Window) { self.window = window }

  /// The frame whose iframe is called `name`, else the element called `name`, the live collection of them when
  /// there are several, or nil.
  func lookup(_ name: String) -> (any ScriptConvertible)? {
    guard let window else { return nil }
    if let frame = window.frames.first(where: { $0.frameElement?.getAttribute("name") == name }) {
      return frame.context.global
    }
    let document = window.document
    let found = document.windowNamedObjects(name)
    switch found.count {
    case 0: return nil
    case 1: return found[0]
    default:
      return HTMLCollectionObject(LiveCollection(root: document, scope: .descendants, filter: .elements {
        Document.isWindowNamedObject($0, named: name)
      }))
    }
  }
}

extension DOMInterfaces {
  /// Not exposed as a global (the spec gives it no interface object): used only for the one object above.
  static let windowProperties = Interface<WindowNamedProperties>("WindowProperties") { b in
    // window[i]: the document's frames in tree order (https://html.spec.whatwg.org/#dom-window-item).
    b.indexed(length: { $0.window?.frames.count ?? 0 }, lookup: { properties, index -> ScriptValue? in
      guard let frames = properties.window?.frames, index < frames.count else { return nil }
      return frames[index].context.global
    })
    // No keys: the names are [LegacyUnenumerableNamedProperties], so for-in over the window never lists them.
    b.namedProperties(get: { properties, name in properties.lookup(name) }, overridesBuiltIns: false)
  }
}

extension Window {
  /// Puts the named properties object between the global's own prototype and EventTarget.prototype.
  func installNamedProperties() throws(ScriptError) {
    let named = try context.wrap(WindowNamedProperties(window: self), as: DOMInterfaces.windowProperties)
    let setup = try context.evaluate(#"""
      (function (global, named) {
        delete global.WindowProperties;
        const own = Object.getPrototypeOf(global);
        Object.setPrototypeOf(named, Object.getPrototypeOf(own));
        Object.setPrototypeOf(own, named);
      })
      """#, sourceURL: "webaction:window-named-properties", keepCompiled: true)
    try setup.call(args: [context.global, named])
  }
}
