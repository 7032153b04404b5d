/// Where webaction is known to differ from Chromium in the browser reference fixtures, by key, with the reason.
/// A listed key that matches fails the test: remove it when it is fixed.
enum BrowserReferenceExpectations {
  /// `reference/rendered-text` (constructed cases).
  static let renderedText: [String: String] = [:]

  /// `reference/rendered-text-pages` (the saved pages), keys as "PAGE › KEY".
  static let renderedTextPages: [String: String] = [:]
}
