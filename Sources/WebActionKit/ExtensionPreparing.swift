/// An optional webaction hook with no Apple equivalent: called before the page's JavaScript runs.
///
/// Safari starts an extension only after `run()` has called `completionFunction`. An extension whose work needs a slow
/// start (a translation engine's process, a model) can adopt this protocol to begin that work while webaction loads
/// the page and runs `run()`; the request itself still arrives through `beginRequest(with:)`. Ported iOS extensions
/// need nothing here.
///
/// Called on the host's thread with the `--arg` pairs; it must return at once (start work on another thread), and it
/// must tolerate `beginRequest(with:)` arriving before that work is done.
public protocol ExtensionPreparing: ExtensionRequestHandling {
  /// Starts the slow work for a request with `arguments` (the `--arg` pairs); called before each request, ahead of
  /// the page's JavaScript. Must return at once.
  func prepare(arguments: [String: String])
}

/// An optional webaction hook with no Apple equivalent: one principal object may handle many requests, one after
/// another.
///
/// Safari makes a new principal object for each request, and so does webaction, unless the class adopts this
/// protocol: then one host (a `webaction batch` worker, or `webaction run` over several pages) keeps a single object
/// for all its pages, so that what the object builds (a loaded model, an open database) is built once. Each request
/// still arrives with its own `ExtensionContext`, on the same thread, never two at once.
public protocol ReusableExtensionRequestHandling: ExtensionRequestHandling {}
