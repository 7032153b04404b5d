import URLStandard

/// The element the document's URL fragment indicates, for `:target`.
extension Document {
  /// The document's target element: the element that the fragment of its URL indicates, or nil.
  ///
  /// https://html.spec.whatwg.org/multipage/browsing-the-web.html#the-indicated-part-of-the-document
  /// (Chromium sets it when it navigates to the fragment; it is computed here from the current URL and tree,
  /// and kept until either changes.)
  public var targetElement: Element? {
    let fragment = url.fragment ?? ""
    if let cached = targetElementCache, cached.version == treeVersion, cached.fragment == fragment {
      return cached.element
    }
    let element = indicatedElement(fragment)
    targetElementCache = TargetElementCache(version: treeVersion, fragment: fragment, element: element)
    return element
  }

  /// Step 1. An empty fragment indicates the top of the document (no element).
  /// Steps 2-3. An element found for the fragment as it is.
  /// Steps 4-5. Else one found for the percent-decoded fragment.
  /// (Steps 6-7: `top` and anything else indicate no element.)
  private func indicatedElement(_ fragment: String) -> Element? {
    // Step 1.
    guard !fragment.isEmpty else { return nil }
    // Steps 2-3.
    if let element = potentialIndicatedElement(fragment) { return element }
    // Steps 4-5.
    let decoded = PercentEncoding.decode(fragment)
    return decoded == fragment ? nil : potentialIndicatedElement(decoded)
  }

  /// The first element in tree order whose ID is `fragment`, else the first `a` whose `name` is.
  ///
  /// https://html.spec.whatwg.org/multipage/browsing-the-web.html#find-a-potential-indicated-element
  private func potentialIndicatedElement(_ fragment: String) -> Element? {
    if let element = getElementById(fragment) { return element }
    return descendants().lazy.compactMap { $0 as? Element }.first {
      $0.isHTML(named: "a") && $0.getAttribute("name") == fragment
    }
  }
}

/// The target element computed for a tree version and fragment.
struct TargetElementCache {
  var version: UInt64
  var fragment: String
  weak var element: Element?
}
