import FoundationEssentials

/// Title and base URL.
extension Document {
  /// The first `<title>` element in the document (HTML, or SVG's when the root is `<svg>`).
  var titleElement: Element? {
    documentElement?.descendants(includingSelf: true).lazy.compactMap { $0 as? Element }
      .first { $0.isHTML(named: "title") }
  }

  /// The document title: the first `<title>`'s text with ASCII whitespace stripped and collapsed.
  ///
  /// https://html.spec.whatwg.org/multipage/dom.html#document.title
  /// Setting it updates the `<title>`, creating one in `<head>` when missing (and nothing when
  /// there is no `<head>`).
  public var title: String {
    get {
      // Steps 2-3.
      (titleElement?.descendantText() ?? "").splitOnASCIIWhitespace().joined(separator: " ")
    }
    set {
      // Step 2 (HTML document element): find or create the title element.
      guard let root = documentElement else { return }
      let element: Element
      if let existing = titleElement {
        element = existing
      } else {
        guard root.isHTML, let head = head else { return }
        element = createElement(unchecked: "title")
        head.insert(element, before: nil)
      }
      // Step 3: string replace all.
      element.replaceAllChildren(withText: newValue)
    }
  }

  /// The document base URL: the first `<base href>` resolved against `url`, else `url`.
  ///
  /// https://html.spec.whatwg.org/multipage/urls-and-fetching.html#document-base-url
  public var baseURL: URL {
    let base = documentElement?.descendants(includingSelf: true).lazy.compactMap { $0 as? Element }
      .first { $0.isHTML(named: "base") && $0.hasAttribute("href") }
    guard let href = base?.getAttribute("href"),
          let resolved = URL(string: href.trimmingCSSWhitespace(), relativeTo: url)
    else { return url }
    return resolved.absoluteURL
  }

  /// Resolves `string` against the base URL (nil when it does not parse).
  public func resolveURL(_ string: String) -> URL? {
    URL(string: string.trimmingCSSWhitespace(), relativeTo: baseURL)?.absoluteURL
  }
}
