/// Attribute selector matching (https://drafts.csswg.org/selectors-4/#attribute-selectors).
extension Matcher {
  /// Step 1. Look the attribute up by its lowercased name on HTML elements, as written on others.
  /// Step 2. Compare case-insensitively for `i`, sensitively for `s`; by default, insensitively for the
  ///         HTML attributes listed in https://html.spec.whatwg.org/multipage/semantics-other.html#case-sensitivity-of-selectors.
  /// Step 3. Apply the operator; `~=` with an empty or spaced value, and `^=` `$=` `*=` with an empty
  ///         value, match nothing.
  func matches(_ attribute: AttributeSelector, _ element: E) -> Bool {
    // Step 1.
    let name = element.selectorIsHTML ? attribute.lowercasedName : attribute.name
    guard let actual = element.selectorAttribute(name) else { return false }
    // Step 2.
    let ci: Bool
    switch attribute.caseSensitivity {
    case .insensitive: ci = true
    case .sensitive: ci = false
    case .htmlDefault: ci = element.selectorIsHTML && caseInsensitiveHTMLAttributes.contains(attribute.lowercasedName)
    }
    // Step 3.
    let have = actual.utf8
    let want = attribute.value.utf8
    switch attribute.op {
    case .exists:
      return true
    case .equals:
      return asciiEqual(have, want, caseInsensitive: ci)
    case .includes:
      if want.isEmpty || want.contains(where: isASCIIWhitespace) { return false }
      return containsToken(have, want, caseInsensitive: ci)
    case .dashMatch:
      guard asciiHasPrefix(have, want, caseInsensitive: ci) else { return false }
      let rest = have.dropFirst(want.count)
      return rest.isEmpty || rest.first == UInt8(ascii: "-")
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
