import DOM
import JSBridge

/// What `matchMedia(query)` returns: the query, serialized, and whether it matches (see ``MediaQuery``). It never
/// changes, so no `change` event is ever fired; listeners are accepted all the same.
///
/// https://drafts.csswg.org/cssom-view/#the-mediaquerylist-interface
final class MediaQueryList: EventTarget {
  let query: MediaQuery
  /// The screen it was made for: the document's (`--viewport`).
  let environment: MediaEnvironment

  init(_ text: String, environment: MediaEnvironment) {
    query = MediaQuery(text)
    self.environment = environment
    super.init()
  }
}

extension DOMInterfaces {
  static let mediaQueryList = Interface<MediaQueryList>("MediaQueryList", inherits: eventTarget) { b in
    // A page may call matchMedia often and drop the lists: their wrappers may go.
    b.wrappersAreCollectable()
    b.getter("media") { $0.query.serialized }
    b.getter("matches") { $0.query.matches($0.environment) }
    // https://drafts.csswg.org/cssom-view/#dom-mediaquerylist-addlistener: addEventListener("change", callback).
    b.method("addListener", length: 1) { list, args in
      guard let listener = try mediaQueryListener(args) else { return }
      list.addEventListener("change", listener)
    }
    b.method("removeListener", length: 1) { list, args in
      guard let listener = try mediaQueryListener(args) else { return }
      list.removeEventListener("change", listener)
    }
    addEventHandlers(b, ["onchange"])
  }

  /// The `EventListener?` argument of addListener/removeListener: nil for null.
  private static func mediaQueryListener(_ args: Arguments) throws(ScriptError) -> ScriptEventListener? {
    try args.require(1)
    let value = args.value(0)
    if value.isNull { return nil }
    guard value.isObject else { throw .typeError("\(args.callee): parameter 1 is not of type 'EventListener'.") }
    return ScriptEventListener(value, window: try args.context.window())
  }
}
