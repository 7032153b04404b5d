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
  func prepare(arguments: [String: String])
}
