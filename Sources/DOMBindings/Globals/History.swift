import DOM
import JSBridge
import URLStandard

/// `window.history`: one page with no navigation. `pushState`/`replaceState` change the document's URL (what
/// `location` and `document.URL` show) and the state without loading anything; `back`, `forward` and `go` do
/// nothing, as at the start and end of a session history.
///
/// https://html.spec.whatwg.org/multipage/nav-history-apis.html#the-history-interface
final class History: ScriptExposed {
  weak var window: Window?
  /// The session history's length: 1, plus one per `pushState`.
  private(set) var length = 1
  /// The serialized state (a structured clone), or nil for `null`.
  private var state: ProtectedValue?
  var scrollRestoration = "auto"

  static var scriptInterface: AnyInterface { DOMInterfaces.history.erased }

  init(window: Window) { self.window = window }

  func state(in context: ScriptContext) -> ScriptValue {
    guard let state, state.isAlive else { return context.makeNull() }
    return state.value
  }

  /// The shared history push/replace state steps.
  ///
  /// https://html.spec.whatwg.org/multipage/nav-history-apis.html#shared-history-push/replace-state-steps
  func setState(_ args: Arguments, push: Bool) throws {
    guard let window else { return }
    let method = push ? "pushState" : "replaceState"
    try args.require(2)
    // Step 2. Serialize the data (functions, symbols and nodes throw DataCloneError).
    let data = try window.structuredClone(args.value(0), method: method, interface: "History")
    _ = try args.string(1)  // The unused title, converted as WebIDL says.
    // Steps 3-4. A URL given (not null or undefined) must parse against the base URL and differ from the
    // document's only where a page may rewrite its own URL.
    let document = window.document
    var newURL = document.url
    let given = args.value(2)
    if !given.isNull && !given.isUndefined {
      let text = try given.toString()
      guard let parsed = document.resolveURL(text), Self.canRewrite(document.url, to: parsed) else {
        throw DOMException(
          .securityError,
          "Failed to execute '\(method)' on 'History': A history state object with URL '\(text)' cannot be created in a document with origin '\(document.url.origin.serialized)' and URL '\(document.url.href)'.")
      }
      newURL = parsed
    }
    // Steps 5-8 (without a navigation): the URL and state change, and push adds an entry.
    document.url = newURL
    state = data.isNull ? nil : ProtectedValue(data)
    if push { length += 1 }
  }

  /// https://html.spec.whatwg.org/multipage/nav-history-apis.html#can-have-its-url-rewritten
  static func canRewrite(_ document: URLRecord, to target: URLRecord) -> Bool {
    // Step 1.
    guard document.scheme == target.scheme, document.username == target.username,
      document.password == target.password, document.host == target.host, document.port == target.port
    else { return false }
    // Step 2.
    if target.scheme == "http" || target.scheme == "https" { return true }
    // Step 3. A file: URL may change its query and fragment.
    if target.scheme == "file" { return document.path == target.path }
    // Step 4. Anything else may change only its fragment.
    return document.path == target.path && document.query == target.query
  }
}

extension DOMInterfaces {
  static let history = Interface<History>("History") { b in
    b.getter("length") { $0.length }
    b.accessor("scrollRestoration", get: { $0.scrollRestoration }, set: { history, value in
      // An enumeration attribute ignores values outside the enumeration.
      let text = try value.toString()
      if text == "auto" || text == "manual" { history.scrollRestoration = text }
    })
    b.contextGetter("state") { history, context in history.state(in: context) }
    b.method("go") { _, args in _ = args.optionalDouble(0) }
    b.method("back") { _, _ in }
    b.method("forward") { _, _ in }
    b.method("pushState", length: 2) { history, args in try history.setState(args, push: true) }
    b.method("replaceState", length: 2) { history, args in try history.setState(args, push: false) }
  }
}
