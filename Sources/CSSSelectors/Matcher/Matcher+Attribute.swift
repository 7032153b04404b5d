/// Attribute selector matching (https://drafts.csswg.org/selectors-4/#attribute-selectors).
extension Matcher {
  /// Step 1. Look the attribute up by its lowercased name on HTML elements, as written on others.
  /// Step 2. Compare case-insensitively for `i`, sensitively for `s`; by default, insensitively for the
  ///         HTML attributes listed in https://html.spec.whatwg.org/multipage/semantics-other.html#case-sensitivity-of-selectors.
  /// Step 3. Apply the operator; `~=` with an empty or spaced value, and `^=` `$=` `*=` with an empty
  ///         value, match nothing.
  func matches(_ attribute: AttributeSelector, _ element: E) -> Bool {
    // Step 1.
    let isHTML = element.selectorIsHTML
    guard let actual = element.selectorAttribute(isHTML ? attribute.lowercasedName : attribute.name) else { return false }
    return attribute.valueMatches(actual, onHTML: isHTML)
  }

  /// `[*|name]` and `[|name]`: step 1 finds every attribute with the local name (in no namespace for `|`);
  /// the selector matches when any of their values does (steps 2 and 3).
  func matches(_ attribute: AttributeSelector, in namespace: AttributeNamespace, _ element: E) -> Bool {
    let isHTML = element.selectorIsHTML
    let name = isHTML ? attribute.lowercasedName : attribute.name
    return element.selectorAttributes(localName: name).contains { found in
      (namespace == .any || found.namespaceURI == nil) && attribute.valueMatches(found.value, onHTML: isHTML)
    }
  }
}

extension AttributeSelector {
  /// Steps 2 and 3: whether the value `actual` of an attribute satisfies the operator and value.
  @inline(__always)
  func valueMatches(_ actual: String, onHTML isHTML: Bool) -> Bool {
    // Step 2.
    let ci: Bool
    switch caseSensitivity {
    case .insensitive: ci = true
    case .sensitive: ci = false
    case .htmlDefault: ci = isHTML && caseInsensitiveHTMLAttributes.contains(lowercasedName)
    }
    // Step 3.
    let have = actual.utf8
    let want = value.utf8
    switch op {
    case .exists:
      return true
    case .equals:
      return asciiEqual(have, want, caseInsensitive: ci)
    case .includes:
      if want.isEmpty || want.contains(where: isASCIIWhitespace) { return false }
      return containsToken(have, want, caseInsensitive: ci)
    case .dashMatch:
      return asciiDashMatch(have, want, caseInsensitive: ci)
    case .prefix:
      return !want.isEmpty && asciiHasPrefix(have, want, caseInsensitive: ci)
    case .suffix:
      return !want.isEmpty && have.count >= want.count
        && asciiEqual(have.dropFirst(have.count - want.count), want, caseInsensitive: ci)
    case .substring:
      guard !want.isEmpty else { return false }
      var start = have.startIndex
      while true {
        if asciiHasPrefix(have[start...], want, caseInsensitive: ci) { return true }
        guard start != have.endIndex else { return false }
        start = have.index(after: start)
      }
    }
  }
}

/// Attributes whose values HTML compares ASCII case-insensitively in selectors on HTML elements.
let caseInsensitiveHTMLAttributes: Set<String> = [
  "accept", "accept-charset", "align", "alink", "axis", "bgcolor", "charset", "checked", "clear", "codetype",
  "color", "compact", "declare", "defer", "dir", "direction", "disabled", "enctype", "face", "frame", "hreflang",
  "http-equiv", "lang", "language", "link", "media", "method", "multiple", "nohref", "noresize", "noshade",
  "nowrap", "readonly", "rel", "rev", "rules", "scope", "scrolling", "selected", "shape", "target", "text",
  "type", "valign", "valuetype", "vlink",
]
