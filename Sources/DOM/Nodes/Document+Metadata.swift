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
  ///
  /// Prepares the input as the URL parser does before Foundation sees it
  /// (https://url.spec.whatwg.org/#concept-basic-url-parser): leading and trailing C0 controls and spaces are
  /// stripped, tabs and newlines removed, and other characters Foundation refuses are percent-encoded.
  /// The empty string is the base URL without its fragment.
  public func resolveURL(_ string: String) -> URL? {
    let base = baseURL
    var scalars = Substring(string).unicodeScalars
    while let first = scalars.first, first.value <= 0x20 { scalars.removeFirst() }
    while let last = scalars.last, last.value <= 0x20 { scalars.removeLast() }
    var prepared = ""
    for scalar in scalars where scalar != "\t" && scalar != "\n" && scalar != "\r" {
      if scalar.value <= 0x20 || scalar.value >= 0x7F || "\"<>`{}|^".unicodeScalars.contains(scalar) {
        for byte in String(scalar).utf8 {
          prepared += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 15, radix: 16, uppercase: true)
        }
      } else {
        prepared.unicodeScalars.append(scalar)
      }
    }
    if prepared.isEmpty {
      var components = URLComponents(url: base, resolvingAgainstBaseURL: true)
      components?.fragment = nil
      return components?.url ?? base
    }
    return URL(string: prepared, relativeTo: base)?.absoluteURL
  }
}
