import FoundationEssentials
import URLStandard

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

  /// The document base URL: the first `<base href>` parsed against the document URL, else the document URL.
  ///
  /// https://html.spec.whatwg.org/multipage/urls-and-fetching.html#document-base-url (the fallback base URL is the
  /// document URL: there are no iframes here). An href that does not parse leaves the document URL as the base.
  public var baseURL: URLRecord {
    let base = documentElement?.descendants(includingSelf: true).lazy.compactMap { $0 as? Element }
      .first { $0.isHTML(named: "base") && $0.hasAttribute("href") }
    guard let href = base?.getAttribute("href"), let resolved = URLRecord(href, base: url) else { return url }
    return resolved
  }

  /// Parses `string` against the base URL with the WHATWG URL parser (nil when it does not parse).
  ///
  /// https://html.spec.whatwg.org/multipage/urls-and-fetching.html#encoding-parsing-a-url (queries are encoded as
  /// UTF-8 whatever the document's encoding).
  public func resolveURL(_ string: String) -> URLRecord? {
    URLRecord(string, base: baseURL)
  }
}
