/// Where webaction is known to differ from Chromium in the browser reference fixtures, by key, with the reason.
/// A listed key that matches fails the test: remove it when it is fixed.
enum BrowserReferenceExpectations {
  /// `reference/rendered-text` (constructed cases).
  static let renderedText: [String: String] = [
    // Colors outside sRGB: computed values are kept as written, not converted the way Chromium serializes them.
    "style: color-mix": "color-mix() is kept as written (Chromium computes color(srgb ...))",
    "style: lab": "lab() is kept as written (Chromium drops the % from the lightness)",
    // Layout-dependent.
    "text: content-visibility auto":
      "content-visibility: auto is shown: Chromium skips such content until a frame has found it on screen, which needs layout",
    "text: first-letter and first-line transforms":
      "::first-letter and ::first-line rules are not applied (pseudo-elements are dropped from style sheets; the first line needs layout)",
  ]

  /// `reference/rendered-text-pages` (the saved pages), keys as "PAGE › KEY".
  static let renderedTextPages: [String: String] = [:]
}
