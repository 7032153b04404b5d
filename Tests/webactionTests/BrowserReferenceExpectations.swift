/// Where webaction is known to differ from Chromium in the browser reference fixtures, by key, with the reason.
/// A listed key that matches fails the test: remove it when it is fixed.
enum BrowserReferenceExpectations {
  /// `reference/rendered-text` (constructed cases).
  static let renderedText: [String: String] = [
    // Colors outside sRGB: computed values are kept as written, not converted the way Chromium serializes them.
    "style: color-mix": "color-mix() is kept as written (Chromium computes color(srgb ...))",
    "style: lab": "lab() is kept as written (Chromium drops the % from the lightness)",
    // WebKit is the reference where the browsers differ.
    "run: default style of <li>": BrowserReferenceExpectations.matchParent,
    // Layout-dependent.
    "text: content-visibility auto":
      "content-visibility: auto is shown: Chromium skips such content until a frame has found it on screen, which needs layout",
    "text: first-letter and first-line transforms":
      "::first-letter and ::first-line rules are not applied (pseudo-elements are dropped from style sheets; the first line needs layout)",
  ]

  /// `reference/rendered-text-pages` (the saved pages), keys as "PAGE › KEY".
  static let renderedTextPages: [String: String] = [:]

  static let matchParent =
    "li's text-align: match-parent: WebKit 2.50 (the reference; Tests/webactionTests/Fixtures/webkit-differential, "
    + "computed-style) resolves it against the parent's direction (left), as the spec says; Chromium answers start"

  /// The classes of difference on saved pages that WebKit's answer explains (their keys are too many to list).
  static func renderedTextPagesDifference(chromium: String, webaction: String) -> String? {
    // The script lists the properties that differ from the initial values; for a list item and what inherits from it,
    // webaction (as WebKit) adds text-align=left where Chromium lists no text-align.
    guard !chromium.contains("text-align") else { return nil }
    let parts = webaction.components(separatedBy: "; ")
    guard parts.contains("text-align=left") else { return nil }
    let rest = parts.filter { $0 != "text-align=left" }
    return rest == (chromium.isEmpty ? [] : chromium.components(separatedBy: "; ")) ? matchParent + " (its children inherit it)" : nil
  }
}
