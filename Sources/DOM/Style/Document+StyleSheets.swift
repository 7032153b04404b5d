/// The elements that own style sheets (CSSOM's LinkStyle, https://drafts.csswg.org/cssom/#the-linkstyle-interface)
/// and their text: what the cascade reads and what `document.styleSheets` lists.
extension Document {
  /// The `<style>` and `<link rel=stylesheet>` elements with a sheet, in tree order (``Element/ownsStyleSheet``).
  public var styleSheetOwners: [Element] {
    descendants().compactMap { node in (node as? Element).flatMap { $0.ownsStyleSheet ? $0 : nil } }
  }
}

extension Element {
  /// True for an element with a CSS style sheet: a `style` (HTML or SVG) whose `type` is empty or `text/css`, or an
  /// HTML `link` whose `rel` has `stylesheet` and that has an `href`.
  public var ownsStyleSheet: Bool {
    switch localName {
    case "style" where isHTML || namespaceURI == LibXML.Namespace.svg.rawValue:
      guard let type = getAttribute("type") else { return true }
      return type.isEmpty || type.asciiLowercased == "text/css"
    case "link" where isHTML:
      guard let rel = getAttribute("rel")?.asciiLowercased.splitOnASCIIWhitespace() else { return false }
      return rel.contains("stylesheet") && getAttribute("href") != nil
    default:
      return false
    }
  }

  /// The text of the element's sheet: a `style`'s child text, a `link`'s file when the document's loader
  /// (``Document/styleSheetLoader``) has it; nil otherwise.
  public var styleSheetText: String? {
    guard ownsStyleSheet else { return nil }
    if localName == "style" { return childTextContent }
    guard let loader = document.styleSheetLoader, let href = getAttribute("href"), let url = document.resolveURL(href)
    else { return nil }
    return loader(url)
  }
}

extension Element {
  /// The rules of the element's sheet as CSSOM lists them (none when it has no sheet, or a `link`'s file is not
  /// at hand).
  public var styleSheetRules: [CSSRuleSummary] { StyleSheet.cssRules(parsing: styleSheetText ?? "") }
}
